"""The tournament tables (SQLModel). Migration: migrations/versions/0004_tournaments.py.

The unique constraints are what make a round change safe across restarts and processes:
a round number exists once per tournament (``uq_tournament_rounds_number``), a table
number once per round (``uq_tournament_tables_number``), and a game table belongs to one
tournament table at most (``uq_tournament_tables_game_table``). Each step writes its
intent first (a round row in ``opening``, table rows in ``planned``), then acts.
"""

from __future__ import annotations

import json
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import BigInteger, Index, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from bot.columns import BigId, UTCDateTime, utcnow


class TournamentStatus(StrEnum):
    SIGNUP = "signup"
    RUNNING = "running"
    PAUSED = "paused"  # the tables of the current round play on; no new round starts
    FINAL = "final"  # over, the final standings not yet announced
    FINISHED = "finished"
    CANCELLED = "cancelled"


class RoundStatus(StrEnum):
    OPENING = "opening"  # the round and its tables are written; tables are being opened
    OPEN = "open"  # every table is open; the round is not yet announced
    PLAYING = "playing"
    FINISHED = "finished"


class TournamentTableStatus(StrEnum):
    PLANNED = "planned"  # written, its game table not yet known
    PLAYING = "playing"
    FINISHED = "finished"
    VOID = "void"  # the game table ended without results


class Tournament(SQLModel, table=True):
    """One tournament, from sign-up to final standings."""

    __tablename__ = "tournaments"
    __table_args__ = (Index("ix_tournaments_guild_status", "guild_id", "status"),)

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    guild_id: int = Field(sa_type=BigInteger)
    channel_id: int = Field(sa_type=BigInteger)
    message_id: int | None = Field(default=None, sa_type=BigInteger)  # the sign-up message
    host_id: int = Field(sa_type=BigInteger)
    game_key: str
    format: str
    scoring: str
    rounds: int
    table_size: int
    options_json: str = Field(default="{}", sa_type=Text)
    status: str = TournamentStatus.SIGNUP.value
    current_round: int = 0
    #: The round timer in minutes (None: no timer).
    round_minutes: int | None = None
    seed: int = Field(sa_type=BigInteger)
    #: When the tournament starts by itself (None: when the organiser starts it). Migration 0010.
    starts_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    #: Minutes of check-in before the start (None: no check-in): who has not checked in is dropped.
    checkin_minutes: int | None = None
    #: Whether check-in has opened (and been announced).
    checkin_open: bool = False
    #: Swiss: people may still join while the current round is before this one (None: no late entry).
    late_entry_until: int | None = None
    #: The server's scheduled event for the tournament (None: none).
    event_id: int | None = Field(default=None, sa_type=BigInteger)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = json.loads(self.options_json)
        return options


class Entrant(SQLModel, table=True):
    """A player signed up to a tournament (a person, or a computer the host added)."""

    __tablename__ = "tournament_entrants"
    __table_args__ = (UniqueConstraint("tournament_id", "user_id", name="uq_tournament_entrants_user"),)

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    tournament_id: int = Field(sa_type=BigInteger, foreign_key="tournaments.id")
    user_id: int | None = Field(default=None, sa_type=BigInteger)  # None for computers
    name: str
    computer: bool = False
    #: Seeding for single elimination (higher is better); sign-up order breaks ties.
    rating: float = 0.0
    joined_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    #: The round after which the entrant dropped (None: still in; 0: before round 1, a no-show).
    dropped_after: int | None = None
    #: Confirmed in the check-in window (computers and late entrants need not). Migration 0010.
    checked_in: bool = False


class TournamentRound(SQLModel, table=True):
    """One round: its byes, its bracket slots (elimination) and its timer."""

    __tablename__ = "tournament_rounds"
    __table_args__ = (UniqueConstraint("tournament_id", "number", name="uq_tournament_rounds_number"),)

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    tournament_id: int = Field(sa_type=BigInteger, foreign_key="tournaments.id")
    number: int
    status: str = RoundStatus.OPENING.value
    byes_json: str = Field(default="[]", sa_type=Text)  # entrant ids
    slots_json: str = Field(default="[]", sa_type=Text)  # elimination: entrant ids (or null) in bracket order
    deadline: datetime | None = Field(default=None, sa_type=UTCDateTime)
    timer_fired: bool = False
    started_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    finished_at: datetime | None = Field(default=None, sa_type=UTCDateTime)

    @property
    def byes(self) -> list[int]:
        byes: list[int] = json.loads(self.byes_json)
        return byes


class TournamentTable(SQLModel, table=True):
    """One table of a round: who sits where, and the game table that plays it."""

    __tablename__ = "tournament_tables"
    __table_args__ = (
        UniqueConstraint("round_id", "number", name="uq_tournament_tables_number"),
        UniqueConstraint("game_table_id", name="uq_tournament_tables_game_table"),
    )

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    tournament_id: int = Field(sa_type=BigInteger, foreign_key="tournaments.id")
    round_id: int = Field(sa_type=BigInteger, foreign_key="tournament_rounds.id")
    number: int
    entrants_json: str = Field(sa_type=Text)  # entrant ids by seat
    game_table_id: int | None = Field(default=None, sa_type=BigInteger)
    status: str = TournamentTableStatus.PLANNED.value
    places_json: str | None = Field(default=None, sa_type=Text)
    points_json: str | None = Field(default=None, sa_type=Text)  # exact big ints as decimal strings

    @property
    def entrants(self) -> list[int]:
        entrants: list[int] = json.loads(self.entrants_json)
        return entrants


class TournamentTemplate(SQLModel, table=True):
    """A server's saved tournament settings. Migration 0010 (bot/tournaments/templates.py uses it)."""

    __tablename__ = "tournament_templates"
    __table_args__ = (UniqueConstraint("guild_id", "name", name="uq_tournament_templates_name"),)

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    guild_id: int = Field(sa_type=BigInteger)
    name: str
    settings_json: str = Field(sa_type=Text)
    saved_by: int = Field(sa_type=BigInteger)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
