"""The adversarial suite's fixtures: the real bot on a loopback Discord with two servers.

``parlour`` runs the bot in the loopback's first server ("home", where the tables under attack
are) and a second one ("away": another community with the bot in it, where an attacker is a
moderator of their own server).
"""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs import answers
from tests.bot.conftest import database, empty_database  # noqa: F401  (the services' tests: both backends)
from tests.e2e.harness import Parlour
from tests.loopback.server import LoopbackDiscord

#: The second server's name.
AWAY = "Elsewhere"


@pytest.fixture(autouse=True)
def answers_in_one_response(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in tests/e2e: a shared, sometimes slow machine; these tests look at answers, not deferrals."""
    monkeypatch.setattr(answers, "DEFER_AFTER", 1.5)


@pytest.fixture
async def parlour(loopback: LoopbackDiscord, tmp_path: Path) -> AsyncIterator[Parlour]:
    loopback.add_guild(AWAY)
    running = Parlour(loopback, tmp_path / "parlour.db")
    await running.start()
    try:
        yield running
    finally:
        await running.stop()
