"""Shard leases: a gateway shard is served by one process at a time.

At start a process claims each shard it serves with a row in ``shard_leases`` (one statement
per shard, so two processes starting together cannot both win), and a heartbeat renews the
rows every :data:`HEARTBEAT_SECONDS`. A claim whose heartbeat is older than
:data:`LEASE_SECONDS` is free (its process was killed, or lost its machine); one left by a
process that is gone from this very host is free at once, so a restart after a crash need not
wait. The SHARD_COUNT the bot last ran with is kept in ``bot_state``: while another process
serves this database, a process with another SHARD_COUNT (which would split the servers
differently, so two processes would serve some of the same ones) is refused.

Works the same on SQLite and PostgreSQL. Every refusal is :class:`LeaseRefused`, one sentence.
The machines' clocks must agree to within a few seconds (NTP does that).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.models import BotState, ShardLease, utcnow

log = logging.getLogger(__name__)

#: How long a claim lasts without a heartbeat.
LEASE_SECONDS = 30.0
#: How often a process renews its claims.
HEARTBEAT_SECONDS = 10.0

LEASES = ShardLease.__table__  # type: ignore[attr-defined]
STATE = BotState.__table__  # type: ignore[attr-defined]


class LeaseRefused(Exception):
    """This process may not serve its shards; ``str(error)`` is one sentence for the operator."""


def new_holder() -> str:
    """This process's name in the leases: ``host:pid:random`` (the random part tells runs apart)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def holder_gone(holder: str) -> bool:
    """Whether a holder is a process of this host that no longer runs (or an earlier run of this pid)."""
    parts = holder.split(":")
    if len(parts) != 3 or parts[0] != socket.gethostname() or not parts[1].isdigit():
        return False
    pid = int(parts[1])
    return pid == os.getpid() or not _running(pid)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a killed child its parent has not reaped yet is a zombie: gone, though its pid answers
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state != "Z"


@dataclass(frozen=True)
class Claim:
    """Another process's claim on a shard."""

    shard_id: int
    holder: str
    shard_count: int
    heartbeat_at: datetime

    def who(self) -> str:
        host, pid = [*self.holder.split(":"), "?", "?"][:2]
        return f"process {pid} on {host}"


class ShardLeases:
    """The claims of one process on its shards."""

    def __init__(
        self,
        engine: AsyncEngine,
        shards: Sequence[int],
        shard_count: int,
        *,
        holder: str | None = None,
        lease_seconds: float = LEASE_SECONDS,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self.engine = engine
        self.shards = tuple(shards)
        self.shard_count = shard_count
        self.holder = holder or new_holder()
        self.lease = timedelta(seconds=lease_seconds)
        self.clock = clock
        #: Set when a heartbeat found a claim taken by another process.
        self.lost = False

    async def claim(self) -> None:
        """Claim every shard, or none (raising LeaseRefused)."""
        await self._check_shard_count()
        claimed: list[int] = []
        try:
            for shard in self.shards:
                other = await self._take(shard)
                if other is not None:
                    raise LeaseRefused(self._refusal(other))
                claimed.append(shard)
        except BaseException:
            await self._release(claimed)
            raise
        await self._remember_shard_count()

    async def renew(self) -> bool:
        """Renew every claim; False when one is no longer this process's."""
        async with self.engine.begin() as connection:
            renewed = await connection.execute(
                update(LEASES).where(LEASES.c.holder == self.holder).values(heartbeat_at=self.clock())
            )
        return renewed.rowcount == len(self.shards)

    async def release(self) -> None:
        """Give the shards up (a clean stop): another process may serve them at once."""
        await self._release(self.shards)

    async def keep(self, on_lost: Callable[[], object], every: float = HEARTBEAT_SECONDS) -> None:
        """Renew the claims until cancelled; call ``on_lost`` once if one was taken or could not be renewed in time."""
        renewed_at = self.clock()
        while True:
            await asyncio.sleep(every)
            try:
                held = await self.renew()
                renewed_at = self.clock()
            except Exception as error:
                log.warning("Could not renew the shard claims (%s); trying again", error)
                held = self.clock() - renewed_at < self.lease
            if not held:
                self.lost = True
                log.error(
                    "This process lost its claim on its shards (another process took them, or the database did "
                    "not answer for %.0f seconds): stopping, so that no shard is served twice",
                    self.lease.total_seconds(),
                )
                on_lost()
                return

    # -- inside ----------------------------------------------------------------------------------
    async def _take(self, shard: int) -> Claim | None:
        """Claim one shard; None when this process has it now, else the live claim in the way."""
        now = self.clock()
        values = {"holder": self.holder, "shard_count": self.shard_count, "heartbeat_at": now}
        async with self.engine.begin() as connection:
            taken = await connection.execute(
                update(LEASES)
                .where(
                    LEASES.c.shard_id == shard,
                    or_(LEASES.c.holder == self.holder, LEASES.c.heartbeat_at < now - self.lease),
                )
                .values(**values)
            )
            if taken.rowcount == 1:
                return None
            row = (await connection.execute(select(LEASES).where(LEASES.c.shard_id == shard))).first()
            if row is not None and holder_gone(row.holder):
                taken = await connection.execute(
                    update(LEASES).where(LEASES.c.shard_id == shard, LEASES.c.holder == row.holder).values(**values)
                )
                if taken.rowcount == 1:
                    log.info("Took over shard %d from %s, which is no longer running", shard, row.holder)
                    return None
        if row is None:
            try:
                async with self.engine.begin() as connection:
                    await connection.execute(insert(LEASES).values(shard_id=shard, **values))
                return None
            except IntegrityError:  # another process claimed it between the two statements
                async with self.engine.connect() as connection:
                    row = (await connection.execute(select(LEASES).where(LEASES.c.shard_id == shard))).first()
                if row is None:
                    return await self._take(shard)
        return Claim(row.shard_id, row.holder, row.shard_count, row.heartbeat_at)

    def _refusal(self, other: Claim) -> str:
        ago = max(0, round((self.clock() - _aware(other.heartbeat_at)).total_seconds()))
        wait = round(self.lease.total_seconds())
        if self.shard_count == 1:
            return (
                f"Another Parlour ({other.who()}, heard from {ago} s ago) already serves this DATABASE_URL: stop it "
                f"first, since two would play every table twice (a killed one frees it {wait} s after its last "
                "heartbeat), or run several with SHARD_COUNT and SHARD_IDS."
            )
        return (
            f"Shard {other.shard_id} is already served by {other.who()} (heard from {ago} s ago): stop that process "
            f"or give this one other SHARD_IDS (a killed process frees its shards {wait} s after its last heartbeat)."
        )

    async def _check_shard_count(self) -> None:
        async with self.engine.connect() as connection:
            seen = (await connection.execute(select(STATE.c.value).where(STATE.c.key == "shard_count"))).scalar()
            if seen is None or int(seen) == self.shard_count:
                return
            live = (
                await connection.execute(
                    select(LEASES).where(
                        LEASES.c.holder != self.holder, LEASES.c.heartbeat_at >= self.clock() - self.lease
                    )
                )
            ).all()
        running = [row for row in live if not holder_gone(row.holder)]
        if running:
            raise LeaseRefused(
                f"SHARD_COUNT is {self.shard_count} here but {seen} in the processes serving this DATABASE_URL: "
                f"set SHARD_COUNT={seen}, or stop every process before changing it (each server moves to another "
                "shard)."
            )
        log.warning("SHARD_COUNT changes from %s to %d: every server may move to another shard", seen, self.shard_count)

    async def _remember_shard_count(self) -> None:
        await set_state(self.engine, "shard_count", str(self.shard_count))

    async def _release(self, shards: Sequence[int]) -> None:
        if not shards:
            return
        with contextlib.suppress(Exception):
            async with self.engine.begin() as connection:
                await connection.execute(
                    delete(LEASES).where(LEASES.c.holder == self.holder, LEASES.c.shard_id.in_(list(shards)))
                )


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


async def get_state(engine: AsyncEngine, key: str) -> str | None:
    """A value the bot as a whole last ran with (None: never saved)."""
    async with engine.connect() as connection:
        return (await connection.execute(select(STATE.c.value).where(STATE.c.key == key))).scalar()


async def set_state(engine: AsyncEngine, key: str, value: str | None) -> None:
    """Save (or, with None, forget) a value the bot as a whole runs with."""
    async with engine.begin() as connection:
        if value is None:
            await connection.execute(delete(STATE).where(STATE.c.key == key))
            return
        changed = await connection.execute(update(STATE).where(STATE.c.key == key).values(value=value))
    if changed.rowcount == 0:
        try:
            async with engine.begin() as connection:
                await connection.execute(insert(STATE).values(key=key, value=value))
        except IntegrityError:  # another process saved it at the same moment
            await set_state(engine, key, value)
