"""Every read and write of the tournament tables: the tournament service's database, one transaction each.

The service (bot/tournaments/service.py) is the state machine: it decides the next step and
asks this repository to write it. The repository knows no rules of a tournament; a write that
may lose a race to another writer (a second process, a retry) says whether it won (a bool, or
the row that stands) instead of raising, and the service decides what that means.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.tournaments import seeding
from bot.tournaments.models import (
    Entrant,
    RoundStatus,
    Tournament,
    TournamentRound,
    TournamentStatus,
    TournamentTable,
    TournamentTableStatus,
)

#: A tournament whose rounds are still being driven.
LIVE = (TournamentStatus.RUNNING, TournamentStatus.PAUSED, TournamentStatus.FINAL)


class TournamentRepository:
    """The ``tournaments``, ``tournament_entrants``, ``tournament_rounds`` and ``tournament_tables`` rows."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], clock: Callable[[], datetime]) -> None:
        self.sessions = sessions
        #: What ``updated_at`` and ``finished_at`` are stamped with.
        self.clock = clock

    # -- tournaments -------------------------------------------------------------------------------
    async def add(self, tournament: Tournament) -> None:
        """Write a new tournament (it gets its id)."""
        async with self.sessions() as session:
            session.add(tournament)
            await session.commit()

    async def get(self, tournament_id: int) -> Tournament | None:
        async with self.sessions() as session:
            return await session.get(Tournament, tournament_id)

    async def latest(self, guild_id: int) -> Tournament | None:
        """The newest tournament of a server in sign-up or live."""
        async with self.sessions() as session:
            return (
                await session.exec(
                    select(Tournament)
                    .where(
                        Tournament.guild_id == guild_id,
                        col(Tournament.status).in_([TournamentStatus.SIGNUP, *LIVE]),
                    )
                    .order_by(col(Tournament.id).desc())
                )
            ).first()

    async def live(self) -> list[tuple[int, int]]:
        """Every live tournament's id and server."""
        async with self.sessions() as session:
            rows = (
                await session.exec(select(Tournament.id, Tournament.guild_id).where(col(Tournament.status).in_(LIVE)))
            ).all()
        return [(tournament_id, guild_id) for tournament_id, guild_id in rows if tournament_id is not None]

    async def waiting_to_start(self) -> list[Tournament]:
        """Tournaments in sign-up with a start time."""
        async with self.sessions() as session:
            return list(
                (
                    await session.exec(
                        select(Tournament).where(
                            Tournament.status == TournamentStatus.SIGNUP.value,
                            col(Tournament.starts_at).is_not(None),
                        )
                    )
                ).all()
            )

    async def update(self, tournament_id: int, **values: Any) -> None:
        """Change some columns of a tournament."""
        async with self.sessions() as session:
            await session.exec(
                update(Tournament).where(col(Tournament.id) == tournament_id).values(**values, updated_at=self.clock())
            )
            await session.commit()

    async def move(self, tournament_id: int, before: str, after: str) -> bool:
        """Change the status only if it is still ``before`` (another writer may have moved it)."""
        return await self._update_where(tournament_id, col(Tournament.status) == before, status=after)

    async def cancel(self, tournament_id: int) -> bool:
        """Cancel a tournament in sign-up or live; False when it was over already."""
        live = col(Tournament.status).in_([TournamentStatus.SIGNUP, *LIVE])
        return await self._update_where(tournament_id, live, status=TournamentStatus.CANCELLED.value)

    async def open_checkin(self, tournament_id: int, now: datetime) -> bool:
        """Open check-in of a tournament in sign-up; False when it was open already (or sign-up is over)."""
        return await self._update_where(
            tournament_id,
            col(Tournament.status) == TournamentStatus.SIGNUP.value,
            col(Tournament.checkin_open) == False,  # noqa: E712
            checkin_open=True,
            updated_at=now,
        )

    async def end(self, tournament: Tournament, last_round: int) -> None:
        """The tournament is final, unless another writer moved it or opened a round since it was read."""
        await self._update_where(
            tournament.id or 0,
            col(Tournament.status) == tournament.status,
            col(Tournament.current_round) == last_round,
            status=TournamentStatus.FINAL.value,
        )

    async def start(
        self, tournament: Tournament, entrants: Sequence[Entrant], no_shows: Collection[int | None], rounds: int
    ) -> bool:
        """Sign-up to running with ``rounds`` rounds, every entrant's seed read from the server's
        ratings and the no-shows dropped (``dropped_after`` 0), in one transaction. False (nothing
        written) when it is no longer in sign-up."""
        tournament_id = tournament.id or 0
        async with self.sessions() as session:
            seeds = await seeding.seeds(session, tournament.guild_id, tournament.game_key, entrants)
            result = await session.exec(
                update(Tournament)
                .where(col(Tournament.id) == tournament_id, col(Tournament.status) == TournamentStatus.SIGNUP.value)
                .values(status=TournamentStatus.RUNNING.value, rounds=rounds, updated_at=self.clock())
            )
            if result.rowcount == 0:
                return False
            for entrant in entrants:
                dropped = 0 if entrant.id in no_shows else None
                await session.exec(
                    update(Entrant)
                    .where(col(Entrant.id) == entrant.id)
                    .values(rating=seeds[entrant.id or 0], dropped_after=dropped)
                )
            await session.commit()
        return True

    async def _update_where(self, tournament_id: int, *conditions: Any, **values: Any) -> bool:
        """Change a tournament's columns if ``conditions`` hold; whether they did."""
        async with self.sessions() as session:
            result = await session.exec(
                update(Tournament)
                .where(col(Tournament.id) == tournament_id, *conditions)
                .values({"updated_at": self.clock(), **values})
            )
            await session.commit()
        return bool(result.rowcount)

    # -- entrants ----------------------------------------------------------------------------------
    async def entrants(self, tournament_id: int) -> list[Entrant]:
        """A tournament's entrants, in sign-up order."""
        async with self.sessions() as session:
            return list(
                (
                    await session.exec(
                        select(Entrant).where(Entrant.tournament_id == tournament_id).order_by(col(Entrant.id))
                    )
                ).all()
            )

    async def add_entrant(self, entrant: Entrant) -> bool:
        """Write a new entrant; False (nothing written) when that person is signed up already."""
        try:
            async with self.sessions() as session:
                session.add(entrant)
                await session.commit()
        except IntegrityError:
            return False
        return True

    async def remove_entrant(self, tournament_id: int, user_id: int) -> bool:
        """Take a person off a tournament; False when they were not on it."""
        async with self.sessions() as session:
            result = await session.exec(
                delete(Entrant).where(col(Entrant.tournament_id) == tournament_id, col(Entrant.user_id) == user_id)
            )
            await session.commit()
        return bool(result.rowcount)

    async def update_entrant(self, entrant_id: int, **values: Any) -> bool:
        """Change an entrant's columns; False (nothing written) when that would sign a person up twice."""
        try:
            async with self.sessions() as session:
                await session.exec(update(Entrant).where(col(Entrant.id) == entrant_id).values(**values))
                await session.commit()
        except IntegrityError:
            return False
        return True

    async def check_in(self, tournament_id: int, user_id: int) -> bool:
        """A signed-up person is present; False when they are not signed up."""
        async with self.sessions() as session:
            result = await session.exec(
                update(Entrant)
                .where(
                    col(Entrant.tournament_id) == tournament_id,
                    col(Entrant.user_id) == user_id,
                    col(Entrant.computer) == False,  # noqa: E712
                )
                .values(checked_in=True)
            )
            await session.commit()
        return bool(result.rowcount)

    # -- rounds ------------------------------------------------------------------------------------
    async def round(self, tournament_id: int, number: int) -> TournamentRound | None:
        async with self.sessions() as session:
            return (
                await session.exec(
                    select(TournamentRound).where(
                        TournamentRound.tournament_id == tournament_id, TournamentRound.number == number
                    )
                )
            ).first()

    async def rounds(self, tournament_id: int) -> list[TournamentRound]:
        async with self.sessions() as session:
            return list(
                (
                    await session.exec(select(TournamentRound).where(TournamentRound.tournament_id == tournament_id))
                ).all()
            )

    async def create_round(
        self,
        round_: TournamentRound,
        tables: Sequence[Sequence[int]],
        *,
        tournament_id: int,
        now: datetime,
    ) -> bool:
        """Write a round, a planned table per group of entrants and the tournament's current round in
        one transaction; False (nothing written) when another writer created that round first."""
        try:
            async with self.sessions() as session:
                session.add(round_)
                await session.flush()
                for index, seated in enumerate(tables, start=1):
                    session.add(_planned(tournament_id, round_.id or 0, index, seated))
                await session.exec(
                    update(Tournament)
                    .where(col(Tournament.id) == tournament_id, col(Tournament.current_round) == round_.number - 1)
                    .values(current_round=round_.number, updated_at=now)
                )
                await session.commit()
        except IntegrityError:
            return False
        return True

    async def round_to(self, round_id: int, before: str, after: str) -> None:
        """Move a round to status ``after`` if it is still ``before`` (stamped when it finishes)."""
        values: dict[str, Any] = {"status": after}
        if after == RoundStatus.FINISHED:
            values["finished_at"] = self.clock()
        async with self.sessions() as session:
            await session.exec(
                update(TournamentRound)
                .where(col(TournamentRound.id) == round_id, col(TournamentRound.status) == before)
                .values(**values)
            )
            await session.commit()

    async def rounds_past_deadline(self, now: datetime) -> list[tuple[TournamentRound, int]]:
        """Rounds in play past their deadline whose timer has not fired yet, with their server."""
        async with self.sessions() as session:
            rows = (
                await session.exec(
                    select(TournamentRound, Tournament.guild_id)
                    .join(Tournament, col(Tournament.id) == col(TournamentRound.tournament_id))
                    .where(
                        TournamentRound.status == RoundStatus.PLAYING.value,
                        col(TournamentRound.deadline).is_not(None),
                        col(TournamentRound.deadline) <= now,
                        TournamentRound.timer_fired == False,  # noqa: E712
                    )
                )
            ).all()
        return [(round_, guild_id) for round_, guild_id in rows]

    async def timer_fired(self, round_id: int) -> None:
        async with self.sessions() as session:
            await session.exec(
                update(TournamentRound).where(col(TournamentRound.id) == round_id).values(timer_fired=True)
            )
            await session.commit()

    # -- tables ------------------------------------------------------------------------------------
    async def tables(self, round_id: int) -> list[TournamentTable]:
        """A round's tables, by number."""
        async with self.sessions() as session:
            return list(
                (
                    await session.exec(
                        select(TournamentTable)
                        .where(TournamentTable.round_id == round_id)
                        .order_by(col(TournamentTable.number))
                    )
                ).all()
            )

    async def all_tables(self, tournament_id: int) -> list[TournamentTable]:
        """Every table of a tournament in the order they were seated (round, then number)."""
        async with self.sessions() as session:
            return list(
                (
                    await session.exec(
                        select(TournamentTable)
                        .where(TournamentTable.tournament_id == tournament_id)
                        .order_by(col(TournamentTable.round_id), col(TournamentTable.number))
                    )
                ).all()
            )

    async def add_tables(self, tournament_id: int, round_id: int, first: int, tables: Sequence[Sequence[int]]) -> bool:
        """Planned tables numbered from ``first`` in a round already open (an Arena's); False
        (nothing written) when another writer wrote those numbers first."""
        try:
            async with self.sessions() as session:
                for index, seated in enumerate(tables, start=first):
                    session.add(_planned(tournament_id, round_id, index, seated))
                await session.commit()
        except IntegrityError:
            return False
        return True

    async def table_of_game(self, game_table_id: int) -> TournamentTable | None:
        """The tournament table a game table was played for."""
        async with self.sessions() as session:
            return (
                await session.exec(select(TournamentTable).where(TournamentTable.game_table_id == game_table_id))
            ).first()

    async def tournament_of_game(self, game_table_id: int) -> int | None:
        async with self.sessions() as session:
            found = await session.exec(
                select(TournamentTable.tournament_id).where(TournamentTable.game_table_id == game_table_id)
            )
            return found.first()

    async def claimed_game_tables(self) -> set[int]:
        """Every game table a tournament table has claimed."""
        async with self.sessions() as session:
            found = await session.exec(
                select(TournamentTable.game_table_id).where(col(TournamentTable.game_table_id).is_not(None))
            )
            return {table_id for table_id in found.all() if table_id is not None}

    async def claim(self, table_id: int, game_table_id: int) -> TournamentTable:
        """Write the game table of a planned table unless another writer did first; the row as it stands."""
        async with self.sessions() as session:
            await session.exec(
                update(TournamentTable)
                .where(col(TournamentTable.id) == table_id, col(TournamentTable.game_table_id).is_(None))
                .values(game_table_id=game_table_id)
            )
            await session.commit()
            stored = await session.get(TournamentTable, table_id, populate_existing=True)
        assert stored is not None
        return stored

    async def update_planned_table(self, table_id: int, **values: Any) -> None:
        """Change a table still planned (never over a start or a result already written)."""
        await self._update_table(table_id, [TournamentTableStatus.PLANNED.value], values)

    async def record(self, table_id: int, places: Sequence[int] | None, points: Sequence[int] | None) -> None:
        """A table's end: its places and exact points, or void (None), unless an end is written already."""
        values: dict[str, Any] = {
            "status": TournamentTableStatus.VOID.value if places is None else TournamentTableStatus.FINISHED.value
        }
        if places is not None and points is not None:
            values["places_json"] = json.dumps(list(places))
            values["points_json"] = json.dumps([str(p) for p in points])
        await self._update_table(
            table_id, [TournamentTableStatus.PLANNED.value, TournamentTableStatus.PLAYING.value], values
        )

    async def _update_table(self, table_id: int, statuses: Sequence[str], values: Mapping[str, Any]) -> None:
        async with self.sessions() as session:
            await session.exec(
                update(TournamentTable)
                .where(col(TournamentTable.id) == table_id, col(TournamentTable.status).in_(statuses))
                .values(**values)
            )
            await session.commit()


def _planned(tournament_id: int, round_id: int, number: int, seated: Sequence[int]) -> TournamentTable:
    return TournamentTable(
        tournament_id=tournament_id, round_id=round_id, number=number, entrants_json=json.dumps(list(seated))
    )
