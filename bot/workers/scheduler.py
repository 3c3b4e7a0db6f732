"""Where pictures are drawn: worker processes when the bot started them, else a thread.

Pillow holds the GIL for most of a drawing (text, palette, PNG), so a picture drawn in a
thread still stops the event loop: under load, answers then wait behind the pictures of
other tables, and even the "thinking…" deferral that keeps a click alive misses Discord's
3 seconds. Worker processes (PICTURE_WORKERS) draw beside the event loop instead, on other
cores; a drawing is a picklable call (a render function and a view) that returns PNG bytes.

With workers, drawings wait their turn in one queue ordered by :class:`Priority` and age: the
picture a click's answer waits for goes first, then messages being brought up to date, then
pictures drawn ahead of anyone asking, and none waits for ever. A drawing asked for again
with a higher priority (Show my hand finding its hand drawn ahead) moves up the queue.

The same workers work out the computers' moves (:func:`compute`), ahead of every drawing: a
table waits for its computer under its lock, and a choice worked out on the event loop (up to
a few milliseconds each) held up every other click meanwhile.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
from collections.abc import Callable
from enum import IntEnum
from functools import partial
from typing import TypeVar

from bot.workers.pool import FedWorkers, WorkersStopped

log = logging.getLogger(__name__)


class Priority(IntEnum):
    """Who waits for a picture: the lower, the sooner it is drawn (see :data:`HEAD_START`)."""

    #: A click's answer waits for it (a move's new hand, Show my hand).
    ANSWER = 0
    #: A person's open hand is being brought up to date (their next choice may be in it).
    UPDATE = 1
    #: The public table message is being brought up to date (the people at the table see their
    #: own moment in their hands; the message may lag behind while answers are waited for).
    TABLE = 2
    #: Nobody asked yet (a hand drawn ahead of its Show my hand).
    AHEAD = 3


#: Seconds by which a more urgent drawing goes before a less urgent one asked for earlier: the
#: queue is served by the time of asking plus this, so an answer goes first, yet a table message
#: under a stream of answers still waits at most a few seconds more than they do (never starves).
HEAD_START = {Priority.ANSWER: 0.0, Priority.UPDATE: 1.0, Priority.TABLE: 3.0, Priority.AHEAD: 3.0}

#: Drawings let out of the queue per worker at once: the one it draws, the next one waiting in its
#: pipe (bot.workers.pool.IN_PIPE), and one prepared (pickled) to be written down the pipe in the
#: very turn the worker's answer is read. More would put answers behind drawings already let out.
DRAWINGS_PER_WORKER = 3

#: Worker processes that draw the pictures, when the bot started them (PICTURE_WORKERS).
_workers: FedWorkers | None = None
#: Places for drawings in the workers now free.
_free = 0
#: The drawings waiting for a place.
_waiting: set[Drawing] = set()
#: Their places in line, soonest due first: (due, number, drawing). A drawing hurried is pushed
#: again with its sooner due; the entry of a drawing that no longer waits is skipped.
_line: list[tuple[float, int, Drawing]] = []
_numbers = itertools.count()
#: Drawings under way in threads (no workers).
_in_threads = 0


#: A picture to draw: a picklable call that returns PNG bytes (a render function and a view).
DrawCall = Callable[[], bytes]


class Drawing:
    """One picture on its way: await :attr:`task`; :meth:`hurry` moves it up while it waits.

    ``prepare`` is called when a worker takes the drawing (not when it is asked for) and returns
    the picture to draw: a picture of a live table then shows the moment it is drawn, so under
    load the moves made while it waited its turn are in it, and no picture of a moment that is
    already over is drawn.
    """

    def __init__(self, prepare: Callable[[], DrawCall], priority: Priority) -> None:
        self._prepare: Callable[[], DrawCall] | None = prepare
        self.priority = priority
        self.asked = asyncio.get_running_loop().time()
        #: Set when it leaves the queue: the future of its PNG from a worker, or None to draw it
        #: here (the workers were stopped); an error from ``prepare`` is raised through it.
        self.placed: asyncio.Future[asyncio.Future[bytes] | None] = asyncio.get_running_loop().create_future()
        #: The picture ``prepare`` made, once a worker took it.
        self.call: DrawCall | None = None
        self.task: asyncio.Task[bytes] = asyncio.get_running_loop().create_task(_draw(self))

    def take(self) -> DrawCall:
        """The picture to draw, prepared now (the first time).

        ``prepare`` is let go once called: it often holds what holds this drawing (a table's
        picture on its way), and that loop would be freed only by the garbage collector's full
        collections, which stand the event loop still for tenths of a second under load.
        """
        if self.call is None:
            assert self._prepare is not None
            self.call, self._prepare = self._prepare(), None
        return self.call

    def hurry(self, priority: Priority) -> None:
        """Somebody needs it sooner now."""
        if priority < self.priority:
            self.priority = priority
            if self in _waiting:
                _queue_up(self)

    @property
    def due(self) -> float:
        """Its place in the queue: when it was asked for, plus its priority's head start."""
        return self.asked + HEAD_START[self.priority]


def start(picture: DrawCall, priority: Priority = Priority.ANSWER) -> Drawing:
    """Start drawing ``picture`` (in its turn)."""
    return Drawing(lambda: picture, priority)


def start_when_taken(prepare: Callable[[], DrawCall], priority: Priority = Priority.ANSWER) -> Drawing:
    """Start a drawing whose picture ``prepare`` makes when a worker takes it (in its turn)."""
    return Drawing(prepare, priority)


async def draw(picture: DrawCall, priority: Priority = Priority.ANSWER) -> bytes:
    """Draw ``picture`` and return its PNG bytes."""
    return await start(picture, priority).task


def start_picture_workers(count: int) -> None:
    """Draw pictures in ``count`` worker processes from now on (0: in a thread of this process)."""
    global _workers, _free
    stop_picture_workers()
    if count > 0:
        _workers = FedWorkers(count)
        _free = count * DRAWINGS_PER_WORKER


def stop_picture_workers() -> None:
    global _workers, _free
    if _workers is not None:
        _workers.shutdown()
        _workers, _free = None, 0
    for drawing in _waiting:  # drawn in threads from now on
        if not drawing.placed.done():
            drawing.placed.set_result(None)
    _waiting.clear()
    _line.clear()


T = TypeVar("T")

#: The place in the workers' line of work somebody waits for at once: before every drawing.
FIRST = float("-inf")


async def compute(call: Callable[[], T]) -> T:
    """Run ``call`` (picklable, quick) in a worker process ahead of every drawing; on the event
    loop when there are no workers, or they stopped."""
    workers = _workers
    if workers is not None:
        try:
            result: T = await workers.submit(call, FIRST)
            return result
        except WorkersStopped:
            pass
    return call()


def busy() -> bool:
    """Whether drawings are waiting for a worker (without workers: whether two drawings are under
    way): then nothing should be drawn that nobody has asked for yet."""
    if _workers is not None:
        return _free == 0
    return _in_threads >= 2


def waiting() -> int:
    """Drawings waiting for a free worker."""
    return len(_waiting)


def _queue_up(drawing: Drawing) -> None:
    _waiting.add(drawing)
    heapq.heappush(_line, (drawing.due, next(_numbers), drawing))


def _next_due() -> Drawing | None:
    """The waiting drawing due first, taken out of the line."""
    while _line:
        drawing = heapq.heappop(_line)[2]
        if drawing in _waiting:  # else let out already (it was hurried), or cancelled
            _waiting.discard(drawing)
            return drawing
    return None


async def _draw(drawing: Drawing) -> bytes:
    global _in_threads
    if _workers is None:
        _in_threads += 1
        try:
            return await asyncio.to_thread(drawing.take())
        finally:
            _in_threads -= 1
    _queue_up(drawing)
    _let_out()
    try:
        drawn = await drawing.placed
    except asyncio.CancelledError:
        _waiting.discard(drawing)
        raise
    if drawn is not None:
        try:
            return await drawn
        except WorkersStopped:  # stopped while it waited, or no worker could draw it: drawn here instead
            pass
    return await asyncio.to_thread(drawing.take())


def _let_out() -> None:
    """Hand the free places in the workers to the waiting drawings due first, prepared now.

    Called when a drawing is asked for and, on the event loop, in the very turn a worker's answer
    comes back (``on_done``): the next drawing is prepared and written down the worker's pipe then,
    without waiting for a task to wake on a busy loop.
    """
    global _free
    workers = _workers
    while workers is not None and _free > 0 and (best := _next_due()) is not None:
        if best.placed.done():  # cancelled while it waited
            continue
        try:
            drawn = workers.submit(best.take(), best.due, on_done=partial(_place_freed, workers))
        except WorkersStopped:
            best.placed.set_result(None)
            continue
        except Exception as error:  # preparing it failed: its caller hears of it
            best.placed.set_exception(error)
            continue
        _free -= 1
        best.placed.set_result(drawn)


def _place_freed(workers: FedWorkers) -> None:
    """A drawing of ``workers`` is done: its place goes to the next one (if they still draw)."""
    global _free
    if workers is _workers:
        _free += 1
        _let_out()
