"""A whole game of Nin Jan through the loopback Discord (3 people, 2 computers)."""

import pytest

from tests.e2e.games import whole_game_through_discord
from tests.e2e.harness import Parlour


async def test_whole_game_of_nin_jan(parlour: Parlour, monkeypatch: pytest.MonkeyPatch) -> None:
    await whole_game_through_discord(parlour, "nin_jan", monkeypatch, 3, 2, None)
