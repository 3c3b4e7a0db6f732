"""The world of a load run: its servers set up as a moderator would, the games offered, and a fresh
database whose saved moves are counted."""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import AsyncIterator
from pathlib import Path

from tests.loopback.models import GuildSpec
from tests.loopback.server import LoopbackDiscord, shard_of


async def set_up_server(server: LoopbackDiscord, guild: GuildSpec, *, threads: bool = True) -> None:
    """A moderator sets the benchmark's settings the way a person would: /settings.

    With ``threads`` (a server's default) each table gets a thread of its own. Without, every
    table's message is in one channel: discord.py then sends one request at a time per channel
    (the loopback sends no rate-limit headers; real Discord would allow even fewer edits), so the
    table messages queue behind each other's edits."""
    admin = server.user("admin", manage_guild=True, guild=guild)
    synced = {c["name"] for c in server.commands.get(guild.id, []) + server.commands.get(None, [])}
    command = "settings" if "settings" in synced else "parlour settings"  # older revisions: a group
    channel = server.channel("general", guild)
    handle = await server.slash(admin, command, channel=channel, threads=threads, computer_pause_ms=0)
    message = await handle.message(timeout=30)
    assert "Saved" in message.content and "0 ms" in message.content, message.content


def offered_games(server: LoopbackDiscord) -> list[str]:
    """The games /play offers (its choices, as synced to Discord)."""
    for command in server.commands.get(server.guild.id, []) + server.commands.get(None, []):
        if command["name"] == "play":
            for option in command.get("options") or []:
                if option["name"] == "game":
                    return [c["value"] for c in option.get("choices") or []]
    return []


def players_needed(game: str) -> int:
    """The fewest players a game is dealt for (High Card and every real game: from the registry)."""
    from engine import registry

    with contextlib.suppress(KeyError):
        found = registry.get(game)
        return min(found.player_counts or (found.min_players,))
    return 2


async def count_moves(database_url: str) -> int | None:
    """Moves saved so far (every seat's, computers' too), read from the bot's database."""
    with contextlib.suppress(Exception):
        if database_url.startswith("sqlite"):
            import sqlite3

            path = database_url.split("///", 1)[1]
            with contextlib.closing(sqlite3.connect(path)) as connection:
                return int(connection.execute("SELECT count(*) FROM table_actions").fetchone()[0])
        import asyncpg

        connection = await asyncpg.connect(database_url.replace("+asyncpg", ""))
        try:
            return int(await connection.fetchval("SELECT count(*) FROM table_actions"))
        finally:
            await connection.close()
    return None


@contextlib.asynccontextmanager
async def fresh_database(base_url: str | None, folder: Path) -> AsyncIterator[str]:
    """A new empty database for one run: a SQLite file, or a new PostgreSQL database dropped afterwards."""
    if not base_url:
        yield f"sqlite+aiosqlite:///{folder / 'load.db'}"
        return
    import asyncpg

    plain = base_url.replace("+asyncpg", "")
    name = f"parlour_load_{os.getpid()}_{random.randrange(1 << 30)}"
    admin = await asyncpg.connect(plain)
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield plain.rsplit("/", 1)[0] + f"/{name}"
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


def one_guild_per_shard(server: LoopbackDiscord, shards: int) -> list[GuildSpec]:
    """Servers for the tables: the loopback's own, or with several shards one server in each."""
    if shards == 1:
        return [server.guild]
    server.shard_count = shards
    by_shard = {shard_of(server.guild.id, shards): server.guild}
    while len(by_shard) < shards:
        guild = server.add_guild(f"Server {len(server.guilds)}")
        if shard_of(guild.id, shards) in by_shard:
            server.guilds.remove(guild)
        else:
            by_shard[shard_of(guild.id, shards)] = guild
    return [by_shard[s] for s in range(shards)]
