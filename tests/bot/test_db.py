"""The database layer: URLs, migrations, SQLite pragmas and the clear unreachable error."""

from __future__ import annotations

import asyncio
import socket
import threading
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import SQLModel

import bot.models  # noqa: F401  (the tables)
from bot import rating_models  # noqa: F401  (the rating tables of migration 0003)
from bot.db import (
    DatabaseError,
    DatabaseUnreachable,
    alembic_config,
    create_engine,
    migrate,
    normalise_url,
    open_database,
)
from tests.bot.conftest import TestDatabase

TABLES = {
    "guild_settings",
    "game_tables",
    "table_actions",
    "results",
    "pending_clicks",
    "owned_items",
    "item_owners",
    "item_transfers",
    "item_reservations",
    "ratings",
    "rating_history",
}
HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()
TABLES |= {"tournaments", "tournament_entrants", "tournament_rounds", "tournament_tables"}
TABLES |= {"shard_leases", "bot_state"}
TABLES |= {"season_settings", "season_ends", "tournament_templates"}
TABLES |= {"table_clocks", "player_prefs", "guild_paces", "tournament_paces"}  # turn-based play (0011)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("sqlite:///data/parlour.db", "sqlite+aiosqlite:///data/parlour.db"),
        ("sqlite+aiosqlite:////abs/p.db", "sqlite+aiosqlite:////abs/p.db"),
        ("postgresql://u:pw@h:5433/db", "postgresql+asyncpg://u:pw@h:5433/db"),
        ("postgres://u@h/db", "postgresql+asyncpg://u@h/db"),
        ("postgresql+asyncpg://u@h/db", "postgresql+asyncpg://u@h/db"),
        ("postgres://u@h/db?sslmode=require", "postgresql+asyncpg://u@h/db?ssl=require"),
    ],
)
def test_urls_are_normalised_to_async_drivers(given: str, expected: str) -> None:
    assert normalise_url(given).render_as_string(hide_password=False) == expected


@pytest.mark.parametrize("url", ["mysql://u@h/db", "postgresql+psycopg2://u@h/db", "not a url", ""])
def test_unsupported_urls_are_refused_with_a_sentence(url: str) -> None:
    with pytest.raises(DatabaseError, match=r"^DATABASE_URL .*\.$"):
        normalise_url(url)


async def table_names(db: TestDatabase) -> set[str]:
    engine = db.engine()
    try:
        async with engine.connect() as connection:
            return set(await connection.run_sync(lambda c: inspect(c).get_table_names()))
    finally:
        await engine.dispose()


async def current_revision(db: TestDatabase) -> str | None:
    engine = db.engine()
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(lambda c: MigrationContext.configure(c).get_current_revision())
    finally:
        await engine.dispose()


async def test_migrations_create_the_schema_from_empty(empty_database: TestDatabase) -> None:
    assert await table_names(empty_database) == set()
    engine = empty_database.engine()
    try:
        await migrate(engine)
    finally:
        await engine.dispose()
    assert await table_names(empty_database) == TABLES | {"alembic_version"}
    assert await current_revision(empty_database) == HEAD


async def test_migrate_is_idempotent_and_keeps_data(empty_database: TestDatabase) -> None:
    db = await empty_database.open()
    try:
        async with db.engine.begin() as connection:
            await connection.execute(
                text(
                    "INSERT INTO guild_settings (guild_id, idle_minutes, use_threads, computer_pause_ms, updated_at) "
                    "VALUES (1, 9, false, 0, '2025-01-01 00:00:00+00')"
                )
            )
        await migrate(db.engine)
        await migrate(db.engine)
        async with db.engine.connect() as connection:
            assert (await connection.execute(text("SELECT idle_minutes FROM guild_settings"))).scalar() == 9
    finally:
        await db.close()
    assert await current_revision(empty_database) == HEAD


async def test_migrated_schema_matches_the_models(database) -> None:
    def differences(connection):
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, SQLModel.metadata)

    async with database.engine.connect() as connection:
        assert await connection.run_sync(differences) == []


async def test_migrations_downgrade_to_nothing_and_back(database) -> None:
    def run(connection, revision: str, up: bool) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        (command.upgrade if up else command.downgrade)(config, revision)

    async with database.engine.begin() as connection:
        await connection.run_sync(run, "base", False)
        assert set(await connection.run_sync(lambda c: inspect(c).get_table_names())) <= {"alembic_version"}
        await connection.run_sync(run, "head", True)
        assert set(await connection.run_sync(lambda c: inspect(c).get_table_names())) >= TABLES


async def test_migrate_by_url_creates_the_sqlite_file_and_folder(tmp_path: Path) -> None:
    path = tmp_path / "new" / "folder" / "parlour.db"
    await migrate(f"sqlite:///{path}")
    assert path.is_file()
    db = await open_database(f"sqlite:///{path}")  # a second start
    await db.close()


async def test_foreign_keys_are_enforced(database) -> None:
    with pytest.raises(IntegrityError):
        async with database.engine.begin() as connection:
            await connection.execute(
                text(
                    "INSERT INTO table_actions (table_id, version, seat, move, actor, at) "
                    "VALUES (999, 1, 0, 'x', 'player', '2025-01-01 00:00:00+00')"
                )
            )


async def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    db = await open_database(f"sqlite:///{tmp_path}/p.db")
    try:
        async with db.engine.connect() as connection:
            assert (await connection.exec_driver_sql("PRAGMA journal_mode")).scalar() == "wal"
            assert (await connection.exec_driver_sql("PRAGMA foreign_keys")).scalar() == 1
    finally:
        await db.close()


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def assert_one_sentence(error: DatabaseError) -> None:
    message = str(error)
    assert "DATABASE_URL" in message
    assert "\n" not in message and message.endswith(".")
    assert error.__suppress_context__  # the entry point prints it alone, without a traceback chain


async def test_postgres_on_a_closed_port_is_a_clear_error() -> None:
    with pytest.raises(DatabaseUnreachable) as caught:
        await open_database(f"postgresql://parlour:s3cret@127.0.0.1:{closed_port()}/parlour")
    assert_one_sentence(caught.value)
    assert "s3cret" not in str(caught.value)  # passwords are never printed
    assert "127.0.0.1" in str(caught.value)


async def test_sqlite_under_a_file_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(DatabaseUnreachable) as caught:
        await open_database(f"sqlite:///{blocker}/data/parlour.db")
    assert_one_sentence(caught.value)


async def test_sqlite_path_that_is_a_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DatabaseUnreachable) as caught:
        await open_database(f"sqlite:///{tmp_path}")
    assert_one_sentence(caught.value)
    await aiosqlite_threads_finished()


async def aiosqlite_threads_finished() -> None:
    """aiosqlite stops a failed connection's thread without waiting: let it end while our loop runs."""
    for _ in range(500):
        if not any(t.name.endswith("(_connection_worker_thread)") for t in threading.enumerate()):
            return
        await asyncio.sleep(0.01)


def test_creating_an_engine_makes_no_connection(tmp_path: Path) -> None:
    engine = create_engine(f"postgresql://u@127.0.0.1:{closed_port()}/db")
    assert engine.url.drivername == "postgresql+asyncpg"
