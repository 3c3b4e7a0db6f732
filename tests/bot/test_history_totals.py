"""A game's announcement reads the games and lifetime points kept in its own history rows
(migration 0007 fills them in for rows written before)."""

from __future__ import annotations

import random

from alembic import command
from sqlalchemy import Connection, text

from bot import levels
from bot.db import Database, alembic_config
from bot.ratings import PROVISIONAL_GAMES
from bot.store import Store
from tests.bot.test_ratings_store import START, finish_and_rate, line
from tests.bot.test_store import ALICE, BOB, GUILD

TOTALS = "SELECT id, guild_id, game_key, player, points, games, lifetime_points FROM rating_history ORDER BY id"


def scanned(rows: list[tuple]) -> dict[int, tuple[int, int]]:
    """Each row's games and lifetime points counted as the announcement once did: every row of
    the same player (server, game) up to it."""
    totals = {}
    for row_id, guild, game, player, *_ in rows:
        earlier = [r[4] for r in rows if r[1:4] == (guild, game, player) and r[0] <= row_id]
        totals[row_id] = (len(earlier), levels.lifetime_points(int(points) for points in earlier))
    return totals


async def play(store: Store) -> list[list]:
    """Games of two people and the computer in two servers, scores from negative to huge; what
    each game's end announced."""
    rng = random.Random(7)
    announced = []
    for game in range(2 * PROVISIONAL_GAMES):
        scores = [rng.choice([-40, 0, 15, 3 * 10**30]) for _ in range(3)]
        lines = [line(0, ALICE, 1, scores[0]), line(1, BOB, 2, scores[1]), line(2, None, 3, scores[2])]
        _, changes = await finish_and_rate(store, lines, START, guild=GUILD + game % 2, by_last_move=game % 3 == 0)
        announced.append(changes)
    return announced


async def test_the_announcement_counts_every_earlier_game_of_each_player(store: Store, database: Database) -> None:
    announced = await play(store)
    async with database.engine.connect() as connection:
        rows = [tuple(row) for row in await connection.execute(text(TOTALS))]
    expected = scanned(rows)
    assert {row[0]: (row[5], int(row[6])) for row in rows} == expected
    by_table = [(s.player, s.level_before, s.level_after, s.provisional) for seats in announced for s in seats]
    assert len(by_table) == 3 * 2 * PROVISIONAL_GAMES
    # The computer plays every game of a server: provisional for its first games there only.
    computer = [provisional for player, *_, provisional in by_table if player.startswith("computer:")]
    assert computer == [True] * 2 * (PROVISIONAL_GAMES - 1) + [False] * 2
    assert any(before < after for _, before, after, _ in by_table)  # huge scores reach levels


async def test_migration_0007_fills_in_what_the_bot_writes(store: Store, database: Database) -> None:
    await play(store)
    async with database.engine.connect() as connection:
        written = [tuple(row) for row in await connection.execute(text(TOTALS))]

    def down_and_up(connection: Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "0006")
        command.upgrade(config, "head")

    async with database.engine.begin() as connection:
        await connection.run_sync(down_and_up)
    async with database.engine.connect() as connection:
        filled = [tuple(row) for row in await connection.execute(text(TOTALS))]
    assert len(written) == 3 * 2 * PROVISIONAL_GAMES
    assert [(*row[:6], int(row[6])) for row in filled] == [(*row[:6], int(row[6])) for row in written]
