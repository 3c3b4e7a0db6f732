"""A SQLite transaction run in one piece, on the event loop, on a connection of its own.

Through aiosqlite every DBAPI call (cursor, execute, fetch, close, commit) is a hop to
aiosqlite's thread and back through the event loop, so a transaction of three statements
waits about ten turns of the loop (each up to tens of milliseconds on a busy bot) while it
holds SQLite's one writer lock. Here the whole transaction is one plain function, run where it
is called: a busy bot's transaction is a few statements of a few rows, a fraction of a
millisecond in SQLite's write-ahead log, which never waits for the disk (``synchronous=NORMAL``).

It ran on a thread of its own before (one hop out and back per transaction). Each statement
then gave the GIL up and took it back from the busy event loop: under load that thread spent
a quarter of the process's CPU, three times what the same transactions cost on the loop
(``python -m benchmarks.load``; docs/scale.md).

What may take long stays off the loop: copying the log into the database file (a checkpoint,
with the disk's flush) runs on a thread after every :data:`CHECKPOINT_EVERY` commits, never in
a commit. No other writer can hold the file's lock meanwhile (the store lets one write at a time
through, and a checkpoint takes no writer's lock), so a transaction here never waits on a lock.

Only for a SQLite file (an in-memory database is private to its connection).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Concatenate, ParamSpec, TypeVar

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db import is_sqlite, sqlite_pragmas

P = ParamSpec("P")
T = TypeVar("T")

#: Commits between two checkpoints: a move's transaction writes a few pages to the log, so about
#: the thousand pages at which SQLite would checkpoint by itself (inside a commit).
CHECKPOINT_EVERY = 250


class SqliteWrites:
    """Runs ``work(connection, ...)`` in one transaction on a connection kept for it.

    The connection is kept open between transactions: a busy bot commits a few hundred small
    transactions a second, and taking one from the pool and giving it back (with its rollback)
    each time cost a good part of them."""

    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(url)
        event.listen(self.engine, "connect", sqlite_pragmas)
        self._connection: Connection | None = None
        self._commits = 0
        self._checkpoints = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-checkpoints")
        self._checkpoint: Future[None] | None = None

    @classmethod
    def for_engine(cls, engine: AsyncEngine | None) -> SqliteWrites | None:
        """One for this async engine's SQLite file; None for PostgreSQL or an in-memory database."""
        if engine is None or not is_sqlite(engine.url):
            return None
        database = engine.url.database or ""
        if database in ("", ":memory:") or database.startswith("file:"):
            return None
        return cls(engine.url.set(drivername="sqlite+pysqlite").render_as_string(hide_password=False))

    async def run(self, work: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``work`` in one transaction (committed when it returns, rolled back when it raises)."""
        connection = self._connection or self._connect()
        try:
            with connection.begin():
                result = work(connection, *args, **kwargs)
        except BaseException:
            self._let_go()  # the next transaction starts on a fresh connection, whatever broke
            raise
        self._commits += 1
        if self._commits % CHECKPOINT_EVERY == 0 and (self._checkpoint is None or self._checkpoint.done()):
            self._checkpoint = self._checkpoints.submit(self._copy_log)
        return result

    def _connect(self) -> Connection:
        connection = self._connection = self.engine.connect()
        connection.exec_driver_sql("PRAGMA wal_autocheckpoint=0")  # its commits never checkpoint: see above
        connection.commit()
        return connection

    def _copy_log(self) -> None:
        """Checkpoint (on the checkpoints thread): copy what the log holds into the database file,
        without waiting for readers or blocking the writer."""
        with self.engine.connect() as connection:
            connection.execute(text("PRAGMA wal_checkpoint(PASSIVE)"))

    def _let_go(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()

    def close(self) -> None:
        self._let_go()
        self._checkpoints.shutdown(wait=True)
        self.engine.dispose()
