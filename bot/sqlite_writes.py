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

What may take long stays off the loop. Copying the log into the database file (a checkpoint,
with the disk's flush) runs on a thread after every :data:`CHECKPOINT_EVERY` commits, never in
a commit. And a transaction here never waits for SQLite's write lock: the store lets one of its
writes through at a time, but other parts of the bot (tournaments, say) write through their own
sessions, holding the lock across turns of the loop. Waiting for it here would stop the loop
that they need to finish, so the kept connection does not wait (``busy_timeout=0``): a
transaction that finds the lock held is rolled back (it wrote nothing) and run again on the
thread, on a connection that waits its turn there, as all of them did before.

Only for a SQLite file (an in-memory database is private to its connection).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Concatenate, ParamSpec, TypeVar

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db import is_sqlite, sqlite_pragmas

P = ParamSpec("P")
T = TypeVar("T")

#: Commits between two checkpoints: a move's transaction writes a few pages to the log, so about
#: the thousand pages at which SQLite would checkpoint by itself (inside a commit).
CHECKPOINT_EVERY = 250


class SqliteWrites:
    """Runs ``work(connection, ...)`` in one transaction on a connection kept for it (whose
    commits never checkpoint and which never waits for the lock), or, when the lock is held, on
    the thread."""

    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(url)
        event.listen(self.engine, "connect", sqlite_pragmas)
        self._connection: Connection | None = None
        self._commits = 0
        #: Checkpoints, and the transactions that found the lock held.
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-waits")
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
        call = partial(work, **kwargs)
        try:
            result = self._here(call, *args)
        except OperationalError as error:
            if not _lock_held(error):
                raise
            result = await asyncio.get_running_loop().run_in_executor(self._thread, partial(self._waiting, call, *args))
        self._commits += 1
        if self._commits % CHECKPOINT_EVERY == 0 and (self._checkpoint is None or self._checkpoint.done()):
            self._checkpoint = self._thread.submit(self._copy_log)
        return result

    def _here(self, work: Callable[..., T], *args: object) -> T:
        """The transaction on the kept connection, on the event loop (it never waits for the lock)."""
        connection = self._connection or self._connect()
        try:
            with connection.begin():
                return work(connection, *args)
        except BaseException:
            self._let_go()  # the next transaction starts on a fresh connection, whatever broke
            raise

    def _waiting(self, work: Callable[..., T], *args: object) -> T:
        """The transaction on the thread, on a connection that waits for the lock (``busy_timeout``)."""
        with self.engine.begin() as connection:
            return work(connection, *args)

    def _connect(self) -> Connection:
        """The kept connection, made now (kept only once its pragmas are set)."""
        connection = self.engine.connect()
        try:
            connection.exec_driver_sql("PRAGMA wal_autocheckpoint=0")  # its commits never checkpoint: see above
            connection.exec_driver_sql("PRAGMA busy_timeout=0")  # nor wait for the lock on the loop
            connection.commit()
        except BaseException:
            connection.invalidate()
            connection.close()
            raise
        self._connection = connection
        return connection

    def _copy_log(self) -> None:
        """Checkpoint (on the thread): copy what the log holds into the database file, without
        waiting for readers or blocking the writer."""
        with self.engine.connect() as connection:
            connection.execute(text("PRAGMA wal_checkpoint(PASSIVE)"))

    def _let_go(self) -> None:
        """Close the kept connection for good: with its own pragmas, it never goes back to the pool."""
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.invalidate()
            connection.close()

    def close(self) -> None:
        self._let_go()
        self._thread.shutdown(wait=True)
        self.engine.dispose()


def _lock_held(error: OperationalError) -> bool:
    """SQLite said another connection holds the write lock (or wrote since this one read)."""
    found = error.orig
    if not isinstance(found, sqlite3.OperationalError):
        return False
    return getattr(found, "sqlite_errorname", "").startswith("SQLITE_BUSY") or "database is locked" in str(found)
