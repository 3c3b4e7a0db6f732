"""A SQLite transaction run in one piece on a thread of its own.

Through aiosqlite every DBAPI call (cursor, execute, fetch, close, commit) is a hop to
aiosqlite's thread and back through the event loop, so a transaction of three statements
waits about ten turns of the loop (each up to tens of milliseconds on a busy bot) while it
holds SQLite's one writer lock. Here the whole transaction is one plain function run on one
thread with its own connection to the same file: one hop out, one hop back.

Only for a SQLite file (an in-memory database is private to its connection).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Concatenate, ParamSpec, TypeVar

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db import is_sqlite, sqlite_pragmas

P = ParamSpec("P")
T = TypeVar("T")


class SqliteThread:
    """Runs ``work(connection, ...)`` in one transaction on its own thread and connection."""

    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(url)
        event.listen(self.engine, "connect", sqlite_pragmas)
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-writes")

    @classmethod
    def for_engine(cls, engine: AsyncEngine | None) -> SqliteThread | None:
        """One for this async engine's SQLite file; None for PostgreSQL or an in-memory database."""
        if engine is None or not is_sqlite(engine.url):
            return None
        database = engine.url.database or ""
        if database in ("", ":memory:") or database.startswith("file:"):
            return None
        return cls(engine.url.set(drivername="sqlite+pysqlite").render_as_string(hide_password=False))

    async def run(self, work: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``work`` in one transaction (committed when it returns, rolled back when it raises)."""

        def transaction() -> T:
            with self.engine.begin() as connection:
                return work(connection, *args, **kwargs)

        return await asyncio.get_running_loop().run_in_executor(self._thread, transaction)

    def close(self) -> None:
        self._thread.shutdown(wait=True)
        self.engine.dispose()
