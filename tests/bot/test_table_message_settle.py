"""A person's move and the computers' replies right after it reach the table message in one edit."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from cogs.presenter import COMPUTERS_SETTLE, DiscordPresenter

EDIT_INTERVAL = 0.5
#: The computer's reply comes this many seconds after the move (well within the settling time).
REPLY_AFTER = 0.02


class Client:
    """The bot (answers keep their pace per bot)."""


class FakeTable(SimpleNamespace):
    """A table whose computers are to move until ``computers_done``."""

    def waiting_computers(self) -> list[int]:
        return [] if self.computers_done else [1]


def presenter_noting_edits(edit_interval: float) -> tuple[DiscordPresenter, list[int]]:
    """A presenter, and the table versions its table message edits show, in order."""
    presenter = DiscordPresenter(Client(), save_message=lambda table: asyncio.sleep(0), edit_interval=edit_interval)  # type: ignore[arg-type]
    edits: list[int] = []

    async def edit_message(table: FakeTable, note: str | None) -> int:
        edits.append(table.version)
        return table.version

    presenter._update_table_message = edit_message  # type: ignore[assignment,method-assign]
    presenter._refresh_hands = lambda table: None  # type: ignore[method-assign]
    return presenter, edits


async def test_one_edit_shows_the_move_and_the_computers_reply_that_follows_it() -> None:
    presenter, edits = presenter_noting_edits(EDIT_INTERVAL)
    table = FakeTable(id=7, version=1, status="playing", message_behind=False, computers_done=False)
    await presenter.table_changed(table)  # type: ignore[arg-type]  # the person moved; the computer is to reply
    assert REPLY_AFTER < EDIT_INTERVAL * COMPUTERS_SETTLE
    await asyncio.sleep(REPLY_AFTER)
    table.version, table.computers_done = 2, True  # its reply, a moment later
    await presenter.table_changed(table)  # type: ignore[arg-type]
    await asyncio.wait_for(asyncio.gather(*presenter._updaters.values()), 10)
    assert edits == [2]


async def test_a_table_waiting_on_people_only_is_edited_at_once() -> None:
    presenter, edits = presenter_noting_edits(60)
    table = FakeTable(id=7, version=3, status="playing", message_behind=False, computers_done=True)
    await presenter.table_changed(table)  # type: ignore[arg-type]
    for _ in range(10):
        await asyncio.sleep(0)
    assert edits == [3]
    for task in presenter._updaters.values():
        task.cancel()
