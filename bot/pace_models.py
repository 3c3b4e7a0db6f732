"""The tables of turn-based play (SQLModel). Migration: migrations/versions/0011_pace.py.

``table_clocks`` holds a table's pace and every seat's clock as timestamps; ``stamp`` is the
row's version, and every write is a conditional UPDATE on it, so a deadline is acted on once
even when several processes look at it. ``player_prefs`` holds how a person is told that it is
their turn, their quiet hours and their absence; ``guild_paces`` a server's default pace and
``tournament_paces`` a tournament's pace and time-out rule.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Index, Text
from sqlmodel import Field, SQLModel

from bot.columns import UTCDateTime, utcnow


class TableClock(SQLModel, table=True):
    """A table's pace and clocks (only tables that are or may be turn-based have a row)."""

    __tablename__ = "table_clocks"
    __table_args__ = (Index("ix_table_clocks_due", "due_at"),)

    table_id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    pace: str = "live"
    on_timeout: str = "ask"
    on_away: str = "pause"
    tournament_id: int | None = Field(default=None, sa_type=BigInteger)
    #: Each person's clock stands still during their declared night.
    nights: bool = False
    #: Per seat: turn start, bank left, stage (JSON list, see bot.pace.SeatClock).
    seats_json: str = Field(default="[]", sa_type=Text)
    #: The earliest moment something is due at this table (NULL: nothing).
    due_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    #: The last move (by the tables' clock): a turn-based table is abandoned after its pace's time.
    moved_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    stamp: int = 0


class PlayerPrefs(SQLModel, table=True):
    """How one person is told that it is their turn, and when they are away (all servers)."""

    __tablename__ = "player_prefs"

    user_id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    #: "mention" (in the table's thread) or "dm".
    notify: str = "mention"
    #: Their time zone (IANA name) and quiet hours (whole hours, start < end or wrapping midnight).
    time_zone: str = "UTC"
    quiet_start: int | None = None
    quiet_end: int | None = None
    #: Their DMs were found closed and they were told so (once).
    dm_closed_told: bool = False
    away_until: datetime | None = Field(default=None, sa_type=UTCDateTime)
    #: Their Discord language as Parlour last saw it (a shipped language's code): their DMs are in it.
    language: str | None = None
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class GuildPace(SQLModel, table=True):
    """A server's default pace for new tables (no row: live)."""

    __tablename__ = "guild_paces"

    guild_id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    pace: str = "live"


class TournamentPace(SQLModel, table=True):
    """A tournament's pace for its tables, and what a time-out does there."""

    __tablename__ = "tournament_paces"

    tournament_id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    pace: str = "live"
    on_timeout: str = "move"
