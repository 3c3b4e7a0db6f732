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


#: How tables keep time (issue 45), in a few lines.
PACES_HELP = (
    "A table is **live** (everyone plays at once; the computer plays for someone idle too long) or "
    "**turn-based**: each move has a fixed time (1 hour, 12 hours, 1 day or 3 days) and each player a "
    "time bank that slow moves eat into (the host may also stop clocks during each player's night). "
    "The host picks it in the lobby; `/settings pace` sets the "
    "server's default. You are told when it is your turn (`/notify` for DMs and quiet hours); `/games` "
    "lists the tables waiting on you; `/away` stops your clocks while you are away. When a time runs "
    "out, the other players choose: wait longer, the computer plays that move, or a computer takes the seat."
)


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
        embed.add_field(name="Paces", value=PACES_HELP, inline=False)
        embed.set_footer(text="Start with /play, or a game's own command. Press Show my hand to play.")
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Help(bot))
