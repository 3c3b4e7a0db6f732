"""One command group per game, generated from the game declarations: ``/gin-rummy play``,
``/gin-rummy rules``, ``/gin-rummy leaderboard``. ``/play game:`` stays for people who do not
know the names. A new game gets its group without a line written here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_
from bot.i18n.commands import command_text
from cogs.rules import show_rules
from cogs.standings import show_leaderboard
from cogs.tables import open_table
from engine import registry
from engine.core import Game

if TYPE_CHECKING:
    from bot.client import ParlourBot


def command_name(game: Game) -> str:
    """A game's command name: its key in Discord's spelling (``gin_rummy`` -> ``gin-rummy``)."""
    return game.key.replace("_", "-").lower()[:32]


def game_group(bot: ParlourBot, game: Game) -> app_commands.Group:
    """The command group of one game."""
    group = app_commands.Group(
        name=command_name(game),
        description=command_text(
            "{game}: {summary}", translated=["summary"], game=game.name, summary=game.summary or N_("a card game")
        ),
        guild_only=True,
    )

    async def play(interaction: discord.Interaction) -> None:
        await open_table(bot, interaction, game.key)

    async def rules(interaction: discord.Interaction) -> None:
        await show_rules(interaction, game.key)

    async def leaderboard(
        interaction: discord.Interaction,
        by: Literal["rating", "points", "wins"] = "rating",
        period: Literal["all", "month", "week"] = "all",
    ) -> None:
        await show_leaderboard(bot, interaction, game.key, by, period, 0, edit=False)

    group.add_command(
        app_commands.Command(
            name="play", description=command_text("Open a {game} table here.", game=game.name), callback=play
        )
    )
    group.add_command(
        app_commands.Command(
            name="rules", description=command_text("How {game} is played.", game=game.name), callback=rules
        )
    )
    board: app_commands.Command[Any, ..., None] = app_commands.Command(
        name="leaderboard",
        description=command_text("This server's best {game} players.", game=game.name),
        callback=leaderboard,
    )
    group.add_command(board)
    return group


class Games(commands.Cog):
    """A command group for every registered game."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        self.groups = [game_group(bot, game) for game in registry.all_games()]

    async def cog_load(self) -> None:
        for group in self.groups:
            self.bot.tree.add_command(group, override=True)

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Games(bot))
