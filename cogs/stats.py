"""``/stats``: a player's figures per game in this server, from saved results (leaderboards: cogs.standings)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.mentions import plain
from cogs.words import count
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
                f"{plain(who.display_name)} has not finished a game here yet.", ephemeral=True
            )
            return
        embed = discord.Embed(title=f"{plain(who.display_name)}'s games")
        for row in rows:
            embed.add_field(
                name=registry.get(row.game_key).name,
                value=f"{count(row.games, 'game')}, {count(row.wins, 'win')}\n"
                f"{count(row.points, 'point')}, best {row.best:,}",
            )
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Stats(bot))
