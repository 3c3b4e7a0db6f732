"""Two processes rate games at once on one database: no update is lost, no game's results fail.

Each process has its own engine and connections (as two bot processes do). The first one's
transaction rates a game and holds its locks; meanwhile the second rates another game of the
same players, whose rating rows do not exist yet: both would insert the same new rows.
"""

from __future__ import annotations

import asyncio
from functools import partial

from sqlmodel import select

from bot import rating_store
from bot.rating_models import PlayerRating, RatingHistory
from bot.store import ResultLine, Store
from tests.bot.conftest import TestDatabase
from tests.bot.test_store import ALICE, GUILD, new_table

LINES = [
    ResultLine(0, ALICE, "Alice", computer=False, place=1, points=10),
    ResultLine(1, None, "Computer 1", computer=True, place=2, points=3),
]


async def test_two_processes_rating_new_players_at_once_both_count(empty_database: TestDatabase) -> None:
    first, second = await empty_database.open(), await empty_database.open()
    try:
        tables = [(await new_table(Store(first.sessions))).id for _ in range(2)]
        holding = asyncio.Event()

        async def rate(sessions, table_id: int, hold: float) -> None:  # type: ignore[no-untyped-def]
            async with sessions.begin() as session:
                rate_table = partial(rating_store.apply_finished_table, table_id=table_id, guild_id=GUILD)
                connection = await session.connection()
                await connection.run_sync(lambda sync: rate_table(sync, game_key="high_card", results=LINES))
                if hold:
                    holding.set()
                    await asyncio.sleep(hold)  # the other process rates meanwhile

        async def rate_second() -> None:
            await holding.wait()
            await rate(second.sessions, tables[1], 0)

        await asyncio.gather(rate(first.sessions, tables[0], 0.5), rate_second())

        async with first.sessions() as session:
            rows = (await session.exec(select(PlayerRating))).all()
            history = (await session.exec(select(RatingHistory))).all()
        assert sorted((r.player, r.games) for r in rows) == sorted(
            [(f"user:{ALICE}", 2), (rows[0].player if rows[0].computer else rows[1].player, 2)]
        )
        assert sorted(h.table_id for h in history) == sorted(tables * 2)
    finally:
        await first.close()
        await second.close()
