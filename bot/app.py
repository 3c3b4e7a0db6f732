"""Start the bot: open and migrate the database, then log in and serve until stopped."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import logging
import signal
import sys

import discord

from bot.client import EXTENSIONS, ParlourBot, make_bot
from bot.commands import CommandsError
from bot.db import DatabaseError, open_database
from bot.diagnostics import log_tasks_on_signal
from bot.leases import LeaseRefused, ShardLeases
from bot.settings import Settings

log = logging.getLogger(__name__)

#: How long Discord may take to answer the login, and then to send the bot its servers.
LOGIN_TIMEOUT_S = 30.0
READY_TIMEOUT_S = 120.0


class StartupError(Exception):
    """The bot cannot start; the message is one sentence for the operator."""


def run(settings: Settings) -> None:
    """Serve until stopped, on asyncio's event loop or, with EVENT_LOOP=uvloop, on uvloop's.

    benchmarks/load.py measures both (``--variant``); uvloop did not pay on a 2-core machine
    (measured again on 2026-11-25: the same CPU per move), where pictures, REST and the database
    cost far more than the event loop.
    """
    if settings.event_loop == "uvloop":
        try:
            import uvloop
        except ImportError:
            log.info("uvloop is not installed: using asyncio's event loop")
        else:
            with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
                runner.run(run_bot(settings))
            return
    asyncio.run(run_bot(settings))


async def run_bot(settings: Settings) -> None:
    try:
        database = await open_database(settings.database_url)
    except DatabaseError as error:
        raise StartupError(str(error)) from None
    log.info("Database: %s", database.engine.url.render_as_string(hide_password=True))
    leases = ShardLeases(database.engine, settings.served_shards(), settings.shard_count or 1)
    try:
        await leases.claim()
    except LeaseRefused as error:
        await database.close()
        raise StartupError(str(error)) from None
    bot = make_bot(settings, database, edit_interval=1.0)
    heartbeat = asyncio.create_task(leases.keep(on_lost=lambda: asyncio.ensure_future(bot.close())))
    # systemctl stop and docker stop send SIGTERM: close as on Ctrl+C, so the shards are given back at once.
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
    log_tasks_on_signal(asyncio.get_running_loop())
    freeze_startup_objects()
    collect_young_as_python_313()
    try:
        async with bot:
            await start_within_time(bot, settings.discord_token)
    except CommandsError as error:
        raise StartupError(str(error)) from None
    except discord.LoginFailure:
        raise StartupError(
            "DISCORD_TOKEN was refused by Discord: reset it in the Developer Portal (Bot → Reset Token) "
            "and paste the new token into .env."
        ) from None
    except (OSError, discord.GatewayNotFound) as error:
        raise StartupError(
            f"Discord could not be reached ({error}): check the network, or DISCORD_API_URL and "
            "DISCORD_GATEWAY_URL if you set them."
        ) from None
    finally:
        heartbeat.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await heartbeat
        bot.store.close()
        if not leases.lost:
            await leases.release()
        await database.close()
    if leases.lost:
        raise StartupError(
            "This process lost its claim on its shards to another process, or could not renew it: "
            "check that no other process serves the same SHARD_IDS on this DATABASE_URL."
        )


def freeze_startup_objects() -> None:
    """Take what lives as long as the process (modules, classes, functions: some 150,000 objects)
    out of the garbage collector's full collections.

    Under load a full collection runs every few seconds and stands the event loop still while it
    walks every tracked object; the startup objects were a third of them. Called before any table
    is restored: a table's objects stay collectable. (``gc.freeze``: Python's own advice for this.)
    """
    for extension in EXTENSIONS:  # imported now, not while the bot loads them
        importlib.import_module(extension)
    gc.collect()
    gc.freeze()


#: Python 3.13's threshold for the garbage collector's young generation (2,000 new objects
#: before a young collection; 700 before 3.13).
YOUNG_THRESHOLD_313 = 2000


def collect_young_as_python_313() -> None:
    """Collect the young generation as Python 3.13 does, on the Pythons before it.

    A click lives some tenths of a second (a save, a drawing, a REST call): with 700 its objects
    are promoted to the oldest generation before they die, and each full collection, which stands
    the event loop still, walks them. With 2,000 most die young: at 1,000 tables full collections
    came 4 times a minute instead of about 20 (``python -m benchmarks.load --collector``,
    docs/scale.md), the same as on Python 3.13.
    """
    if sys.version_info < (3, 13):
        gc.set_threshold(YOUNG_THRESHOLD_313, *gc.get_threshold()[1:])


async def start_within_time(bot: ParlourBot, token: str) -> None:
    """Log in and connect, but give up with a sentence if Discord accepts and never answers."""
    try:
        await asyncio.wait_for(bot.login(token), LOGIN_TIMEOUT_S)
    except TimeoutError:
        raise StartupError(
            f"Discord did not answer the login within {LOGIN_TIMEOUT_S:.0f} seconds: check the network, "
            "or DISCORD_API_URL if you set it."
        ) from None
    connection = asyncio.create_task(bot.connect())
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({connection, ready}, timeout=READY_TIMEOUT_S, return_when=asyncio.FIRST_COMPLETED)
    if not done:
        connection.cancel()
        ready.cancel()
        raise StartupError(
            f"Discord's gateway did not get the bot ready within {READY_TIMEOUT_S:.0f} seconds: check the "
            "network, or DISCORD_GATEWAY_URL if you set it."
        )
    if connection in done:
        ready.cancel()
        connection.result()  # raises what ended the connection
        return
    await connection
