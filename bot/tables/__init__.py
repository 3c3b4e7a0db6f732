"""The table service: every table's life, from lobby to results, for any game.

It is game-agnostic: it drives any registered game through its decisions and
views. Every change goes through one lock per table and is saved (new state and
an action-log line, one transaction) before anyone is told about it, so a restart
loses nothing. Anything a user does wrong raises :class:`TableError` with one
sentence for them, and changes nothing.

The Discord layer (cogs/) calls these methods and presents the results; it
learns about changes the service makes by itself (computer moves, idle players,
closed tables) through the :class:`Presenter` it registers, each move as its
:class:`Change`.

Its parts, one job each: :mod:`bot.tables.service` (what people call, and the
restart), :mod:`bot.tables.lobby` (before the deal, and rematches),
:mod:`bot.tables.computers` (computer seats, forced moves, idle people) and
:mod:`bot.tables.core` (the tables held, their locks, one move applied).
"""

from __future__ import annotations

from bot.actor import Actor
from bot.ports import Presenter, TableStore
from bot.table import BROKEN_BUTTON, NOT_A_BUTTON, STALE_BUTTON, Change, Draft, GuildSettings, Seat, Table, TableError
from bot.tables.computers import ABANDONED_AFTER, REST_AFTER
from bot.tables.core import KEEP_FINISHED, Thinker, no_table, think_here
from bot.tables.lobby import seat_key
from bot.tables.service import TableService

__all__ = [
    "ABANDONED_AFTER",
    "BROKEN_BUTTON",
    "KEEP_FINISHED",
    "NOT_A_BUTTON",
    "REST_AFTER",
    "STALE_BUTTON",
    "Actor",
    "Change",
    "Draft",
    "GuildSettings",
    "Presenter",
    "Seat",
    "Table",
    "TableError",
    "TableService",
    "TableStore",
    "Thinker",
    "no_table",
    "seat_key",
    "think_here",
]
