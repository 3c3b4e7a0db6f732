"""Drive the real Parlour bot, in this process, through the loopback Discord.

``Parlour`` starts a ParlourBot against a LoopbackDiscord with a fresh SQLite file,
can restart it (same database, same Discord: old buttons must keep working), and
offers the few steps tests repeat: open a table, press a button, read the table.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord

from bot.client import ParlourBot
from bot.db import Database, open_database
from bot.settings import Settings
from tests.loopback.models import UserSpec
from tests.loopback.recorder import Message
from tests.loopback.server import LoopbackDiscord


class FakeClock:
    """A clock the tests move by hand (idle timers, message age)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


class Parlour:
    """A running Parlour bot and the loopback Discord it talks to."""

    def __init__(self, server: LoopbackDiscord, db_path: Path) -> None:
        self.server = server
        self.settings = Settings(
            discord_token=server.token,
            database_url=f"sqlite+aiosqlite:///{db_path}",
            discord_api_url=server.api_url,
            discord_gateway_url=server.gateway_url,
            computer_pause_ms=0,
            idle_check_seconds=3600,
        )
        self.clock = FakeClock()
        self.bot: ParlourBot | None = None
        self.database: Database | None = None
        self._task: asyncio.Task | None = None
        self.channel = server.channel("general")

    async def start(self) -> ParlourBot:
        self.database = await open_database(self.settings.database_url)
        bot = ParlourBot(self.settings, self.database, edit_interval=0, clock=self.clock, guild_ready_timeout=0.05)
        self.bot = bot
        await bot.login(self.settings.discord_token)
        self._task = asyncio.create_task(bot.connect(reconnect=False))
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        for guild in self.server.guilds if hasattr(self.server, "guilds") else [self.server.guild]:
            await bot.store.update_settings(guild.id, computer_pause_ms=0, use_threads=False)
        return bot

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            await asyncio.wait_for(asyncio.gather(self._task, return_exceptions=True), 10)
        if self.database is not None:
            await self.database.close()
        self.bot = self.database = self._task = None

    async def restart(self) -> ParlourBot:
        await self.stop()
        return await self.start()

    # -- steps -------------------------------------------------------------
    async def open_table(self, host: UserSpec, game: str = "highcard") -> Message:
        """Run /play and return the lobby message."""
        handle = await self.server.slash(host, "play", channel=self.channel, game=game)
        answer = await handle.message()
        assert "is open" in answer.content, answer.content
        return await self.server.recorder.wait_for(lambda: self._lobby())

    def _lobby(self) -> Message | None:
        for message in reversed(self.server.recorder.messages_in(self.channel.id)):
            if any(b.get("label") == "Join" for b in message.buttons):
                return message
        return None

    async def press(self, user: UserSpec, message: Message, label: str) -> tuple[str, Message | None]:
        """Press a button; return (the answer's kind, the message it produced or edited)."""
        handle = await self.server.click(user, message, label=label)
        event = await handle.answer()
        return _kind(event.callback_type), self.server.recorder.messages.get(event.message_id or 0)

    def tables(self) -> dict:
        assert self.bot is not None
        return self.bot.tables.tables

    async def settle(self) -> None:
        """Let computer moves and message updates finish."""
        assert self.bot is not None
        for _ in range(200):
            busy = [t for t in self.bot.tables._computer_tasks.values() if not t.done()]
            busy += [t for t in self.bot.presenter._updaters.values() if not t.done()]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)
        raise AssertionError("the bot never settled")


def _kind(callback_type: int | None) -> str:
    return {4: "message", 5: "deferred", 6: "deferred_update", 7: "update", 9: "modal"}.get(callback_type or 0, "?")


def with_settings(parlour: Parlour, **changes: object) -> None:
    parlour.settings = replace(parlour.settings, **changes)  # type: ignore[arg-type]


__all__ = ["FakeClock", "Parlour", "discord"]
