"""A whole game of Tet-Gow through the loopback Discord (2 people, 2 computers)."""

import pytest

from tests.e2e.games import whole_game_through_discord
from tests.e2e.harness import Parlour


async def test_whole_game_of_tet_gow(parlour: Parlour, monkeypatch: pytest.MonkeyPatch) -> None:
    await whole_game_through_discord(parlour, "tet_gow", monkeypatch, 2, 2, None)
