"""The end of a game in words, read in languages whose sentences end otherwise than English's."""

from __future__ import annotations

import pytest

from cogs.words import game_over
from engine.core import Outcome
from engine.words import Text


@pytest.mark.parametrize("language", ["ja", "zh_CN"])
def test_a_game_over_line_in_japanese_or_chinese_ends_its_sentences_with_their_full_stop(language: str) -> None:
    reason = Text(
        "{knocker} went Gin; {defender} had {deadwood} deadwood", knocker="Seat 2", defender="Seat 1", deadwood=10
    )
    outcome = Outcome(reason, (10, 35), (2, 1))
    line = game_over(outcome, ["さくら", "王小明"], language=language)
    first = line.split("。")[0] + "。"
    assert "王小明" in first and not first.endswith(".。") and "." not in first
    assert line.endswith("。") and ". " not in line and "。 " not in line


def test_english_keeps_its_full_stops() -> None:
    reason = Text(
        "{knocker} went Gin; {defender} had {deadwood} deadwood", knocker="Seat 2", defender="Seat 1", deadwood=10
    )
    line = game_over(Outcome(reason, (10, 35), (2, 1)), ["Ann", "Bob"])
    assert line.startswith("Game over: Bob went Gin; Ann had 10 deadwood. Bob wins with 35")
