"""Level curves: how many points each level needs, declared with each game (``Game(level_curve=...)``).

Pure arithmetic on exact ints (no float ever sees a score). A curve reads a player's
**level points** from their lifetime points and games in the game:

* ``measure="points"``: the lifetime points themselves (games scoring on one steady scale).
* ``measure="digits"``: every game counts the digits of the player's average game, so
  games whose scores span many orders of magnitude (Gin-jon-tan: hundreds to past 10^17)
  level up by playing many games, not by one lucky one.

Then **arithmetic** curves (``ratio == 1``): leaving level L takes ``first × L`` more level
points, so reaching level L takes ``first × (L − 1) × L / 2`` in all; **geometric** curves
(``ratio > 1``): leaving level L takes ``first × ratio^(L − 1)`` more.

>>> LevelCurve(200).level(600), LevelCurve(25, measure="digits").level_points(10**10, 1)
(3, 11)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["LevelCurve"]


@dataclass(frozen=True)
class LevelCurve:
    """How many level points each level needs, and how a player's games count as level points."""

    #: Level points to go from level 1 to level 2.
    first: int
    #: 1: each step grows by ``first`` (arithmetic); more: each step is ``ratio`` times the last.
    ratio: int = 1
    #: "points" (lifetime points) or "digits" (games × digits of the average game).
    measure: str = "points"

    def __post_init__(self) -> None:
        if self.first < 1 or self.ratio < 1:
            raise ValueError("a level curve needs first >= 1 and ratio >= 1")
        if self.measure not in ("points", "digits"):
            raise ValueError("a level curve measures 'points' or 'digits'")

    def level_points(self, points: int, games: int) -> int:
        """What counts for levels: lifetime ``points`` (never negative) over ``games`` games."""
        points = max(0, points)
        if self.measure == "points":
            return points
        if games <= 0 or points == 0:
            return 0
        return games * len(str(points // games)) if points >= games else 0

    def total(self, level: int) -> int:
        """Level points needed to reach ``level`` (level 1 needs none)."""
        steps = max(0, level - 1)
        if self.ratio == 1:
            return self.first * steps * (steps + 1) // 2
        growth: int = self.ratio**steps  # an int: steps is never negative
        return self.first * (growth - 1) // (self.ratio - 1)

    def level(self, level_points: int) -> int:
        """The level these level points reach (1 and up)."""
        if level_points < self.first:
            return 1
        if self.ratio == 1:
            q = level_points // self.first  # first × n(n+1)/2 <= points  <=>  n(n+1)/2 <= points // first
            return 1 + (math.isqrt(8 * q + 1) - 1) // 2
        bound = level_points * (self.ratio - 1) // self.first + 1
        return 1 + _ilog(bound, self.ratio)


def _ilog(value: int, base: int) -> int:
    """The largest n with base^n <= value (value >= 1), exactly, for ints of any size."""
    n = max(0, int(value.bit_length() / math.log2(base)) - 1)  # a guess from below
    while base ** (n + 1) <= value:
        n += 1
    while n > 0 and base**n > value:
        n -= 1
    return n
