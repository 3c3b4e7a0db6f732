"""``/help``: every command and subcommand with one whole line about it, read from the command tree.

A game's own group (``/gin-rummy play · rules · leaderboard``) is one line with the game's whole
summary (Discord cuts a command's description at 100 characters); any other group lists each
subcommand on its own line. Commands only members with Manage Server may use say so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry

if TYPE_CHECKING:
    from bot.client import ParlourBot

#: What a description says when only members with Manage Server may use the command.
MANAGE_SERVER = ("(Manage Server)", "(Manage Server only)")
#: How /help marks those commands.
NEEDS_MANAGE_SERVER = "🔒 Manage Server"
#: Discord's limit on an embed's description.
MAX_DESCRIPTION = 4096


def _line(path: str, description: str, locked: bool = False) -> str:
    for marker in MANAGE_SERVER:
        if marker in description:
            description, locked = description.replace(marker, "").replace(" .", ".").strip(), True
    return f"`/{path}`: {description}" + (f" ({NEEDS_MANAGE_SERVER})" if locked else "")


def command_lines(tree: app_commands.CommandTree) -> list[str]:
    """One line per command and per subcommand (a game's group: one line with its whole summary)."""
    games = {g.key.replace("_", "-"): g for g in registry.all_games()}
    lines = []
    for command in sorted(tree.get_commands(), key=lambda c: c.name):
        needed = getattr(command, "default_permissions", None)
        locked = needed is not None and needed.manage_guild
        if isinstance(command, app_commands.Group) and command.name in games:
            game = games[command.name]
            subs = " · ".join(c.name for c in command.commands)
            lines.append(f"`/{command.name} {subs}`: {game.name}: {game.summary}")
        elif isinstance(command, app_commands.Group):
            lines += [_line(f"{command.name} {c.name}", c.description, locked) for c in command.commands]
        elif isinstance(command, app_commands.Command):
            lines.append(_line(command.name, command.description, locked))
    return lines


class Help(commands.Cog):
    """The list of commands."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """Every Parlour command, with one line each."""
        text = "\n".join(command_lines(self.bot.tree))
        assert len(text) <= MAX_DESCRIPTION, "/help outgrew one embed: split it"
        embed = discord.Embed(title="Parlour commands", description=text, colour=discord.Colour.dark_green())
        embed.set_footer(
            text=f"{NEEDS_MANAGE_SERVER}: only members with the Manage Server permission may use it. "
            "/table end: the table's host or a moderator. Start with /play; press Show my hand to play."
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(Help(bot))
