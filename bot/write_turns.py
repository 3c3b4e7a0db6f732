"""SQLite's one writer, taken in turns: a batch of moves never waits behind a queue of other writes.

Every write of a SQLite database waits for the one before it (``bot.store.Store``). Most of them
are batches of moves, each awaited by the people whose clicks it saves; a few are bigger and
awaited by fewer: a game's end (results, ratings, levels, prize cards), a new table. When many
games end at once (every table of a tournament round was dealt together), their ends queued
ahead of the batches and the moves waited for all of them (0.4–0.55 s, benchmarks/load.py). Here
a batch waits for at most one other write, and another write for at most one batch at a time
(they alternate): neither kind waits for ever.

>>> import asyncio
>>> async def demo() -> list[str]:
...     turns, order = WriteTurns(), []
...     async def write(name: str, batch: bool) -> None:
...         async with turns.turn(batch=batch):
...             order.append(name)
...             await asyncio.sleep(0)
...     await asyncio.gather(write("end 1", False), write("end 2", False), write("end 3", False),
...                          write("moves", True))
...     return order
>>> asyncio.run(demo())
['end 1', 'moves', 'end 2', 'end 3']
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator


class WriteTurns:
    """A lock with two lines: batches of moves, and every other write; each in the order it came."""

    def __init__(self) -> None:
        self._held = False
        #: Whether the last turn given went to a batch (the next goes to the other line, if it waits).
        self._last_was_batch = False
        self._lines: dict[bool, deque[asyncio.Future[None]]] = {True: deque(), False: deque()}

    @contextlib.asynccontextmanager
    async def turn(self, *, batch: bool = False) -> AsyncIterator[None]:
        """Hold the writer (``batch``: a batch of moves, which goes before other writes waiting)."""
        await self._take(batch)
        try:
            yield
        finally:
            self._give_on()

    async def _take(self, batch: bool) -> None:
        if not self._held:
            self._held, self._last_was_batch = True, batch
            return
        given: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._lines[batch].append(given)
        try:
            await given
        except asyncio.CancelledError:
            if given.done() and not given.cancelled():
                self._give_on()  # the turn came as it was cancelled: the next one takes it
            else:
                self._lines[batch].remove(given)
            raise

    def _give_on(self) -> None:
        """The writer is free: give it to the next in line, alternating when both lines wait."""
        batches, others = self._lines[True], self._lines[False]
        while batches or others:
            batch = bool(batches) and (not others or not self._last_was_batch)
            given = (batches if batch else others).popleft()
            if given.cancelled():
                continue
            self._last_was_batch = batch
            given.set_result(None)
            return
        self._held = False
