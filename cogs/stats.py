"""``/leaderboard`` and ``/stats``: this server's standings, from saved results."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.tables import game_choices
from cogs.words import count
from engine import registry

if TYPE_CHECKING:
    from bot.client import ParlourBot

PAGE_SIZE = 10


class Stats(commands.Cog):
    """Leaderboards and personal statistics."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard")
    @app_commands.guild_only()
    @app_commands.describe(game="The game", page="Page number")
    @app_commands.choices(game=game_choices())
    async def leaderboard(
        self, interaction: discord.Interaction, game: app_commands.Choice[str], page: app_commands.Range[int, 1] = 1
    ) -> None:
        """This server's best players of a game: wins, then total points."""
        await show_leaderboard(self.bot, interaction, game.value, page)

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
                f"{who.display_name} has not finished a game here yet.", ephemeral=True
            )
            return
        embed = discord.Embed(title=f"{who.display_name}'s games")
        for row in rows:
            embed.add_field(
                name=registry.get(row.game_key).name,
                value=f"{count(row.games, 'game')}, {count(row.wins, 'win')}\n"
                f"{count(row.points, 'point')}, best {row.best:,}",
            )
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def show_leaderboard(bot: ParlourBot, interaction: discord.Interaction, game_key: str, page: int = 1) -> None:
    """This server's best players of a game: wins, then total points."""
    assert interaction.guild is not None
    board = await bot.store.leaderboard(interaction.guild.id, game_key, page - 1, PAGE_SIZE)
    name = registry.get(game_key).name
    if not board.rows:
        text = f"No one has finished a game of {name} here yet." if board.players == 0 else "That page is empty."
        await interaction.response.send_message(text, ephemeral=True)
        return
    lines = [
        f"**{board.first_rank + i}.** <@{row.user_id}>: {count(row.wins, 'win')} in {count(row.games, 'game')}, "
        f"{count(row.points, 'point')} (best {row.best:,})"
        for i, row in enumerate(board.rows)
    ]
    embed = discord.Embed(title=f"{name} leaderboard", description="\n".join(lines)[:4000])
    embed.set_footer(text=f"Page {board.page + 1} of {board.pages} · {board.players} players")
    await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Stats(bot))
