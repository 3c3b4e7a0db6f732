"""No open hand is ever silently stale (issue 44, items 1 and 3).

A private hand message can be edited only for 15 minutes after the click that showed it (the
loopback refuses later edits, as Discord does, and any refusal fails the test). Before then it
says it no longer follows the game; a newer hand message makes the older one say so; a table
ended by its host says why, on its message and on every open hand; a person whose seat the host
gave to the computer is told so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from cogs import hand_expiry
from tests.e2e.harness import Parlour
from tests.loopback.recorder import Message


async def until(check: Callable[[], bool], seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("it never happened")


async def test_an_older_hand_message_says_a_newer_one_replaced_it(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    first = await parlour.show_hand(alice, table_id)
    assert first.buttons or first.items()
    second = await parlour.show_hand(alice, table_id)
    await parlour.settle()
    old = server.recorder.messages[first.id]
    assert "newer one" in old.content and not old.items() and not old.attachments
    assert server.recorder.messages[second.id].items()  # the newer one keeps its controls


async def test_a_move_made_on_the_open_hand_does_not_call_it_superseded(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    kind, hand = await parlour.outcome(await parlour.play(alice, table_id))
    await parlour.settle()
    assert kind == "update" and hand is not None
    assert "newer one" not in server.recorder.messages[hand.id].content


async def test_an_open_hand_says_it_stops_following_the_game_before_its_token_dies(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hand_expiry, "CHECK_EVERY", 0.01)
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    hand = await parlour.show_hand(alice, table_id)
    parlour.clock.advance(minutes=14, seconds=20)
    server.clock.advance(14 * 60 + 20)  # Discord's clock too: the token still lives, for 40 seconds
    await until(lambda: "15 minutes" in server.recorder.messages[hand.id].content)
    expired: Message = server.recorder.messages[hand.id]
    assert "Show my hand" in expired.content and not expired.items()
    assert not parlour.bot.presenter.hands  # no longer kept up to date: later edits would be refused
    # The game goes on; nothing tries to edit the expired message (the loopback would refuse it).
    server.clock.advance(120)
    await parlour.outcome(await parlour.play(bob, table_id))
    await parlour.settle()
    assert server.recorder.messages[hand.id].content == expired.content


async def test_a_table_ended_by_its_host_says_so_and_every_open_hand_too(parlour: Parlour) -> None:
    server = parlour.server
    host, bob = server.user("Дмитрий"), server.user("bob")
    table_id = await parlour.start_game(host, [bob], computers=1)
    hand = await parlour.show_hand(bob, table_id)
    message_id = parlour.table_message(table_id).id
    said = await parlour.sentence(await server.slash(host, "table end", table=table_id))
    assert "No results were recorded" in said
    await parlour.settle()
    for _ in range(20):  # anything drawn before the end must not land after it
        await asyncio.sleep(0.01)
    table_message = server.recorder.messages[message_id]
    assert table_message.content.endswith("Ended by Дмитрий. No results were recorded.")
    assert "This table is closed" not in table_message.content and not table_message.buttons
    await until(lambda: "Ended by Дмитрий" in server.recorder.messages[hand.id].content)
    assert not server.recorder.messages[hand.id].items()


async def test_a_replaced_player_is_told_the_host_gave_their_seat_to_the_computer(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    hand = await parlour.show_hand(bob, table_id)
    await parlour.sentence(await parlour.slash(alice, "table replace", {"table": table_id, "player": bob}))
    await parlour.settle()
    await until(lambda: "gave your seat to the computer" in server.recorder.messages[hand.id].content)
    assert not server.recorder.messages[hand.id].items()
    if parlour.table(table_id).status == "playing":
        handle = await server.click(bob, parlour.table_message(table_id), label="Show my hand")
        assert "gave your seat" in await parlour.sentence(handle)
