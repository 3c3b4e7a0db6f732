"""``python benchmarks/collected_bot.py OUT``: ``python -m bot`` with its garbage collector timed.

Only the load benchmark's ``--collector`` launches it; the bot itself knows nothing of it. Every
second, and at exit, OUT is replaced by a JSON snapshot: per generation the collections so far and
the CPU seconds they took (the collecting thread's CPU time, so that a collection waiting for a
core on a busy machine is not charged for it), and each full collection's time and wall-clock
pause (what a click waited behind it).

On SIGUSR1 it also writes OUT.census: what the oldest generation holds now (the objects each
full collection walks), by type. The load benchmark asks for it at the end of the play.

Run as a file, not with ``-m``, and importing nothing of ``benchmarks``: ``--compare`` puts an
older tree first on the path, and this must start that tree's bot even if the tree predates it.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import sys
import threading
import time
from collections import Counter
from typing import Any


class CollectorTimes:
    """A ``gc.callbacks`` entry that adds up what each generation's collections cost."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]
        self.cpu_seconds = [0.0, 0.0, 0.0]
        #: (unix time, wall seconds) of each full collection.
        self.full_pauses: list[tuple[float, float]] = []
        self._started = (0.0, 0.0)

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = (time.thread_time(), time.perf_counter())
            return
        generation = info["generation"]
        self.counts[generation] += 1
        self.cpu_seconds[generation] += time.thread_time() - self._started[0]
        if generation == 2:
            self.full_pauses.append((time.time(), time.perf_counter() - self._started[1]))

    def snapshot(self) -> dict[str, Any]:
        return {
            "time": time.time(),
            "counts": list(self.counts),
            "cpu_seconds": list(self.cpu_seconds),
            "full_pauses": list(self.full_pauses),
        }


def census(out: str) -> None:
    """Write what the oldest generation holds, by type (whole, never half written)."""
    objects = gc.get_objects(2)
    types = Counter(type(o).__qualname__ for o in objects)
    with open(out + ".tmp", "w") as file:
        json.dump({"objects": len(objects), "frozen": gc.get_freeze_count(), "types": types.most_common(8)}, file)
    del objects
    os.replace(out + ".tmp", out)


def write(out: str, times: CollectorTimes) -> None:
    """Replace ``out`` with the latest snapshot (whole, never half written)."""
    with open(out + ".tmp", "w") as file:
        json.dump(times.snapshot(), file)
    os.replace(out + ".tmp", out)


def collected(out: str) -> int:
    times = CollectorTimes()
    gc.callbacks.append(times)

    census_asked = threading.Event()

    def every_second() -> None:
        while True:
            if census_asked.wait(1.0):
                census_asked.clear()
                census(out + ".census")
            write(out, times)

    def stop(*_: object) -> None:
        raise KeyboardInterrupt  # bot.__main__ treats it as a normal stop

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGUSR1, lambda *_: census_asked.set())
    threading.Thread(target=every_second, daemon=True).start()
    from bot.__main__ import main

    try:
        return main([])
    finally:
        write(out, times)


if __name__ == "__main__":
    sys.exit(collected(sys.argv[1]))
