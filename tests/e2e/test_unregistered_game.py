"""The whole-game test of a game that is not registered fails: it never skips."""

from __future__ import annotations

import pytest

from tests.e2e.games import whole_game_through_discord


async def test_the_whole_game_test_of_an_unregistered_game_fails_instead_of_skipping(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(AssertionError, match="not a registered game"):
        await whole_game_through_discord(None, "no_such_game", monkeypatch, 1, 1)  # type: ignore[arg-type]
