"""Worker processes that draw pictures, each fed by a thread of the bot's process.

The thread that waits on a worker's pipe keeps :data:`AHEAD` jobs written into it, from the
ones the event loop prepared (already pickled), and hands each answer back to the loop. So a
worker starts its next drawing the moment it has written the last one: it never waits for its
feeding thread, which needs the GIL to read an answer, and on a busy bot waits milliseconds
for it each time (with one job at a time, the workers sat idle half the time while answers
queued for seconds; docs/scale.md). Through ``ProcessPoolExecutor`` that took two turns of a
busy event loop and two more threads (``python -m benchmarks.worker_round_trip``).

A worker that dies (killed from outside) is started again and the jobs it held drawn there.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import pickle
import signal
import threading
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
#: Jobs written into a worker's pipe at once: the one it works on and the next ones, ready for
#: it the moment it answers (their answers wait in the pipe until the feeding thread reads them).
AHEAD = 3


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
    #: Workers that died while it was in their pipe.
    deaths: int = field(default=0, compare=False)


class FedWorkers:
    """``count`` drawing processes, each with a thread that feeds it from one line of jobs."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._context = multiprocessing.get_context("spawn")  # not forked: no copy of the loop
        self._jobs: list[_Job] = []
        self._ready = threading.Condition()
        self._stopped = False
        self._numbers = 0
        self._processes: list[BaseProcess | None] = [None] * count
        self._threads = [threading.Thread(target=self._feed, args=(i,), daemon=True) for i in range(count)]
        for thread in self._threads:
            thread.start()

    def pids(self) -> list[int]:
        return [p.pid for p in self._processes if p is not None and p.pid is not None]

    def queued(self) -> int:
        """Jobs not yet written to a worker (every worker's pipe is full: they wait their turn)."""
        with self._ready:
            return len(self._jobs)

    def submit(self, call: Callable[[], Any], due: float, on_done: Callable[[], None] | None = None) -> Future[Any]:
        """Queue ``call`` for the first worker free (the most urgent, by ``due``, goes first); what
        it returns (a PNG, a computer's move) comes in the future returned.

        ``on_done`` is called on the event loop in the same turn as the answer is handed over, so
        the caller can let the next drawing out at once (a task woken by the future would run a
        turn later: on a busy loop, a worker's next drawing would wait for it).
        """
        loop = asyncio.get_running_loop()
        job = _Job(due, 0, pickle.dumps(call), loop.create_future(), on_done)
        with self._ready:
            if self._stopped:
                raise WorkersStopped("The picture workers were stopped.")
            self._numbers += 1
            job.number = self._numbers
            self._jobs.append(job)
            self._ready.notify()
        return job.future

    def shutdown(self) -> None:
        """Stop feeding; jobs not yet drawn fail with WorkersStopped; the processes end."""
        with self._ready:
            self._stopped = True
            left, self._jobs = self._jobs, []
            self._ready.notify_all()
        for job in left:
            _answer(job, WorkersStopped("The picture workers were stopped."))
        for process in self._processes:
            if process is not None:
                process.terminate()

    # -- in the feeding threads ------------------------------------------------
    def _next(self, *, wait: bool) -> _Job | None:
        """The most urgent job (waiting for one if ``wait``); None when stopped, or none is ready."""
        with self._ready:
            while wait and not self._jobs and not self._stopped:
                self._ready.wait()
            if self._stopped or not self._jobs:
                return None
            job = min(self._jobs)
            self._jobs.remove(job)
            return job

    def _feed(self, index: int) -> None:
        """Keep worker ``index``'s pipe topped up to AHEAD jobs and hand back their answers, in order."""
        connection: Connection | None = None
        sent: deque[_Job] = deque()  # written into the worker's pipe, answers not read yet
        again: deque[_Job] = deque()  # held by a worker that died: written to the next one first
        try:
            while True:
                try:
                    while len(sent) < AHEAD:
                        job = again.popleft() if again else self._next(wait=not sent)
                        if job is None:
                            break
                        sent.append(job)
                        if connection is None:
                            connection = self._start(index)
                        connection.send_bytes(job.payload)
                    if connection is None or not sent:
                        return  # stopped
                    answer = connection.recv_bytes()
                except (EOFError, OSError):  # the worker died: the jobs it held go to a new one
                    connection = None
                    again.extendleft(reversed(self._died(sent)))
                    sent.clear()
                    continue
                _answer(sent.popleft(), _read(answer))
        finally:
            if connection is not None:
                connection.close()
            for job in [*sent, *again]:
                _answer(job, WorkersStopped("The picture workers were stopped."))

    def _died(self, held: deque[_Job]) -> list[_Job]:
        """The jobs a dead worker held that another may try (the others fail: WorkersStopped)."""
        if not self._stopped:
            log.warning("A picture worker died; starting a new one")
        retry = []
        for job in held:
            job.deaths += 1
            if job.deaths >= TRIES or self._stopped:
                _answer(job, WorkersStopped("No picture worker could draw it."))
            else:
                retry.append(job)
        return retry

    def _start(self, index: int) -> Connection:
        ours, theirs = self._context.Pipe()
        process = self._context.Process(target=_serve, args=(theirs,), daemon=True, name=f"picture-worker-{index}")
        process.start()
        theirs.close()
        self._processes[index] = process
        return ours


def _answer(job: _Job, result: object) -> None:
    """Hand the result to the event loop (from a feeding thread)."""
    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
        job.future.get_loop().call_soon_threadsafe(_settle, job, result)


def _settle(job: _Job, result: object) -> None:
    """On the loop: answer the job's future, then tell whoever let it out."""
    settle(job.future, result)
    if job.on_done is not None:
        job.on_done()


def _read(answer: bytes) -> object:
    """A worker's answer: its result, or the error to raise in its caller."""
    try:
        drawn, value = pickle.loads(answer)
    except Exception as error:  # an answer that cannot be read: its caller hears of it
        return error
    return value if drawn else _as_error(value)


def _as_error(value: object) -> Exception:
    return value if isinstance(value, Exception) else RuntimeError(str(value))


# -- in a worker process -------------------------------------------------------
def _serve(connection: Connection) -> None:
    """Draw what comes down the pipe until it closes: (True, PNG) or (False, the error)."""
    _die_with_parent()
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
