"""Gin-Go through Discord: a whole 2-player game (a person against a computer) and a whole 2v2
game (two people and two computers), with every public message checked for hand cards."""

import pytest

from tests.e2e.games import whole_game_through_discord
from tests.e2e.harness import Parlour


async def test_whole_two_player_game_of_gin_go(parlour: Parlour, monkeypatch: pytest.MonkeyPatch) -> None:
    await whole_game_through_discord(parlour, "gin_go", monkeypatch, 1, 1, {"hand_limit": "2"})


async def test_whole_two_against_two_game_of_gin_go(parlour: Parlour, monkeypatch: pytest.MonkeyPatch) -> None:
    await whole_game_through_discord(parlour, "gin_go", monkeypatch, 2, 2, {"hand_limit": "2"})
