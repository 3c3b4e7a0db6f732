"""Levels: each level needs more than the last, exact for Gin-jon-tan's huge scores, level-ups found."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.levels import DEFAULT_CURVE, Curve, curves, level, level_up, lifetime_points, progress
from engine import registry

ALL_CURVES = [*curves().items(), ("other", DEFAULT_CURVE)]


@pytest.mark.parametrize(("game", "curve"), ALL_CURVES)
def test_each_level_needs_more_points_than_the_last(game: str, curve: Curve) -> None:
    steps = [curve.total(n + 1) - curve.total(n) for n in range(1, 40)]
    assert all(later > earlier for earlier, later in pairwise(steps))


@pytest.mark.parametrize(("game", "curve"), ALL_CURVES)
def test_the_level_starts_exactly_at_its_threshold(game: str, curve: Curve) -> None:
    for n in range(2, 60):
        assert curve.level(curve.total(n)) == n
        assert curve.level(curve.total(n) - 1) == n - 1


@given(st.integers(0, 10**60))
def test_levels_of_huge_scores_are_exact_and_never_go_down(points: int) -> None:
    for _, curve in ALL_CURVES:
        n = curve.level(points)
        assert curve.total(n) <= points < curve.total(n + 1)
        assert curve.level(points + 1) >= n


def test_every_shipped_game_declares_its_curve_with_the_game() -> None:
    assert set(curves()) == {"gin_rummy", "gin_go", "gin_jon_tan", "nin_jan", "tet_gow"}
    assert registry.get("gin_jon_tan").level_curve == curves()["gin_jon_tan"]


def test_gin_jon_tan_levels_are_climbed_over_many_games_not_one() -> None:
    # One game, however huge (a person 10^10, the computer 10^13, the record past 10^17): level 1.
    for score in (10**3, 10**10, 10**13, 10**17):
        assert level("gin_jon_tan", score, 1) == 1
    # A steady player of games around 10^12 reaches level 2 in a few games, level 10 after about 100.
    assert level("gin_jon_tan", 3 * 10**12, 3) == 2
    assert level("gin_jon_tan", 60 * 10**12, 60) < 10 <= level("gin_jon_tan", 100 * 10**12, 100)
    assert level("gin_jon_tan", 7 * 10**40, 1) == 2  # exact for any size, and still one game's worth
    assert level("gin_rummy", 10**17, 1) > 1000  # an arithmetic curve on points would not do for it


def test_gin_rummy_a_first_win_is_a_level_and_more_points_level_quicker() -> None:
    assert level("gin_rummy", 0, 0) == 1
    assert level("gin_rummy", 300, 1) == 2  # one won game to 100
    assert level("gin_rummy", 3000, 10) > level("gin_rummy", 1000, 10)


def test_negative_scores_never_take_a_level_away() -> None:
    assert lifetime_points([40, -25, 10]) == 50
    assert level("nin_jan", lifetime_points([-100]), 1) == 1
    assert level("gin_jon_tan", lifetime_points([-(10**20)]), 1) == 1


def test_level_up_is_found_only_when_a_threshold_is_crossed() -> None:
    assert level_up("gin_rummy", 150, 260, 2) == 2
    assert level_up("gin_rummy", 210, 260, 3) is None
    assert level_up("gin_jon_tan", 10**16, 10**17, 3) is None  # a game ten times bigger: no jump
    assert level_up("gin_jon_tan", 10**12, 3 * 10**12, 3) == 2


def test_progress_to_the_next_level() -> None:
    p = progress("gin_rummy", 300, 1)  # level 2 starts at 200; level 3 at 600
    assert (p.level, p.into, p.span) == (2, 100, 400)
    assert p.fraction == 0.25
    huge = progress("gin_jon_tan", 10**200, 3)
    assert 0.0 <= huge.fraction <= 1.0
