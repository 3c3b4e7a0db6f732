"""The garbage collector during a load run: what the bot processes' collectors did (``--collector``,
through benchmarks/collected_bot.py), and this process's own collector kept quiet during the play."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import signal
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.load_process import memory_of


@dataclass
class Collections:
    """What the garbage collector of the bot processes did between two snapshots of collected_bot.py."""

    counts: list[int]
    cpu_seconds: list[float]
    #: Each full collection's pause (wall seconds).
    full_pauses: list[float]
    #: What the oldest generation held at the end of the play (summed over the bot processes): the
    #: objects each full collection walks, and the most common types with their counts.
    oldest: int = 0
    oldest_types: list[tuple[str, int]] = field(default_factory=list)
    #: Objects each generation's collections freed (they died in reference cycles).
    freed: list[int] = field(default_factory=lambda: [0, 0, 0])
    #: What one full collection halfway through the play freed: objects, and the most common types.
    garbage: int = 0
    garbage_types: list[tuple[str, int]] = field(default_factory=list)

    @classmethod
    def between(
        cls, before: list[dict], after: list[dict], censuses: Sequence[dict] = (), garbage: Sequence[dict] = ()
    ) -> Collections:
        counts, cpu, pauses, freed = [0, 0, 0], [0.0, 0.0, 0.0], [], [0, 0, 0]
        for first, last in zip(before, after, strict=True):
            for generation in range(3):
                counts[generation] += last["counts"][generation] - first["counts"][generation]
                cpu[generation] += last["cpu_seconds"][generation] - first["cpu_seconds"][generation]
                freed[generation] += last.get("freed", [0] * 3)[generation] - first.get("freed", [0] * 3)[generation]
            pauses += [pause for at, pause in last["full_pauses"] if at > first["time"]]
        types: Counter[str] = Counter()
        for census in censuses:
            types.update(dict(census["types"]))
        garbage_types: Counter[str] = Counter()
        for listed in garbage:
            garbage_types.update(dict(listed["types"]))
        return cls(
            counts,
            cpu,
            pauses,
            sum(c["objects"] for c in censuses),
            types.most_common(5),
            freed,
            sum(g["objects"] for g in garbage),
            garbage_types.most_common(8),
        )


class QuietDriver:
    """This process (the loopback Discord and the people) collects no garbage during the play.

    Its full collections, walking everything the loopback recorded, stopped it for up to 1.1 s at
    1,000 tables (7 a minute). The loopback times a click's answer when it reads it, so each pause
    was charged to the bot it measures, and more to the later runs of one benchmark (a bigger heap
    by then). What the play leaves in cycles waits for the end of the play (printed: the growth)."""

    #: How much this process grew while it did not collect (MiB).
    grown_mib = 0.0

    def __enter__(self) -> QuietDriver:
        gc.collect()
        gc.freeze()  # what the tables' opening made is never walked again
        gc.disable()
        self._rss = memory_of(os.getpid())[1]
        return self

    def __exit__(self, *_: object) -> None:
        self.grown_mib = memory_of(os.getpid())[1] - self._rss
        gc.enable()
        gc.unfreeze()
        gc.collect()


def ask_collected_bots(pids: list[int], files: list[Path], suffix: str, asked: signal.Signals) -> None:
    """Send ``asked`` to each bot process (collected_bot.py), which answers in its file + ``suffix``."""
    for file in files:
        Path(f"{file}{suffix}").unlink(missing_ok=True)
    for pid in pids:
        os.kill(pid, asked)


async def collector_census(pids: list[int], files: list[Path]) -> list[dict]:
    """What the oldest generation of each bot process holds now (SIGUSR1 to collected_bot.py)."""
    ask_collected_bots(pids, files, ".census", signal.SIGUSR1)
    censuses = []
    for file in files:
        census = Path(f"{file}.census")
        for _ in range(100):
            if census.exists():
                censuses.append(json.loads(census.read_text()))
                break
            await asyncio.sleep(0.1)
    return censuses


def garbage_listed(files: list[Path]) -> list[dict]:
    """The garbage lists the bot processes wrote (none where no full collection came since asked)."""
    listed = [Path(f"{file}.garbage") for file in files]
    return [json.loads(file.read_text()) for file in listed if file.exists()]


def collector_snapshots(files: list[Path]) -> list[dict]:
    """The latest snapshot of each bot process's collector (benchmarks/collected_bot.py)."""
    return [json.loads(file.read_text()) for file in files]
