"""Gin-jon-tan through Discord: a whole game of four people and two computers (common decks),
with every public message checked for cards only one seat may see."""

import pytest

from tests.e2e.games import whole_game_through_discord
from tests.e2e.harness import Parlour


async def test_whole_game_of_gin_jon_tan(parlour: Parlour, monkeypatch: pytest.MonkeyPatch) -> None:
    await whole_game_through_discord(parlour, "gin_jon_tan", monkeypatch, 4, 2, {"rounds": "3"})
