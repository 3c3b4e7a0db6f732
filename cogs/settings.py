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

from bot.i18n.choose import AUTO  # i18n (issue 47): /settings language
from bot.i18n.languages import NATIVE_NAMES  # i18n (issue 47)

if TYPE_CHECKING:
    from bot.client import ParlourBot


def language_choices() -> list[app_commands.Choice[str]]:
    """i18n (issue 47): the server's Discord language, or one of Parlour's, each named in itself."""
    native = [
        app_commands.Choice(name=app_commands.locale_str(name, proper_name=True), value=language)
        for language, name in NATIVE_NAMES.items()
    ]
    return [app_commands.Choice(name="The server's Discord language", value=AUTO), *native]


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
        language="The language of this server's tables and announcements",  # i18n (issue 47)
    )
    @app_commands.choices(language=language_choices())  # i18n (issue 47)
    async def settings(
        self,
        interaction: discord.Interaction,
        idle_minutes: app_commands.Range[int, 1, 1440] | None = None,
        threads: bool | None = None,
        computer_pause_ms: app_commands.Range[int, 0, 10_000] | None = None,
        language: app_commands.Choice[str] | None = None,  # i18n (issue 47)
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
        if idle_minutes is None and threads is None and computer_pause_ms is None and language is None:
            row = await self.bot.store_adapter.guild_settings(interaction.guild.id)
            said = "This server's settings"
        else:
            row = await self.bot.store_adapter.update_settings(
                interaction.guild.id,
                idle_minutes=idle_minutes,
                use_threads=threads,
                computer_pause_ms=computer_pause_ms,
                # i18n (issue 47): "auto" forgets the override (the server's Discord language again).
                language=None if language is None else ("" if language.value == AUTO else language.value),
            )
            said = "Saved. This server's settings"
        await interaction.response.send_message(
            f"{said}: idle reminder after **{row.idle_minutes} min** (the computer plays after "
            f"{2 * row.idle_minutes} min); tables in threads: **{'yes' if row.use_threads else 'no'}**; "
            f"computer pause: **{row.computer_pause_ms} ms**"
            # i18n (issue 47): the language clause; the sentence moves into the catalog in a later session.
            f"; language: **{NATIVE_NAMES.get(row.language or '', 'as the server (Discord)')}**.",
            ephemeral=True,
        )


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Settings(bot))
