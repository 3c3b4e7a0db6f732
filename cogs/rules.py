"""``/rules game:<name>``: how a game is played, with its reference picture where it has one."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.picture_file import picture_file
from cogs.tables import game_choices
from engine import registry
from render import pictures_for

if TYPE_CHECKING:
    from bot.client import ParlourBot


class Rules(commands.Cog):
    """Rules help for every game."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules")
    @app_commands.describe(game="The game")
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        """How a game is played (only you see the answer)."""
        await show_rules(interaction, game.value)


async def show_rules(interaction: discord.Interaction, game_key: str) -> None:
    """How a game is played, with its reference picture where it has one (only the asker sees it)."""
    chosen = registry.get(game_key)
    players = chosen.players_text
    embed = discord.Embed(
        title=f"{chosen.name} ({players})",
        description=(chosen.rules or chosen.summary)[:4000],
        colour=discord.Colour.dark_green(),
    )
    for option in chosen.options:
        allowed = "/".join(map(str, option.choices)) if option.choices else f"{option.minimum}–{option.maximum}"
        embed.add_field(name=option.description, value=f"{allowed}, default **{option.default}**")
    files = []
    picture = getattr(pictures_for(chosen.key), "rules_picture", None)
    if picture is not None:
        files.append(picture_file(await asyncio.to_thread(picture), "rules.png"))
        embed.set_image(url="attachment://rules.png")
    await interaction.response.send_message(embed=embed, files=files, ephemeral=True)


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Rules(bot))
