"""The pictures of the tables as delivery sends them: each drawn once per moment, shared, kept here.

The table message, a refreshed hand and Show my hand often want the same picture. Delivery
(:class:`cogs.presenter.DiscordPresenter`) holds one :class:`TablePictures`: askers of one kind
of picture of one seat of one table share a drawing until it shows an older state version than
the table's, and a table's pictures are let go when it leaves play. Drawings run in the bot's
workers (:mod:`bot.workers.scheduler`), off the event loop. Nothing here knows Discord.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Literal

from bot.clock_display import clock_strip
from bot.i18n import ENGLISH, drawn_in
from bot.models import TableStatus
from bot.table import Table
from bot.workers import scheduler
from bot.workers.scheduler import Priority
from engine.core import View
from render import pictures_for as _pictures_for
from render.clocks import with_clocks
from render.results import results_picture

log = logging.getLogger(__name__)

#: A game's render module, looked up once (a game without its own module would otherwise
#: search the import path again on every picture).
pictures_for = cache(_pictures_for)

#: What each kind of picture shows: the hand of a seat, the table, the results.
PictureKind = Literal["hand", "table", "results"]
#: One picture of a table: its kind, its seat, the names it was drawn with (as the table keeps them,
#: in English) and its language (a hand is drawn in its reader's, the table in its server's).
Key = tuple[PictureKind, int | None, tuple[str, ...], str]

#: Tables whose pictures are kept at most (the ones asked for longest ago go first); a table's
#: pictures go as soon as it leaves play, so only a bot with this many tables in play reaches it.
KEEP_TABLES = 5000


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
    drawing: scheduler.Drawing | None = field(init=False)
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


class TablePictures:
    """Every table's latest pictures, by table id (see the module's docstring)."""

    def __init__(self, language_of: Callable[[Table], str] = lambda table: ENGLISH) -> None:
        #: The language a table's pictures are drawn in (its server's, as the presenter knows it).
        self.language_of = language_of
        self._tables: dict[int, dict[Key, _Asked]] = {}
        #: Hands being drawn ahead of time (kept so that their tasks are not collected before they end).
        self._ahead: set[asyncio.Future[Picture]] = set()

    def __len__(self) -> int:
        """How many tables have pictures kept."""
        return len(self._tables)

    def forget(self, table_id: int) -> None:
        """Let go of a table's pictures (it left play: nobody will ask for most of them again)."""
        self._tables.pop(table_id, None)

    async def latest(
        self,
        table: Table,
        kind: PictureKind,
        seat: int | None,
        priority: Priority = Priority.ANSWER,
        *,
        language: str | None = None,
    ) -> Picture:
        """A picture of the table no older than it is now, in ``language`` (by default the table's),
        drawn off the event loop and shared.

        The moment is the one when a worker takes the drawing: a picture that waited its turn
        under load shows the moves made meanwhile (a computer's reply to the move it answers,
        say), and a moment nobody will see any more is never drawn. Pictures of one table in
        several languages are kept side by side (a Japanese player's hand at an English table).
        """
        kept = self._kept(table.id)
        language = language or self.language_of(table)
        key: Key = (kind, seat, tuple(table.names), language)
        asked = kept.get(key)
        if asked is None or asked.older_than(table.version):
            asked = kept[key] = _Asked()
            asked.picture = asyncio.get_running_loop().create_future()
            asked.drawing = scheduler.start_when_taken(
                partial(_take_moment, table, kind, seat, asked, language), priority
            )
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
            if kept.get(key) is asked:  # a failed drawing is not kept: the next ask tries again
                del kept[key]
            raise
        finally:
            for old in [k for k in kept if k[2] != key[2]]:  # drawn with names no longer the table's
                del kept[old]

    def _kept(self, table_id: int) -> dict[Key, _Asked]:
        kept = self._tables.pop(table_id, None)
        if kept is None:
            kept = {}
            while len(self._tables) >= KEEP_TABLES:
                del self._tables[next(iter(self._tables))]
        self._tables[table_id] = kept  # the latest asked for goes last
        return kept

    def draw_hands_ahead(self, table: Table) -> None:
        """Start drawing the hands of the people the table waits on, as Show my hand would draw them.

        Show my hand is what they press next: its picture is then ready (or on its way) when the
        click comes, instead of being drawn while Discord's 3 seconds run. Not when drawings are
        queueing already: then a picture drawn ahead would delay the ones being waited for.
        """
        if table.status != TableStatus.PLAYING or scheduler.busy():
            return
        for seat in table.waiting_people():
            drawing = asyncio.ensure_future(self.latest(table, "hand", seat, Priority.AHEAD))
            self._ahead.add(drawing)
            drawing.add_done_callback(self._drawn_ahead)

    def _drawn_ahead(self, drawing: asyncio.Future[Picture]) -> None:
        self._ahead.discard(drawing)
        if not drawing.cancelled() and drawing.exception() is not None:
            log.warning("Could not draw a hand ahead of time: %r", drawing.exception())


def _take_moment(table: Table, kind: PictureKind, seat: int | None, asked: _Asked, language: str) -> scheduler.DrawCall:
    """The picture of the table as it is now, in ``language`` (called when a worker takes the drawing)."""
    view, names = table.view(seat), table.names_in(language)
    asked.version, asked.view = table.version, view
    if kind == "results":
        assert view.outcome is not None
        return partial(
            drawn_in,
            language,
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
        picture = partial(drawn_in, language, draw)  # the game's picture in the table's language, and its band too
        return partial(drawn_in, language, with_clocks, picture, view, names=names, clocks=clocks, **colours)
    return partial(drawn_in, language, draw, view, names=names, **colours)
