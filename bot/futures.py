"""Answering a waiting caller through its asyncio future."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

K = TypeVar("K")


def settle(future: asyncio.Future[Any], answer: object) -> None:
    """Give a waiting caller its answer (an exception is raised in it), unless it stopped waiting."""
    if future.done():  # its caller was cancelled
        return
    if isinstance(answer, Exception):
        future.set_exception(answer)
    else:
        future.set_result(answer)


def start_keyed(tasks: dict[K, asyncio.Task[None]], key: K, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
    """Run ``work`` as ``tasks[key]`` until it ends, then drop it from ``tasks``.

    A finished task keeps its coroutine: kept in ``tasks`` until the key's next task, a task per
    table would be objects for the garbage collector to walk in every full collection meanwhile.

    >>> async def demo() -> tuple[bool, bool]:
    ...     tasks: dict[int, asyncio.Task[None]] = {}
    ...     task = start_keyed(tasks, 7, asyncio.sleep(0))
    ...     running = 7 in tasks
    ...     await task
    ...     await asyncio.sleep(0)  # its done callbacks run
    ...     return running, 7 in tasks
    >>> asyncio.run(demo())
    (True, False)
    """
    task = asyncio.get_running_loop().create_task(work)
    tasks[key] = task

    def drop(done: asyncio.Task[None]) -> None:
        if tasks.get(key) is done:
            del tasks[key]

    task.add_done_callback(drop)
    return task
