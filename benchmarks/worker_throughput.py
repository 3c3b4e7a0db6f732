"""``python -m benchmarks.worker_throughput [--compare REV] [--repeat N]``: how many drawings the
picture workers finish a second while the bot's event loop is busy, this tree beside others.

Under load the workers' line never empties, yet in ``benchmarks.load`` they drew only part of the
time: between two drawings a worker waited for the bot's process to read its answer and write the
next drawing. Here each tree, in a process of its own, starts two workers through
:mod:`bot.workers.scheduler` (its queue, its places, and however that tree feeds its workers), keeps
its event loop busy in 2 ms slices (a share of :data:`LOOP_BUSY`, about what the bot's loop is
under load), and asks for :data:`DRAWINGS` stand-in drawings of :data:`DRAWING_MS` of CPU at once.
Printed (the median of the runs): drawings a second, and the workers' share of the time they drew.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from functools import partial

#: CPU per stand-in drawing: about a table or hand picture's in the workers under load.
DRAWING_MS = 2.5
DRAWINGS = 800
WORKERS = 2
#: The share of the time the event loop is kept busy (in 2 ms slices).
LOOP_BUSY = 0.7
ROWS = ("drawings/s", "workers drawing %")


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _keep_busy(stop: asyncio.Event) -> None:
    while not stop.is_set():
        end = time.perf_counter() + 0.002
        while time.perf_counter() < end:
            pass
        await asyncio.sleep(0.002 * (1 - LOOP_BUSY) / LOOP_BUSY)


async def measure() -> dict[str, float]:
    """Drawings a second, and the share of the time the workers drew, with the code importable here."""
    from benchmarks.worker_round_trip import drawing  # a stand-in picture: CPU, then 20 KB
    from bot.workers import scheduler as pictures

    pictures.start_picture_workers(WORKERS)
    try:
        await asyncio.gather(*(pictures.draw(partial(drawing, 1.0)) for _ in range(4 * WORKERS)))  # started
        workers = pictures._workers
        assert workers is not None
        pids = workers.pids()
        stop = asyncio.Event()
        busy = asyncio.create_task(_keep_busy(stop))
        cpu, started = sum(_cpu_seconds(pid) for pid in pids), time.perf_counter()
        drawings = [pictures.start(partial(drawing, DRAWING_MS)) for _ in range(DRAWINGS)]
        await asyncio.gather(*(d.task for d in drawings))
        elapsed = time.perf_counter() - started
        cpu = sum(_cpu_seconds(pid) for pid in pids) - cpu
        stop.set()
        await busy
    finally:
        pictures.stop_picture_workers()
    return {"drawings/s": DRAWINGS / elapsed, "workers drawing %": 100 * cpu / (WORKERS * elapsed)}


def main() -> None:
    if sys.argv[1:] == ["--inner"]:  # run by benchmarks.revisions.run_inner, perhaps on an older tree
        print(json.dumps(asyncio.run(measure())))
        return
    from benchmarks.revisions import medians_side_by_side, side_by_side_options

    args = side_by_side_options(__doc__)

    title = (
        f"{DRAWINGS} drawings of {DRAWING_MS} ms CPU asked at once, {WORKERS} workers, the event loop "
        f"{100 * LOOP_BUSY:.0f}% busy, median of {args.repeat} runs"
    )
    medians_side_by_side(__file__, args.compare, args.repeat, title, ROWS)


if __name__ == "__main__":
    main()
