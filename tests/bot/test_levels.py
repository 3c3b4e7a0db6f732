"""Levels: each level needs more than the last, exact for Gin-jon-tan's huge scores, level-ups found."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.levels import CURVES, DEFAULT_CURVE, Curve, level, level_up, lifetime_points, progress

ALL_CURVES = [*CURVES.items(), ("other", DEFAULT_CURVE)]


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


def test_gin_jon_tan_counts_a_level_per_digit_past_10_to_the_17() -> None:
    assert level("gin_jon_tan", 10**17) == 15
    assert level("gin_jon_tan", 10**18) == 16
    assert level("gin_jon_tan", 7 * 10**40) == 39
    assert level("gin_rummy", 10**17) > 1000  # an arithmetic curve would not do for it


def test_gin_rummy_a_first_win_is_a_level_and_more_points_level_quicker() -> None:
    assert level("gin_rummy", 0) == 1
    assert level("gin_rummy", 300) == 2  # one won game to 100
    assert level("gin_rummy", 3000) > level("gin_rummy", 1000)


def test_negative_scores_never_take_a_level_away() -> None:
    assert lifetime_points([40, -25, 10]) == 50
    assert level("nin_jan", lifetime_points([-100])) == 1


def test_level_up_is_found_only_when_a_threshold_is_crossed() -> None:
    assert level_up("gin_rummy", 150, 260) == 2
    assert level_up("gin_rummy", 210, 260) is None
    assert level_up("gin_jon_tan", 10**16, 10**17) == 15


def test_progress_to_the_next_level() -> None:
    p = progress("gin_rummy", 300)  # level 2 starts at 200; level 3 at 600
    assert (p.level, p.into, p.span) == (2, 100, 400)
    assert p.fraction == 0.25
    huge = progress("gin_jon_tan", 10**200)
    assert 0.0 <= huge.fraction <= 1.0
