"""Fixtures for end-to-end tests: the real bot, in-process, on the loopback Discord."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.harness import Parlour
from tests.loopback.server import LoopbackDiscord


@pytest.fixture
async def parlour(loopback: LoopbackDiscord, tmp_path: Path) -> AsyncIterator[Parlour]:
    running = Parlour(loopback, tmp_path / "parlour.db")
    await running.start()
    try:
        yield running
    finally:
        await running.stop()
