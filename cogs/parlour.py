"""``/parlour about``: what the bot is and which games it plays."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import bot as bot_package
from engine import registry

if TYPE_CHECKING:
    from bot.client import ParlourBot


class Parlour(commands.GroupCog, group_name="parlour"):
    """About Parlour."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="about")
    async def about(self, interaction: discord.Interaction) -> None:
        """What Parlour is, which games it plays, and its version."""
        games = "\n".join(f"• **{g.name}** ({g.players_text}): {g.summary}" for g in registry.all_games())
        embed = discord.Embed(
            title=f"Parlour {bot_package.__version__}",
            description="Card games for your server. Start a table with `/play`.\n\n" + (games or "No games yet."),
            colour=discord.Colour.dark_green(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Parlour(bot))
