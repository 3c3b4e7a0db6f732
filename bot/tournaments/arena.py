"""Arena: for a fixed time, whoever finishes a game is seated again at once. Pure.

There are no rounds to wait for: when a table ends, its players are free, and the free players
are seated at new tables with others close to them in score (:func:`seat_free`). Who cannot be
seated yet (too few free players) waits for the next table to end; when the numbers leave one
over, it is the one who came free last (the others have waited longer).

Scoring (:func:`arena_standings`): each game scores by the tournament's rule (placement points,
or win/draw/loss), doubled while a player is on a streak — after two wins in a row, as lichess
does, until a game that is not a win. Tables that started before the end count whenever they
end; no table starts after it, so the standings are frozen once the last of them ends.

>>> plan = seat_free([1, 2, 3, 4, 5], {1: 9, 2: 1, 3: 7, 4: 0, 5: 8}, {}, table_sizes=(2,), preferred=2)
>>> plan.tables, plan.byes
(((1, 3), (2, 4)), (5,))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.tournaments.pairing import RoundPlan, plan_tables
from bot.tournaments.standings import PLACEMENT, Row, TableResult, rule_text, shared_points

#: Wins in a row after which games score double.
STREAK = 2
#: The shortest and longest Arena, in minutes.
MIN_MINUTES, MAX_MINUTES = 10, 24 * 60


def seat_free(
    free: Sequence[int],
    scores: Mapping[int, Fraction | int],
    last_opponents: Mapping[int, frozenset[int]],
    *,
    table_sizes: Sequence[int],
    preferred: int,
    came_free: Mapping[int, int] | None = None,
) -> RoundPlan:
    """Tables for the free players, close in score (best first); ``byes`` are who waits.

    ``last_opponents`` are who each player just played: they are not seated together again at once
    when a swap with the next table avoids it. ``came_free`` orders who waits (the latest waits)."""
    came_free = came_free or {}
    sizes, waiting = plan_tables(len(free), table_sizes, preferred)
    by_turn = sorted(free, key=lambda p: (came_free.get(p, 0), p))
    wait = set(by_turn[len(by_turn) - waiting :]) if waiting else set()
    order = sorted((p for p in free if p not in wait), key=lambda p: (-scores.get(p, 0), p))
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    for t in range(len(tables) - 1):
        _avoid_rematch(tables[t], tables[t + 1], last_opponents)
    return RoundPlan(tuple(tuple(t) for t in tables), tuple(sorted(wait, key=lambda p: (-scores.get(p, 0), p))))


def _avoid_rematch(here: list[int], there: list[int], last: Mapping[int, frozenset[int]]) -> None:
    """Swap the lowest player of ``here`` with the top of ``there`` if that ends a rematch here."""

    def rematches(table: list[int]) -> int:
        return sum(1 for a in table for b in table if a < b and b in last.get(a, frozenset()))

    if not rematches(here) or not there:
        return
    before = rematches(here) + rematches(there)
    here[-1], there[0] = there[0], here[-1]
    if rematches(here) + rematches(there) >= before:
        here[-1], there[0] = there[0], here[-1]


@dataclass(frozen=True)
class ArenaLine:
    """One player's Arena so far."""

    entrant: int
    points: Fraction
    games: int
    wins: int
    #: Wins in a row at the end of their games so far (a streak doubles from :data:`STREAK` on).
    run: int

    @property
    def on_fire(self) -> bool:
        return self.run >= STREAK


def arena_lines(results: Sequence[TableResult], entrants: Sequence[int], scoring: str = PLACEMENT) -> list[ArenaLine]:
    """Points, games, wins and the current run of wins of each entrant, results taken in order."""
    points = {e: Fraction(0) for e in entrants}
    games = dict.fromkeys(entrants, 0)
    wins = dict.fromkeys(entrants, 0)
    run = dict.fromkeys(entrants, 0)
    for result in results:
        for seat, entrant in enumerate(result.entrants):
            if entrant not in points:
                continue
            earned = shared_points(result.places, seat, scoring)
            points[entrant] += 2 * earned if run[entrant] >= STREAK else earned
            games[entrant] += 1
            won = result.places[seat] == 1 and list(result.places).count(1) == 1
            wins[entrant] += 1 if won else 0
            run[entrant] = run[entrant] + 1 if won else 0
    return [ArenaLine(e, points[e], games[e], wins[e], run[e]) for e in entrants]


def arena_standings(
    names: Mapping[int, str],
    results: Sequence[TableResult],
    *,
    scoring: str = PLACEMENT,
    dropped: frozenset[int] | set[int] = frozenset(),
    seed_order: Sequence[int] = (),
) -> list[Row]:
    """The Arena's standings as rows for the standings picture: by points, then wins, then fewer games
    (the same points in fewer games), then seed. A name on a streak carries a flame."""
    seed_rank = {e: i for i, e in enumerate(seed_order)}
    lines = arena_lines(results, list(names), scoring)
    game_points: dict[int, int] = {}
    for result in results:
        for seat, entrant in enumerate(result.entrants):
            game_points[entrant] = game_points.get(entrant, 0) + result.points[seat]

    def key(line: ArenaLine) -> tuple[Fraction, int, int]:
        return (-line.points, -line.wins, line.games)

    ordered = sorted(lines, key=lambda line: (*key(line), seed_rank.get(line.entrant, len(seed_rank)), line.entrant))
    rows: list[Row] = []
    for line in ordered:
        name = names[line.entrant] + (" 🔥" if line.on_fire else "")
        place = 1 + sum(1 for other in ordered if key(other) < key(line))
        rows.append(
            Row(
                line.entrant,
                name,
                points=line.points,
                game_points=game_points.get(line.entrant, 0),
                played=line.games,
                dropped=line.entrant in dropped,
                place=place,
            )
        )
    return rows


def arena_rule(scoring: str, table_size: int) -> str:
    """The Arena's rule in words, for the standings picture."""
    base = rule_text(scoring, table_size).split(";")[0]
    return (
        f"Arena: {base}; doubled after {STREAK} wins in a row (🔥) until a game is not won. "
        "Ties: wins, then fewer games."
    )
