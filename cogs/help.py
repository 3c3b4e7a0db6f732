"""``/help``: every command with one line about it, read from the command tree itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import ParlourBot


def command_lines(tree: app_commands.CommandTree) -> list[str]:
    """One line per command: ``/name``, or ``/group sub1 · sub2`` for a group, and its description."""
    lines = []
    for command in sorted(tree.get_commands(), key=lambda c: c.name):
        if isinstance(command, app_commands.Group):
            subs = " · ".join(c.name for c in command.commands)
            lines.append(f"`/{command.name}` {subs}: {command.description}")
        elif isinstance(command, app_commands.Command):
            lines.append(f"`/{command.name}`: {command.description}")
    return lines


class Help(commands.Cog):
    """The list of commands."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """Every Parlour command, with one line each."""
        embed = discord.Embed(
            title="Parlour commands",
            description="\n".join(command_lines(self.bot.tree))[:4000],
            colour=discord.Colour.dark_green(),
        )
        embed.set_footer(text="Start with /play, or a game's own command. Press Show my hand to play.")
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Help(bot))
