"""``/help``: every command and subcommand with one whole line about it, read from the command tree,
in the reader's language.

A game's own group (``/gin-rummy play · rules · leaderboard``) is one line with the game's whole
summary (Discord cuts a command's description at 100 characters); any other group lists each
subcommand on its own line. Commands only members with Manage Server may use are marked 🔒.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import ENGLISH, N_, _
from bot.i18n.choose import reader_language
from bot.i18n.commands import shown_description, shown_name
from engine import registry

if TYPE_CHECKING:
    from bot.client import ParlourBot

#: What an English description says when only members with Manage Server may use the command.
MANAGE_SERVER = ("(Manage Server)", "(Manage Server only)")
#: How /help marks those commands.
LOCK = "🔒"
#: Discord's limit on an embed's description.
MAX_DESCRIPTION = 4096
#: Discord's limit on an embed field's value.
MAX_FIELD = 1024


def _locked(command: Any, group_locked: bool) -> bool:
    needed = getattr(command, "default_permissions", None)
    marked = any(marker in command.description for marker in MANAGE_SERVER)
    return group_locked or (needed is not None and needed.manage_guild) or marked


def _line(path: str, command: Any, language: str, locked: bool) -> str:
    """``/path``: the description, without its note on Manage Server (the lock says it)."""
    description = shown_description(command, language)
    permission = _(language, "Manage Server")
    for marker in MANAGE_SERVER:
        description = description.replace(marker, "")
    # The same note in the reader's language: "(Gestionar servidor)", "(nur Server verwalten)".
    note = rf"\s*[(（][^()（）]*{re.escape(permission)}[^()（）]*[)）]"  # ASCII or full-width brackets
    description = re.sub(note, "", description, flags=re.IGNORECASE)
    description = description.replace(" .", ".").strip()
    lock = f" ({LOCK} {permission})" if locked else ""
    return f"`/{path}`: {description}{lock}"


def command_lines(tree: app_commands.CommandTree, language: str = ENGLISH) -> list[str]:
    """One line per command and per subcommand (a game's group: one line with its whole summary),
    with the names and descriptions Discord shows a reader of ``language`` (the catalog's)."""
    games = {g.key.replace("_", "-"): g for g in registry.all_games()}
    lines = []
    for command in sorted(tree.get_commands(), key=lambda c: c.name):
        if not isinstance(command, app_commands.Command | app_commands.Group):
            continue  # context menus have no line
        locked = _locked(command, False)
        name = shown_name(command, language)
        if isinstance(command, app_commands.Group) and command.name in games:
            game = games[command.name]
            subs = " · ".join(shown_name(c, language) for c in command.commands)
            lines.append(f"`/{name} {subs}`: {game.name}: {_(language, game.summary)}")
        elif isinstance(command, app_commands.Group):
            lines += [
                _line(f"{name} {shown_name(sub, language)}", sub, language, _locked(sub, locked))
                for sub in command.commands
            ]
        elif isinstance(command, app_commands.Command):
            lines.append(_line(name, command, language, locked))
    return lines


#: How tables keep time (issue 45), in a few lines.
PACES_HELP = N_(
    "A table is **live** (everyone plays at once; the computer plays for someone idle too long) or "
    "**turn-based**: each move has a fixed time (1 hour, 12 hours, 1 day or 3 days) and each player a "
    "time bank that slow moves eat into (the host may also stop clocks during each player's night). "
    "The host picks it in the lobby; `/settings pace` sets the "
    "server's default. You are told when it is your turn (`/notify` for DMs and quiet hours); `/games` "
    "lists the tables waiting on you; `/away` stops your clocks while you are away. When a time runs "
    "out, the other players choose: wait longer, the computer plays that move, or a computer takes the seat."
)


def help_embed(tree: app_commands.CommandTree, language: str) -> discord.Embed:
    """The /help answer in ``language``."""
    lines, text = command_lines(tree, language), ""
    while lines and len(text) + len(lines[0]) + 1 <= MAX_DESCRIPTION:
        text += lines.pop(0) + "\n"
    embed = discord.Embed(title=_(language, "Parlour commands"), description=text, colour=discord.Colour.dark_green())
    while lines:  # a language whose lines outgrow the description goes on in fields (1,024 each)
        chunk = ""
        while lines and len(chunk) + len(lines[0]) + 1 <= MAX_FIELD:
            chunk += lines.pop(0) + "\n"
        embed.add_field(name="…", value=chunk or lines.pop(0)[:MAX_FIELD], inline=False)
    play = tree.get_command("play")
    start = _(
        language,
        "Start with {play}, or a game's own command. Press Show my hand to play.",
        play="/" + (shown_name(play, language) if isinstance(play, app_commands.Command) else "play"),
    )
    note = _(
        language,
        "🔒: only members with the Manage Server permission may use it; /table end: the table's host or a moderator.",
    )
    embed.add_field(name=_(language, "Paces"), value=_(language, PACES_HELP), inline=False)
    embed.set_footer(text=note + " " + start)
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
