"""Delivery reads what a move changed from its Change: the open hands of the people whose choices
the move changed are brought up to date at once, the others wait for the table message's edit."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

import cogs.presenter
from bot.table import Change
from bot.workers.scheduler import Priority
from cogs.message_parts import MessageParts
from cogs.presenter import DiscordPresenter


class HandMessage:
    """One person's private hand message: what it showed, in order."""

    def __init__(self) -> None:
        self.shown: list[str] = []

    async def show(self, parts: MessageParts) -> None:
        self.shown.append(parts.content)

    edit = show


async def test_a_move_brings_the_hands_whose_choices_it_changed_up_to_date_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def hand(table: Any, seat: int, pages: Any = None, priority: Priority = Priority.ANSWER) -> MessageParts:
        return MessageParts(content=f"seat {seat} at version {table.version}", version=table.version)

    told: list[int] = []

    async def table_changed(table: Any, note: str | None = None) -> None:  # the table message: later
        told.append(table.version)

    monkeypatch.setattr(cogs.presenter, "hand_editor", lambda client, message: message.edit)
    presenter = DiscordPresenter(None, save_message=lambda table: asyncio.sleep(0))  # type: ignore[arg-type]
    monkeypatch.setattr(presenter, "hand", hand)
    monkeypatch.setattr(presenter, "table_changed", table_changed)
    people = [SimpleNamespace(computer=False) for _ in range(3)]
    table = SimpleNamespace(id=7, version=1, status="playing", game=SimpleNamespace(name="High Card"), seats=people)
    hands = [HandMessage() for _ in people]
    for seat, message in enumerate(hands):
        await presenter.show_hand(table, seat, message, message.show)  # type: ignore[arg-type]

    table.version = 2  # seat 0 moved; it is seat 1's turn now, seat 2 only watches the move
    change = Change(table, 2, 0, None, waiting_on=(1,), changed_seats=(0, 1))  # type: ignore[arg-type]
    await presenter.moved(change, hands[0], hands[0].show)  # type: ignore[arg-type]
    await asyncio.gather(*presenter._refreshing)

    assert told == [2]  # the table message follows
    assert hands[0].shown[-1] == "seat 0 at version 2"  # the mover's answer
    assert hands[1].shown[-1] == "seat 1 at version 2"  # their choices changed: up to date now
    assert hands[2].shown == ["seat 2 at version 1"]  # only the table message's edit brings it on
