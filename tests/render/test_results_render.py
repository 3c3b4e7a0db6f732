"""The results picture: huge scores in words with the exact figure under them, never cut."""

from __future__ import annotations

from engine.core import Outcome
from render.results import headline, results_picture
from render.text import recording

NAMES = ["Zoë", "Дмитрий", "王小明", "محمد (computer)"]
POINTS = (6_412_345_678_901_234, -1_482_000_001, 72_345_678_901_234_567_123, 0)


def test_huge_scores_read_in_words_and_stand_exact_under_them() -> None:
    outcome = Outcome("Seat 3 has the highest score after 3 rounds", POINTS, (2, 4, 1, 3), termination="highest_score")
    assert headline(outcome, NAMES) == ("王小明 wins", "by 72.3 quintillion points")
    with recording() as drawn:
        results_picture(outcome, names=NAMES, game_name="Gin-jon-tan")
    words = [d.content for d in drawn]
    assert "by 72.3 quintillion points" in words
    assert "72.3 quintillion" in words and "exactly 72,345,678,901,234,567,123" in words
    assert "6.41 quadrillion" in words and "exactly -1,482,000,001" in words
    assert all(d.content == d.asked for d in drawn), [d.asked for d in drawn if d.content != d.asked]


def test_small_margins_keep_both_scores_and_gin_go_counts_chips() -> None:
    outcome = Outcome("Seat 1 linked", (23, 19), (1, 2), termination="link")
    assert headline(outcome, NAMES[:2], "chip") == ("Zoë wins", "by 4 chips: 23 to 19")
