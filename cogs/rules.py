"""``/rules game:<name>``: how a game is played, with its reference picture where it has one, in the
asker's language (each paragraph of a game's rules is its own catalog text)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import _, drawn_in
from bot.i18n.choose import reader_language
from cogs.parlour import players
from cogs.picture_file import picture_file
from cogs.tables import game_choices
from engine import registry
from engine.core import Game
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


#: Discord's limits on an embed's description, title, field name and field value.
MAX_DESCRIPTION = 4096
MAX_TITLE = 256
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024


def rules_embed(game: Game, language: str) -> discord.Embed:
    """A game's rules page in ``language``: each paragraph of its rules, its player counts and its options."""
    paragraphs = [p for p in (game.rules or game.summary).split("\n\n") if p]
    embed = discord.Embed(
        title=f"{game.name} ({players(language, game.allowed_counts)})"[:MAX_TITLE],
        description="\n\n".join(_(language, p) for p in paragraphs)[:MAX_DESCRIPTION],
        colour=discord.Colour.dark_green(),
    )
    for option in game.options:
        allowed = "/".join(map(str, option.choices)) if option.choices else f"{option.minimum}–{option.maximum}"
        value = _(language, "{allowed}, default **{default}**", allowed=allowed, default=option.default)
        embed.add_field(name=_(language, option.description)[:MAX_FIELD_NAME], value=value[:MAX_FIELD_VALUE])
    return embed


async def show_rules(interaction: discord.Interaction, game_key: str) -> None:
    """How a game is played, with its reference picture where it has one (only the asker sees it,
    in their own language)."""
    chosen = registry.get(game_key)
    language = reader_language(interaction)
    embed = rules_embed(chosen, language)
    files = []
    picture = getattr(pictures_for(chosen.key), "rules_picture", None)
    if picture is not None:
        files.append(picture_file(await asyncio.to_thread(drawn_in, language, picture), "rules.png"))
        embed.set_image(url="attachment://rules.png")
    await interaction.response.send_message(embed=embed, files=files, ephemeral=True)


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Rules(bot))
