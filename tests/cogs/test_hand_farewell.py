"""A hand message that says goodbye ("you opened a newer one") never does so once it shows the live
hand again: a person who clicks a control on an older hand message makes it their open hand, and
the goodbye meant for it, still on its way, must not wipe it (the kill-and-restart test found a
person left with no live hand this way)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

import cogs.presenter
from bot.workers.scheduler import Priority
from cogs.message_parts import MessageParts
from cogs.presenter import DiscordPresenter


class Message:
    """A private message as its reader sees it: what it showed, in order."""

    def __init__(self, message_id: int) -> None:
        self.id = message_id
        self.shown: list[str] = []


class Click:
    """An interaction whose answer is ``message`` (a new message, or the clicked one edited)."""

    def __init__(self, message: Message) -> None:
        self.message = message

    async def show(self, parts: MessageParts) -> int:
        self.message.shown.append(parts.content)
        return self.message.id

    async def edit(self, parts: MessageParts) -> None:
        self.message.shown.append(parts.content)


async def test_a_click_on_an_older_hand_message_keeps_it_live(monkeypatch: pytest.MonkeyPatch) -> None:
    async def hand(
        table: Any, seat: int, pages: Any = None, priority: Priority = Priority.ANSWER, language: Any = None
    ) -> MessageParts:
        return MessageParts(content=f"hand at version {table.version}", version=table.version)

    monkeypatch.setattr(cogs.presenter, "hand_editor", lambda client, click: click.edit)
    presenter = DiscordPresenter(None, save_message=lambda table: asyncio.sleep(0))  # type: ignore[arg-type]
    monkeypatch.setattr(presenter, "hand", hand)
    seats = [SimpleNamespace(computer=False)]
    game = SimpleNamespace(name="High Card")
    table = SimpleNamespace(id=7, guild_id=1, language=None, version=1, status="playing", game=game, seats=seats)
    first, second = Message(101), Message(102)
    shown_first, shown_second, clicked_first = Click(first), Click(second), Click(first)

    await presenter.show_hand(table, 0, shown_first, shown_first.show)  # type: ignore[arg-type]
    await presenter.show_hand(table, 0, shown_second, shown_second.show)  # type: ignore[arg-type]
    # Before the first message's goodbye lands, its reader clicks a control they still hold there.
    await presenter.show_hand(table, 0, clicked_first, clicked_first.show, {"discard": 1})  # type: ignore[arg-type]
    await asyncio.gather(*presenter._farewells)

    assert first.shown[-1] == "hand at version 1"  # the live hand, with its controls
    assert "newer one" in second.shown[-1]  # the other message says where the hand went
    assert presenter.hands[7][0].message_id == first.id
