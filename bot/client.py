"""The Discord client: a typed Bot subclass that owns the services, loads the cogs and syncs commands.

The bot owns the process: its settings, database, services and worker processes. The Discord
side (cogs/) is loaded as extensions and imported by nobody here: the ``cogs.tables`` extension
gives the bot its delivery (:meth:`ParlourBot.deliver_with`), ``cogs.turns`` the turn notices.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock_store import ClockStore
from bot.commands import invite_link, servers, sync_commands
from bot.db import Database
from bot.discord_address import point_discord_at
from bot.i18n.choose import reader_language
from bot.i18n.commands import CatalogTranslator
from bot.last_seen import LastSeenLanguages
from bot.ports import Presenter
from bot.replays import Replays
from bot.settings import Settings
from bot.store import Store
from bot.table_store import TableStoreAdapter
from bot.tables import Table, TableService
from bot.tournaments.checkin import CheckIns
from bot.tournaments.service import TournamentService
from bot.turns import TurnService
from bot.workers import scheduler

log = logging.getLogger(__name__)

#: Seconds between two looks for tables at rest (bot.tables.TableService.rest_idle).
REST_EVERY = 1.0

#: The cogs the bot loads, in order.
EXTENSIONS = (
    "cogs.parlour",
    "cogs.settings",
    "cogs.tables",
    "cogs.stats",
    "cogs.standings",
    "cogs.tournaments",
    "cogs.seasons",
    "cogs.collection",
    "cogs.rules",
    "cogs.games",
    "cogs.help",
    "cogs.turns",
)


__all__ = ["EXTENSIONS", "Delivery", "ParlourBot", "make_bot", "point_discord_at"]


class Delivery(Presenter, Protocol):
    """What the bot holds of the Discord side's delivery (``cogs.presenter.DiscordPresenter``):
    what the table service tells it, its work at start, and a graceful stop."""

    async def started(self) -> None: ...
    async def close(self) -> None: ...


class ServedTables(TableStoreAdapter):
    """The table store of a process that serves some of the bot's shards.

    A table lives in its guild's shard: only the process that receives that guild's clicks
    restores it at start and plays its computers, so two processes never run the same table.
    """

    def __init__(self, store: Store, serves: Callable[[int], bool]) -> None:
        super().__init__(store)
        self.serves = serves

    async def open_tables(self) -> list[Table]:
        return [table for table in await super().open_tables() if self.serves(table.guild_id)]


class ParlourBot(commands.Bot):
    """The Parlour bot. Slash commands only: it needs no privileged intents."""

    def __init__(
        self,
        settings: Settings,
        database: Database,
        *,
        edit_interval: float = 1.0,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        **options: Any,
    ) -> None:
        # Only the guilds intent: everything arrives as interactions, so the bot asks Discord for
        # no message, typing or reaction events (each would be decompressed and parsed for nothing).
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            # No message pings anyone unless it names whom (cogs.mentions.only): never @everyone or a role.
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        point_discord_at(settings.discord_api_url, settings.discord_gateway_url)
        self.settings = settings
        self.database = database
        self.store = Store(database.sessions, default_computer_pause_ms=settings.computer_pause_ms)
        self.store_adapter = ServedTables(self.store, settings.serves)
        #: Finished tables to replay (``/replay`` and its steps), the latest kept in memory.
        self.replays = Replays(self.store)
        #: Seconds between two edits of one table message (the delivery's pace; 0 in tests).
        self.edit_interval = edit_interval
        #: The Discord side's delivery, once the ``cogs.tables`` extension gave it (:meth:`deliver_with`).
        self.presenter: Delivery | None = None
        self.tables = TableService(self.store_adapter, clock=clock, think=scheduler.compute)
        #: Community tournaments and their check-ins, once the ``cogs.tournaments`` extension made them.
        self.tournaments: TournamentService | None = None
        self.checkins: CheckIns | None = None
        #: Turn-based tables' clocks and notices (issue 45; ``cogs.turns`` gives it its notifier).
        prefs = ClockStore(database.sessions)
        self.turns = TurnService(self.tables, prefs)
        #: Each person's Discord language as last seen: their direct messages are written in it.
        self.languages = LastSeenLanguages(prefs)
        self.clock = clock
        self._sweeper: asyncio.Task[None] | None = None
        self._rester: asyncio.Task[None] | None = None

    def deliver_with(self, presenter: Delivery) -> None:
        """The Discord side's delivery: the table service tells it what changed by itself."""
        self.presenter = presenter
        self.tables.presenter = presenter

    async def _command_failed(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """A slash command that could not run: one private sentence, never "The application did not
        respond". A value outside a command's choices (a forged request: Discord's client offers only
        the choices) is refused before the command runs."""
        if isinstance(error, app_commands.TransformerError):
            sentence = "That value is not one of the choices; pick one from the list."
        elif isinstance(error, app_commands.NoPrivateMessage):
            sentence = "This command works in a server, not in direct messages."
        elif isinstance(error, app_commands.CheckFailure):
            sentence = "You can't use this command here."
        else:
            log.error("Command %s failed", interaction.command and interaction.command.qualified_name, exc_info=error)
            sentence = "Something went wrong with that command; please try again."
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(sentence, ephemeral=True)
            else:
                await interaction.response.send_message(sentence, ephemeral=True)

    async def setup_hook(self) -> None:
        # Commands, options and choices in every shipped language (issue 47): discord.py asks it at sync.
        await self.tree.set_translator(CatalogTranslator())
        self.tree.error(self._command_failed)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        # The commands are the bot's, not a process's: the process with shard 0 registers them.
        if self.settings.shard_ids is None or 0 in self.settings.shard_ids:
            await sync_commands(self, self.settings.dev_guild_id, self.database.engine)
        scheduler.start_picture_workers(self.settings.picture_workers)
        if await self.store.ensure_ratings():
            log.info("Derived ratings and levels from the results saved before they existed")
        restored = await self.tables.restore()
        log.info("Restored %d open tables", len(restored))
        await self.turns.restore()
        if self.presenter is not None:
            await self.presenter.started()  # people told about clicks the last run left unanswered
        self._sweeper = asyncio.create_task(self._sweep_idle())
        self._rester = asyncio.create_task(self._rest_idle())

    async def _sweep_idle(self) -> None:
        while True:
            await asyncio.sleep(self.settings.idle_check_seconds)
            try:
                await self.tables.sweep_idle()
            except Exception:
                log.exception("Idle sweep failed")
            try:
                await self.turns.tick()  # turn-based tables' deadlines (issue 45)
            except Exception:
                log.exception("Turn clock tick failed")

    async def _rest_idle(self) -> None:
        """Every second, tables whose people are thinking let go of what they can work out again."""
        while True:
            await asyncio.sleep(REST_EVERY)
            try:
                self.tables.rest_idle()
            except Exception:
                log.exception("Resting idle tables failed")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every interaction tells the person's Discord language (for their direct messages)."""
        self.languages.seen(interaction.user.id, reader_language(interaction))

    async def on_ready(self) -> None:
        if self.guilds or self.settings.shard_ids is not None:  # one process of several may have none
            log.info("Logged in as %s in %s", self.user, servers(len(self.guilds)))
        else:
            log.warning(
                "Logged in as %s in 0 servers: invite the bot with %s", self.user, invite_link(self.application_id)
            )

    async def on_shard_ready(self, shard_id: int) -> None:
        log.info("Shard %d of %s is ready", shard_id, self.settings.shard_count)

    async def close(self) -> None:
        for task in (self._sweeper, self._rester):
            if task:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self.tables.shutdown()
        await self.turns.settle()
        if self.presenter is not None:
            await self.presenter.close()
        scheduler.stop_picture_workers()
        await super().close()


class ShardedParlourBot(ParlourBot, commands.AutoShardedBot):
    """The Parlour bot serving some of its gateway shards (SHARD_COUNT, SHARD_IDS): one of several processes."""


def make_bot(settings: Settings, database: Database, **options: Any) -> ParlourBot:
    """The bot for these settings: a sharded one when SHARD_COUNT is set, else one connection for all."""
    if settings.shard_count is None:
        return ParlourBot(settings, database, **options)
    shards: dict[str, Any] = {"shard_count": settings.shard_count}
    if settings.shard_ids is not None:
        shards["shard_ids"] = list(settings.shard_ids)
    return ShardedParlourBot(settings, database, **shards, **options)
