"""The results picture: huge scores in words with the exact figure under them, never cut."""

from __future__ import annotations

from engine import registry
from engine.core import Outcome
from render.results import headline, results_picture, why_words
from render.text import recording

NAMES = ["Zoë", "Дмитрий", "王小明", "محمد (computer)"]
POINTS = (6_412_345_678_901_234, -1_482_000_001, 72_345_678_901_234_567_123, 0)


def test_huge_scores_read_in_words_and_stand_exact_under_them() -> None:
    outcome = Outcome("Seat 3 has the highest score after 3 rounds", POINTS, (2, 4, 1, 3), termination="highest_score")
    assert headline(outcome, NAMES) == ("王小明 wins", "by 72.3 quintillion points")
    with recording() as drawn:
        results_picture(outcome, names=NAMES, game_name="Gin-jon-tan", how_won=registry.get("gin_jon_tan").how_won)
    words = [d.content for d in drawn]
    assert "by 72.3 quintillion points" in words
    assert "72.3 quintillion" in words and "exactly 72,345,678,901,234,567,123" in words
    assert "6.41 quadrillion" in words and "exactly -1,482,000,001" in words
    assert all(d.content == d.asked for d in drawn), [d.asked for d in drawn if d.content != d.asked]


def test_small_margins_keep_both_scores_and_gin_go_counts_chips() -> None:
    outcome = Outcome("Seat 1 linked", (23, 19), (1, 2), termination="link")
    assert headline(outcome, NAMES[:2], "chip") == ("Zoë wins", "by 4 chips: 23 to 19")


def test_how_a_game_scores_comes_from_its_declaration_after_an_ending_on_points() -> None:
    """The rule is the game's ``how_won`` and follows an ending on points; a play-off or a link
    is its own reason (the termination decides, not the game's name or the reason's words)."""
    nin_jan = registry.get("nin_jan")
    on_points = Outcome("Seat 1 has the highest total", (9, 3), (1, 2), termination="highest_score")
    play_off = Outcome("Seat 2 won the play-off", (5, 5), (2, 1), termination="play_off")
    assert nin_jan.how_won
    assert why_words(on_points, NAMES[:2], nin_jan.how_won).endswith(nin_jan.how_won[1:])
    assert why_words(play_off, NAMES[:2], nin_jan.how_won) == "Дмитрий won the play-off."
    with recording() as drawn:
        results_picture(on_points, names=NAMES[:2], game_name="Renamed", how_won=nin_jan.how_won)
    assert any("highest total wins" in d.content for d in drawn), [d.content for d in drawn]
