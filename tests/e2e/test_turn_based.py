"""A turn-based game through the loopback Discord over simulated days: the host picks the pace in
the lobby, people are told when it is their turn (a mention, or a DM; closed DMs fall back to a
mention, said once), answer late, run out of time (the others choose with buttons that survive a
restart), go away, and the table's thread is archived and then deleted in between."""

from __future__ import annotations

import io
from datetime import timedelta

from PIL import Image

from bot.pace import PACES
from bot.turns import TIMEOUT_ACTOR
from render.clocks import BAND
from tests.e2e.harness import Parlour
from tests.loopback.models import UserSpec
from tests.loopback.recorder import Message

DAY = PACES["1d"]


async def turn_based_table(parlour: Parlour, ann: UserSpec, bob: UserSpec) -> int:
    """Ann opens Gin Rummy in a thread, Bob joins, Ann picks 1 day a move, and starts."""
    server = parlour.server
    assert parlour.bot is not None
    await parlour.bot.store_adapter.update_settings(server.guild.id, use_threads=True)
    answer = await (await server.slash(ann, "play", channel=parlour.channel, game="gin_rummy")).message()
    assert "<#" in answer.content  # open in a thread: its mention (in the opener's own language)

    def lobby() -> Message | None:
        found = [m for m in server.recorder.messages.values() if any(b.get("label") == "Join" for b in m.buttons)]
        return found[-1] if found else None

    message = await server.recorder.wait_for(lobby)
    assert isinstance(message, Message)
    table_id = int(message.embeds[0]["title"].rsplit("#", 1)[1])
    assert server.channel(message.channel_id).auto_archive_duration == 10080  # the longest
    assert (await parlour.press(bob, message, "Join"))[0] == "update"
    refused = await server.select(bob, message, ["1d"], custom_id=f"pp:{table_id}")
    said = await parlour.sentence(refused)  # in Bob's own language
    assert "Only the host" in said if bob.locale == "en-US" else said.startswith("⟦") and "⟧" in said
    kind, shown = await parlour.outcome(await server.select(ann, message, ["1d"], custom_id=f"pp:{table_id}"))
    assert kind == "update" and shown is not None
    assert any("1 day a move" in field["value"] for field in shown.embeds[0]["fields"])
    assert (await parlour.press(ann, message, "Start"))[0] == "update"
    await settle(parlour)
    return table_id


async def settle(parlour: Parlour) -> None:
    assert parlour.bot is not None
    await parlour.settle()
    await parlour.bot.turns.settle()
    await parlour.settle()


async def tick(parlour: Parlour) -> None:
    assert parlour.bot is not None
    await parlour.bot.turns.tick()
    await settle(parlour)


async def finish_turn(parlour: Parlour, user: UserSpec, table_id: int) -> None:
    """``user`` plays their whole turn (a draw, then a discard) through their hand."""
    table = parlour.table(table_id)
    seat = table.seat_of(user.id)
    while table.status == "playing" and seat in table.waiting_people():
        await (await parlour.play(user, table_id)).answer()
        await settle(parlour)


def said_to(parlour: Parlour, channel_id: int, user: UserSpec, words: str) -> list[Message]:
    return [
        m
        for m in parlour.server.recorder.messages_in(channel_id)
        if words in m.content and f"<@{user.id}>" in m.content
    ]


async def test_a_turn_based_game_over_days_with_late_answers_time_outs_dms_and_an_archived_thread(
    parlour: Parlour,
) -> None:
    server = parlour.server
    ann, bob = server.user("Ann"), server.user("Bob")
    # Bob wants DMs but takes none: he is mentioned instead, and told so once.
    assert "direct message" in await parlour.sentence(await parlour.slash(bob, "notify", {"how": "dm"}))
    server.dms_closed.add(bob.id)
    table_id = await turn_based_table(parlour, ann, bob)
    table = parlour.table(table_id)
    thread = table.channel_id
    assert thread != parlour.channel.id
    text = parlour.table_message(table_id).content
    assert "Pace: 1 day a move" in text and "⏳ <t:" in text  # a deadline Discord counts down by itself

    for day in range(4):  # people answer late, a day and a bit after their turn began
        if table.status != "playing":
            break
        person = ann if table.seat_of(ann.id) in table.waiting_people() else bob
        assert said_to(parlour, thread, person, "your turn at Gin Rummy"), f"day {day}: {person.name} was not told"
        if day == 1:
            await server.archive_thread(thread)  # nobody wrote for a while: Discord archived the thread
        parlour.clock.advance(days=1, hours=3)
        await finish_turn(parlour, person, table_id)
        assert not server.channel(thread).archived  # a move came: the thread is open again
        assert parlour.table_message(table_id).content.count("⏳") == 1
    closed = [m for m in server.recorder.messages_in(thread) if "direct messages are closed" in m.content]
    assert len(closed) == 1 and f"<@{bob.id}>" in closed[0].content
    assert all(f"<@{ann.id}>" not in m.content for m in closed)
    assert table.clocks is not None and table.clocks.seats[table.seat_of(ann.id) or 0].bank < DAY.bank

    # Someone does not answer: reminded, then out of time; a restart comes in between.
    late = ann if table.seat_of(ann.id) in table.waiting_people() else bob
    other = bob if late is ann else ann
    remind_at = table.clocks.remind_at(table.seat_of(late.id) or 0)
    assert remind_at is not None
    parlour.clock.now = remind_at + timedelta(minutes=1)
    await tick(parlour)
    await tick(parlour)
    assert len(said_to(parlour, thread, late, "runs out in")) == 1
    await parlour.restart()
    table = parlour.table(table_id)
    parlour.clock.advance(days=2)
    await tick(parlour)
    await tick(parlour)
    asked = [m for m in server.recorder.messages_in(thread) if "ran out of time" in m.content and m.buttons]
    assert len(asked) == 1 and f"<@{other.id}>" in asked[0].content and f"<@{late.id}>" not in asked[0].content
    assert asked[0].mentions == [other.id] if hasattr(asked[0], "mentions") else True
    refused = await server.click(late, asked[0], label="Computer plays this move")
    assert "not yours" in await parlour.sentence(refused)
    await parlour.restart()  # the buttons work after a restart
    table = parlour.table(table_id)
    version = table.version
    await (await server.click(other, asked[0], label="Computer plays this move")).answer()
    await server.recorder.wait_for(lambda: "The computer played" in server.recorder.messages[asked[0].id].content)
    await settle(parlour)
    assert table.version > version and table.seat_of(late.id) not in table.waiting_people()
    assert "The computer played" in server.recorder.messages[asked[0].id].content
    assert not server.recorder.messages[asked[0].id].buttons
    actions = await parlour.bot.store.actions_for(table_id)  # type: ignore[union-attr]
    assert any(a.actor == TIMEOUT_ACTOR for a in actions)
    assert "played by the computer after a time-out" in parlour.table_message(table_id).content
    refusals = server.recorder.take_errors()  # Bob's closed DMs, and nothing else (no edit of an archived thread)
    assert refusals and all("50007" in str(error) for error in refusals), refusals


async def test_games_lists_my_tables_and_away_stops_my_clock(parlour: Parlour) -> None:
    server = parlour.server
    ann, bob = server.user("Ann"), server.user("Bob")
    table_id = await turn_based_table(parlour, ann, bob)
    table = parlour.table(table_id)
    waiting = ann if table.seat_of(ann.id) in table.waiting_people() else bob
    handle = await parlour.slash(waiting, "games", {})
    listed = await handle.message()
    assert f"#{table_id} Gin Rummy" in listed.content and "left" in listed.content
    hand = await (await server.click(waiting, listed, label=f"My hand at #{table_id}")).message()
    assert hand.buttons or hand.items()  # their hand, with its controls
    idle = bob if waiting is ann else ann
    assert "No table is waiting on you" in await parlour.sentence(await parlour.slash(idle, "games", {}))

    seat = table.seat_of(waiting.id)
    assert seat is not None and table.clocks is not None
    due = table.clocks.due(seat)
    assert due is not None
    back = (parlour.clock.now + timedelta(days=10)).strftime("%Y-%m-%d")
    said = await parlour.sentence(await parlour.slash(waiting, "away", {"until": back}))
    assert "your clocks wait at 1 table." in said
    assert table.clocks.due(seat) > due + timedelta(days=9)  # type: ignore[operator]
    parlour.clock.advance(days=8)
    await tick(parlour)
    assert not [m for m in server.recorder.messages_in(table.channel_id) if "ran out of time" in m.content]
    bad = await parlour.sentence(await parlour.slash(waiting, "away", {"until": "next week"}))
    assert "YYYY-MM-DD" in bad


async def test_a_deleted_thread_moves_the_game_to_its_channel_and_a_dm_carries_a_link(parlour: Parlour) -> None:
    server = parlour.server
    ann, bob = server.user("Ann"), server.user("Bob")
    await parlour.slash(ann, "notify", {"how": "dm"})
    table_id = await turn_based_table(parlour, ann, bob)
    table = parlour.table(table_id)
    if table.seat_of(ann.id) in table.waiting_people():
        dms = server.dms_with(ann)
        assert dms and "your turn" in dms[-1].content and f"/{table.channel_id}/" in dms[-1].content
        await finish_turn(parlour, ann, table_id)
    thread = table.channel_id
    await server.delete_channel(thread)
    await server.recorder.wait_for(lambda: parlour.bot.get_channel(thread) is None)  # type: ignore[union-attr]
    parlour.clock.advance(hours=2)
    await tick(parlour)
    await tick(parlour)
    assert table.channel_id == parlour.channel.id
    moved = [m for m in server.recorder.messages_in(parlour.channel.id) if "the game goes on here" in m.content]
    assert len(moved) == 1 and f"<@{ann.id}>" in moved[0].content
    assert parlour.table_message(table_id).channel_id == parlour.channel.id
    await finish_turn(parlour, bob, table_id)
    dms = server.dms_with(ann)
    assert dms and "your turn" in dms[-1].content and f"/{parlour.channel.id}/" in dms[-1].content
    assert all("10003" in str(error) for error in server.recorder.take_errors())  # the bot looked for the thread


async def test_games_in_dms_lists_tables_of_every_server_and_opens_the_hand(parlour: Parlour) -> None:
    server = parlour.server
    ann, bob = server.user("Ann"), server.user("Bob")
    table_id = await turn_based_table(parlour, ann, bob)
    table = parlour.table(table_id)
    waiting = ann if table.seat_of(ann.id) in table.waiting_people() else bob
    listed = await (await server.slash_in_dm(waiting, "games")).message()
    assert listed.channel_id == server.dm_channel(waiting).id
    assert f"#{table_id} Gin Rummy" in listed.content and "left" in listed.content
    hand = await (await server.click(waiting, listed, label=f"My hand at #{table_id}")).message()
    assert hand.items()  # their hand, with its controls, in the DM


def top_left(message: Message) -> tuple[int, int, int]:
    with Image.open(io.BytesIO(message.attachments[0].data)) as image:
        return image.convert("RGB").getpixel((2, 2))  # type: ignore[return-value]


async def test_the_table_picture_carries_the_clock_band_and_a_live_table_s_does_not(parlour: Parlour) -> None:
    server = parlour.server
    ann, bob = server.user("Ann"), server.user("Bob")
    table_id = await turn_based_table(parlour, ann, bob)
    band = top_left(parlour.table_message(table_id))
    assert max(abs(a - b) for a, b in zip(band, BAND, strict=True)) <= 8  # the band, on top of the felt

    await server.slash(bob, "play", channel=parlour.channel, game="gin_rummy")
    lobby = await server.recorder.wait_for(
        lambda: next(
            (
                m
                for m in server.recorder.messages.values()
                if f"#{table_id}" not in str(m.embeds) and any(b.get("label") == "Join" for b in m.buttons)
            ),
            None,
        )
    )
    assert isinstance(lobby, Message)
    live_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    assert (await parlour.press(ann, lobby, "Join"))[0] == "update"
    await parlour.press(bob, lobby, "Start")
    await settle(parlour)
    assert parlour.table(live_id).status == "playing" and parlour.table(live_id).clocks is None
    felt = top_left(parlour.table_message(live_id))
    assert max(abs(a - b) for a, b in zip(felt, BAND, strict=True)) > 8


async def test_a_deleted_thread_whose_channel_is_gone_too_ends_the_game_without_results_and_says_why(
    parlour: Parlour,
) -> None:
    server = parlour.server
    ann, bob = server.user("Ann"), server.user("Bob")
    server.dms_closed.add(bob.id)  # Bob cannot be told by DM; nothing else is left to tell him in
    table_id = await turn_based_table(parlour, ann, bob)
    table = parlour.table(table_id)
    thread, parent = table.channel_id, parlour.channel.id
    assert thread != parent
    await server.delete_channel(thread)
    await server.delete_channel(parent)
    await server.recorder.wait_for(lambda: parlour.bot.get_channel(parent) is None)  # type: ignore[union-attr]
    parlour.clock.advance(hours=2)
    await tick(parlour)
    await tick(parlour)
    assert table.status != "playing" and table.state is not None and table.state.outcome() is None
    assert await parlour.bot.store.results_for(table_id) == []  # type: ignore[union-attr]
    told = [m.content for m in server.dms_with(ann) if "ended without results" in m.content]
    assert len(told) == 1, told  # once, however many ticks
    assert f"Gin Rummy table #{table_id}" in told[0] and "deleted" in told[0]
    assert "discord.com/channels" not in told[0]  # no link to a channel that is gone
    assert not [m for m in server.dms_with(bob) if "ended without results" in m.content]

    parlour.clock.advance(days=20)  # nothing more happens to it: no time-out, no closing notice
    await tick(parlour)
    await parlour.restart()
    assert table_id not in parlour.bot.tables.tables  # type: ignore[union-attr]
    await tick(parlour)
    assert len([m for m in server.dms_with(ann) if "ended without results" in m.content]) == 1
    errors = server.recorder.take_errors()
    assert all("10003" in str(error) or "50007" in str(error) for error in errors), errors


async def test_a_direct_message_is_written_in_its_readers_language_as_last_seen(parlour: Parlour) -> None:
    """Ann's Discord is Japanese and her server's English: the table speaks English, her turn's DM
    Japanese (her language as her clicks last told it, kept with her preferences since /notify)."""
    server = parlour.server
    ann, bob = server.user("Ann", locale="ja"), server.user("Bob")
    await parlour.slash(ann, "notify", {"how": "dm"})
    table_id = await turn_based_table(parlour, ann, bob)
    table = parlour.table(table_id)
    if table.seat_of(ann.id) not in table.waiting_people():
        await finish_turn(parlour, bob, table_id)
    dms = server.dms_with(ann)
    assert dms and "あなたの番" in dms[-1].content and "your turn" not in dms[-1].content, [m.content for m in dms]
    assert "Waiting on" in parlour.table_message(table_id).content  # the table: the server's language
    assert parlour.bot is not None
    await parlour.bot.languages.settled()
    assert await parlour.bot.turns.store.kept_language(ann.id) == (True, "ja")  # kept: a restart writes in it too
