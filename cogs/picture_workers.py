"""Worker processes that draw pictures, each fed by a thread of the bot's process.

A worker never waits to be handed its next drawing: its pipe holds the next one already
(:data:`IN_PIPE`), from the ones the event loop prepared (pickled), and the thread that feeds it
reads each answer, hands the picture back to the loop and tops the pipe up. Through
``ProcessPoolExecutor`` that took two turns of a busy event loop and two more threads, each
waiting for the GIL, so under load the workers drew a quarter of the time; with one drawing in
the pipe at a time, a worker still waited a third of the time for its feeding thread to wake
and take the GIL (``python -m benchmarks.worker_round_trip`` and ``benchmarks.worker_throughput``;
docs/scale.md).

A worker that dies (killed from outside) is started again and its drawings drawn there.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
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
    def _next(self, wait: bool) -> _Job | None:
        """The most urgent job (waiting for one if ``wait``), or None: stopped, or none waits."""
        with self._ready:
            while wait and not self._jobs and not self._stopped:
                self._ready.wait()
            if self._stopped or not self._jobs:
                return None
            job = min(self._jobs)
            self._jobs.remove(job)
            return job

    def _feed(self, index: int) -> None:
        """Keep worker ``index``'s pipe topped up with jobs and answer each job as it comes back, in
        the order sent. A worker that dies is started again and sent its jobs again."""
        connection: Connection | None = None
        sent: deque[_Job] = deque()  # in the worker's pipe, oldest first
        try:
            while True:
                while len(sent) < IN_PIPE and (job := self._next(wait=not sent)) is not None:
                    sent.append(job)
                    if connection is not None:
                        connection = self._send(connection, job)
                if not sent:
                    return  # stopped
                if connection is None:
                    connection = self._restart(index, sent)
                    continue
                try:
                    drawn, value = pickle.loads(connection.recv_bytes())
                except (EOFError, OSError):  # the worker died: start another one
                    _close(connection)
                    connection = None
                    continue
                except Exception as error:  # an answer that cannot be read: its caller hears of it
                    _answer(sent.popleft(), error)
                    continue
                _answer(sent.popleft(), value if drawn else _as_error(value))
        finally:
            if connection is not None:
                connection.close()

    @staticmethod
    def _send(connection: Connection, job: _Job) -> Connection | None:
        """Write ``job`` down the pipe; None if the worker is gone (its jobs are sent again)."""
        try:
            connection.send_bytes(job.payload)
        except OSError:
            _close(connection)
            return None
        return connection

    def _restart(self, index: int, sent: deque[_Job]) -> Connection | None:
        """Start worker ``index`` and send it the jobs its last one did not answer, each tried
        :data:`TRIES` times at most; None if it died again at once (or the workers were stopped:
        then the jobs fail with WorkersStopped, and their callers draw them)."""
        for job in list(sent):
            job.tries += 1
            if self._stopped or job.tries > TRIES:
                sent.remove(job)
                _answer(job, WorkersStopped("No picture worker could draw it."))
        if not sent:
            return None
        if self._processes[index] is not None:
            log.warning("A picture worker died; starting a new one")
        try:
            connection: Connection | None = self._start(index)
        except Exception:  # no process can be started: the callers draw their pictures themselves
            log.exception("Could not start a picture worker")
            while sent:
                _answer(sent.popleft(), WorkersStopped("No picture worker could be started."))
            return None
        for job in sent:
            if connection is not None:
                connection = self._send(connection, job)
        return connection

    def _start(self, index: int) -> Connection:
        ours, theirs = self._context.Pipe()
        process = self._context.Process(target=_serve, args=(theirs,), daemon=True, name=f"picture-worker-{index}")
        process.start()
        theirs.close()
        self._processes[index] = process
        return ours


def _close(connection: Connection) -> None:
    """Close the pipe of a worker that died."""
    with contextlib.suppress(OSError):
        connection.close()


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
