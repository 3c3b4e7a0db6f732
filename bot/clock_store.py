"""Turn-based play in the database: table clocks, people's preferences, server and tournament paces.

Every write of a table's clocks is a conditional UPDATE on its ``stamp`` (the row's version):
the process whose write lands acts on a deadline, any other finds the stamp moved and reloads.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.models import utcnow
from bot.pace import TableClocks, pace_named
from bot.pace_models import GuildPace, PlayerPrefs, TableClock, TournamentPace
from bot.tournaments.models import Tournament, TournamentRound, TournamentTable


class ClockStore:
    """Reads and writes the rows of :mod:`bot.pace_models`."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self.sessions = sessions
        #: Servers' default paces, read at every game's start and changed rarely (only through here).
        self._guild_paces: dict[int, str] = {}

    # -- table clocks ------------------------------------------------------------------------
    async def clocks(self, table_ids: Collection[int]) -> dict[int, TableClocks]:
        """The saved clocks of these tables (tables without a row are live)."""
        return {table_id: clocks for table_id, (clocks, _) in (await self.clocks_and_moves(table_ids)).items()}

    async def clocks_and_moves(self, table_ids: Collection[int]) -> dict[int, tuple[TableClocks, datetime]]:
        """The saved clocks of these tables and their last move (one query: a restart reads them all)."""
        if not table_ids:
            return {}
        async with self.sessions() as session:
            rows = (await session.exec(select(TableClock).where(col(TableClock.table_id).in_(list(table_ids))))).all()
        return {row.table_id: (clocks_of(row), row.moved_at) for row in rows}

    async def create(self, table_id: int, clocks: TableClocks, moved_at: datetime) -> bool:
        """Write a table's first clocks row (False: one exists already, written by another process)."""
        row = TableClock(
            table_id=table_id,
            pace=clocks.pace.key,
            on_timeout=clocks.on_timeout,
            on_away=clocks.on_away,
            tournament_id=clocks.tournament_id,
            nights=clocks.nights,
            seats_json=json.dumps(clocks.seats_json()),
            due_at=clocks.next_deadline(),
            moved_at=moved_at,
            stamp=clocks.stamp,
        )
        try:
            async with self.sessions.begin() as session:
                session.add(row)
        except IntegrityError:
            return False
        return True

    async def write(self, table_id: int, clocks: TableClocks, moved_at: datetime | None = None) -> bool:
        """Save ``clocks`` if the row is still at ``clocks.stamp``; then count the stamp on.

        False: another writer moved the row first (nothing written; reload it)."""
        values: dict[str, Any] = {
            "pace": clocks.pace.key,
            "on_timeout": clocks.on_timeout,
            "on_away": clocks.on_away,
            "nights": clocks.nights,
            "seats_json": json.dumps(clocks.seats_json()),
            "due_at": clocks.next_deadline(),
            "stamp": clocks.stamp + 1,
        }
        if moved_at is not None:
            values["moved_at"] = moved_at
        async with self.sessions.begin() as session:
            result = await session.exec(
                update(TableClock)
                .where(col(TableClock.table_id) == table_id, col(TableClock.stamp) == clocks.stamp)
                .values(**values)
            )
        if result.rowcount != 1:
            return False
        clocks.stamp += 1
        return True

    # -- paces of servers and tournaments ----------------------------------------------------
    async def guild_pace(self, guild_id: int) -> str:
        pace = self._guild_paces.get(guild_id)
        if pace is None:
            async with self.sessions() as session:
                row = await session.get(GuildPace, guild_id)
            pace = self._guild_paces[guild_id] = row.pace if row is not None else "live"
        return pace

    async def set_guild_pace(self, guild_id: int, pace: str) -> None:
        pace_named(pace)
        async with self.sessions.begin() as session:
            row = await session.get(GuildPace, guild_id, with_for_update=True)
            if row is None:
                session.add(GuildPace(guild_id=guild_id, pace=pace))
            else:
                row.pace = pace
        self._guild_paces[guild_id] = pace

    async def tournament_pace_of_table(self, table_id: int) -> tuple[int, str, str] | None:
        """The tournament a game table plays for, its pace and time-out rule (None: not a tournament's)."""
        async with self.sessions() as session:
            found = (
                await session.exec(
                    select(TournamentTable.tournament_id, TournamentPace.pace, TournamentPace.on_timeout)
                    .join(TournamentPace, col(TournamentPace.tournament_id) == col(TournamentTable.tournament_id))
                    .where(col(TournamentTable.game_table_id) == table_id)
                )
            ).first()
        return (int(found[0]), str(found[1]), str(found[2])) if found is not None else None

    async def set_tournament_pace(self, tournament_id: int, pace: str, on_timeout: str) -> None:
        pace_named(pace)
        async with self.sessions.begin() as session:
            row = await session.get(TournamentPace, tournament_id, with_for_update=True)
            if row is None:
                session.add(TournamentPace(tournament_id=tournament_id, pace=pace, on_timeout=on_timeout))
            else:
                row.pace, row.on_timeout = pace, on_timeout

    async def tournament_pace(self, tournament_id: int) -> TournamentPace | None:
        async with self.sessions() as session:
            return await session.get(TournamentPace, tournament_id)

    async def tournament(self, tournament_id: int) -> Tournament | None:
        async with self.sessions() as session:
            return await session.get(Tournament, tournament_id)

    async def round_deadline(self, table_id: int) -> datetime | None:
        """The deadline of the tournament round a game table plays in (None: none, or no tournament's)."""
        async with self.sessions() as session:
            found = (
                await session.exec(
                    select(TournamentRound.deadline)
                    .join(TournamentTable, col(TournamentTable.round_id) == col(TournamentRound.id))
                    .where(col(TournamentTable.game_table_id) == table_id)
                )
            ).first()
        return found

    # -- people ------------------------------------------------------------------------------
    async def prefs(self, user_ids: Collection[int]) -> dict[int, PlayerPrefs]:
        """Each person's preferences (the defaults, unsaved, for those who set none)."""
        if not user_ids:
            return {}
        async with self.sessions() as session:
            rows = (await session.exec(select(PlayerPrefs).where(col(PlayerPrefs.user_id).in_(list(user_ids))))).all()
        found = {row.user_id: row for row in rows}
        return {user_id: found.get(user_id) or PlayerPrefs(user_id=user_id) for user_id in user_ids}

    async def kept_language(self, user_id: int) -> tuple[bool, str | None]:
        """Whether the person has preferences kept, and their language as Parlour last saw it."""
        async with self.sessions() as session:
            row = await session.get(PlayerPrefs, user_id)
            return (True, row.language) if row is not None else (False, None)

    async def update_prefs(self, user_id: int, **changes: Any) -> PlayerPrefs:
        """Change some of a person's preferences (others keep their value) and return them all.

        Two first changes at once both insert the row: the one that loses the race finds it made
        and changes it (its change is not lost)."""
        try:
            return await self._update_prefs(user_id, changes)
        except IntegrityError:
            return await self._update_prefs(user_id, changes)

    async def _update_prefs(self, user_id: int, changes: dict[str, Any]) -> PlayerPrefs:
        async with self.sessions.begin() as session:
            row = await session.get(PlayerPrefs, user_id, with_for_update=True)
            if row is None:
                row = PlayerPrefs(user_id=user_id)
                session.add(row)
            for name, value in changes.items():
                setattr(row, name, value)
            row.updated_at = utcnow()
        return row


def clocks_of(row: TableClock) -> TableClocks:
    return TableClocks(
        pace=pace_named(row.pace),
        seats=TableClocks.seats_from(json.loads(row.seats_json)),
        on_timeout=row.on_timeout,
        on_away=row.on_away,
        tournament_id=row.tournament_id,
        nights=row.nights,
        stamp=row.stamp,
    )
