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

from bot.i18n import ENGLISH, N_, _
from bot.i18n.told import listed, told
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
    ("easy", N_("Easy computer"), N_("Plays sensible moves but slips: for learning the game")),
    ("normal", N_("Normal computer"), N_("The everyday opponent (the Add computer button's)")),
    ("strong", N_("Strong computer"), N_("The best player Parlour has for this game")),
)


# -- components ---------------------------------------------------------------
def _button(
    action: str, table_id: int, label: str, style: discord.ButtonStyle, row: int
) -> discord.ui.Button[Controls]:
    """A lobby or table button (:data:`cogs.custom_ids.ACTION_TEMPLATE`)."""
    return discord.ui.Button(label=label[:80] or "-", style=style, custom_id=action_id(action, table_id), row=row)


def _level_menu(table_id: int, language: str = ENGLISH) -> discord.ui.Select[Controls]:
    """The lobby's menu to seat a computer of a chosen level (the value is the level's name)."""
    return discord.ui.Select(
        custom_id=level_id(table_id),
        placeholder=_(language, "Add a computer at a level: easy, normal or strong")[:150],
        options=[
            discord.SelectOption(label=_(language, label)[:100], value=level, description=_(language, about)[:100])
            for level, label, about in COMPUTER_LEVELS
        ],
    )


# -- the lobby ----------------------------------------------------------------
def lobby_parts(
    table: Table, note: str = "", levels: Mapping[int, int] | None = None, language: str = ENGLISH
) -> MessageParts:
    """The lobby: seats (people with their level in this game), options, teams, and its buttons, in
    the server's ``language`` (``note`` is said in it already)."""
    game, levels = table.game, levels or {}
    seats = "\n".join(
        f"{i + 1}. {_who_sits(table, i, language)}"
        + (
            _(language, " · level {level}", level=levels[s.user_id])
            if not s.computer and s.user_id is not None and s.user_id in levels
            else ""
        )
        + (_(language, " (host)") if s.user_id == table.host_id else "")
        for i, s in enumerate(table.seats)
    )
    heading = _(
        language,
        "Seats ({seated}/{most}; {players} play):",
        seated=len(table.seats),
        most=game.max_players,
        players=told(language, game.players_text),
    )
    embed = discord.Embed(
        title=_(language, "{game}: table #{table}", game=game.name, table=table.id),
        description=f"{told(language, game.summary)}\n\n{heading}\n{seats}",
        colour=discord.Colour.dark_green(),
    )
    if table.options and game.options:
        embed.add_field(name=_(language, "Options"), value=option_lines(game, table.options, language)[:1024])
    embed.set_footer(
        text=plain(note)
        if note
        else _(language, "Join, add computers (normal, or pick a level below), and the host presses Start.")
    )
    view = Controls()
    view.add_item(_button("join", table.id, _(language, "Join"), discord.ButtonStyle.primary, 0))
    view.add_item(_button("leave", table.id, _(language, "Leave"), discord.ButtonStyle.secondary, 0))
    view.add_item(_button("add_computer", table.id, _(language, "Add computer"), discord.ButtonStyle.secondary, 0))
    view.add_item(
        _button("remove_computer", table.id, _(language, "Remove computer"), discord.ButtonStyle.secondary, 0)
    )
    if game.options:  # a game without options offers no form
        view.add_item(_button("options", table.id, _(language, "Options"), discord.ButtonStyle.secondary, 1))
    view.add_item(_button("start", table.id, _(language, "Start"), discord.ButtonStyle.success, 1))
    view.add_item(_button("cancel", table.id, _(language, "Cancel"), discord.ButtonStyle.danger, 1))
    view.add_item(_level_menu(table.id, language))
    if game.teams:
        _lobby_teams(table, embed, view, language)
    add_pace_controls(table, embed, view, language)  # the table's pace (issue 45)
    return MessageParts(embed=embed, view=view, mentions=discord.AllowedMentions.none())


def _who_sits(table: Table, seat: int, language: str = ENGLISH) -> str:
    s = table.seats[seat]
    return "🤖 " + plain(s.shown_in(language)) if s.computer else f"<@{s.user_id}>"


def _lobby_teams(table: Table, embed: discord.Embed, view: Controls, language: str = ENGLISH) -> None:
    """Who partners whom in a team game, and the host's menu to choose their partner."""
    game, count = table.game, len(table.seats)
    teams = game.teams.get(count)
    if not teams:
        sizes = listed(language, [str(n) for n in sorted(game.teams)], "or")
        value = _(language, "With {sizes} players, partners play as a team: the host chooses.", sizes=sizes)
        embed.add_field(name=_(language, "Teams"), value=value)
        return
    lines = [
        _(language, "Team {team}:", team=chr(65 + i)) + " " + " & ".join(_who_sits(table, s, language) for s in team)
        for i, team in enumerate(teams)
    ]
    embed.add_field(name=_(language, "Teams"), value="\n".join(lines), inline=False)
    host = table.seat_of(table.host_id)
    options = [
        discord.SelectOption(label=seat.shown_in(language)[:100], value=seat_key(seat))
        for i, seat in enumerate(table.seats)
        if i != host
    ]
    menu: discord.ui.Select[Controls] = discord.ui.Select(
        custom_id=partner_id(table.id),
        placeholder=_(language, "Host: choose your partner")[:150],
        options=options or [discord.SelectOption(label="-")],
    )
    view.add_item(menu)


def closed_lobby_parts(table: Table, reason: str, language: str = ENGLISH) -> MessageParts:
    """A lobby that closed, and why (``reason``: a Text or a catalog text, said in the server's ``language``)."""
    title = _(language, "{game}: table #{table}", game=table.game.name, table=table.id)
    embed = discord.Embed(title=title, description=plain(told(language, reason)))
    return MessageParts(embed=embed, view=Controls(), mentions=discord.AllowedMentions.none())


# -- the table message --------------------------------------------------------
def _who(table: Table, seat: int, language: str = ENGLISH) -> str:
    s = table.seats[seat]
    return plain(s.shown_in(language)) if s.computer else f"<@{s.user_id}>"


#: How many of the latest public events the table message repeats (a computer may move right after you).
RECENT_EVENTS = 3


def table_text(table: Table, note: str | None = None, view: View | None = None, language: str = ENGLISH) -> str:
    """The words of the table message: what just happened and whose turn it is (in the spectator's
    ``view`` of the moment its picture shows; by default, now), in ``language`` (the table's: the
    game's own sentences too; ``note`` comes said in it already)."""
    lines = [_(language, "**{game}** · table #{table}", game=table.game.name, table=table.id)]
    view, names = view or table.view(None), plain_all(table.names_in(language))
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
            lines.append(prizes_line(table.prizes, names, language))
    elif closed:  # why it ended (who ended it, or the idle rule) is its last line
        lines.append(plain(note) if note else _(language, "This table is closed."))
    elif view.waiting_on:
        waiting = ", ".join(_who(table, s, language) for s in view.waiting_on)
        decided = ", ".join(plain(names[s] if language != ENGLISH else table.seats[s].name) for s in view.decided)
        line = _(language, "Waiting on: {waiting}", waiting=waiting)
        if decided:
            line += _(language, " (already chosen: {decided})", decided=decided)
        lines.append(line)
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
            view.add_item(_button("rematch", table.id, _(language, "Rematch"), discord.ButtonStyle.success, 0))
    elif table.status == TableStatus.PLAYING:
        view.add_item(_button("hand", table.id, _(language, "Show my hand"), discord.ButtonStyle.primary, 0))
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
