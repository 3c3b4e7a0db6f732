"""An operator asks a bot that stopped answering where it waits (bot.diagnostics)."""

from __future__ import annotations

import asyncio
import faulthandler
import logging
import os
import signal
import sys

import pytest

from bot import diagnostics

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


async def test_sigusr2_logs_where_every_task_waits(caplog: pytest.LogCaptureFixture) -> None:
    loop = asyncio.get_running_loop()
    diagnostics.dump_threads_on_signal()
    diagnostics.log_tasks_on_signal(loop)
    try:

        async def waits_for_a_move() -> None:
            await asyncio.Event().wait()

        waiting = asyncio.create_task(waits_for_a_move(), name="table-7-computer")
        await asyncio.sleep(0)
        with caplog.at_level(logging.WARNING, logger="bot.diagnostics"):
            os.kill(os.getpid(), signal.SIGUSR2)
            for _ in range(50):
                await asyncio.sleep(0.01)
                if caplog.records:
                    break
        text = caplog.text
        assert "table-7-computer" in text
        assert "waits_for_a_move" in text
        waiting.cancel()
    finally:
        loop.remove_signal_handler(signal.SIGUSR2)
        faulthandler.unregister(signal.SIGUSR1)
