"""Issue 46 through Discord: each tournament has a Discord scheduled event, created with it (at its
start time), updated and started with round 1, completed at its end, cancelled with it; people
interested in the event are invited when check-in opens; without Manage Events, one sentence."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.tournaments.models import Tournament
from tests.e2e.harness import Parlour
from tests.e2e.tournaments import cog, mention, play_round, round_announcement, settle, sign_up, stored
from tests.loopback.server import EVENT_ACTIVE, EVENT_CANCELLED, EVENT_COMPLETED, EVENT_SCHEDULED


async def test_a_tournaments_event_follows_it_from_sign_up_to_the_end(parlour: Parlour) -> None:
    server = parlour.server
    recorder = server.recorder
    mod = server.user("mod", manage_guild=True)
    people = [server.user("ann"), server.user("bo")]
    fan = server.user("fan")
    cog(parlour).post_spacing = 0

    created = await server.slash(
        mod,
        "tournament create",
        game="gin_rummy",
        format="elimination",
        starts_in=120,
        checkin=30,
        options="target_score=0",
    )
    signup = await created.message()
    tournament = await with_event(parlour, 1)
    event = server.scheduled_events[tournament.event_id]
    assert event["name"] == "Gin Rummy tournament #1" and event["status"] == EVENT_SCHEDULED
    assert event["entity_metadata"]["location"] == f"#{parlour.channel.name}"
    start = datetime.fromisoformat(event["scheduled_start_time"])
    assert abs(start - (datetime.now(UTC) + timedelta(minutes=120))) < timedelta(minutes=2)

    await sign_up(parlour, signup, people)
    server.event_interested[tournament.event_id] = [fan, people[0]]
    assert await parlour.sentence(await server.slash(mod, "tournament checkin")) == "Check-in is open."
    opened = next(m for m in recorder.messages_in(parlour.channel.id) if "Check-in for tournament #1" in m.content)
    assert mention(fan) in opened.content and mention(people[0]) not in opened.content  # already signed up
    assert event["description"].startswith("Check-in is open")
    signup = recorder.messages[signup.id]
    for person in people:
        await parlour.press(person, signup, "Check in")

    started = await server.slash(mod, "tournament start")
    await started.answer()
    await started.next("followup")
    await settle(parlour)
    assert event["status"] == EVENT_ACTIVE and event["description"].startswith("Round 1 is being played")
    final = round_announcement(parlour, 1)
    await play_round(parlour, [t for t, _ in final.tables.values()], people)
    await settle(parlour)
    assert (await stored(parlour, 1))[0].status == "finished"
    assert event["status"] == EVENT_COMPLETED

    again = await server.slash(mod, "tournament create", game="gin_rummy")
    await again.message()
    second = server.scheduled_events[(await with_event(parlour, 2)).event_id or 0]
    assert await parlour.sentence(await server.slash(mod, "tournament cancel")) == "The tournament is cancelled."
    assert second["status"] == EVENT_CANCELLED


async def with_event(parlour: Parlour, tournament_id: int) -> Tournament:
    """The tournament once its event is made (the command makes it after showing the sign-up)."""
    for _ in range(200):
        tournament, _, _ = await stored(parlour, tournament_id)
        if tournament.event_id is not None:
            return tournament
        await asyncio.sleep(0.01)
    raise AssertionError(f"tournament #{tournament_id} has no event")


async def test_without_manage_events_the_organiser_is_told_in_one_sentence(parlour: Parlour) -> None:
    server = parlour.server
    mod = server.user("mod", manage_guild=True)
    server.bot_guild_denied.add("manage_events")
    created = await server.slash(mod, "tournament create", game="gin_rummy")
    signup = await created.message()
    assert "Gin Rummy tournament #1" in signup.content  # the tournament is open all the same
    told = await created.next("followup")
    assert told.ephemeral and told.content == (
        "The tournament is open, but I could not create its Discord event: I need the Manage Events permission."
    )
    assert [e.code for e in server.recorder.take_errors()] == [50013]
    assert (await stored(parlour, 1))[0].event_id is None
