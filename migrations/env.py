"""Alembic's entry point, for the async engine and without alembic.ini.

bot.db.migrate() hands over an open connection in ``config.attributes["connection"]``;
without one (a developer's ``python -m bot.db revision``), an engine is made from the
configuration's ``sqlalchemy.url``. Migrations are rendered in batch mode so that SQLite
can alter tables.
"""

import asyncio
from typing import Any

from alembic import context
from sqlalchemy import pool
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel
from sqlmodel.sql.sqltypes import AutoString

import bot.models
import bot.rating_models  # the rating tables, for autogenerate
import bot.season_models  # the season tables
from bot.db import create_engine

config = context.config
target_metadata = SQLModel.metadata


def render_item(kind: str, obj: Any, autogen_context: Any) -> str | bool:
    """Write our column types as plain SQLAlchemy types: migrations must not import the models."""
    if kind == "type":
        if isinstance(obj, bot.models.UTCDateTime):
            return "sa.DateTime(timezone=True)"
        if isinstance(obj, bot.models.BigScore):
            return "sa.Text()"
        if isinstance(obj, AutoString):
            return "sa.String()"
    return False


def configure(**kwargs: Any) -> None:
    context.configure(
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
        render_item=render_item,
        **kwargs,
    )


def run_with(connection: Connection) -> None:
    configure(connection=connection)
    with context.begin_transaction():
        context.run_migrations()


async def run_with_new_engine() -> None:
    engine = create_engine(config.get_main_option("sqlalchemy.url"), poolclass=pool.NullPool)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(run_with)
    finally:
        await engine.dispose()


if context.is_offline_mode():
    configure(url=config.get_main_option("sqlalchemy.url"), literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
elif (shared := config.attributes.get("connection")) is not None:
    run_with(shared)
else:
    asyncio.run(run_with_new_engine())
