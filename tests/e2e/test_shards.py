"""Two bot processes, one PostgreSQL database: each serves its gateway shard's servers, and
every game and every leaderboard row comes out right.

Four servers are split across two shards (Discord's rule: (guild_id >> 22) % 2); the loopback
gateway sends each server's events only to the session that identified with its shard. In each
server several tables of High Card (one person, one computer) are played to the end at once,
so both processes save results, and the tables of one server finish together, all rating the
same computer player, whose row none of them has yet.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import uuid
from collections import Counter, defaultdict
from pathlib import Path

import asyncpg
import pytest

from benchmarks.load_people import Person, open_table
from benchmarks.load_world import Timings, World, now
from tests.bot.conftest import TEST_POSTGRES_URL, in_ci, postgres_problem
from tests.e2e.killer import _die_with_us
from tests.loopback.gateway import IDENTIFY
from tests.loopback.models import GuildSpec
from tests.loopback.server import LoopbackDiscord, shard_of

ROOT = Path(__file__).resolve().parents[2]
SHARDS = 2
GUILDS_PER_SHARD = 2
TABLES_PER_GUILD = 3


def split_guilds(server: LoopbackDiscord) -> dict[int, list[GuildSpec]]:
    """Add servers until each shard has GUILDS_PER_SHARD of them (the loopback's first one included)."""
    by_shard: dict[int, list[GuildSpec]] = defaultdict(list)
    by_shard[shard_of(server.guild.id, SHARDS)].append(server.guild)
    while any(len(by_shard[s]) < GUILDS_PER_SHARD for s in range(SHARDS)):
        guild = server.add_guild(f"Server {len(server.guilds)}")
        if len(by_shard[shard_of(guild.id, SHARDS)]) < GUILDS_PER_SHARD:
            by_shard[shard_of(guild.id, SHARDS)].append(guild)
        else:
            server.guilds.remove(guild)
    return by_shard


@contextlib.asynccontextmanager
async def fresh_postgres():  # type: ignore[no-untyped-def]
    """A new PostgreSQL database on TEST_POSTGRES_URL's server, dropped afterwards."""
    problem = postgres_problem()
    if problem is not None:
        if in_ci():
            pytest.fail(problem)
        pytest.skip(problem)
    plain = TEST_POSTGRES_URL.replace("+asyncpg", "")
    name = f"parlour_shards_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(plain)
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield plain.rsplit("/", 1)[0] + f"/{name}"
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


async def start_process(
    server: LoopbackDiscord, database_url: str, shard: int, folder: Path
) -> asyncio.subprocess.Process:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": server.token,
        "DISCORD_API_URL": server.api_url,
        "DISCORD_GATEWAY_URL": server.gateway_url,
        "DATABASE_URL": database_url,
        "DEV_GUILD_ID": "",
        "SHARD_COUNT": str(SHARDS),
        "SHARD_IDS": str(shard),
        "PARLOUR_EXTRA_GAMES": "tests.testgame",
        "LOG_LEVEL": "WARNING",
    }
    with open(folder / f"bot-{shard}.log", "w") as log:
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=folder, env=env, stdout=log, stderr=log, preexec_fn=_die_with_us
        )


async def test_two_processes_serve_their_shards_on_one_database(loopback: LoopbackDiscord, tmp_path: Path) -> None:
    server = loopback
    by_shard = split_guilds(server)
    identified: list[list[int]] = []
    received: dict[int, Counter[int]] = defaultdict(Counter)  # shard -> guild id -> interactions sent to it
    on_message, send = server.gateway._on_message, server.gateway.send

    async def identify(conn, session, payload: dict):  # type: ignore[no-untyped-def]
        if payload.get("op") == IDENTIFY:
            identified.append(list(payload["d"].get("shard") or [0, 1]))
        return await on_message(conn, session, payload)

    async def counted_send(session, event: str, data: dict) -> None:  # type: ignore[no-untyped-def]
        if event == "INTERACTION_CREATE":
            received[session.shard[0]][int(data["guild_id"])] += 1
        await send(session, event, data)

    server.gateway._on_message = identify  # type: ignore[method-assign]
    server.gateway.send = counted_send  # type: ignore[method-assign]
    world = World(server)
    async with fresh_postgres() as database_url:
        processes = []
        try:
            for shard in range(SHARDS):  # one after the other: the first one migrates the new database
                processes.append(await start_process(server, database_url, shard, tmp_path))
                await server.recorder.wait_for(lambda n=shard + 1: len(identified) >= n, timeout=60)
            await server.recorder.wait_for(lambda: server.commands.get(None), timeout=60)
            assert sorted(identified) == [[s, SHARDS] for s in range(SHARDS)]

            guilds = [g for s in range(SHARDS) for g in by_shard[s]]
            for guild in guilds:
                admin = server.user("admin", manage_guild=True, guild=guild)
                settings = await server.slash(
                    admin, "settings", channel=server.channel("general", guild), threads=False, computer_pause_ms=0
                )
                assert "Saved" in (await settings.message(timeout=30)).content
            timings = Timings()
            hosts = [
                (guild, server.user(f"{guild.name} player {i}", guild=guild))
                for guild in guilds
                for i in range(TABLES_PER_GUILD)
            ]
            tables = await asyncio.gather(
                *(open_table(world, host, "highcard", 2, timings, server.channel("general", g)) for g, host in hosts)
            )
            people = [
                Person(world, host, table, timings, think=0, seed=i, max_games=1)
                for i, ((_, host), table) in enumerate(zip(hosts, tables, strict=True))
            ]
            await asyncio.gather(*(p.play(now() + 120) for p in people))
            assert [p.stalled for p in people if p.stalled] == []
            assert [p.games for p in people] == [1] * len(people)
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.wait(), 30)
        logs = "\n".join((tmp_path / f"bot-{s}.log").read_text() for s in range(SHARDS))
        assert "Traceback" not in logs, logs[-3000:]

        for shard in range(SHARDS):  # each process was sent its own servers' clicks, and only those
            assert set(received[shard]) == {g.id for g in by_shard[shard]}

        connection = await asyncpg.connect(database_url)
        try:
            statuses = await connection.fetch("SELECT id, status FROM game_tables ORDER BY id")
            assert {r["id"]: r["status"] for r in statuses} == dict.fromkeys(sorted(tables), "finished")
            results = await connection.fetch("SELECT table_id, guild_id, user_id, computer FROM results")
            assert Counter(r["table_id"] for r in results) == dict.fromkeys(tables, 2)
            history = await connection.fetchval("SELECT count(*) FROM rating_history")
            assert history == len(results)
            ratings = await connection.fetch("SELECT guild_id, player, computer, games FROM ratings")
        finally:
            await connection.close()
        expected = {}
        for guild, host in hosts:
            expected[(guild.id, f"user:{host.id}")] = 1
        for guild in guilds:
            expected[(guild.id, "computer:highcard:default")] = TABLES_PER_GUILD
        got = {(r["guild_id"], r["player"]): r["games"] for r in ratings}
        computer_keys = {key[1] for key in got if key[1].startswith("computer:")}
        assert len(computer_keys) == 1, computer_keys
        computer = computer_keys.pop()
        expected = {(g, computer if p.startswith("computer:") else p): n for (g, p), n in expected.items()}
        assert got == expected
