"""What every part of the store shares: its sessions and how it runs one transaction.

Each part of :class:`bot.store.Store` (tables, moves, results, items, standings, settings,
pending clicks) is a mixin over :class:`StoreBase`, so they all write through the same lock
and the same SQLite connection.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from sqlalchemy import Connection, Engine, Table
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel import Session
from sqlmodel.ext.asyncio.session import AsyncSession

from bot import rating_store
from bot.db import is_sqlite
from bot.sqlite_writes import SqliteWrites

T = TypeVar("T")

#: "Leave this column as it is" for arguments where None is a value to write.
UNSET: Any = object()


class StoreBase:
    """The repository over an async session maker (``bot.db.Database.sessions``)."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], *, default_computer_pause_ms: int = 1500) -> None:
        self.sessions = sessions
        bind = sessions.kw.get("bind")
        #: SQLite takes one writer at a time and makes the others poll for its lock, sleeping longer
        #: each try: under load a writer starved for seconds. Here they queue, and wait only their turn.
        self._write_lock = asyncio.Lock() if bind is not None and is_sqlite(bind.url) else None
        #: SQLite's transactions in one piece, on the event loop (None on PostgreSQL or an in-memory database).
        self._writes = SqliteWrites.for_engine(bind)
        #: The computer pause of a server that has not set its own (COMPUTER_PAUSE_MS).
        self.default_computer_pause_ms = default_computer_pause_ms
        #: What the games that ended last did to their players' standings, as their saves computed
        #: it, until their announcement asks (``table_standing_changes``; oldest dropped first).
        self._game_ends: dict[int, list[rating_store.SeatChange]] = {}
        #: Likewise which of their transfers moved an item (``moved_items``).
        self._moved: dict[int, list[bool]] = {}

    def close(self) -> None:
        """Close SQLite's writes connection and checkpoints thread (the engine is the Database's to dispose)."""
        if self._writes is not None:
            self._writes.close()

    def engines(self) -> list[Engine]:
        """Every engine this store runs statements through (tests watch them)."""
        bind = self.sessions.kw.get("bind")
        engines = [bind.sync_engine] if bind is not None else []
        return engines + ([self._writes.engine] if self._writes is not None else [])

    @contextlib.asynccontextmanager
    async def _writing(self) -> AsyncIterator[AsyncSession]:
        """A write transaction (on SQLite, one at a time in this process: see ``_write_lock``)."""
        async with self._write_lock or contextlib.nullcontext(), self.sessions.begin() as session:
            yield session

    async def _in_one_piece(self, work: Callable[..., T], *args: Any) -> T:
        """Run ``work(connection, *args)`` in one transaction: on SQLite in one piece on the event
        loop (see :mod:`bot.sqlite_writes`), elsewhere through the session's connection."""
        if self._writes is not None:
            async with self._write_lock or contextlib.nullcontext():
                return await self._writes.run(work, *args)
        async with self._writing() as session:
            connection = await session.connection()
            return await connection.run_sync(work, *args)

    async def _in_session(self, work: Callable[[Session], T]) -> T:
        """Run ``work(session)``, plain ORM code, in one write transaction: on SQLite in one piece
        (where the async session waits a turn of the event loop for every statement while it holds
        SQLite's one writer lock), elsewhere through the async session (``run_sync``: sqlmodel's
        session, as ``work`` expects)."""
        if self._writes is not None:
            return await self._in_one_piece(_with_session, work)
        async with self._writing() as session:
            return await session.run_sync(lambda sync: work(cast(Session, sync)))


def _with_session(connection: Connection, work: Callable[[Session], T]) -> T:
    """Run ``work`` with an ORM session on ``connection``, inside the transaction the caller holds."""
    with Session(bind=connection, expire_on_commit=False) as session:
        result = work(session)
        session.commit()  # flushes; the connection's own transaction is committed by the caller
        return result


def columns_but_id(table: Table) -> tuple[str, ...]:
    """Every column of ``table`` but its id, which the database numbers: what a new row is given."""
    return tuple(column.name for column in table.columns if column.name != "id")


@dataclass(frozen=True)
class TableKey:
    """A table and what its results, prizes and reservations are filed under (its server and game)."""

    id: int
    guild_id: int
    game_key: str
