"""Show my hand answers within Discord's 3 seconds whatever the drawing costs: a private
"thinking…" first when the hand is not drawn in time, which the hand then replaces; and a person
whose Show my hand was acknowledged when the bot stopped is told at the next start."""

from __future__ import annotations

import asyncio
import threading

import pytest

from cogs import answers, table_pictures
from render import pictures_for
from tests.e2e.harness import Parlour
from tests.e2e.test_restart_buttons import _pending


def slow_hands(monkeypatch: pytest.MonkeyPatch, gate: threading.Event) -> None:
    """Hand pictures are drawn only once ``gate`` opens (a loaded machine, a cold start)."""
    pictures = pictures_for("highcard")

    class Slow:
        table_picture = staticmethod(pictures.table_picture)

        @staticmethod
        def hand_picture(view, *, names):  # type: ignore[no-untyped-def]
            gate.wait(10)
            return pictures.hand_picture(view, names=names)

    monkeypatch.setattr(table_pictures, "pictures_for", lambda key: Slow)


async def test_show_my_hand_is_acknowledged_before_its_picture_is_drawn(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    gate = threading.Event()
    slow_hands(monkeypatch, gate)  # before the deal: the hands drawn ahead of Show my hand are slow too
    table_id = await parlour.start_game(alice, [bob])
    monkeypatch.setattr(answers, "DEFER_AFTER", 0.05)
    handle = await server.click(alice, parlour.table_message(table_id), label="Show my hand")
    first = await handle.answer()
    assert first.callback_type == 5 and first.ephemeral  # "thinking…", only alice sees it
    gate.set()
    hand = await handle.message()
    assert hand.ephemeral and hand.attachments and hand.buttons and hand.id == handle.state.original_message_id
    for _ in range(100):  # the note is dropped once the hand is shown
        if not await _pending(parlour):
            break
        await asyncio.sleep(0.01)
    assert await _pending(parlour) == 0 and not answers._watches


async def test_show_my_hand_cut_off_by_a_stop_is_told_at_the_next_start(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    gate = threading.Event()
    slow_hands(monkeypatch, gate)  # before the deal: the hands drawn ahead of Show my hand are slow too
    table_id = await parlour.start_game(alice, [bob])
    monkeypatch.setattr(answers, "DEFER_AFTER", 0.05)
    handle = await server.click(alice, parlour.table_message(table_id), label="Show my hand")
    assert (await handle.answer()).callback_type == 5
    for _ in range(100):
        if await _pending(parlour):
            break
        await asyncio.sleep(0.01)
    assert await _pending(parlour) == 1  # written down before the acknowledgement
    try:
        await parlour.restart()  # the bot stops while the picture is still being drawn
        told = await handle.next("followup")
    finally:
        gate.set()
    assert told.ephemeral and "Show my hand" in (told.content or "")
    assert await _pending(parlour) == 0


async def test_a_click_that_reaches_the_bot_late_is_acknowledged_at_once(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click that spent LATE_ARRIVAL or more in queues before its callback (a busy bot) does not
    wait DEFER_AFTER more before its "thinking…": by then Discord's 3 seconds could be gone."""
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    gate = threading.Event()
    slow_hands(monkeypatch, gate)
    table_id = await parlour.start_game(alice, [bob])
    monkeypatch.setattr(answers, "DEFER_AFTER", 60)  # a click on time would wait a minute
    server.clock.advance(-(answers.LATE_ARRIVAL + 0.2))  # made that long before the bot sees it
    try:
        handle = await server.click(alice, parlour.table_message(table_id), label="Show my hand")
    finally:
        server.clock.advance(answers.LATE_ARRIVAL + 0.2)
    try:
        first = await asyncio.wait_for(handle.answer(), 5)
        assert first.callback_type == 5 and first.ephemeral  # "thinking…" while the hand is drawn
    finally:
        gate.set()
    hand = await handle.message()
    assert hand.ephemeral and hand.attachments and hand.id == handle.state.original_message_id


async def test_a_bot_whose_answers_came_late_lately_acknowledges_at_once(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Overloaded (most recent answers were not ready within DEFER_AFTER), the bot defers a click
    at once: it would be deferred anyway, and the person sees it taken now."""
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    gate = threading.Event()
    slow_hands(monkeypatch, gate)
    table_id = await parlour.start_game(alice, [bob])
    monkeypatch.setattr(answers, "DEFER_AFTER", 60)
    assert parlour.bot is not None
    pace = answers.pace_of(parlour.bot)
    for _ in range(10):
        pace.answered(61)
    try:
        handle = await server.click(alice, parlour.table_message(table_id), label="Show my hand")
        first = await asyncio.wait_for(handle.answer(), 5)
        assert first.callback_type == 5 and first.ephemeral
    finally:
        gate.set()
    assert (await handle.message()).attachments
