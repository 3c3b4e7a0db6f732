"""Opening the bot's database for a maintenance command (``python -m bot.rating_store``).

The command reads the same settings as the bot (``.env`` and the environment, DATABASE_URL),
and refuses, in one sentence, a URL that does not parse, a database with no Parlour tables
(a mistyped path would otherwise create an empty one) and a database a running bot serves.
"""

from __future__ import annotations

from sqlalchemy import inspect
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.db import Database, DatabaseError, migration_state, open_database, open_read_only
from bot.leases import LEASE_SECONDS, LEASES, holder_gone
from bot.models import utcnow


class MaintenanceRefused(Exception):
    """The command may not run on this database now; ``str(error)`` is one sentence."""


async def open_for_maintenance(url: str) -> Database:
    """Check the database is Parlour's and no bot serves it, then open (and migrate) it as the bot does."""
    try:
        engine = await open_read_only(url)
    except DatabaseError as error:
        raise MaintenanceRefused(str(error)) from None
    shown = engine.url.render_as_string(hide_password=True)
    try:
        async with engine.connect() as connection:
            current, _ = await connection.run_sync(migration_state)
            if current is None:
                raise MaintenanceRefused(
                    f"The database in DATABASE_URL ({shown}) has no Parlour tables: check DATABASE_URL and the "
                    "folder you run this in (the bot's .env is read from there)."
                )
            leases = (await connection.execute(LEASES.select())).all() if await _has_leases(connection) else []
    finally:
        await engine.dispose()
    now = utcnow()
    running = [
        r for r in leases if (now - r.heartbeat_at).total_seconds() < LEASE_SECONDS and not holder_gone(r.holder)
    ]
    if running:
        host, pid = running[0].holder.split(":")[:2]
        raise MaintenanceRefused(
            f"The bot is running on this database (process {pid} on {host}): stop it first "
            "(systemctl stop parlour, or Ctrl+C), then run this again."
        )
    try:
        return await open_database(url)
    except DatabaseError as error:
        raise MaintenanceRefused(str(error)) from None


async def _has_leases(connection: AsyncConnection) -> bool:
    """Whether the database is at migration 0009 or later (an older one is migrated when opened)."""
    return await connection.run_sync(lambda sync: inspect(sync).has_table("shard_leases"))
