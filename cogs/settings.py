"""``/settings``: this server's table settings, for members with Manage Server.

A top-level command, because Discord applies a command's default member permissions only
to top-level commands: members without Manage Server do not even see it. The bot checks the
permission again, since a server can grant the command to anyone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import seasons

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
        season_months="Months in a season of each game's season board (default 3: quarters)",
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        idle_minutes: app_commands.Range[int, 1, 1440] | None = None,
        threads: bool | None = None,
        computer_pause_ms: app_commands.Range[int, 0, 10_000] | None = None,
        season_months: Literal[1, 2, 3, 4, 6, 12] | None = None,
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
        if season_months is not None:
            async with self.bot.database.sessions() as session:
                await seasons.set_months(session, interaction.guild.id, season_months)
        async with self.bot.database.sessions() as session:
            months = await seasons.months_of(session, interaction.guild.id)
        if idle_minutes is None and threads is None and computer_pause_ms is None and season_months is None:
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
            f"computer pause: **{row.computer_pause_ms} ms**; seasons of **{months} month{'' if months == 1 else 's'}**"
            ".",
            ephemeral=True,
        )


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Settings(bot))
