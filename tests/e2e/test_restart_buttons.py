"""Issue 10: every button that worked before a restart works after it; a click is answered only
once saved, and a deferred click lost in a restart is explained; open hands never go stale."""

from __future__ import annotations

import asyncio

import pytest

from bot.i18n import say
from cogs import answers, table_pictures
from engine.core import Move
from engine.words import Text
from render import pictures_for
from tests.e2e.harness import Parlour


async def test_a_still_valid_hand_button_works_after_a_restart(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob, carol = (server.user(n) for n in ("alice", "bob", "carol"))
    table_id = await parlour.start_game(alice, [bob, carol])
    hands = {p.id: await parlour.show_hand(p, table_id) for p in (alice, bob, carol)}
    kind, _ = await parlour.outcome(
        await server.click(alice, hands[alice.id], custom_id=hands[alice.id].buttons[0]["custom_id"])
    )
    assert kind == "update"
    await parlour.settle()
    assert parlour.table(table_id).version == 1

    await parlour.restart()
    # Bob's version-0 hand: only alice's secret choice happened since, so it still works.
    kind, shown = await parlour.outcome(
        await server.click(bob, hands[bob.id], custom_id=hands[bob.id].buttons[0]["custom_id"])
    )
    assert kind == "update" and shown is not None and shown.id == hands[bob.id].id
    assert "You have chosen" in shown.content
    assert parlour.table(table_id).version == 2


async def test_a_move_is_saved_before_the_click_is_answered(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    hand = await parlour.show_hand(alice, table_id)
    adapter = parlour.bot.store_adapter
    save = adapter.save_action
    saved_when_answered: list[bool] = []

    async def watched(table, *args, **kwargs):
        await save(table, *args, **kwargs)
        saved_when_answered.append(handle.state.callback_type is None)  # not answered yet

    adapter.save_action = watched
    handle = await server.click(alice, hand, custom_id=hand.buttons[0]["custom_id"])
    event = await handle.answer()
    assert event.callback_type == 7  # one answer: the hand message, edited with the new hand
    assert saved_when_answered == [True]
    assert "You have chosen" in server.recorder.messages[hand.id].content


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_a_deferred_click_lost_in_a_restart_is_explained(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """The explanation reads in the clicker's language (issue 47), whatever the server's."""
    server = parlour.server
    alice, bob = server.user("alice", locale="ja" if language == "ja" else "en-US"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    hand = await parlour.show_hand(alice, table_id)
    monkeypatch.setattr(answers, "DEFER_AFTER", 0.01)
    stuck = asyncio.get_running_loop().create_future()

    async def never_saved(*args, **kwargs):
        await stuck  # the database is slow; the bot is killed before the save ends

    parlour.bot.store_adapter.save_action = never_saved
    handle = await server.click(alice, hand, custom_id=hand.buttons[0]["custom_id"])
    assert (await handle.answer()).callback_type == 6  # deferred: the save took too long
    for _ in range(100):
        if await parlour.bot.store.actions_for(table_id) == [] and parlour.bot.store.sessions:
            pending = await _pending(parlour)
            if pending:
                break
        await asyncio.sleep(0.01)
    assert pending == 1
    stuck.cancel()
    await parlour.restart()
    told = await handle.next("followup")
    explained = Text(
        "Your last click at table #{table} was not saved: the bot restarted before it could. "
        "Press Show my hand on the table message and choose again.",
        table=table_id,
    )
    assert told.ephemeral and told.content == say(language, explained)
    assert "Show my hand" in (told.content or "") or language != "en"
    assert parlour.table(table_id).version == 0 and await _pending(parlour) == 0
    kind, _ = await parlour.outcome(await parlour.play(alice, table_id))  # and she can play on
    assert kind == "update"


async def _pending(parlour: Parlour) -> int:
    from sqlmodel import select

    from bot.models import PendingClick

    async with parlour.bot.store.sessions() as session:
        return len((await session.exec(select(PendingClick))).all())


async def test_an_open_hand_is_never_left_behind(parlour: Parlour, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stall of issue 10: the table waited on alice while her open hand said it was a
    computer's turn. Her click's own answer and the refresh after the computer's reply edit the
    same message; they are serialised, and the last edit shows the latest moment."""
    server = parlour.server
    alice = server.user("alice")
    pictures = pictures_for("highcard")

    class Slow:
        table_picture = staticmethod(pictures.table_picture)

        @staticmethod
        def hand_picture(view, *, names):
            import time

            time.sleep(0.03)  # drawing takes a while: the computer replies meanwhile
            return pictures.hand_picture(view, names=names)

    monkeypatch.setattr(table_pictures, "pictures_for", lambda key: Slow)
    table_id = await parlour.start_game(alice, computers=1)
    hand = await parlour.show_hand(alice, table_id)
    for _ in range(60):
        table = parlour.table(table_id)
        if table.status != "playing":
            break
        seat = table.seat_of(alice.id)
        move = table.game.computer_player(table.version).choose(table.state.view(seat))
        kind, _ = await parlour.outcome(await parlour.choose(alice, server.recorder.messages[hand.id], move))
        assert kind == "update"
        await parlour.settle()
        table = parlour.table(table_id)
        shown = server.recorder.messages[hand.id]
        if table.status == "playing" and seat in table.waiting_people():
            versions = {
                int(i["custom_id"].split(":")[3]) for i in shown.items() if i.get("custom_id", "").startswith("pl:m:")
            }
            versions |= {
                int(i["custom_id"].split(":")[2]) for i in shown.items() if i.get("custom_id", "").startswith("pv:")
            }
            assert versions and all(table.is_current(seat, v) for v in versions), shown.content
            assert "Waiting for" not in shown.content
    assert parlour.table(table_id).status == "finished"
    assert isinstance(move, Move)


async def test_a_slow_drawing_after_the_save_is_deferred_in_time(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord's 3 seconds cover the save and the picture: when they run long, the click is deferred
    before the deadline and the new hand arrives as an edit."""
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    hand = await parlour.show_hand(alice, table_id)
    pictures = pictures_for("highcard")

    class Slow:
        table_picture = staticmethod(pictures.table_picture)

        @staticmethod
        def hand_picture(view, *, names):
            import time

            time.sleep(0.3)
            return pictures.hand_picture(view, names=names)

    monkeypatch.setattr(table_pictures, "pictures_for", lambda key: Slow)
    monkeypatch.setattr(answers, "DEFER_AFTER", 0.05)
    handle = await server.click(alice, hand, custom_id=hand.buttons[0]["custom_id"])
    assert (await handle.answer()).callback_type == 6
    kind, shown = await parlour.outcome(handle)
    assert kind == "update" and shown is not None and "You have chosen" in shown.content
    await parlour.settle()
    assert not answers._watches
