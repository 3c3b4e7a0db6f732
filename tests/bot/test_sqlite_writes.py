"""SQLite's writes run in one piece on a kept connection whose commits never checkpoint: the log
is copied into the database file on a thread now and then. Every move is still there after a
restart, and the log does not grow without end."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Column, Connection, Integer, MetaData, Table, Text, insert, text

from bot import sqlite_writes
from bot.prepared import Prepared
from bot.sqlite_writes import SqliteWrites

ROW = "x" * 20_000  # a few pages of the log per commit, as a move with its state writes


def writes_to(path: Path) -> SqliteWrites:
    writes = SqliteWrites(f"sqlite:///{path}")
    with writes.engine.begin() as connection:
        connection.execute(text("CREATE TABLE moves (id INTEGER PRIMARY KEY, state TEXT)"))
    return writes


def add_move(connection: Connection, n: int) -> int:
    connection.execute(text("INSERT INTO moves (id, state) VALUES (:id, :state)"), {"id": n, "state": ROW})
    return n


MOVES = Table("moves", MetaData(), Column("id", Integer, primary_key=True), Column("state", Text))
ADD_MOVE = Prepared(insert(MOVES))


def add_move_prepared(connection: Connection, n: int) -> int:
    """As :func:`add_move`, on sqlite3's own cursor (bot.prepared)."""
    return ADD_MOVE.insert(connection, {"id": n, "state": ROW})


async def checkpoints_done(writes: SqliteWrites) -> None:
    if writes._checkpoint is not None:
        await asyncio.wrap_future(writes._checkpoint)


async def test_the_log_is_copied_into_the_database_every_few_commits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_writes, "CHECKPOINT_EVERY", 5)
    writes = writes_to(tmp_path / "parlour.db")
    try:
        for n in range(60):
            assert await writes.run(add_move, n) == n
            await checkpoints_done(writes)  # the test waits for each; the bot does not
        log = (tmp_path / "parlour.db-wal").stat().st_size
        assert log < 20 * len(ROW), log  # 60 commits of 20 KB: 1.2 MB had nothing been copied
    finally:
        writes.close()


async def test_without_its_checkpoints_the_log_would_grow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the test above rules out: the kept connection's own commits copy nothing."""
    monkeypatch.setattr(sqlite_writes, "CHECKPOINT_EVERY", 10_000)
    writes = writes_to(tmp_path / "parlour.db")
    try:
        for n in range(60):
            await writes.run(add_move, n)
        assert (tmp_path / "parlour.db-wal").stat().st_size > 60 * len(ROW)
    finally:
        writes.close()


async def test_every_move_is_there_after_a_restart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_writes, "CHECKPOINT_EVERY", 7)
    path = tmp_path / "parlour.db"
    writes = writes_to(path)
    for n in range(30):
        await writes.run(add_move, n)
    writes.close()
    again = SqliteWrites(f"sqlite:///{path}")
    try:
        with again.engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM moves")).scalar() == 30
    finally:
        again.close()


async def test_a_failed_transaction_writes_nothing_and_the_next_one_lands(tmp_path: Path) -> None:
    writes = writes_to(tmp_path / "parlour.db")
    try:

        def half_then_fail(connection: Connection) -> None:
            add_move(connection, 1)
            raise ValueError("a bad move")

        with pytest.raises(ValueError, match="a bad move"):
            await writes.run(half_then_fail)
        assert await writes.run(add_move, 2) == 2
        count = await writes.run(lambda connection: connection.execute(text("SELECT id FROM moves")).scalars().all())
        assert count == [2]
    finally:
        writes.close()


@pytest.mark.parametrize("add", [add_move, add_move_prepared], ids=["sqlalchemy", "prepared"])
async def test_a_write_finding_the_lock_held_waits_off_the_loop(tmp_path: Path, add: Callable[..., int]) -> None:
    """Another connection (a tournament's session, say) holds SQLite's write lock across turns of the
    loop: the write waits for it on the thread, the loop turns meanwhile, and it lands once the
    other commits."""
    path = tmp_path / "parlour.db"
    writes = writes_to(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("INSERT INTO moves (id, state) VALUES (1, 'theirs')")
        waiting = asyncio.ensure_future(writes.run(add, 2))
        turns = 0
        for _ in range(20):
            await asyncio.sleep(0.01)
            turns += 1
        assert turns == 20 and not waiting.done()
        other.execute("COMMIT")
        assert await waiting == 2
        ids = await writes.run(lambda connection: connection.execute(text("SELECT id FROM moves")).scalars().all())
        assert sorted(ids) == [1, 2]
    finally:
        other.close()
        writes.close()
