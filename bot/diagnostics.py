"""Where a running bot is stuck, on request: ``kill -USR1 <pid>`` writes every thread's stack to
the log (even when the event loop itself is blocked), ``kill -USR2 <pid>`` every asyncio task's.

For an operator whose bot stops answering, and for the kill-and-restart test, which asks a bot
that stopped moving a table what it was doing."""

from __future__ import annotations

import asyncio
import faulthandler
import io
import logging
import signal
import sys

log = logging.getLogger(__name__)


def dump_threads_on_signal() -> None:
    """SIGUSR1: every thread's stack, written by faulthandler (in C: even while the event loop is
    blocked, or before it runs). Installed as the process starts."""
    if sys.platform != "win32":
        faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True)


def log_tasks_on_signal(loop: asyncio.AbstractEventLoop) -> None:
    """SIGUSR2: every asyncio task's stack, logged by the event loop."""
    if sys.platform != "win32":
        loop.add_signal_handler(signal.SIGUSR2, log_tasks)


def log_tasks() -> None:
    """Log what every asyncio task of the running loop is waiting on."""
    out = io.StringIO()
    tasks = asyncio.all_tasks()
    for task in tasks:
        task.print_stack(limit=12, file=out)
    log.warning("%d asyncio tasks:\n%s", len(tasks), out.getvalue())
