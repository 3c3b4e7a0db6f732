"""A whole game of Gin Rummy through the loopback Discord (1 people, 1 computers)."""

import pytest

from tests.e2e.games import whole_game_through_discord
from tests.e2e.harness import Parlour


async def test_whole_game_of_gin_rummy(parlour: Parlour, monkeypatch: pytest.MonkeyPatch) -> None:
    await whole_game_through_discord(parlour, "gin_rummy", monkeypatch, 1, 1, {"target_score": "10"})
