"""A player's open hand: a move's answer never queues behind a refresh; the latest hand stays on screen."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

import cogs.presenter
from bot.workers.scheduler import Priority
from cogs.message_parts import MessageParts
from cogs.presenter import DiscordPresenter


class HandMessage:
    """The person's private hand message: what it shows, in the order it was shown."""

    def __init__(self) -> None:
        self.shown: list[str] = []

    async def show(self, parts: MessageParts) -> None:  # the answer to a click
        self.shown.append(parts.content)

    async def edit(self, parts: MessageParts) -> None:  # a refresh
        self.shown.append(parts.content)


async def test_a_moves_answer_does_not_wait_for_a_refresh_and_the_newest_hand_stays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    refresh_may_draw = asyncio.Event()

    async def hand_parts(
        table: Any, seat: int, pages: Any, priority: Priority = Priority.ANSWER, language: Any = None
    ) -> MessageParts:
        version = table.version
        if priority == Priority.UPDATE:  # the refresh's picture waits behind everyone's answers
            await refresh_may_draw.wait()
        return MessageParts(content=f"hand at version {version}", version=version)

    monkeypatch.setattr(cogs.presenter, "hand_editor", lambda client, hand: hand.edit)
    presenter = DiscordPresenter(None, save_message=lambda table: asyncio.sleep(0))  # type: ignore[arg-type]
    monkeypatch.setattr(presenter, "hand", hand_parts)
    seats = [SimpleNamespace(computer=False)]
    game = SimpleNamespace(name="High Card")
    table = SimpleNamespace(id=7, guild_id=1, language=None, version=1, status="playing", game=game, seats=seats)
    hand = HandMessage()
    await presenter.show_hand(table, 0, hand, hand.show)  # type: ignore[arg-type]

    table.version = 2  # the computer moved: the open hand is refreshed, its picture still to be drawn
    presenter._refresh_hands(table)  # type: ignore[arg-type]
    await asyncio.sleep(0)
    table.version = 3  # the person's move
    answer = asyncio.create_task(presenter.show_hand(table, 0, hand, hand.show))  # type: ignore[arg-type]
    done, _ = await asyncio.wait({answer}, timeout=10)

    assert answer in done and not refresh_may_draw.is_set()  # answered while the refresh still waits
    assert hand.shown == ["hand at version 1", "hand at version 3"]
    refresh_may_draw.set()
    await asyncio.gather(*presenter._refreshing)
    assert hand.shown[-1] == "hand at version 3"  # the refresh's older picture never covers the answer
    assert "hand at version 2" not in hand.shown
