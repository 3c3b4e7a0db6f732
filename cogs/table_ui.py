"""What a table looks like in Discord: the lobby, the table message, a private hand.

Builders from a :class:`~bot.table.Table` to message parts (content, embed, files,
components), and the table's pictures, each drawn once per state version by the picture
workers (:func:`latest_picture`). Every component is a persistent dynamic item whose
custom_id (its grammar in cogs.clicks) carries the table and the state version, so it keeps
working after a restart.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Literal, Protocol

import discord

from bot.i18n import ENGLISH
from bot.tables import Table, seat_key
from bot.turns import clock_lines, clock_strip
from cogs import clicks, pictures
from cogs.mentions import only, plain, plain_all
from cogs.options_form import option_lines
from cogs.options_form import options_form as _options_form
from cogs.pace_ui import add_pace_controls
from cogs.picture_file import picture_file
from cogs.words import game_over, prizes_line
from engine.core import View, name_seats
from render import pictures_for as _pictures_for
from render.clocks import with_clocks
from render.results import results_picture

log = logging.getLogger(__name__)

#: Discord's limits on components.
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_BUTTON_LABEL = 80
MAX_OPTION_LABEL = 100


@dataclass
class MessageParts:
    """Everything one message needs; ``send``/``edit`` helpers spread it into discord.py calls."""

    content: str = ""
    embed: discord.Embed | None = None
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    #: Whom the message may ping (nobody unless it says: :func:`cogs.mentions.only`).
    mentions: discord.AllowedMentions = field(default_factory=discord.AllowedMentions.none)
    #: The state version these parts show (a hand's controls carry it; a table message's picture shows it).
    version: int | None = None

    def send_kwargs(self) -> dict:
        kwargs: dict = {"content": self.content or None, "files": self.files, "allowed_mentions": self.mentions}
        if self.embed is not None:
            kwargs["embed"] = self.embed
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def edit_kwargs(self) -> dict:
        return {
            "content": self.content or None,
            "embed": self.embed,
            "attachments": self.files,
            "view": self.view,
            "allowed_mentions": self.mentions,
        }


#: A game's render module, looked up once (a game without its own module would otherwise
#: search the import path again on every picture).
pictures_for = cache(_pictures_for)


# -- components ---------------------------------------------------------------
def _button(action: str, table_id: int, label: str, style: discord.ButtonStyle, row: int) -> clicks.TableAction:
    item = clicks.TableAction(action, table_id, label, style)
    item.row = row
    return item


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
    view = discord.ui.View(timeout=None)
    view.add_item(_button("join", table.id, "Join", discord.ButtonStyle.primary, 0))
    view.add_item(_button("leave", table.id, "Leave", discord.ButtonStyle.secondary, 0))
    view.add_item(_button("add_computer", table.id, "Add computer", discord.ButtonStyle.secondary, 0))
    view.add_item(_button("remove_computer", table.id, "Remove computer", discord.ButtonStyle.secondary, 0))
    if game.options:  # a game without options offers no form
        view.add_item(_button("options", table.id, "Options", discord.ButtonStyle.secondary, 1))
    view.add_item(_button("start", table.id, "Start", discord.ButtonStyle.success, 1))
    view.add_item(_button("cancel", table.id, "Cancel", discord.ButtonStyle.danger, 1))
    view.add_item(clicks.ComputerLevelSelect(table.id))
    if game.teams:
        _lobby_teams(table, embed, view)
    add_pace_controls(table, embed, view)  # the table's pace (issue 45)
    return MessageParts(embed=embed, view=view, mentions=discord.AllowedMentions.none())


def _who_sits(table: Table, seat: int) -> str:
    s = table.seats[seat]
    return "🤖 " + plain(s.shown) if s.computer else f"<@{s.user_id}>"


def _lobby_teams(table: Table, embed: discord.Embed, view: discord.ui.View) -> None:
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
    view.add_item(clicks.PartnerSelect(table.id, options))


async def lobby_with_levels(store: LevelSource, table: Table, note: str = "") -> MessageParts:
    """The lobby with each person's level in the game, read from the database."""
    people = [s.user_id for s in table.seats if not s.computer and s.user_id is not None]
    return lobby_parts(table, note, await store.levels(table.guild_id, table.game.key, people))


class LevelSource(Protocol):
    async def levels(self, guild_id: int, game_key: str, user_ids: Sequence[int]) -> dict[int, int]: ...


def closed_lobby_parts(table: Table, reason: str) -> MessageParts:
    embed = discord.Embed(title=f"{table.game.name}: table #{table.id}", description=plain(reason))
    return MessageParts(embed=embed, view=discord.ui.View(timeout=None), mentions=discord.AllowedMentions.none())


# -- pictures -----------------------------------------------------------------
@dataclass
class Picture:
    """A picture of one moment of a table: the state version and the view it shows, and its PNG."""

    version: int
    view: View
    png: bytes


@dataclass
class _Asked:
    """A picture of a table on its way, then drawn. Its moment is taken when a worker takes the drawing."""

    #: The drawing while it is on its way; let go once drawn (:meth:`drawn`).
    drawing: pictures.Drawing | None = field(init=False)
    #: The picture for those who asked while it was on its way (let go once drawn: they hold it).
    picture: asyncio.Future[Picture] | None = field(init=False)
    version: int | None = None
    #: The view of the moment it shows, while it is drawn.
    view: View | None = None
    #: The picture, once drawn.
    png: bytes | None = None

    def older_than(self, version: int) -> bool:
        return self.version is not None and self.version < version

    def drawn(self, task: asyncio.Task[bytes]) -> None:
        """Keep the PNG only. A table keeps its pictures until its next move: the finished drawing
        (its task, coroutine, queue entry and call) would be some twenty objects a picture for the
        garbage collector to walk in each full collection meanwhile, and the view is the table's
        own (:meth:`bot.table.Table.view`, which a table at rest lets go of)."""
        picture, self.picture = self.picture, None
        assert picture is not None
        if task.cancelled():
            picture.cancel()
        elif (error := task.exception()) is not None:
            picture.set_exception(error)
            picture.exception()  # raised in whoever waits; nobody left waiting is no news
        else:
            assert self.version is not None and self.view is not None
            self.png = task.result()
            picture.set_result(Picture(self.version, self.view, self.png))
            self.drawing, self.view = None, None


#: What each kind of picture shows: the hand of a seat, the table, the results.
PictureKind = Literal["hand", "table", "results"]


async def latest_picture(
    table: Table, kind: PictureKind, seat: int | None, priority: pictures.Priority = pictures.Priority.ANSWER
) -> Picture:
    """A picture of the table no older than it is now, drawn off the event loop and shared.

    The table message, a refreshed hand and Show my hand often want the same picture: askers of
    one kind of picture of one seat share a drawing until it shows an older moment than the
    table's. The moment is the one when a worker takes the drawing: a picture that waited its turn
    under load shows the moves made meanwhile (a computer's reply to the move it answers, say),
    and a moment nobody will see any more is never drawn.
    """
    key = (kind, seat, tuple(table.names))
    asked = table.pictures.get(key)
    if asked is None or asked.older_than(table.version):
        asked = table.pictures[key] = _Asked()
        asked.picture = asyncio.get_running_loop().create_future()
        asked.drawing = pictures.start_when_taken(partial(_take_moment, table, kind, seat, asked), priority)
        asked.drawing.task.add_done_callback(asked.drawn)
    elif asked.drawing is not None:
        asked.drawing.hurry(priority)
    try:
        if asked.png is not None:  # drawn, and the table is still at its moment
            assert asked.version == table.version
            return Picture(asked.version, table.view(seat), asked.png)
        assert asked.picture is not None
        return await asyncio.shield(asked.picture)
    except Exception:
        if table.pictures.get(key) is asked:  # a failed drawing is not kept: the next ask tries again
            del table.pictures[key]
        raise
    finally:
        for old in [k for k in table.pictures if k[2] != key[2]]:  # drawn with names no longer at the table
            del table.pictures[old]


def _take_moment(table: Table, kind: PictureKind, seat: int | None, asked: _Asked) -> pictures.DrawCall:
    """The picture of the table as it is now (called when a worker takes the drawing)."""
    view, names = table.view(seat), table.names
    asked.version, asked.view = table.version, view
    if kind == "results":
        assert view.outcome is not None
        return partial(
            results_picture,
            view.outcome,
            names=names,
            game_name=table.game.name,
            points_name=table.game.points_name,
            how_won=table.game.how_won,
        )
    render = pictures_for(table.game.key)
    draw = render.hand_picture if kind == "hand" else render.table_picture
    colours = {"four_colour": True} if table.four_colour else {}  # render.common.deck_pictures
    clocks = clock_strip(table) if kind == "table" else None  # a turn-based table's clocks (issue 45)
    if clocks is not None:
        return partial(with_clocks, draw, view, names=names, clocks=clocks, **colours)
    return partial(draw, view, names=names, **colours)


# -- the table message --------------------------------------------------------
def _who(table: Table, seat: int) -> str:
    s = table.seats[seat]
    return plain(s.shown) if s.computer else f"<@{s.user_id}>"


#: How many of the latest public events the table message repeats (a computer may move right after you).
RECENT_EVENTS = 3


def table_text(table: Table, note: str | None = None, view: View | None = None) -> str:
    """The words of the table message: what just happened and whose turn it is (in the spectator's
    ``view`` of the moment its picture shows; by default, now)."""
    lines = [f"**{table.game.name}** · table #{table.id}"]
    view, names = view or table.view(None), plain_all(table.names)
    outcome = view.outcome
    closed = outcome is None and table.status != "playing"
    if note and not closed:
        lines.append(plain(note))
    recent = [name_seats(event, names) for event in view.events[-RECENT_EVENTS:]]
    recap = name_seats(view.recap, names)
    if recap and recap not in recent:
        lines.append(recap)  # the last hand's end, in sight after the next deal pushed its lines out
    lines += recent
    if outcome is not None:
        lines.append(game_over(outcome, names, table.game.points_name))
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


#: Hands being drawn ahead of time (kept so that their tasks are not collected before they end).
_ahead: set[asyncio.Future[Picture]] = set()


def draw_hands_ahead(table: Table) -> None:
    """Start drawing the hands of the people the table waits on, as Show my hand would draw them.

    Show my hand is what they press next: its picture is then ready (or on its way) when the
    click comes, instead of being drawn while Discord's 3 seconds run. Not when drawings are
    queueing already: then a picture drawn ahead would delay the ones being waited for.
    """
    if table.status != "playing" or pictures.busy():
        return
    for seat in table.waiting_people():
        drawing = asyncio.ensure_future(latest_picture(table, "hand", seat, pictures.Priority.AHEAD))
        _ahead.add(drawing)
        drawing.add_done_callback(_drawn_ahead)


def _drawn_ahead(drawing: asyncio.Future[Picture]) -> None:
    _ahead.discard(drawing)
    if not drawing.cancelled() and drawing.exception() is not None:
        log.warning("Could not draw a hand ahead of time: %r", drawing.exception())


async def table_parts(
    table: Table, note: str | None = None, priority: pictures.Priority = pictures.Priority.ANSWER
) -> MessageParts:
    """The public table message: the picture everyone sees, and Show my hand (or Rematch, until one is open).

    Its words and buttons tell the moment its picture shows (``version`` of the parts)."""
    draw_hands_ahead(table)
    picture = await latest_picture(table, "table", None, priority)
    spectator = picture.view
    files = [picture_file(picture.png, "table.png")]
    view = discord.ui.View(timeout=None)
    if spectator.outcome is not None:
        results = await latest_picture(table, "results", None, priority)
        files.insert(0, picture_file(results.png, "results.png"))
        if table.rematch_id is None:  # one rematch per table: once opened, its lobby is the way on
            view.add_item(_button("rematch", table.id, "Rematch", discord.ButtonStyle.success, 0))
    elif table.status == "playing":
        view.add_item(_button("hand", table.id, "Show my hand", discord.ButtonStyle.primary, 0))
    waiting = spectator.waiting_on if table.status == "playing" else ()
    people = [table.seats[s].user_id for s in waiting if not table.seats[s].computer]
    mentions = only(people)
    return MessageParts(
        content=table_text(table, note, spectator),
        files=files,
        view=view,
        mentions=mentions,
        version=picture.version,
    )


def options_form(table: Table, language: str = ENGLISH) -> discord.ui.Modal:
    """The host's options form for this table in the host's language (:func:`cogs.options_form.options_form`)."""
    return _options_form(table.game, table.id, table.options, language)
