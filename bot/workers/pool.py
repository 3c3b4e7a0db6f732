"""Worker processes that draw pictures, fed by the event loop itself.

A worker never waits to be handed its next drawing: its pipe holds the next one already
(:data:`IN_PIPE`), and the event loop reads each answer as soon as it is there (``add_reader``),
hands the picture over and tops the pipe up in the same turn. Through ``ProcessPoolExecutor``
that took two turns of a busy event loop and two more threads, each waiting for the GIL, so under
load the workers drew a quarter of the time. A feeding thread per worker did better, but every
drawing then crossed threads twice, each crossing a wake-up and a wait for the GIL the busy loop
held (``python -m benchmarks.worker_round_trip`` and ``benchmarks.worker_throughput``;
docs/scale.md). The jobs are small (a view and a render function, a few KB), so writing one never
waits.

A worker that dies (killed from outside) is started again and its drawings drawn there.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import heapq
import itertools
import logging
import multiprocessing
import os
import pickle
import select
import signal
from asyncio import Future
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from bot.futures import settle

log = logging.getLogger(__name__)

#: Times a drawing is tried in a new worker when its worker dies under it.
TRIES = 2
#: Jobs written down a worker's pipe at once: when it answers one, the next is there to read.
IN_PIPE = 2
#: How much less a worker's claim on a core is than the bot's process (``nice``): the event loop,
#: which sends every first answer, goes first, and the workers draw with the rest of the machine.
#: With the workers drawing all the time they could (IN_PIPE), they took cores from the loop and
#: its first answers came later (``benchmarks.load``, docs/scale.md).
WORKER_NICENESS = 10


class WorkersStopped(RuntimeError):
    """The workers could not draw it: they were stopped, or its worker died under it twice (the
    caller draws it itself)."""


@dataclass(order=True)
class _Job:
    """A prepared job: its place in line, its pickled call, and the future of its answer (a
    drawing's PNG, a computer's move)."""

    due: float
    number: int
    payload: bytes = field(compare=False)
    future: Future[Any] = field(compare=False)
    #: Called on the loop once the future is settled (see :meth:`FedWorkers.submit`).
    on_done: Callable[[], None] | None = field(default=None, compare=False)
    #: Workers it was sent to (one more each time its worker died under it).
    tries: int = field(default=0, compare=False)


@dataclass
class _Worker:
    """One worker process, its end of the pipe, and the jobs sent down it, oldest first (it
    answers them in that order)."""

    index: int
    process: BaseProcess | None = None
    connection: Connection | None = None
    #: Tells whether the pipe can be read, kept with it: ``Connection.poll`` builds a selector per call.
    readable: select.poll | None = None
    sent: deque[_Job] = field(default_factory=deque)


class FedWorkers:
    """``count`` drawing processes, fed from one line of jobs by the event loop."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._context = multiprocessing.get_context("spawn")  # not forked: no copy of the loop
        #: Jobs waiting for room in a worker's pipe, most urgent first (a heap).
        self._jobs: list[_Job] = []
        self._workers = [_Worker(i) for i in range(count)]
        self._stopped = False
        self._numbers = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None

    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers if w.process is not None and w.process.pid is not None]

    def submit(self, call: Callable[[], Any], due: float, on_done: Callable[[], None] | None = None) -> Future[Any]:
        """Queue ``call`` for the first worker free (the most urgent, by ``due``, goes first); what
        it returns (a PNG, a computer's move) comes in the future returned.

        ``on_done`` is called on the event loop in the same turn as the answer is handed over, so
        the caller can let the next drawing out at once (a task woken by the future would run a
        turn later: on a busy loop, a worker's next drawing would wait for it).
        """
        if self._stopped:
            raise WorkersStopped("The picture workers were stopped.")
        loop = self._loop = asyncio.get_running_loop()
        job = _Job(due, next(self._numbers), pickle.dumps(call), loop.create_future(), on_done)
        heapq.heappush(self._jobs, job)
        self._top_up()
        return job.future

    def shutdown(self) -> None:
        """Stop feeding; jobs not yet drawn fail with WorkersStopped; the processes end."""
        self._stopped = True
        left, self._jobs = self._jobs, []
        for worker in self._workers:
            left.extend(worker.sent)
            worker.sent.clear()
            self._disconnect(worker)
        for job in left:
            _answer(job, WorkersStopped("The picture workers were stopped."))

    # -- on the event loop -------------------------------------------------------
    def _top_up(self) -> None:
        """Send the most urgent jobs to the workers with room in their pipes, the least busy first."""
        while self._jobs and not self._stopped:
            worker = min(self._workers, key=lambda w: len(w.sent))
            if len(worker.sent) >= IN_PIPE:
                return
            job = heapq.heappop(self._jobs)
            worker.sent.append(job)
            if worker.connection is None:
                self._restart(worker)
            else:
                self._send(worker, job)

    def _send(self, worker: _Worker, job: _Job) -> None:
        """Write ``job`` down the worker's pipe (a worker found gone is started again)."""
        assert worker.connection is not None
        try:
            worker.connection.send_bytes(job.payload)
        except OSError:
            self._lost(worker)

    def _answered(self, worker: _Worker) -> None:
        """The worker's pipe can be read: hand over every answer there, then top the pipes up.

        A pipe at its end (the worker died, drawing or idle) starts another worker for the jobs
        the dead one did not answer."""
        connection = worker.connection
        while connection is not None and connection is worker.connection:
            try:
                if worker.readable is None or not worker.readable.poll(0):  # nothing more, or at its end
                    break
                answer = connection.recv_bytes()
            except (EOFError, OSError):
                self._lost(worker)
                break
            if not worker.sent:  # never asked for: nothing waits for it
                log.warning("A picture worker answered a job it was not sent")
                continue
            job = worker.sent.popleft()
            try:
                drawn, value = pickle.loads(answer)
            except Exception as error:  # an answer that cannot be read: its caller hears of it
                _settle(job, error)
                continue
            _settle(job, value if drawn else _as_error(value))
        self._top_up()

    def _lost(self, worker: _Worker) -> None:
        """The worker died: start another one and send it the jobs the dead one did not answer."""
        self._disconnect(worker)
        self._restart(worker)

    def _disconnect(self, worker: _Worker) -> None:
        connection, worker.connection, worker.readable = worker.connection, None, None
        if connection is None:
            return
        if self._loop is not None and not self._loop.is_closed():
            with contextlib.suppress(OSError, ValueError, RuntimeError):
                self._loop.remove_reader(connection.fileno())
        with contextlib.suppress(OSError):
            connection.close()
        if worker.process is not None:
            worker.process.terminate()  # dead already, stopped, or never to be read from again

    def _restart(self, worker: _Worker) -> None:
        """Start the worker and send it the jobs its last one did not answer, each tried
        :data:`TRIES` times at most (or, stopped or unable to start one, fail them with
        WorkersStopped: their callers draw them)."""
        for job in list(worker.sent):
            job.tries += 1
            if self._stopped or job.tries > TRIES:
                worker.sent.remove(job)
                _settle(job, WorkersStopped("No picture worker could draw it."))
        if not worker.sent:
            return
        if worker.process is not None:
            log.warning("A picture worker died; starting a new one")
        try:
            self._start(worker)
        except Exception:  # no process can be started: the callers draw their pictures themselves
            log.exception("Could not start a picture worker")
            while worker.sent:
                _settle(worker.sent.popleft(), WorkersStopped("No picture worker could be started."))
            return
        connection = worker.connection
        for job in list(worker.sent):
            if worker.connection is not connection:
                return  # it died again at once: that death started another and sent it these jobs
            self._send(worker, job)

    def _start(self, worker: _Worker) -> None:
        ours, theirs = self._context.Pipe()
        process = self._context.Process(
            target=_serve, args=(theirs,), daemon=True, name=f"picture-worker-{worker.index}"
        )
        process.start()
        theirs.close()
        worker.process, worker.connection = process, ours
        worker.readable = select.poll()
        worker.readable.register(ours.fileno(), select.POLLIN)  # a closed pipe shows as POLLHUP too
        assert self._loop is not None
        self._loop.add_reader(ours.fileno(), self._answered, worker)
        # uvloop (EVENT_LOOP=uvloop) makes a descriptor it watches non-blocking; the pipe is read
        # and written whole here (a read of an answer whose first bytes came; a write of a few KB),
        # and a read or write cut short would be taken for a dead worker.
        os.set_blocking(ours.fileno(), True)


def _answer(job: _Job, result: object) -> None:
    """Hand the result to the job's event loop (from anywhere: shutdown may run off the loop)."""
    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
        job.future.get_loop().call_soon_threadsafe(_settle, job, result)


def _settle(job: _Job, result: object) -> None:
    """On the loop: answer the job's future, then tell whoever let it out."""
    settle(job.future, result)
    if job.on_done is not None:
        job.on_done()


def _as_error(value: object) -> Exception:
    return value if isinstance(value, Exception) else RuntimeError(str(value))


# -- in a worker process -------------------------------------------------------
def _serve(connection: Connection) -> None:
    """Draw what comes down the pipe until it closes: (True, PNG) or (False, the error)."""
    _die_with_parent()
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)
    while True:
        try:
            call = pickle.loads(connection.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, object] = (True, call())
        except Exception as error:  # the bot's process raises it where the picture was wanted
            answer = (False, error)
        try:
            connection.send_bytes(pickle.dumps(answer))
        except (pickle.PicklingError, TypeError, AttributeError) as error:
            connection.send_bytes(pickle.dumps((False, RuntimeError(repr(error)))))


def _die_with_parent() -> None:
    """End when the bot's process ends, however it ends (SIGKILL included; Linux)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the bot, which stops its workers
