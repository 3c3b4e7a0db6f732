"""``/stats``: a player's figures per game in this server, from saved results (leaderboards: cogs.standings).

The figures are a public message, in the server's language; "no game yet" is private, in the asker's."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import _, n_, number
from bot.i18n.choose import public_language, reader_language
from cogs.mentions import plain
from engine import registry

if TYPE_CHECKING:
    from bot.client import ParlourBot


class Stats(commands.Cog):
    """Personal statistics."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    @app_commands.command(name="stats")
    @app_commands.guild_only()
    @app_commands.describe(user="Whose statistics (you, if empty)")
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        """Games, wins, total points and best score, per game, in this server."""
        assert interaction.guild is not None
        who = user or interaction.user
        rows = await self.bot.store.stats(interaction.guild.id, who.id)
        if not rows:
            await interaction.response.send_message(
                _(
                    reader_language(interaction),
                    "{name} has not finished a game here yet.",
                    name=plain(who.display_name),
                ),
                ephemeral=True,
            )
            return
        language = await public_language(self.bot.store_adapter, interaction)
        embed = discord.Embed(title=_(language, "{name}'s games", name=plain(who.display_name)))
        for row in rows:
            embed.add_field(
                name=registry.get(row.game_key).name, value=figures(language, row.games, row.wins, row.points, row.best)
            )
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


def figures(language: str, games: int, wins: int, points: int, best: int) -> str:
    """``2 games, 1 win`` and ``30 points, best 20``: one game's figures in ``language``."""
    return _(
        language,
        "{games}, {wins}\n{points}, best {best}",
        games=n_(language, "{count} game", "{count} games", games),
        wins=n_(language, "{count} win", "{count} wins", wins),
        points=n_(language, "{count} point", "{count} points", points),
        best=number(language, best),
    )


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Stats(bot))
