"""Issue 46 through Discord: a season's board, its end announced once with the podium, the hall of
fame, a trophy on the winner's profile, and the season length in /settings."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.seasons import previous_season, season_of
from render.text import recording
from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out


async def test_a_season_ends_with_its_podium_in_the_hall_of_fame_and_on_the_profile(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob, owner = server.user("alice"), server.user("bob"), server.user("owner", manage_guild=True)
    people = {alice.id: alice, bob.id: bob}
    table_id = await parlour.start_game(alice, [bob], computers=1)
    await play_out(parlour, table_id, people)
    await parlour.settle()
    assert parlour.bot is not None
    cog = parlour.bot.get_cog("Seasons")
    now = datetime.now(UTC)
    cog.keeper.clock = lambda: now  # type: ignore[attr-defined]

    with recording() as drawn:
        board = await (await server.slash(bob, "season board", game="highcard")).message()
    assert board.attachments[0].filename == "season.png"
    words = " | ".join(d.content for d in drawn)
    assert f"season {season_of(now).label}" in words and "alice" in words and "bob" in words
    assert "Computer" not in words  # computers are on the all-time board only

    nothing = await server.slash(bob, "season hall-of-fame")
    assert await parlour.sentence(nothing) == "No season has ended here yet."

    later = season_of(now).end
    cog.keeper.clock = lambda: later  # type: ignore[attr-defined]
    await cog.announce_ended()  # type: ignore[attr-defined]
    await cog.announce_ended()  # type: ignore[attr-defined]  # a second look announces nothing again
    label = previous_season(season_of(later)).label
    ended = [
        m for m in server.recorder.messages_in(parlour.channel.id) if "season" in m.content and "is over" in m.content
    ]
    assert len(ended) == 1 and label in ended[0].content and "🥇" in ended[0].content

    famous = await (await server.slash(bob, "season hall-of-fame", game="highcard")).message()
    assert label in famous.content and "🥇" in famous.content
    winner = alice if "🥇 alice" in famous.content else bob
    with recording() as drawn:
        await (await parlour.slash(bob, "profile", {"user": winner})).message()
    words = " | ".join(d.content for d in drawn)
    assert "Season trophies" in words and label in words

    said = await parlour.sentence(await server.slash(owner, "settings", season_months=1))
    assert "seasons of **1 month**" in said
