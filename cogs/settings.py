"""``/settings``: this server's table settings, for members with Manage Server.

A top-level command, because Discord applies a command's default member permissions only
to top-level commands: members without Manage Server do not even see it. The bot checks the
permission again (in the settings service), since a server can grant the command to anyone.
The answer is private, in the language of the member who asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import seasons
from bot.i18n import _, n_
from bot.i18n.choose import AUTO, reader_language
from bot.i18n.languages import NATIVE_NAMES
from bot.i18n.told import listed, told
from bot.pace import PACES, pace_named
from bot.server_settings import ServerSettings, SettingsError
from bot.table import GuildSettings
from cogs.acting import actor_of
from engine.words import Text

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
        reader = reader_language(interaction)
        chosen = None if language is None else language.value
        new_pace = None if pace is None else pace.value
        try:
            # Discord's client offers only the choices; a forged value is refused before anything is saved.
            if season_months is not None and season_months not in seasons.MONTH_CHOICES:
                months_allowed = listed(reader, [str(m) for m in seasons.MONTH_CHOICES], "or")
                raise SettingsError(Text("A season is {months} months long.", months=months_allowed))
            if new_pace is not None and new_pace not in PACES:
                raise SettingsError(Text("There is no such pace; choose one of: {paces}.", paces=", ".join(PACES)))
            given = (idle_minutes, threads, computer_pause_ms, season_months, chosen, new_pace, four_colour)
            nothing = given == (None,) * len(given)
            if nothing:
                row = await service.show(actor)
                said = _(reader, "This server's settings")
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
                said = _(reader, "Saved. This server's settings")
        except SettingsError as error:
            await interaction.response.send_message(told(reader, error.text), ephemeral=True)
            return
        async with self.bot.database.sessions() as session:
            months = await seasons.months_of(session, actor.guild_id)
        default_pace = pace_named(await self.bot.turns.store.guild_pace(actor.guild_id)).label
        await interaction.response.send_message(settings_text(reader, said, row, months, default_pace), ephemeral=True)


def settings_text(language: str, said: str, row: GuildSettings, months: int, pace_label: str) -> str:
    """The settings in one sentence, after ``said`` ("This server's settings", in ``language``)."""

    def yes_no(value: bool) -> str:
        return _(language, "yes") if value else _(language, "no")

    return _(
        language,
        "{said}: idle reminder after **{idle} min** (the computer plays after {twice} min); tables in threads: "
        "**{threads}**; computer pause: **{pause} ms**; seasons of **{months}**; language: **{language}**; "
        "pace of new tables: **{pace}**; cards in four colours (for new tables): **{four_colour}**.",
        said=said,
        idle=row.idle_minutes,
        twice=2 * row.idle_minutes,
        threads=yes_no(row.use_threads),
        pause=row.computer_pause_ms,
        months=n_(language, "{count} month", "{count} months", months),
        language=NATIVE_NAMES.get(row.language or "", _(language, "as the server (Discord)")),
        pace=_(language, pace_label),
        four_colour=yes_no(row.four_colour),
    )


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Settings(bot))
