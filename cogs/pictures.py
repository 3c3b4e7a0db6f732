"""Where pictures are drawn: worker processes when the bot started them, else a thread.

Pillow holds the GIL for most of a drawing (text, palette, PNG), so a picture drawn in a
thread still stops the event loop: under load, answers then wait behind the pictures of
other tables. Worker processes (PICTURE_WORKERS) draw beside the event loop instead, on
other cores; a drawing is a picklable call (a render function and a view) that returns PNG bytes.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import signal
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

log = logging.getLogger(__name__)

#: Worker processes that draw the pictures, when the bot started them (PICTURE_WORKERS). Pillow
#: holds the GIL for most of a drawing (text, palette, PNG), so a picture drawn in a thread still
#: stops the event loop: under load, answers then wait behind pictures of other tables.
_workers: Executor | None = None
_worker_count = 0
#: Drawings asked for and not finished yet; of them, those given to the workers.
_in_flight = 0
_in_workers = 0


def start_picture_workers(count: int) -> None:
    """Draw pictures in ``count`` worker processes from now on (0: in a thread of this process)."""
    global _workers, _worker_count
    stop_picture_workers()
    _worker_count = count
    if count > 0:
        # Spawned, not forked: the bot's event loop, sockets and threads are not copied into them.
        context = multiprocessing.get_context("spawn")
        _workers = ProcessPoolExecutor(count, mp_context=context, initializer=_die_with_parent)


def stop_picture_workers() -> None:
    global _workers
    if _workers is not None:
        _workers.shutdown(wait=False, cancel_futures=True)
        _workers = None


def _die_with_parent() -> None:
    """In a worker: end when the bot's process ends, however it ends (SIGKILL included; Linux)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the bot, which stops its workers


def busy() -> bool:
    """Whether every worker is drawing (without workers: whether two drawings are under way):
    then nothing should be drawn that nobody has asked for yet."""
    if _workers is not None:
        return _in_workers >= _worker_count
    return _in_flight >= 2


async def draw(picture: Callable[[], bytes]) -> bytes:
    """Draw ``picture`` in a free worker process, else in a thread of this process.

    Never behind a queue: a drawing that would wait for a busy worker is drawn here at once
    (as without workers), so a burst costs the event loop some time but no answer waits for
    the pictures of other tables."""
    global _in_flight
    _in_flight += 1
    try:
        return await _draw(picture)
    finally:
        _in_flight -= 1


async def _draw(picture: Callable[[], bytes]) -> bytes:
    global _in_workers
    workers = _workers
    if workers is not None and _in_workers < _worker_count:
        _in_workers += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(workers, picture)
        except BrokenProcessPool:  # a worker died (killed from outside): draw here, and start new ones
            log.warning("A picture worker died; starting new ones")
            if _workers is workers:
                start_picture_workers(workers._max_workers)  # type: ignore[attr-defined]
        finally:
            _in_workers -= 1
    return await asyncio.to_thread(picture)
