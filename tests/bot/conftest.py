"""Test databases on both backends: a fresh SQLite file, or a fresh PostgreSQL schema.

The ``empty_database`` fixture is parametrized over SQLite and PostgreSQL; each test gets
its own clean database (on PostgreSQL a new schema in TEST_POSTGRES_URL's database, dropped
afterwards). When PostgreSQL cannot be reached its tests skip, or fail when CI is set.
Every test module under tests/bot/ can use these fixtures.
"""

from __future__ import annotations

import asyncio
import functools
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import NullPool

from bot.db import Database, DatabaseError, check, create_engine, open_database
from bot.store import Store

TEST_POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test")
BACKENDS = ["sqlite", "postgresql"]


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


@functools.cache
def postgres_problem() -> str | None:
    """Why PostgreSQL cannot be used for tests (None when it can), checked once per run."""

    async def probe() -> None:
        engine = create_engine(TEST_POSTGRES_URL, poolclass=NullPool)
        try:
            await check(engine)
        finally:
            await engine.dispose()

    with ThreadPoolExecutor(1) as pool:  # own thread: a test's event loop may be running
        try:
            pool.submit(asyncio.run, probe()).result()
        except DatabaseError as error:
            return f"PostgreSQL for tests (TEST_POSTGRES_URL) is unavailable: {error}"
    return None


@dataclass
class TestDatabase:
    """Where a test database is, and how to make engines for it."""

    __test__ = False  # not a test class

    backend: str
    url: str
    engine_kwargs: dict[str, Any] = field(default_factory=dict)

    def engine(self, **kwargs: Any) -> AsyncEngine:
        return create_engine(self.url, **self.engine_kwargs, **kwargs)

    async def open(self) -> Database:
        return await open_database(self.url, engine_kwargs=self.engine_kwargs)


@pytest.fixture(params=BACKENDS)
async def empty_database(request: pytest.FixtureRequest, tmp_path: Any) -> AsyncIterator[TestDatabase]:
    """A database with no tables at all, on each backend."""
    if request.param == "sqlite":
        yield TestDatabase("sqlite", f"sqlite:///{tmp_path}/data/parlour.db")
        return
    problem = postgres_problem()
    if problem is not None:
        if in_ci():
            pytest.fail(problem)
        pytest.skip(problem)
    schema = f"parlour_test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(TEST_POSTGRES_URL, poolclass=NullPool)
    async with admin.begin() as connection:
        await connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield TestDatabase(
            "postgresql", TEST_POSTGRES_URL, {"connect_args": {"server_settings": {"search_path": schema}}}
        )
    finally:
        async with admin.begin() as connection:
            await connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        await admin.dispose()


@pytest.fixture
async def database(empty_database: TestDatabase) -> AsyncIterator[Database]:
    """A migrated database, opened as the bot opens it at start."""
    db = await empty_database.open()
    try:
        yield db
    finally:
        await db.close()


@pytest.fixture
def store(database: Database) -> Iterator[Store]:
    store = Store(database.sessions)
    yield store
    store.close()
