"""``/settings``: this server's table settings, for members with Manage Server.

A top-level command, because Discord applies a command's default member permissions only
to top-level commands: members without Manage Server do not even see it. The bot checks the
permission again (in the settings service), since a server can grant the command to anyone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import seasons
from bot.i18n.choose import AUTO
from bot.i18n.languages import NATIVE_NAMES
from bot.pace import PACES, pace_named
from bot.server_settings import ServerSettings, SettingsError
from cogs.acting import actor_of

#: The paces a server may make its default (bot.pace).
PACE_CHOICES = [app_commands.Choice(name=pace.label, value=key) for key, pace in PACES.items()]

if TYPE_CHECKING:
    from bot.client import ParlourBot


def language_choices() -> list[app_commands.Choice[str]]:
    """The server's Discord language, or one of Parlour's, each named in itself."""
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
        season_months="Months in a season of each game's season board (default 3: quarters)",
        language="The language of this server's tables and announcements",
        four_colour="Cards in four colours: clubs green, diamonds blue",
        pace="The pace of new tables: live, or turn-based with a clock (the host may change it)",
    )
    @app_commands.choices(language=language_choices(), pace=PACE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        idle_minutes: app_commands.Range[int, 1, 1440] | None = None,
        threads: bool | None = None,
        computer_pause_ms: app_commands.Range[int, 0, 10_000] | None = None,
        season_months: Literal[1, 2, 3, 4, 6, 12] | None = None,
        language: app_commands.Choice[str] | None = None,
        pace: app_commands.Choice[str] | None = None,
        four_colour: bool | None = None,
    ) -> None:
        """Show or change this server's table settings (Manage Server only)."""
        service, actor = ServerSettings(self.bot.store_adapter), actor_of(interaction)
        chosen = None if language is None else language.value
        new_pace = None if pace is None else pace.value
        try:
            # Discord's client offers only the choices; a forged value is refused before anything is saved.
            if season_months is not None and season_months not in seasons.MONTH_CHOICES:
                raise SettingsError(f"A season is {', '.join(map(str, seasons.MONTH_CHOICES))} months long.")
            if new_pace is not None and new_pace not in PACES:
                raise SettingsError(f"There is no such pace; choose one of: {', '.join(PACES)}.")
            given = (idle_minutes, threads, computer_pause_ms, season_months, chosen, new_pace, four_colour)
            nothing = given == (None,) * len(given)
            if nothing:
                row = await service.show(actor)
                said = "This server's settings"
            else:
                row = await service.change(
                    actor,
                    idle_minutes=idle_minutes,
                    use_threads=threads,
                    computer_pause_ms=computer_pause_ms,
                    language=chosen,
                    four_colour=four_colour,
                )
                if season_months is not None:
                    async with self.bot.database.sessions() as session:
                        await seasons.set_months(session, actor.guild_id, season_months)
                if new_pace is not None:  # the server's default pace (issue 45)
                    await self.bot.turns.store.set_guild_pace(actor.guild_id, new_pace)
                said = "Saved. This server's settings"
        except SettingsError as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return
        async with self.bot.database.sessions() as session:
            months = await seasons.months_of(session, actor.guild_id)
        default_pace = pace_named(await self.bot.turns.store.guild_pace(actor.guild_id)).label
        # The sentence moves into the catalog with the others (issue 47, a later session).
        await interaction.response.send_message(
            f"{said}: idle reminder after **{row.idle_minutes} min** (the computer plays after "
            f"{2 * row.idle_minutes} min); tables in threads: **{'yes' if row.use_threads else 'no'}**; "
            f"computer pause: **{row.computer_pause_ms} ms**; seasons of **{months} month{'' if months == 1 else 's'}**"
            f"; language: **{NATIVE_NAMES.get(row.language or '', 'as the server (Discord)')}**"
            f"; pace of new tables: **{default_pace}**"
            f"; cards in four colours (for new tables): **{'yes' if row.four_colour else 'no'}**.",
            ephemeral=True,
        )


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Settings(bot))
