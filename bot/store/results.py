"""A game's end: its result rows, and the ratings and levels they change, in one transaction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from sqlalchemy import Connection, insert
from sqlmodel import Session, col, select

from bot import rating_store
from bot.models import GameTable, Result, TableStatus, utcnow
from bot.prepared import Prepared
from bot.store.base import StoreBase, TableKey
from bot.store.errors import WrongStatus
from bot.store.items import RELEASE
from bot.store.tables import get_for_update


@dataclass(frozen=True)
class ResultLine:
    """One seat's result, as the table service hands it over at the end of a game."""

    seat: int
    user_id: int | None
    name: str
    computer: bool
    place: int  # 1 = winner (ties share a place)
    points: int  # exact, any size


class ResultsStore(StoreBase):
    """The ``results`` rows (a game ended by its last move: :meth:`bot.store.moves.MovesStore.save_action`)."""

    async def finish_table(
        self,
        table_id: int,
        final_state_json: str,
        results: Sequence[ResultLine],
        *,
        now: datetime | None = None,
    ) -> GameTable:
        """Finish a table in play: status, final state and result rows in one transaction.

        Raises WrongStatus if it is not in play (so results are never written twice).
        """
        now = now or utcnow()
        finish = partial(_finish_table, table_id=table_id, state_json=final_state_json, results=results, now=now)
        return await self._in_session(finish)

    async def results_for(self, table_id: int) -> list[Result]:
        query = select(Result).where(Result.table_id == table_id).order_by(col(Result.seat))
        async with self.sessions() as session:
            return list((await session.exec(query)).all())


def _finish_table(
    session: Session, *, table_id: int, state_json: str, results: Sequence[ResultLine], now: datetime
) -> GameTable:
    """The statements of :meth:`Store.finish_table`."""
    table = get_for_update(session, table_id)
    if table.status != TableStatus.PLAYING:
        raise WrongStatus(f"Table {table_id} is {table.status}, so it cannot finish.")
    table.status = TableStatus.FINISHED
    table.state_json = state_json
    table.updated_at = now
    session.flush()
    write_results(session.connection(), TableKey(table_id, table.guild_id, table.game_key), results, now)
    RELEASE.run(session.connection(), {"b_table": table_id})  # over: whatever it staked is free
    return table


def write_results(
    connection: Connection, table: TableKey, results: Sequence[ResultLine], now: datetime
) -> list[rating_store.SeatChange]:
    """What a finished table writes besides its own row: a result row per seat, and the ratings and
    levels those results change, all in the caller's transaction. Returns each rated seat's change."""
    rows = [
        {
            "table_id": table.id,
            "guild_id": table.guild_id,
            "game_key": table.game_key,
            "seat": line.seat,
            "user_id": line.user_id,
            "name": line.name,
            "computer": line.computer,
            "place": line.place,
            "points": line.points,
            "finished_at": now,
        }
        for line in results
    ]
    if rows:
        _RESULT_LINE.run(connection, rows)
    return rating_store.apply_finished_table(
        connection,
        table_id=table.id,
        guild_id=table.guild_id,
        game_key=table.game_key,
        results=results,
        finished_at=now,
    )


_RESULT_LINE = Prepared(insert(Result.__table__))  # type: ignore[attr-defined]
