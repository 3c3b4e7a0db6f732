"""Shard leases on both backends: one process per shard, a killed one's claim frees itself."""

from __future__ import annotations

import asyncio
import socket
from datetime import UTC, datetime, timedelta

import pytest

from bot.db import Database
from bot.leases import LeaseRefused, ShardLeases, get_state, holder_gone, set_state


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def leases(database: Database, shards: tuple[int, ...], count: int, holder: str, clock: Clock) -> ShardLeases:
    return ShardLeases(database.engine, shards, count, holder=holder, lease_seconds=30, clock=clock)


async def test_a_live_claim_refuses_a_second_process_and_frees_itself_when_its_heartbeat_stops(
    database: Database,
) -> None:
    clock = Clock()
    first = leases(database, (0, 1), 2, "machine-a:100:aaaa", clock)
    await first.claim()
    second = leases(database, (1,), 2, "machine-b:200:bbbb", clock)
    clock.now += timedelta(seconds=20)
    with pytest.raises(LeaseRefused, match=r"^Shard 1 is already served by process 100 on machine-a .*\.$"):
        await second.claim()
    assert await first.renew()
    clock.now += timedelta(seconds=29)
    with pytest.raises(LeaseRefused):
        await second.claim()
    clock.now += timedelta(seconds=2)  # 31 s after the last heartbeat: the first process is gone
    await second.claim()
    assert not await first.renew()  # the first learns it lost shard 1


async def test_other_shards_may_be_served_at_once_and_a_clean_stop_frees_at_once(database: Database) -> None:
    clock = Clock()
    first = leases(database, (0,), 2, "machine-a:100:aaaa", clock)
    second = leases(database, (1,), 2, "machine-b:200:bbbb", clock)
    await asyncio.gather(first.claim(), second.claim())
    third = leases(database, (0,), 2, "machine-c:300:cccc", clock)
    with pytest.raises(LeaseRefused):
        await third.claim()
    await first.release()
    await third.claim()


async def test_two_processes_claiming_one_shard_together_one_wins(database: Database) -> None:
    clock = Clock()
    contenders = [leases(database, (0,), 1, f"machine-{i}:{i}:{i:04d}", clock) for i in range(1, 5)]
    outcomes = await asyncio.gather(*(c.claim() for c in contenders), return_exceptions=True)
    assert sum(o is None for o in outcomes) == 1
    assert all(isinstance(o, LeaseRefused) for o in outcomes if o is not None)
    assert "Another Parlour" in str(next(o for o in outcomes if o is not None))


async def test_a_refused_process_keeps_none_of_its_shards(database: Database) -> None:
    clock = Clock()
    await leases(database, (1,), 2, "machine-a:100:aaaa", clock).claim()
    with pytest.raises(LeaseRefused):
        await leases(database, (0, 1), 2, "machine-b:200:bbbb", clock).claim()
    await leases(database, (0,), 2, "machine-c:300:cccc", clock).claim()  # shard 0 was given back


async def test_another_shard_count_is_refused_while_a_process_runs_with_the_old_one(database: Database) -> None:
    clock = Clock()
    first = leases(database, (0,), 2, "machine-a:100:aaaa", clock)
    await first.claim()
    with pytest.raises(LeaseRefused, match=r"^SHARD_COUNT is 3 here but 2 .*SHARD_COUNT=2"):
        await leases(database, (2,), 3, "machine-b:200:bbbb", clock).claim()
    clock.now += timedelta(seconds=31)  # every process stopped: the count may change
    await leases(database, (0, 1, 2), 3, "machine-b:200:bbbb", clock).claim()
    assert await get_state(database.engine, "shard_count") == "3"


async def test_a_claim_left_by_a_dead_process_of_this_host_is_taken_at_once(database: Database) -> None:
    clock = Clock()
    dead = f"{socket.gethostname()}:{2**22 + 12345}:dead"
    assert holder_gone(dead) and not holder_gone("elsewhere:1:x")
    await leases(database, (0,), 1, dead, clock).claim()
    await leases(database, (0,), 1, "machine-b:200:bbbb", clock).claim()


async def test_state_values_are_saved_replaced_and_forgotten(database: Database) -> None:
    await set_state(database.engine, "dev_guild_id", "1")
    await set_state(database.engine, "dev_guild_id", "2")
    assert await get_state(database.engine, "dev_guild_id") == "2"
    await set_state(database.engine, "dev_guild_id", None)
    assert await get_state(database.engine, "dev_guild_id") is None
