"""The bot processes of a load run: started as ``python -m bot`` against the loopback Discord, and
their CPU and memory read from /proc (a process and its picture workers)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path

from tests.loopback.server import LoopbackDiscord

ROOT = Path(__file__).resolve().parents[1]


def memory_of(pid: int) -> tuple[float, float]:
    """(peak, current) resident memory of a process in MiB, from /proc."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value.strip()
    return int(fields["VmHWM"].split()[0]) / 1024, int(fields["VmRSS"].split()[0]) / 1024


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and its waited-for children (from /proc/<pid>/stat)."""
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in stat[11:15]) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The live child processes of a process, started by any of its threads (the picture workers
    are started by the threads that feed them)."""
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                found += [int(child) for child in (task / "children").read_text().split()]
    return found


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds of a process and its live child processes (its picture workers, if it has them)."""
    total = cpu_seconds(pid)
    for child in children(pid):
        with contextlib.suppress(OSError):
            total += tree_cpu_seconds(child)
    return total


def tree_memory(pid: int) -> float:
    """Resident memory (MiB) of a process and its live children."""
    total = memory_of(pid)[1]
    for child in children(pid):
        with contextlib.suppress(OSError):
            total += tree_memory(child)
    return total


async def start_bot(
    server: LoopbackDiscord,
    source: Path,
    folder: Path,
    database_url: str,
    profile: str | None,
    settings: dict[str, str] | None = None,
    shard: tuple[int, int] | None = None,
    collector: Path | None = None,
) -> asyncio.subprocess.Process:
    """Start ``python -m bot`` (serving ``shard`` = (id, count) of the bot's shards, if given) and wait
    until it has connected to the gateway with its commands synced."""
    env = {
        **os.environ,
        "PYTHONPATH": str(source),
        "DISCORD_TOKEN": server.token,
        "DISCORD_API_URL": server.api_url,
        "DISCORD_GATEWAY_URL": server.gateway_url,
        "DATABASE_URL": database_url,
        "DEV_GUILD_ID": str(server.guild.id),
        "PARLOUR_EXTRA_GAMES": "tests.testgame",
        "COMPUTER_PAUSE_MS": "0",
        "LOG_LEVEL": "WARNING",
        **(settings or {}),
    }
    if shard is not None:  # commands are then synced globally, by the process of shard 0
        env.update(SHARD_IDS=str(shard[0]), SHARD_COUNT=str(shard[1]), DEV_GUILD_ID="")
    command = [sys.executable, "-m", "bot"]
    if profile:  # the benchmark's own hook: the same bot, under cProfile, stats written at exit
        command = [sys.executable, str(ROOT / "benchmarks" / "profiled_bot.py"), profile]
    elif collector is not None:  # this tree's script, starting the bot of ``source`` (see collected_bot.py)
        command = [sys.executable, str(ROOT / "benchmarks" / "collected_bot.py"), str(collector)]
    sessions = len(server.gateway.sessions)
    with open(folder / f"bot-{shard[0] if shard else 0}.log", "w") as log:
        process = await asyncio.create_subprocess_exec(*command, cwd=folder, env=env, stderr=log)
    scope = None if shard else server.guild.id
    await server.recorder.wait_for(lambda: server.commands.get(scope) or None, timeout=120)
    await server.recorder.wait_for(lambda: len(server.gateway.sessions) > sessions, timeout=60)
    return process


def summed(measure: Callable[[int], float], pids: list[int]) -> float:
    """``measure`` summed over the bot processes."""
    return sum(measure(pid) for pid in pids)


def rss(pid: int) -> float:
    """Resident memory of a process now (MiB)."""
    return memory_of(pid)[1]


def peak(pid: int) -> float:
    """The most resident memory a process had (MiB)."""
    return memory_of(pid)[0]
