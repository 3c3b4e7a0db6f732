"""A person's move and the computers' replies right after it reach the table message in one edit.

Whether computers are still to move is the move's Change's to say (delivery does not ask the table)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from bot.table import Change
from cogs.presenter import COMPUTERS_SETTLE, DiscordPresenter

EDIT_INTERVAL = 0.5
#: The computer's reply comes this many seconds after the move (well within the settling time).
REPLY_AFTER = 0.02


class Client:
    """The bot (answers keep their pace per bot)."""


def presenter_noting_edits(edit_interval: float) -> tuple[DiscordPresenter, list[int]]:
    """A presenter, and the table versions its table message edits show, in order."""
    presenter = DiscordPresenter(Client(), save_message=lambda table: asyncio.sleep(0), edit_interval=edit_interval)  # type: ignore[arg-type]
    edits: list[int] = []

    async def edit_message(table: SimpleNamespace, note: str | None, change: Change | None = None) -> int:
        edits.append(table.version)
        return table.version

    presenter._update_table_message = edit_message  # type: ignore[assignment,method-assign]
    presenter._refresh_hands = lambda table: None  # type: ignore[method-assign]
    return presenter, edits


def move(table: SimpleNamespace, seat: int, *, computers_to_move: bool) -> Change:
    """``seat``'s move, which made the table's present version."""
    return Change(table, table.version, seat, None, (1 - seat,), (seat,), computers_to_move)  # type: ignore[arg-type]


async def test_one_edit_shows_the_move_and_the_computers_reply_that_follows_it() -> None:
    presenter, edits = presenter_noting_edits(EDIT_INTERVAL)
    table = SimpleNamespace(id=7, version=1, status="playing", message_behind=False)
    await presenter.moved(move(table, 0, computers_to_move=True))  # the person moved; the computer is to reply
    assert REPLY_AFTER < EDIT_INTERVAL * COMPUTERS_SETTLE
    await asyncio.sleep(REPLY_AFTER)
    table.version = 2  # its reply, a moment later
    await presenter.moved(move(table, 1, computers_to_move=False))
    await asyncio.wait_for(asyncio.gather(*presenter._updaters.values()), 10)
    assert edits == [2]


async def test_a_table_waiting_on_people_only_is_edited_at_once() -> None:
    presenter, edits = presenter_noting_edits(60)
    table = SimpleNamespace(id=7, version=3, status="playing", message_behind=False)
    await presenter.moved(move(table, 1, computers_to_move=False))
    for _ in range(10):
        await asyncio.sleep(0)
    assert edits == [3]
    for task in presenter._updaters.values():
        task.cancel()
