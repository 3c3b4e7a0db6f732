"""Worker processes that draw pictures, each fed by a thread of the bot's process.

A worker gets its next drawing the moment it answers the last one: the thread that waits on
its pipe writes the next drawing from the ones the event loop prepared (already pickled) and
hands the picture back to the loop. Through ``ProcessPoolExecutor`` that took two turns of a
busy event loop and two more threads, each waiting for the GIL, so under load the workers drew
a quarter of the time (``python -m benchmarks.worker_round_trip``; docs/scale.md).

A worker that dies (killed from outside) is started again and its drawing drawn there.
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
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from bot.futures import settle

log = logging.getLogger(__name__)

#: Times a drawing is tried in a new worker when its worker dies under it.
TRIES = 2


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
    def _next(self) -> _Job | None:
        with self._ready:
            while not self._jobs and not self._stopped:
                self._ready.wait()
            if self._stopped:
                return None
            job = min(self._jobs)
            self._jobs.remove(job)
            return job

    def _feed(self, index: int) -> None:
        connection: Connection | None = None
        try:
            while (job := self._next()) is not None:
                connection, result = self._draw(index, connection, job)
                _answer(job, result)
        finally:
            if connection is not None:
                connection.close()

    def _draw(self, index: int, connection: Connection | None, job: _Job) -> tuple[Connection | None, object]:
        """Draw one job: its PNG, or the error to raise in its caller. A worker that dies under it is
        started again (TRIES times at most)."""
        for _ in range(TRIES):
            try:
                if connection is None:
                    connection = self._start(index)
                connection.send_bytes(job.payload)
                drawn, value = pickle.loads(connection.recv_bytes())
                return connection, value if drawn else _as_error(value)
            except (EOFError, OSError):  # the worker died: start another one
                connection = None
                if self._stopped:
                    break
                log.warning("A picture worker died; starting a new one")
            except Exception as error:  # an answer that cannot be read: its caller hears of it
                return connection, error
        return connection, WorkersStopped("No picture worker could draw it.")

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
