"""``python benchmarks/collected_bot.py OUT``: ``python -m bot`` with its garbage collector timed.

Only the load benchmark's ``--collector`` launches it; the bot itself knows nothing of it. Every
second, and at exit, OUT is replaced by a JSON snapshot: per generation the collections so far and
the CPU seconds they took (the collecting thread's CPU time, so that a collection waiting for a
core on a busy machine is not charged for it), and each full collection's time and wall-clock
pause (what a click waited behind it).

On SIGUSR1 it also writes OUT.census: what the oldest generation holds now (the objects each
full collection walks), by type. The load benchmark asks for it at the end of the play. On SIGUSR2
the next full collection keeps what it finds unreachable (``gc.DEBUG_SAVEALL`` for that one
collection) and OUT.garbage lists it by type: the objects that died in reference cycles late
enough to wait for a full collection. The load benchmark asks for it halfway through the play.

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
        #: Objects each generation's collections found unreachable and freed (died in cycles).
        self.freed = [0, 0, 0]
        #: Where the garbage of the next full collection is listed (SIGUSR2), or None.
        self.garbage_out: str | None = None
        self._saving = False
        #: (unix time, wall seconds) of each full collection.
        self.full_pauses: list[tuple[float, float]] = []
        self._started = (0.0, 0.0)

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        generation = info["generation"]
        if phase == "start":
            if generation == 2 and self.garbage_out is not None:
                self._saving = True
                gc.set_debug(gc.DEBUG_SAVEALL)
            self._started = (time.thread_time(), time.perf_counter())
            return
        self.counts[generation] += 1
        self.freed[generation] += info["collected"]
        self.cpu_seconds[generation] += time.thread_time() - self._started[0]
        if generation == 2:
            self.full_pauses.append((time.time(), time.perf_counter() - self._started[1]))
            if self._saving:
                self._list_garbage()

    def _list_garbage(self) -> None:
        """Write what this full collection found unreachable, by type, then let it go."""
        out, self.garbage_out, self._saving = self.garbage_out, None, False
        gc.set_debug(0)
        assert out is not None
        write_json(out, {"objects": len(gc.garbage), "types": commonest_types(gc.garbage, 12)})
        gc.garbage.clear()  # unreachable again: the next full collection frees it

    def snapshot(self) -> dict[str, Any]:
        return {
            "time": time.time(),
            "counts": list(self.counts),
            "cpu_seconds": list(self.cpu_seconds),
            "freed": list(self.freed),
            "full_pauses": list(self.full_pauses),
        }


def commonest_types(objects: list[Any], count: int) -> list[tuple[str, int]]:
    """The ``count`` commonest types among ``objects`` (builtins by name, others with their module)."""
    return Counter(_name(type(o)) for o in objects).most_common(count)


def _name(kind: type) -> str:
    return kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"


def write_json(out: str, data: object) -> None:
    """Replace the file ``out`` with ``data`` (whole, never half written: the benchmark reads it any time)."""
    with open(out + ".tmp", "w") as file:
        json.dump(data, file)
    os.replace(out + ".tmp", out)


def census(out: str) -> None:
    """Write what the oldest generation holds, by type."""
    objects = gc.get_objects(2)
    write_json(out, {"objects": len(objects), "frozen": gc.get_freeze_count(), "types": commonest_types(objects, 8)})


def collected(out: str) -> int:
    times = CollectorTimes()
    gc.callbacks.append(times)

    census_asked = threading.Event()

    def every_second() -> None:
        while True:
            if census_asked.wait(1.0):
                census_asked.clear()
                census(out + ".census")
            write_json(out, times.snapshot())

    def stop(*_: object) -> None:
        raise KeyboardInterrupt  # bot.__main__ treats it as a normal stop

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGUSR1, lambda *_: census_asked.set())
    signal.signal(signal.SIGUSR2, lambda *_: setattr(times, "garbage_out", out + ".garbage"))
    threading.Thread(target=every_second, daemon=True).start()
    from bot.__main__ import main

    try:
        return main([])
    finally:
        write_json(out, times.snapshot())


if __name__ == "__main__":
    sys.exit(collected(sys.argv[1]))
