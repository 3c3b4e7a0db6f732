"""Levels: "the more points you get the quicker you can level up" (the Gin Rummy seed).

A player's level in a game comes from their **lifetime points** in that game on the server:
the sum of every finished game's points, where a game with a negative score counts as 0 (a
bad game never takes a level away). Each level needs more points than the last, on a curve
declared per game here, because the games score on very different scales:

* **Arithmetic** curves (``ratio == 1``): leaving level L takes ``first × L`` more points, so
  reaching level L takes ``first × (L − 1) × L / 2`` in all. Level grows with the square root
  of the points. Gin Rummy's winner of a game to 100 takes about 250–400 points, so with
  ``first = 200`` a first win reaches level 2 and level 10 takes about 40 good games.
* **Geometric** curves (``ratio > 1``): leaving level L takes ``first × ratio^(L − 1)`` more
  points. Gin-jon-tan's scores run from hundreds to past 10^17 in one game, so each of its
  levels needs ten times the points of the one before: the level counts the digits.

All sums are exact Python ints (``math.isqrt`` and integer powers): no float ever sees a
score, so 10^40 points give an exact level.

>>> level("gin_rummy", 0), level("gin_rummy", 199), level("gin_rummy", 200), level("gin_rummy", 600)
(1, 1, 2, 3)
>>> level("gin_jon_tan", 10**17)
15
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["CURVES", "Curve", "Progress", "curve_for", "level", "level_up", "lifetime_points", "progress"]


@dataclass(frozen=True)
class Curve:
    """How many points each level needs: see the module's docstring."""

    #: Points to go from level 1 to level 2.
    first: int
    #: 1: each step grows by ``first`` (arithmetic); more: each step is ``ratio`` times the last.
    ratio: int = 1

    def __post_init__(self) -> None:
        if self.first < 1 or self.ratio < 1:
            raise ValueError("a level curve needs first >= 1 and ratio >= 1")

    def total(self, level: int) -> int:
        """Lifetime points needed to reach ``level`` (level 1 needs none)."""
        steps = max(0, level - 1)
        if self.ratio == 1:
            return self.first * steps * (steps + 1) // 2
        return self.first * (self.ratio**steps - 1) // (self.ratio - 1)

    def level(self, points: int) -> int:
        """The level these lifetime points reach (1 and up)."""
        if points < self.first:
            return 1
        if self.ratio == 1:
            q = points // self.first  # first × n(n+1)/2 <= points  <=>  n(n+1)/2 <= points // first
            return 1 + (math.isqrt(8 * q + 1) - 1) // 2
        # first × (ratio^n − 1)/(ratio − 1) <= points  <=>  ratio^n <= points × (ratio − 1) // first + 1
        bound = points * (self.ratio - 1) // self.first + 1
        steps = _ilog(bound, self.ratio)
        return 1 + steps


def _ilog(value: int, base: int) -> int:
    """The largest n with base^n <= value (value >= 1), exactly, for ints of any size."""
    n = max(0, int(value.bit_length() / math.log2(base)) - 1)  # a guess from below
    while base ** (n + 1) <= value:
        n += 1
    while n > 0 and base**n > value:
        n -= 1
    return n


#: Each game's curve, by game key; other games use DEFAULT_CURVE.
CURVES: dict[str, Curve] = {
    "gin_rummy": Curve(first=200),  # a win of a game to 100 is about 250–400 points
    "nin_jan": Curve(first=20),  # a game's winner takes about 15–40
    "tet_gow": Curve(first=10),  # 1 per trick and 5 for the game: about 8–15 a game
    "gin_go": Curve(first=20),
    "gin_jon_tan": Curve(first=1000, ratio=10),  # hundreds to 10^17+ a game: a level per digit
}
DEFAULT_CURVE = Curve(first=50)


def curve_for(game_key: str) -> Curve:
    return CURVES.get(game_key, DEFAULT_CURVE)


def lifetime_points(scores: Iterable[int]) -> int:
    """The points that count for levels: every game's score, negative ones as 0."""
    return sum(max(0, score) for score in scores)


def level(game_key: str, points: int) -> int:
    """The level of a player with these lifetime points in this game."""
    return curve_for(game_key).level(points)


@dataclass(frozen=True)
class Progress:
    """Where a player stands: their level and how far they are to the next one."""

    level: int
    #: Lifetime points past the start of this level.
    into: int
    #: Points from the start of this level to the next.
    span: int

    @property
    def fraction(self) -> float:
        """How far to the next level, 0.0 to 1.0 (for a bar; exact ints compared first)."""
        if self.into >= self.span:
            return 1.0
        return self.into / self.span if self.span.bit_length() < 1000 else 0.0


def progress(game_key: str, points: int) -> Progress:
    curve = curve_for(game_key)
    now = curve.level(points)
    start = curve.total(now)
    return Progress(now, max(0, points) - start, curve.total(now + 1) - start)


def level_up(game_key: str, before: int, after: int) -> int | None:
    """The new level when lifetime points going from ``before`` to ``after`` cross one, else None.

    >>> level_up("gin_rummy", 150, 260), level_up("gin_rummy", 210, 260)
    (2, None)
    """
    old, new = level(game_key, before), level(game_key, after)
    return new if new > old else None
