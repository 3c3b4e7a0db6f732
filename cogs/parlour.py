"""``/parlour about``: what the bot is and which games it plays."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import bot as bot_package
from bot.i18n import _, n_, number
from bot.i18n.choose import reader_language
from bot.i18n.commands import shown_name
from bot.i18n.formats import join
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
        language = reader_language(interaction)
        play = self.bot.tree.get_command("play")
        embed = about_embed(language, shown_name(play, language) if isinstance(play, app_commands.Command) else "play")
        await interaction.response.send_message(embed=embed, ephemeral=True)


def about_embed(language: str, play: str = "play") -> discord.Embed:
    """The /parlour about answer in ``language`` (``play``: the /play command's name in it)."""
    games = "\n".join(
        _(
            language,
            "• **{game}** ({players}): {summary}",
            game=g.name,
            players=players(language, g.allowed_counts),
            summary=_(language, g.summary),
        )
        for g in registry.all_games()
    )
    intro = _(language, "Card games for your server. Start a table with {play}.", play="`/" + play + "`")
    return discord.Embed(
        title=f"Parlour {bot_package.__version__}",
        description=intro + "\n\n" + (games or _(language, "No games yet.")),
        colour=discord.Colour.dark_green(),
    )


def players(language: str, counts: tuple[int, ...]) -> str:
    """``2 players``, ``2–4 players``, ``2 or 4 players`` in ``language`` (a game's allowed counts)."""
    low, high = counts[0], counts[-1]
    if low == high:
        return n_(language, "{count} player", "{count} players", low)
    if counts != tuple(range(low, high + 1)):
        return n_(
            language,
            "{low} or {high} player",
            "{low} or {high} players",
            high,
            low=join(language, [number(language, n) for n in counts[:-1]]),
            high=number(language, high),
        )
    # The noun agrees with the higher number (Russian 2–4 игрока, 2–5 игроков).
    return n_(
        language,
        "{low}–{high} player",
        "{low}–{high} players",
        high,
        low=number(language, low),
        high=number(language, high),
    )


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Parlour(bot))
