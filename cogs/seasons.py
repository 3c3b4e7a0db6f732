"""``/season``: this season's board of a game, and the hall of fame of past seasons.

Thin: bot/seasons.py works out the seasons from dates and writes each end once; this cog shows the
boards and, from a background task, announces each ended season with its podium in the channel
where the game was last played (then marks it announced). The length is set with ``/settings``.

Boards, the hall of fame and announcements are public, in the server's language; refusals are in
the asker's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import seasons
from bot.i18n import ENGLISH, _, drawn_in, n_, number
from bot.i18n.choose import public_language, reader_language, server_language
from bot.i18n.told import long_day, signed
from bot.season_models import SeasonEnd
from cogs.picture_file import picture_file
from engine import registry
from render.season import SeasonLine, SeasonView, season_picture

if TYPE_CHECKING:
    from bot.client import ParlourBot

log = logging.getLogger(__name__)

MEDAL_WORDS = {1: "🥇", 2: "🥈", 3: "🥉"}


def game_name(key: str) -> str:
    try:
        return registry.get(key).name
    except KeyError:
        return key.replace("_", " ").title()


def season_view(
    game_key: str, season: seasons.Season, rows: list[seasons.SeasonRow], by: str, language: str = ENGLISH
) -> SeasonView:
    """A season's board as its picture shows it, every word in ``language``."""
    ends = long_day(language, season.end)
    if by == "rating":
        status = _(language, "Ranked by rating gained this season · ends {day} (UTC)", day=ends)
    else:
        status = _(language, "Ranked by points scored this season · ends {day} (UTC)", day=ends)
    lines = tuple(
        SeasonLine(
            r.rank,
            r.name,
            signed(language, r.gain)
            if by == "rating"
            else _(language, "{points} pts", points=number(language, r.points)),
            " · ".join(
                (
                    n_(language, "{count} game", "{count} games", r.games),
                    n_(language, "{count} win", "{count} wins", r.wins),
                )
            ),
        )
        for r in rows
    )
    title = _(
        language, "{game} · season {season}", game=game_name(game_key), season=seasons.season_name(language, season)
    )
    return SeasonView(title, status, lines)


def podium_text(end: SeasonEnd, language: str = ENGLISH) -> str:
    """The podium in one line: "🥇 Ann (+120) · 🥈 Bob (+80) · 🥉 Cy (+10)"."""
    return " · ".join(
        f"{MEDAL_WORDS.get(p['place'], p['place'])} {p['name']} ({signed(language, p['gain'])})" for p in end.podium
    )


class Seasons(commands.Cog):
    """Seasons of each game: a board that starts afresh, podiums, a hall of fame."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        self.keeper = seasons.SeasonKeeper(bot.database.sessions, serves=bot.settings.serves)
        self._ticker: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._ticker = asyncio.create_task(self._tick())

    async def cog_unload(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker

    group = app_commands.Group(name="season", description="This season's boards and past seasons.", guild_only=True)

    @group.command(name="board")
    @app_commands.describe(game="The game", by="Rank by rating gained (default) or points scored this season")
    @app_commands.choices(game=[app_commands.Choice(name=g.name, value=g.key) for g in registry.all_games()][:25])
    async def board(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        by: Literal["rating", "points"] = "rating",
    ) -> None:
        """This season's board of a game: who gained the most since the season began."""
        assert interaction.guild is not None
        if by not in ("rating", "points"):  # discord.py passes a forged Literal value through
            refusal = _(reader_language(interaction), "Rank the board by rating or by points.")
            await interaction.response.send_message(refusal, ephemeral=True)
            return
        async with self.bot.database.sessions() as session:
            months = await seasons.months_of(session, interaction.guild.id)
            season = seasons.season_of(self.keeper.clock(), months)
            rows = await seasons.season_board(session, interaction.guild.id, game.value, season, by)
        language = await public_language(self.bot.store_adapter, interaction)
        view = season_view(game.value, season, rows, by, language)
        png = await asyncio.to_thread(drawn_in, language, season_picture, view)
        await interaction.response.send_message(
            file=picture_file(png, "season.png"), allowed_mentions=discord.AllowedMentions.none()
        )

    @group.command(name="hall-of-fame")
    @app_commands.describe(game="One game (default: every game)")
    @app_commands.choices(game=[app_commands.Choice(name=g.name, value=g.key) for g in registry.all_games()][:25])
    async def hall_of_fame(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
    ) -> None:
        """The podiums of past seasons, newest first."""
        assert interaction.guild is not None
        async with self.bot.database.sessions() as session:
            ends = await seasons.hall_of_fame(session, interaction.guild.id, game.value if game else None)
        if not ends:
            nothing = _(reader_language(interaction), "No season has ended here yet.")
            await interaction.response.send_message(nothing, ephemeral=True)
            return
        language = await public_language(self.bot.store_adapter, interaction)
        lines = [_(language, "**Hall of fame**")]
        lines += [
            f"{seasons.season_name(language, end)} · {game_name(end.game_key)}: {podium_text(end, language)}"
            for end in ends[:30]
            if end.podium
        ]
        await interaction.response.send_message(
            "\n".join(lines)[:2000], allowed_mentions=discord.AllowedMentions.none()
        )

    # -- season ends -----------------------------------------------------------------------
    async def _tick(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.announce_ended()
            except Exception:
                log.exception("Season check failed")
            await asyncio.sleep(max(60.0, self.bot.settings.tournament_check_seconds))

    async def announce_ended(self) -> None:
        """Announce every season end not yet announced (each written once), then mark it."""
        for end in await self.keeper.close_ended():
            channel_id = await self.keeper.channel_for(end.guild_id, end.game_key)
            channel = self.bot.get_channel(channel_id) if channel_id is not None else None
            if isinstance(channel, discord.abc.Messageable) and end.podium:
                language = await self.language_of(end.guild_id)
                said = _(
                    language,
                    "The {game} season {season} is over. Podium: {podium}.",
                    game=game_name(end.game_key),
                    season=seasons.season_name(language, end),
                    podium=podium_text(end, language),
                )
                try:
                    await channel.send(said, allowed_mentions=discord.AllowedMentions.none())
                except discord.HTTPException as error:
                    log.info("Could not announce season %s: %s", end.id, error)
            await self.keeper.announced(end)

    async def language_of(self, guild_id: int) -> str:
        """A server's language for its announcements: its ``/settings language``, else its Discord language."""
        saved = (await self.bot.store_adapter.guild_settings(guild_id)).language
        guild = self.bot.get_guild(guild_id)
        return server_language(saved, guild.preferred_locale if guild is not None else None)


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Seasons(bot))
