"""Delivery reads what a move changed from its Change: the open hands of the people whose choices
the move changed are brought up to date at once, the others wait for the table message's edit.
Every move's Change reaches delivery, a computer's too."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace
from typing import Any

import pytest

import cogs.presenter
from bot.actor import Actor
from bot.table import Change, GuildSettings
from bot.tables import TableService
from bot.workers.scheduler import Priority
from cogs.message_parts import MessageParts
from cogs.presenter import DiscordPresenter
from tests.testgame import GAME as HIGH_CARD


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
    async def hand(
        table: Any, seat: int, pages: Any = None, priority: Priority = Priority.ANSWER, language: Any = None
    ) -> MessageParts:
        return MessageParts(content=f"seat {seat} at version {table.version}", version=table.version)

    told: list[int] = []

    async def table_changed(table: Any, note: str | None = None) -> None:  # the table message: later
        told.append(table.version)

    monkeypatch.setattr(cogs.presenter, "hand_editor", lambda client, message: message.edit)
    presenter = DiscordPresenter(None, save_message=lambda table: asyncio.sleep(0))  # type: ignore[arg-type]
    monkeypatch.setattr(presenter, "hand", hand)
    monkeypatch.setattr(presenter, "table_changed", table_changed)
    people = [SimpleNamespace(computer=False) for _ in range(3)]
    game = SimpleNamespace(name="High Card")
    table = SimpleNamespace(id=7, guild_id=1, language=None, version=1, status="playing", game=game, seats=people)
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


class MemoryStore:
    """What the table service saves, kept nowhere (the moves of one short game)."""

    async def create_table(self, table: Any) -> int:
        return 1

    async def save_lobby(self, table: Any) -> None: ...
    async def save_start(self, table: Any, state_json: str, profiles: Any = None) -> None: ...
    async def save_action(self, *args: Any, **kwargs: Any) -> None: ...
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return GuildSettings(computer_pause_ms=0)


class ComputerWinsTheFirstRound(random.Random):
    """Deals where the person's lowest card is below every card of the computer: the person plays it,
    so the computer wins the round and takes from the pot (its move), which deals the person a new choice."""

    def randrange(self, *args: int) -> int:  # type: ignore[override]
        while True:
            seed = super().randrange(*args)
            person, computer = HIGH_CARD.new_state(2, seed, HIGH_CARD.validate_options({})).hands  # type: ignore[attr-defined]
            if min(person) < min(computer) and len(set(person)) > 1:
                return seed


async def test_a_computers_move_brings_the_hand_of_a_person_whose_choices_it_changed_up_to_date_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The service hands every move's Change to delivery, a computer's too: its move that deals a
    person a new choice shows on their open hand at once, not at the table message's next edit."""

    async def hand(
        table: Any, seat: int, pages: Any = None, priority: Priority = Priority.ANSWER, language: Any = None
    ) -> MessageParts:
        kinds = [d.kind for d in table.view(seat).decisions]
        return MessageParts(content=f"version {table.version}: {kinds}", version=table.version)

    async def table_changed(table: Any, note: str | None = None) -> None:  # the table message: never edited here
        pass

    monkeypatch.setattr(cogs.presenter, "hand_editor", lambda client, message: message.edit)
    presenter = DiscordPresenter(None, save_message=lambda table: asyncio.sleep(0))  # type: ignore[arg-type]
    monkeypatch.setattr(presenter, "hand", hand)
    monkeypatch.setattr(presenter, "table_changed", table_changed)
    service = TableService(MemoryStore(), presenter=presenter)  # type: ignore[arg-type]
    service._seed_source = ComputerWinsTheFirstRound(7)
    alice = Actor(100, 1)
    table = await service.open(1, 2, HIGH_CARD.key, alice.user_id, "Alice")
    await service.add_computer(table.id, alice)
    await service.start(table.id, alice)
    message = HandMessage()
    await presenter.show_hand(table, 0, message, message.show)  # type: ignore[arg-type]

    lowest = table.view(0).decisions[0].options[0].id
    change = await service.act(table.id, alice, table.version, f"play:{lowest}")
    await presenter.moved(change, message, message.show)  # type: ignore[arg-type]
    assert message.shown[-1].endswith("[]")  # the answer: the computer is to take from the pot
    while tasks := [t for t in [*service._computer_tasks.values(), *presenter._refreshing] if not t.done()]:
        await asyncio.gather(*tasks)

    assert table.waiting_people() == [0]
    assert message.shown[-1].endswith("['play']"), message.shown  # the computer took: Alice's next card, at once
