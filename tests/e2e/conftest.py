"""Fixtures for end-to-end tests: the real bot, in-process, on the loopback Discord."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs import answers
from tests.e2e.harness import Parlour
from tests.loopback.server import LoopbackDiscord


@pytest.fixture(autouse=True)
def answers_in_one_response(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot defers a click whose answer is not ready in a quarter of a second; the tests' machine
    is shared and sometimes slower than that, and most tests look at the answer, not at how it was
    sent. They get the deferral of the bot before (1.5 s); the tests of deferrals set their own."""
    monkeypatch.setattr(answers, "DEFER_AFTER", 1.5)


@pytest.fixture
async def parlour(loopback: LoopbackDiscord, tmp_path: Path) -> AsyncIterator[Parlour]:
    running = Parlour(loopback, tmp_path / "parlour.db")
    await running.start()
    try:
        yield running
    finally:
        await running.stop()
