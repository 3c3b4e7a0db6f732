"""The async database: engines, sessions, a reachability check and migrations.

Parlour keeps its data in SQLite by default (one file, WAL mode) and in PostgreSQL when
DATABASE_URL says so. The same SQLModel tables and Alembic migrations serve both.

>>> normalise_url("sqlite:///data/parlour.db").render_as_string()
'sqlite+aiosqlite:///data/parlour.db'
>>> normalise_url("postgres://bot@db.example/parlour").render_as_string()
'postgresql+asyncpg://bot@db.example/parlour'

At start the entry point calls :func:`open_database`, which checks the database can be
reached and runs every migration (``upgrade head``); a failure is a :class:`DatabaseError`
whose message is one sentence naming DATABASE_URL.

Migrations live in the top-level ``migrations`` package (shipped with ``pip install .``);
there is no alembic.ini: :func:`alembic_config` builds the configuration in code.

A developer adds a migration like this:

1. change the tables in ``bot/models.py``;
2. autogenerate a revision against a database migrated to the current head (any URL works;
   the SQLite file is created and migrated first)::

       .venv/bin/python -m bot.db revision "add gin-jon-tan collections" --url sqlite:///data/dev.db

   which writes ``migrations/versions/000N_<slug>.py`` (revisions are numbered in order);
3. read and correct it (autogenerate misses renames and data moves; SQLite needs the
   ``op.batch_alter_table`` blocks it generates), then test it on both backends:
   ``.venv/bin/python -m pytest tests/bot/test_db.py``, which also checks that the
   migrated schema matches the models.

``python -m bot.db upgrade --url URL`` migrates a database by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import URL, event, make_url, text
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel.ext.asyncio.session import AsyncSession

import migrations

MIGRATIONS_DIR = Path(migrations.__file__).resolve().parent
CONNECT_TIMEOUT_S = 10.0
# Any fixed number: several bot processes (shards) sharing one PostgreSQL migrate one at a time.
_MIGRATION_LOCK_ID = 0x5A_72_6C_6F


class DatabaseError(Exception):
    """The database cannot be used; ``str(error)`` is one sentence for the person running the bot."""


class DatabaseUnreachable(DatabaseError):
    """The database server or file cannot be reached or opened."""


@dataclass
class Database:
    """An open database: the engine and the session maker the store uses."""

    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]

    async def close(self) -> None:
        await self.engine.dispose()


def normalise_url(url: str | URL) -> URL:
    """Return the async SQLAlchemy URL for a DATABASE_URL, or raise :class:`DatabaseError`.

    Accepts ``sqlite:///path``, ``sqlite+aiosqlite:///path``, ``postgresql://…``,
    ``postgres://…`` (Heroku style) and ``postgresql+asyncpg://…``; ``sslmode`` becomes
    asyncpg's ``ssl``. Refuses, with one sentence each, what would lose data or connect
    somewhere unintended: a SQLite URL with two slashes, an in-memory or nameless SQLite
    database, a PostgreSQL URL without a database name, and a password with an unencoded ``@``.
    """
    if isinstance(url, str):
        _check_url_text(url)
    try:
        parsed = make_url(url) if isinstance(url, str) else url
    except (ArgumentError, ValueError) as error:
        raise DatabaseError(
            f"DATABASE_URL is not a database URL ({error}): use sqlite:///path/to/file.db "
            "or postgresql://user:password@host/database."
        ) from None
    backend, _, driver = parsed.drivername.partition("+")
    if backend == "sqlite" and driver in ("", "aiosqlite"):
        _check_sqlite(parsed)
        return parsed.set(drivername="sqlite+aiosqlite")
    if backend in ("postgresql", "postgres") and driver in ("", "asyncpg"):
        if not parsed.database:
            raise DatabaseError(
                f"DATABASE_URL names no database ({_shown(parsed)}): add its name after the host, "
                "like postgresql://parlour:password@127.0.0.1:5432/parlour."
            )
        parsed = parsed.set(drivername="postgresql+asyncpg")
        query = dict(parsed.query)
        if "sslmode" in query:
            query.setdefault("ssl", query.pop("sslmode"))
            parsed = parsed.set(query=query)
        return parsed
    raise DatabaseError(
        f"DATABASE_URL uses {parsed.drivername!r}, which Parlour does not support: "
        "use sqlite:///path/to/file.db or postgresql://user:password@host/database."
    )


def _check_url_text(url: str) -> None:
    """What only the written URL shows: two slashes after sqlite:, or an ``@`` inside the password."""
    scheme, separator, rest = url.partition("://")
    if not separator:
        return
    if scheme.startswith("sqlite") and rest and not rest.startswith("/"):
        raise DatabaseError(
            f"DATABASE_URL {url!r} has two slashes after sqlite: where a file needs three: write "
            f"sqlite:///{rest} for a file under the starting folder, or sqlite:////{rest} for an absolute path."
        )
    authority = rest.split("/", 1)[0].split("?", 1)[0]
    if authority.count("@") > 1:
        raise DatabaseError(
            "DATABASE_URL has more than one @ before the host: write an @ inside the user name or "
            "password as %40 (and : / # ? as %3A %2F %23 %3F)."
        )


def _check_sqlite(url: URL) -> None:
    database = url.database or ""
    if url.host:
        raise DatabaseError(
            f"DATABASE_URL names a host ({url.host!r}) for SQLite, which takes a file: write "
            f"sqlite:///{url.host}/{database} (three slashes) or sqlite:////absolute/path.db."
        )
    if database in ("", ":memory:") or "mode=memory" in database or url.query.get("mode") == "memory":
        raise DatabaseError(
            "DATABASE_URL is an in-memory SQLite database, which loses every game at each restart: "
            "name a file, like sqlite:///data/parlour.db, or leave it empty for that one."
        )


def is_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite"


def _shown(url: URL) -> str:
    return url.render_as_string(hide_password=True)


def create_engine(url: str | URL, **engine_kwargs: Any) -> AsyncEngine:
    """Create the async engine for a DATABASE_URL (no connection is made yet).

    On SQLite the file's folder is created and every connection gets WAL journaling,
    foreign keys and a busy timeout. Extra keyword arguments go to SQLAlchemy;
    ``connect_args`` are merged with ours (tests pass asyncpg ``server_settings``).
    """
    url = normalise_url(url)
    connect_args: dict[str, Any] = {"timeout": CONNECT_TIMEOUT_S}
    connect_args.update(engine_kwargs.pop("connect_args", {}))
    if is_sqlite(url):
        _make_sqlite_folder(url)
    engine = create_async_engine(url, connect_args=connect_args, **engine_kwargs)
    if is_sqlite(url):
        event.listen(engine.sync_engine, "connect", sqlite_pragmas)
    return engine


def _make_sqlite_folder(url: URL) -> None:
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        return
    folder = Path(database).expanduser().parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DatabaseUnreachable(
            f"The SQLite folder {str(folder)!r} from DATABASE_URL cannot be created "
            f"({error.strerror or error}): choose a writable path in DATABASE_URL."
        ) from None


def sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    try:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")  # safe with WAL: only the last commits may roll back
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()
    except Exception:
        dbapi_connection.close()  # SQLAlchemy would drop it unclosed (aiosqlite then warns from its thread)
        raise


def session_maker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """SQLModel sessions whose objects stay readable after commit (the store returns them)."""
    return async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)


async def check(engine: AsyncEngine) -> None:
    """Make sure the database answers (and, for SQLite, can be written); else raise DatabaseUnreachable."""
    url = engine.url
    try:
        async with asyncio.timeout(CONNECT_TIMEOUT_S + 5):
            async with engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
                if is_sqlite(url):
                    # Opening works on a read-only file; taking the write lock does not.
                    await connection.exec_driver_sql("BEGIN IMMEDIATE")
                    await connection.exec_driver_sql("ROLLBACK")
    except Exception as error:
        reason = _reason(error)
        if is_sqlite(url):
            raise DatabaseUnreachable(_sqlite_problem(url, reason)) from None
        raise DatabaseUnreachable(
            f"The database in DATABASE_URL ({_shown(url)}) cannot be reached ({reason}): "
            "check the URL and that the database server is running and accepts this user."
        ) from None


def _sqlite_problem(url: URL, reason: str) -> str:
    """One sentence about a SQLite file that cannot be used, in terms of files and folders."""
    path = Path(url.database or "").expanduser().resolve()
    folder = path.parent
    if path.exists() and not os.access(path, os.W_OK):
        return f"The SQLite file {str(path)!r} is read-only: make it writable for this user, or set DATABASE_URL."
    if not os.access(folder, os.W_OK):
        return (
            f"The folder {str(folder)!r} of the SQLite file is read-only: SQLite must write there "
            "(the file and its -wal and -shm companions); make it writable, or set DATABASE_URL."
        )
    return f"The SQLite file {str(path)!r} cannot be opened ({reason}): check the file, or set DATABASE_URL."


def _reason(error: BaseException) -> str:
    """The root cause of a connection failure, on one line."""
    while error.__cause__ is not None and not str(error):
        error = error.__cause__
    original = getattr(error, "orig", None)
    if isinstance(original, BaseException):
        error = original
    if isinstance(error, TimeoutError):
        return "no answer in time"
    message = " ".join(str(error).split()) or type(error).__name__
    return message if len(message) <= 200 else message[:197] + "..."


def alembic_config(url: str | URL | None = None) -> Config:
    """The Alembic configuration, built in code (no alembic.ini) so installed copies can migrate."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        shown = normalise_url(url).render_as_string(hide_password=False)
        config.set_main_option("sqlalchemy.url", shown.replace("%", "%%"))
    return config


async def migrate(target: str | URL | AsyncEngine) -> None:
    """Run every migration not yet applied (``alembic upgrade head``); safe to repeat.

    ``target`` is a DATABASE_URL or an engine (whose connection settings are kept).
    """
    engine = target if isinstance(target, AsyncEngine) else create_engine(target)
    try:
        async with engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                await connection.execute(text(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK_ID})"))
            await connection.run_sync(_upgrade_head)
    finally:
        if engine is not target:
            await engine.dispose()


def _upgrade_head(connection: Any) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


async def open_database(url: str | URL, *, engine_kwargs: Mapping[str, Any] | None = None) -> Database:
    """Connect, check and migrate: what the bot does at start. Raises DatabaseError."""
    engine = create_engine(url, **dict(engine_kwargs or {}))
    try:
        await check(engine)
        await migrate(engine)
    except BaseException:
        await engine.dispose()
        raise
    return Database(engine=engine, sessions=session_maker(engine))


async def open_read_only(url: str | URL) -> AsyncEngine:
    """An engine that reads the database and can neither write it nor create it (``python -m bot check``,
    ``commands``); raises DatabaseError, one sentence, when it is missing or cannot be reached."""
    url = normalise_url(url)
    if is_sqlite(url):
        path = Path(url.database or "").expanduser().resolve()
        if not path.is_file():
            raise DatabaseUnreachable(
                f"There is no SQLite file at {str(path)!r} (DATABASE_URL): check the path and the folder the bot "
                "starts in (the bot creates the file at its first start)."
            )
        engine = create_async_engine(
            URL.create("sqlite+aiosqlite", database=f"file:{path}?mode=ro", query={"uri": "true"}),
            connect_args={"timeout": CONNECT_TIMEOUT_S},
        )
    else:
        read_only = {"timeout": CONNECT_TIMEOUT_S, "server_settings": {"default_transaction_read_only": "on"}}
        engine = create_async_engine(url, connect_args=read_only)
    try:
        async with asyncio.timeout(CONNECT_TIMEOUT_S + 5):
            async with engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
    except Exception as error:
        await engine.dispose()
        reason = _reason(error)
        if is_sqlite(url):
            raise DatabaseUnreachable(_sqlite_problem(url, reason)) from None
        raise DatabaseUnreachable(
            f"The database in DATABASE_URL ({_shown(url)}) cannot be reached ({reason}): "
            "check the URL and that the database server is running and accepts this user."
        ) from None
    return engine


def migration_state(connection: Any) -> tuple[str | None, str | None]:
    """(the database's migration revision, the newest this code has); run with ``connection.run_sync``."""
    from alembic.runtime.migration import MigrationContext

    current = MigrationContext.configure(connection).get_current_revision()
    return current, ScriptDirectory.from_config(alembic_config()).get_current_head()


def _main(argv: list[str] | None = None) -> None:
    """Developer commands: ``upgrade`` and ``revision`` (autogenerate against a migrated database)."""
    parser = argparse.ArgumentParser(prog="python -m bot.db", description=_main.__doc__)
    parser.add_argument("command", choices=["upgrade", "revision"])
    parser.add_argument("message", nargs="?", default="change", help="revision message")
    parser.add_argument("--url", default="sqlite:///data/dev.db", help="database to compare against")
    args = parser.parse_args(argv)
    asyncio.run(migrate(args.url))
    if args.command == "revision":
        config = alembic_config(args.url)
        config.set_main_option("file_template", "%%(rev)s_%%(slug)s")
        head = ScriptDirectory.from_config(config).get_current_head() or "0"
        command.revision(config, message=args.message, autogenerate=True, rev_id=f"{int(head) + 1:04d}")


if __name__ == "__main__":
    _main()
