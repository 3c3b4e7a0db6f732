"""The Discord client: a typed Bot subclass that loads the cogs and syncs slash commands."""

from __future__ import annotations

import logging

import discord
import yarl
from discord.ext import commands

from bot.settings import Settings

log = logging.getLogger(__name__)

#: The cogs the bot loads, in order.
EXTENSIONS = ("cogs.parlour",)


def point_discord_at(api_url: str, gateway_url: str) -> None:
    """Send discord.py's REST calls and gateway connection to these addresses.

    Discord's own by default; a Discord-compatible server or the loopback Discord
    of the tests otherwise. discord.py keeps both as class attributes, and
    interaction webhooks go through the same REST base.
    """
    discord.http.Route.BASE = api_url.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


class ParlourBot(commands.Bot):
    """The Parlour bot. Slash commands only: it needs no privileged intents."""

    def __init__(self, settings: Settings, **services: object) -> None:
        intents = discord.Intents.default()
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.settings = settings
        self.services = services
        point_discord_at(settings.discord_api_url, settings.discord_gateway_url)

    async def setup_hook(self) -> None:
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d commands to the development server %s", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("Synced %d global commands (they may take up to an hour to appear)", len(synced))

    async def on_ready(self) -> None:
        log.info(
            "Logged in as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds)
        )
