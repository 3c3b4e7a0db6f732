"""How often a table message is edited: every edit interval; three times less often while pictures
queue; eight times less often while the bot is behind (most answers lately came late)."""

from __future__ import annotations

import asyncio

import pytest

from bot.workers import scheduler as pictures
from cogs import answers, presenter
from cogs.presenter import DiscordPresenter


class Client:
    """The bot (answers keep their pace per bot)."""


def test_table_messages_wait_longer_while_pictures_queue_and_longer_still_while_the_bot_is_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = Client()
    shown = DiscordPresenter(client, save_message=lambda table: asyncio.sleep(0))  # type: ignore[arg-type]
    queued = 0
    monkeypatch.setattr(pictures, "waiting", lambda: queued)
    assert shown._spacing() == 1
    queued = 5
    assert shown._spacing() == presenter.BUSY_SPACING
    pace = answers.pace_of(client)  # type: ignore[arg-type]
    for _ in range(10):
        pace.answered(answers.DEFER_AFTER + 1)
    assert shown._spacing() == presenter.BEHIND_SPACING > presenter.BUSY_SPACING
    for _ in range(10):
        pace.answered(0.1)  # caught up
    queued = 0
    assert shown._spacing() == 1
