"""``/settings``: this server's table settings, for members with Manage Server.

A top-level command, because Discord applies a command's default member permissions only
to top-level commands: members without Manage Server do not even see it. The bot checks the
permission again, since a server can grant the command to anyone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.pace import PACES, pace_named

#: The paces a server may make its default (bot.pace).
PACE_CHOICES = [app_commands.Choice(name=pace.label, value=key) for key, pace in PACES.items()]

if TYPE_CHECKING:
    from bot.client import ParlourBot


class Settings(commands.Cog):
    """The server's table settings."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    @app_commands.command(name="settings")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        idle_minutes="Minutes before an idle player is reminded (the computer plays for them after twice that)",
        threads="Open each table in a new thread",
        computer_pause_ms="Pause before a computer player moves, in milliseconds",
        pace="The pace of new tables: live, or turn-based with a clock (the host may change it)",
    )
    @app_commands.choices(pace=PACE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        idle_minutes: app_commands.Range[int, 1, 1440] | None = None,
        threads: bool | None = None,
        computer_pause_ms: app_commands.Range[int, 0, 10_000] | None = None,
        pace: app_commands.Choice[str] | None = None,
    ) -> None:
        """Show or change this server's table settings (Manage Server only)."""
        if interaction.guild is None:
            await interaction.response.send_message("Settings belong to a server; use this in one.", ephemeral=True)
            return
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message(
                "Only members with the Manage Server permission can change Parlour's settings.", ephemeral=True
            )
            return
        paces = self.bot.turns.store  # the server's default pace (issue 45)
        if pace is not None:
            await paces.set_guild_pace(interaction.guild.id, pace.value)
        if idle_minutes is None and threads is None and computer_pause_ms is None and pace is None:
            row = await self.bot.store_adapter.guild_settings(interaction.guild.id)
            said = "This server's settings"
        else:
            row = await self.bot.store_adapter.update_settings(
                interaction.guild.id,
                idle_minutes=idle_minutes,
                use_threads=threads,
                computer_pause_ms=computer_pause_ms,
            )
            said = "Saved. This server's settings"
        await interaction.response.send_message(
            f"{said}: idle reminder after **{row.idle_minutes} min** (the computer plays after "
            f"{2 * row.idle_minutes} min); tables in threads: **{'yes' if row.use_threads else 'no'}**; "
            f"computer pause: **{row.computer_pause_ms} ms**; "
            f"pace of new tables: **{pace_named(await paces.guild_pace(interaction.guild.id)).label}**.",
            ephemeral=True,
        )


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Settings(bot))
