"""What the tournament service asks of the table service and tells the Discord layer: the values at its seams."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from bot.tournaments.models import Tournament, TournamentTable
from engine.core import Outcome
from engine.players import DEFAULT_LEVEL

__all__ = ["STAND_IN_LEVEL", "RoundView", "SeatSpec", "TableEnd", "TableOpener", "TableRequest", "TournamentPresenter"]

#: The level of a tournament's computers: its computer entrants and the stand-ins that finish an
#: idle player's table (the everyday opponent, not the strongest one).
STAND_IN_LEVEL = DEFAULT_LEVEL


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in one seat of a tournament table."""

    user_id: int | None
    name: str
    computer: bool = False
    level: str = STAND_IN_LEVEL


@dataclass(frozen=True)
class TableRequest:
    """A game table the tournament needs. ``key`` names it (``tournament:1:round:2:table:3``)."""

    key: str
    guild_id: int
    channel_id: int
    #: The tournament's host: the table's host too (a seated player cannot end their own table).
    host_id: int
    game_key: str
    options: Mapping[str, Any]
    seats: tuple[SeatSpec, ...]
    #: For the table's thread and message, e.g. "Spring Cup · round 2 · table 3".
    title: str


@dataclass(frozen=True)
class TableEnd:
    """How a game table ended: places and exact points by seat, or ``void`` (closed without results)."""

    places: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    void: bool = False

    @classmethod
    def of(cls, outcome: Outcome | None) -> TableEnd:
        if outcome is None:
            return cls(void=True)
        return cls(tuple(outcome.places), tuple(int(p) for p in outcome.points))


class TableOpener(Protocol):
    """The narrow seam to the table service (bot/tournaments/tables_adapter.py implements it)."""

    async def create_table(self, request: TableRequest) -> int:
        """Create the game table, not yet seated or started, and return its id (nobody sees it yet)."""
        ...

    async def start_table(self, table_id: int, request: TableRequest) -> None:
        """Seat and start the table as asked, and show it to its players.

        Must be safe to call again (the bot may die right after): a table already started is
        left as it is (only shown, if it was never shown).
        """
        ...

    async def table_end(self, table_id: int) -> TableEnd | None:
        """How the table ended, or None while it is still being played."""
        ...

    async def finish_with_computers(self, table_id: int) -> None:
        """The round timer ran out: let the computer play every seat whose player is idle."""
        ...


class TournamentPresenter(Protocol):
    """How the service tells the Discord layer what it did by itself (at least once)."""

    async def round_started(self, tournament: Tournament, number: int) -> None: ...
    async def tournament_ended(self, tournament: Tournament) -> None: ...


@dataclass(frozen=True)
class RoundView:
    """One round as the Discord layer shows it."""

    number: int
    status: str
    tables: list[TournamentTable]
    byes: list[int]
    deadline: datetime | None
