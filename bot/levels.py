"""Levels: "the more points you get the quicker you can level up" (the Gin Rummy seed).

A player's level in a game comes from their **lifetime points** and **games** in that game on
the server (a game with a negative score counts as 0 points: a bad game never takes a level
away), read by the level curve the game declares (``Game(level_curve=...)``,
:class:`engine.levels.LevelCurve`); a game that declares none uses :data:`DEFAULT_CURVE`.
Gin Rummy's winner of a game to 100 takes about 250–400 points, so with ``first = 200`` a
first win reaches level 2 and level 10 takes about 40 good games. Gin-jon-tan's scores run
from hundreds to past 10^17 in one game, so its curve counts each game as the digits of the
player's average game: one game is never more than a level, and level 10 takes a hundred.

All sums are exact Python ints: no float ever sees a score.

>>> level("gin_rummy", 0, 0), level("gin_rummy", 199, 1), level("gin_rummy", 200, 1), level("gin_rummy", 600, 2)
(1, 1, 2, 3)
>>> level("gin_jon_tan", 10**12, 1), level("gin_jon_tan", 100 * 10**12, 100)
(1, 10)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine import registry
from engine.levels import LevelCurve

__all__ = [
    "DEFAULT_CURVE",
    "Curve",
    "Progress",
    "curve_for",
    "curves",
    "level",
    "level_up",
    "lifetime_points",
    "progress",
]


#: The old name of :class:`engine.levels.LevelCurve`.
Curve = LevelCurve
#: The curve of a game that declares none.
DEFAULT_CURVE = LevelCurve(first=50)


def curves() -> dict[str, LevelCurve]:
    """Each game's declared curve, by game key."""
    return {game.key: game.level_curve for game in registry.all_games() if game.level_curve is not None}


def curve_for(game_key: str) -> LevelCurve:
    try:
        declared = registry.get(game_key).level_curve
    except KeyError:
        declared = None
    return declared or DEFAULT_CURVE


def lifetime_points(scores: Iterable[int]) -> int:
    """The points that count for levels: every game's score, negative ones as 0."""
    return sum(max(0, score) for score in scores)


def level(game_key: str, points: int, games: int) -> int:
    """The level of a player with these lifetime points over ``games`` games of this game."""
    curve = curve_for(game_key)
    return curve.level(curve.level_points(points, games))


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


def progress(game_key: str, points: int, games: int) -> Progress:
    curve = curve_for(game_key)
    have = curve.level_points(points, games)
    now = curve.level(have)
    start = curve.total(now)
    return Progress(now, have - start, curve.total(now + 1) - start)


def level_up(game_key: str, before: int, after: int, games_after: int) -> int | None:
    """The new level when lifetime points going from ``before`` to ``after`` (the game that made
    ``games_after`` games) cross one, else None.

    >>> level_up("gin_rummy", 150, 260, 2), level_up("gin_rummy", 210, 260, 3)
    (2, None)
    """
    old, new = level(game_key, before, games_after - 1), level(game_key, after, games_after)
    return new if new > old else None
