"""A click that must be deferred is deferred in time even when the database is slow to take its note."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from bot.workers import scheduler as pictures
from cogs import answers


class SlowStore:
    """Takes a pending-click note only when the test lets it."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.rows: dict[int, object] = {}

    async def add_pending_click(self, click: object) -> int:
        await self.release.wait()
        row_id = len(self.rows) + 1
        self.rows[row_id] = click
        return row_id

    async def drop_pending_click(self, row_id: int) -> None:
        self.rows.pop(row_id, None)


class Response:
    def __init__(self) -> None:
        self.deferred = False

    def is_done(self) -> bool:
        return self.deferred

    async def defer(self, **_: object) -> None:
        self.deferred = True


class Client:
    """The bot the click reached (answers keep their pace per bot)."""


def click() -> SimpleNamespace:
    return SimpleNamespace(
        id=1,
        created_at=datetime.now(UTC),
        application_id=7,
        token="token",
        locale="en-US",
        response=Response(),
        client=Client(),
    )


async def deferred(interaction: SimpleNamespace, pending: answers.PendingMove) -> None:
    """Watch the click and wait until the watch has deferred it."""
    answers.watch(interaction, pending)  # type: ignore[arg-type]
    for _ in range(100):
        if interaction.response.deferred:
            break
        await asyncio.sleep(0.05)


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answers, "DEFER_AFTER", 0.05)
    monkeypatch.setattr(answers, "NOTE_WAIT", 0.2)


async def test_a_slow_note_does_not_hold_back_the_deferral_and_is_kept_until_answered(quick: None) -> None:
    store = SlowStore()
    interaction = click()
    pending = answers.PendingMove(store, table_id=3, user_id=5, version=9, move="play:1")  # type: ignore[arg-type]
    await deferred(interaction, pending)
    assert interaction.response.deferred and not store.rows  # deferred although the note is not written
    store.release.set()
    for _ in range(100):
        if store.rows:
            break
        await asyncio.sleep(0.01)
    assert len(store.rows) == 1  # written after all: a restart now would tell the person
    await pending.answered()
    assert not store.rows


async def test_a_note_finished_after_the_answer_is_dropped(quick: None) -> None:
    store = SlowStore()
    interaction = click()
    pending = answers.PendingMove(store, table_id=3, user_id=5, version=9, move="play:1")  # type: ignore[arg-type]
    await deferred(interaction, pending)
    await pending.answered()  # the answer went out before the note was written
    store.release.set()
    await asyncio.sleep(0.05)
    assert not store.rows  # no stale note to tell at the next start


async def test_a_bot_behind_defers_before_the_note_and_still_writes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Behind, the click is acknowledged at once: its person does not wait for a busy database to
    take the note (which follows, so that a restart can still tell them)."""
    monkeypatch.setattr(answers, "NOTE_WAIT", 60.0)  # on time, the note would be waited for a minute
    store = SlowStore()
    interaction = click()
    pace = answers.pace_of(interaction.client)  # type: ignore[arg-type]
    for _ in range(10):
        pace.answered(answers.DEFER_AFTER + 1)
    pending = answers.PendingMove(store, table_id=3, user_id=5, version=9, move="play:1")  # type: ignore[arg-type]
    await deferred(interaction, pending)
    assert interaction.response.deferred and not store.rows
    store.release.set()
    for _ in range(100):
        if store.rows:
            break
        await asyncio.sleep(0.01)
    assert len(store.rows) == 1
    await pending.answered()
    assert not store.rows


@pytest.mark.parametrize("queued", [0, 3])
async def test_a_click_is_deferred_at_once_while_pictures_are_queued(
    monkeypatch: pytest.MonkeyPatch, queued: int
) -> None:
    """Its answer's picture would wait its turn behind them: the person sees the click taken now."""
    monkeypatch.setattr(answers, "DEFER_AFTER", 60.0)
    monkeypatch.setattr(pictures, "waiting", lambda: queued)
    interaction = click()
    answers.watch(interaction)  # type: ignore[arg-type]
    await asyncio.sleep(0.2)
    assert interaction.response.deferred == (queued > 0)
    left = answers._watches.pop(interaction.id, None)  # the watch still waiting (not deferred)
    if left is not None and left.timer is not None:
        left.timer.cancel()
