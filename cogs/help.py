"""``/help``: every command with one line about it, read from the command tree itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import ENGLISH, _
from bot.i18n.choose import reader_language
from bot.i18n.commands import shown_description, shown_name

if TYPE_CHECKING:
    from bot.client import ParlourBot


def command_lines(tree: app_commands.CommandTree, language: str = ENGLISH) -> list[str]:
    """One line per command: ``/name``, or ``/group sub1 · sub2`` for a group, and its description.

    Names and descriptions are those Discord shows a reader of ``language`` (the catalog's)."""
    lines = []
    for command in sorted(tree.get_commands(), key=lambda c: c.name):
        if isinstance(command, app_commands.Group):
            subs = " · ".join(shown_name(c, language) for c in command.commands)
            lines.append(f"`/{shown_name(command, language)}` {subs}: {shown_description(command, language)}")
        elif isinstance(command, app_commands.Command):
            lines.append(f"`/{shown_name(command, language)}`: {shown_description(command, language)}")
    return lines


def help_embed(tree: app_commands.CommandTree, language: str) -> discord.Embed:
    """The /help answer in ``language``."""
    embed = discord.Embed(
        title=_(language, "Parlour commands"),
        description="\n".join(command_lines(tree, language))[:4000],
        colour=discord.Colour.dark_green(),
    )
    play = tree.get_command("play")
    embed.set_footer(
        text=_(
            language,
            "Start with {play}, or a game's own command. Press Show my hand to play.",
            play="/" + (shown_name(play, language) if isinstance(play, app_commands.Command) else "play"),
        )
    )
    return embed


class Help(commands.Cog):
    """The list of commands."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """Every Parlour command, with one line each."""
        embed = help_embed(self.bot.tree, reader_language(interaction))
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Help(bot))
