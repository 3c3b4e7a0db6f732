"""What a table looks like in Discord: the lobby and the table message, built from views.

Pure builders of message parts (content, embed, files, components) from a
:class:`~bot.table.Table`, its views and pictures already drawn: no I/O, so they are tested
without Discord. Delivery (:mod:`cogs.presenter`) draws the pictures and sends the parts. Every
component carries a persistent custom_id (its grammar in :mod:`cogs.custom_ids`) with the table
and the state version, so it keeps working after a restart.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.i18n import ENGLISH
from bot.models import TableStatus
from bot.tables import Table, seat_key
from bot.turns import clock_lines
from cogs.custom_ids import action_id, level_id, partner_id
from cogs.mentions import only, plain, plain_all
from cogs.message_parts import Controls, MessageParts
from cogs.options_form import option_lines
from cogs.options_form import options_form as _options_form
from cogs.pace_ui import add_pace_controls
from cogs.picture_file import picture_file
from cogs.table_pictures import Picture
from cogs.words import game_over, prizes_line, said
from engine.core import View

#: What the lobby's level menu offers: (level, label, description), weakest first.
COMPUTER_LEVELS = (
    ("easy", "Easy computer", "Plays sensible moves but slips: for learning the game"),
    ("normal", "Normal computer", "The everyday opponent (the Add computer button's)"),
    ("strong", "Strong computer", "The best player Parlour has for this game"),
)


# -- components ---------------------------------------------------------------
def _button(
    action: str, table_id: int, label: str, style: discord.ButtonStyle, row: int
) -> discord.ui.Button[Controls]:
    """A lobby or table button (:data:`cogs.custom_ids.ACTION_TEMPLATE`)."""
    return discord.ui.Button(label=label[:80] or "-", style=style, custom_id=action_id(action, table_id), row=row)


def _level_menu(table_id: int) -> discord.ui.Select[Controls]:
    """The lobby's menu to seat a computer of a chosen level (the value is the level's name)."""
    return discord.ui.Select(
        custom_id=level_id(table_id),
        placeholder="Add a computer at a level: easy, normal or strong",
        options=[
            discord.SelectOption(label=label, value=level, description=about) for level, label, about in COMPUTER_LEVELS
        ],
    )


# -- the lobby ----------------------------------------------------------------
def lobby_parts(table: Table, note: str = "", levels: Mapping[int, int] | None = None) -> MessageParts:
    """The lobby: seats (people with their level in this game), options, teams, and its buttons."""
    game, levels = table.game, levels or {}
    seats = "\n".join(
        f"{i + 1}. {'🤖 ' + plain(s.shown) if s.computer else f'<@{s.user_id}>'}"
        + (f" · level {levels[s.user_id]}" if not s.computer and s.user_id is not None and s.user_id in levels else "")
        + (" (host)" if s.user_id == table.host_id else "")
        for i, s in enumerate(table.seats)
    )
    embed = discord.Embed(
        title=f"{game.name}: table #{table.id}",
        description=f"{game.summary}\n\nSeats ({len(table.seats)}/{game.max_players}; {game.players_text} "
        f"play):\n{seats}",
        colour=discord.Colour.dark_green(),
    )
    if table.options and game.options:
        embed.add_field(name="Options", value=option_lines(game, table.options)[:1024])
    embed.set_footer(
        text=plain(note) if note else "Join, add computers (normal, or pick a level below), and the host presses Start."
    )
    view = Controls()
    view.add_item(_button("join", table.id, "Join", discord.ButtonStyle.primary, 0))
    view.add_item(_button("leave", table.id, "Leave", discord.ButtonStyle.secondary, 0))
    view.add_item(_button("add_computer", table.id, "Add computer", discord.ButtonStyle.secondary, 0))
    view.add_item(_button("remove_computer", table.id, "Remove computer", discord.ButtonStyle.secondary, 0))
    if game.options:  # a game without options offers no form
        view.add_item(_button("options", table.id, "Options", discord.ButtonStyle.secondary, 1))
    view.add_item(_button("start", table.id, "Start", discord.ButtonStyle.success, 1))
    view.add_item(_button("cancel", table.id, "Cancel", discord.ButtonStyle.danger, 1))
    view.add_item(_level_menu(table.id))
    if game.teams:
        _lobby_teams(table, embed, view)
    add_pace_controls(table, embed, view)  # the table's pace (issue 45)
    return MessageParts(embed=embed, view=view, mentions=discord.AllowedMentions.none())


def _who_sits(table: Table, seat: int) -> str:
    s = table.seats[seat]
    return "🤖 " + plain(s.shown) if s.computer else f"<@{s.user_id}>"


def _lobby_teams(table: Table, embed: discord.Embed, view: Controls) -> None:
    """Who partners whom in a team game, and the host's menu to choose their partner."""
    game, count = table.game, len(table.seats)
    teams = game.teams.get(count)
    if not teams:
        sizes = " or ".join(str(n) for n in sorted(game.teams))
        embed.add_field(name="Teams", value=f"With {sizes} players, partners play as a team: the host chooses.")
        return
    lines = [f"Team {chr(65 + i)}: " + " & ".join(_who_sits(table, s) for s in team) for i, team in enumerate(teams)]
    embed.add_field(name="Teams", value="\n".join(lines), inline=False)
    host = table.seat_of(table.host_id)
    options = [
        discord.SelectOption(label=seat.shown[:100], value=seat_key(seat))
        for i, seat in enumerate(table.seats)
        if i != host
    ]
    menu: discord.ui.Select[Controls] = discord.ui.Select(
        custom_id=partner_id(table.id),
        placeholder="Host: choose your partner",
        options=options or [discord.SelectOption(label="-")],
    )
    view.add_item(menu)


def closed_lobby_parts(table: Table, reason: str) -> MessageParts:
    embed = discord.Embed(title=f"{table.game.name}: table #{table.id}", description=plain(reason))
    return MessageParts(embed=embed, view=Controls(), mentions=discord.AllowedMentions.none())


# -- the table message --------------------------------------------------------
def _who(table: Table, seat: int) -> str:
    s = table.seats[seat]
    return plain(s.shown) if s.computer else f"<@{s.user_id}>"


#: How many of the latest public events the table message repeats (a computer may move right after you).
RECENT_EVENTS = 3


def table_text(table: Table, note: str | None = None, view: View | None = None, language: str = ENGLISH) -> str:
    """The words of the table message: what just happened and whose turn it is (in the spectator's
    ``view`` of the moment its picture shows; by default, now). The game's own sentences are in
    ``language`` (the table's)."""
    lines = [f"**{table.game.name}** · table #{table.id}"]
    view, names = view or table.view(None), plain_all(table.names)
    outcome = view.outcome
    closed = outcome is None and table.status != TableStatus.PLAYING
    if note and not closed:
        lines.append(plain(note))
    recent = [said(language, event, names) for event in view.events[-RECENT_EVENTS:]]
    recap = said(language, view.recap, names)
    if recap and recap not in recent:
        lines.append(recap)  # the last hand's end, in sight after the next deal pushed its lines out
    lines += recent
    if outcome is not None:
        lines.append(game_over(outcome, names, table.game.points_name, language))
        if table.prizes:
            lines.append(prizes_line(table.prizes, names))
    elif closed:  # why it ended (who ended it, or the idle rule) is its last line
        lines.append(plain(note) if note else "This table is closed.")
    elif view.waiting_on:
        waiting = ", ".join(_who(table, s) for s in view.waiting_on)
        decided = ", ".join(plain(table.seats[s].name) for s in view.decided)
        lines.append(f"Waiting on: {waiting}" + (f" (already chosen: {decided})" if decided else ""))
    lines += clock_lines(table)  # a turn-based table's clocks (issue 45)
    return "\n".join(lines)[:2000]


def table_parts(
    table: Table, picture: Picture, results: Picture | None = None, note: str | None = None, language: str = ENGLISH
) -> MessageParts:
    """The public table message: the picture everyone sees, and Show my hand (or Rematch, until one is open).

    Its words and buttons tell the moment its picture shows (``version`` of the parts); ``results``
    is the results picture of a finished game."""
    spectator = picture.view
    files = [picture_file(picture.png, "table.png")]
    view = Controls()
    if spectator.outcome is not None:
        if results is not None:
            files.insert(0, picture_file(results.png, "results.png"))
        if table.rematch_id is None:  # one rematch per table: once opened, its lobby is the way on
            view.add_item(_button("rematch", table.id, "Rematch", discord.ButtonStyle.success, 0))
    elif table.status == TableStatus.PLAYING:
        view.add_item(_button("hand", table.id, "Show my hand", discord.ButtonStyle.primary, 0))
    waiting = spectator.waiting_on if table.status == TableStatus.PLAYING else ()
    people = [table.seats[s].user_id for s in waiting if not table.seats[s].computer]
    return MessageParts(
        content=table_text(table, note, spectator, language),
        files=files,
        view=view,
        mentions=only(people),
        version=picture.version,
    )


def options_form(table: Table, language: str = ENGLISH) -> discord.ui.Modal:
    """The host's options form for this table in the host's language (:func:`cogs.options_form.options_form`)."""
    return _options_form(table.game, table.id, table.options, language)
