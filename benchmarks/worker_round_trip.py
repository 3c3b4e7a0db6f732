"""``python -m benchmarks.worker_round_trip``: how long a drawing takes to come back from a worker
process while the event loop is idle, and while it is busy, by two ways of feeding the worker.

A stand-in drawing burns ``DRAWING_MS`` of CPU in the worker. ``pool`` is what the bot does
(``ProcessPoolExecutor`` via ``run_in_executor``: a feeder and a manager thread between the loop
and the worker); ``pipe`` is a worker fed through a pipe of its own that the loop reads with
``add_reader`` (no threads); ``thread`` is a worker fed by a thread of the process, which sends
the next drawing as soon as one comes back, without the loop. "Busy" keeps the loop at work in
2 ms slices, as a bot with many tables is. Printed: the round trip's p50 and p90 over ``ROUNDS``
drawings, one at a time.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from multiprocessing.connection import Connection

DRAWING_MS = 5.0
ROUNDS = 100
#: Coroutines that keep the loop busy, each for 2 ms between its turns.
BUSY_TASKS = 3


def drawing(ms: float) -> bytes:
    """A stand-in for a picture: ``ms`` of CPU, then 20 KB."""
    end = time.process_time() + ms / 1000
    while time.process_time() < end:
        pass
    return b"x" * 20_000


def pipe_worker(connection: Connection) -> None:
    while True:
        try:
            job = connection.recv()
        except EOFError:
            return
        connection.send(job())


async def keep_busy(stop: asyncio.Event) -> None:
    while not stop.is_set():
        end = time.perf_counter() + 0.002
        while time.perf_counter() < end:
            pass
        await asyncio.sleep(0)


async def through_pool() -> list[float]:
    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        await loop.run_in_executor(pool, partial(drawing, 1))  # started
        times = []
        for _ in range(ROUNDS):
            started = time.perf_counter()
            await loop.run_in_executor(pool, partial(drawing, DRAWING_MS))
            times.append(time.perf_counter() - started)
    return times


def _receive(connection: Connection, answer: asyncio.Future[bytes]) -> None:
    if not answer.done():
        answer.set_result(connection.recv())


async def through_pipe() -> list[float]:
    loop = asyncio.get_running_loop()
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe()
    process = context.Process(target=pipe_worker, args=(child,), daemon=True)
    process.start()
    times = []
    try:
        for _ in range(ROUNDS + 1):  # the first one waits for the worker to start
            answer: asyncio.Future[bytes] = loop.create_future()
            loop.add_reader(parent.fileno(), _receive, parent, answer)
            started = time.perf_counter()
            parent.send(partial(drawing, DRAWING_MS))
            await answer
            loop.remove_reader(parent.fileno())
            times.append(time.perf_counter() - started)
    finally:
        parent.close()
        process.terminate()
    return times[1:]


async def through_thread() -> list[float]:
    """A thread of this process feeds the worker: it sends the next drawing as soon as one comes back."""
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe()
    process = context.Process(target=pipe_worker, args=(child,), daemon=True)
    process.start()

    def feed() -> list[float]:
        times = []
        for _ in range(ROUNDS + 1):
            started = time.perf_counter()
            parent.send(partial(drawing, DRAWING_MS))
            parent.recv()
            times.append(time.perf_counter() - started)
        return times[1:]

    try:
        return await asyncio.to_thread(feed)
    finally:
        parent.close()
        process.terminate()


async def measure(busy: bool) -> None:
    stop = asyncio.Event()
    busy_tasks = [asyncio.create_task(keep_busy(stop)) for _ in range(BUSY_TASKS if busy else 0)]
    try:
        for name, way in (("pool", through_pool), ("pipe", through_pipe), ("thread", through_thread)):
            times = sorted(await way())
            p50, p90 = 1000 * statistics.median(times), 1000 * times[int(len(times) * 0.9)]
            print(f"{'busy' if busy else 'idle'} loop, {name}: round trip p50 {p50:.1f} ms, p90 {p90:.1f} ms")
    finally:
        stop.set()
        await asyncio.gather(*busy_tasks)


def main() -> None:
    print(f"a drawing of {DRAWING_MS:.0f} ms CPU, {ROUNDS} one at a time")
    asyncio.run(measure(busy=False))
    asyncio.run(measure(busy=True))


if __name__ == "__main__":
    main()
