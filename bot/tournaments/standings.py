"""Standings: points per table, tie-breaks, and the rule in words. Pure.

Scoring is by placement points by default (the Gin-jon-tan seed's rule: last place 1,
last but one 3, each place above 3 more, so the winner of n players gets 3 + (n − 2) × 3)
or by win/draw/loss points. Players who share a place share the points of the places
they cover (an exact fraction: a two-player draw is worth 2). A bye counts as a win at a
table of the tournament's size. Ties in points are broken by total game points (exact
integers of any size), then by Buchholz (the sum of the points of every opponent met),
then head to head among the tied players.

>>> placement_points(1, 4), placement_points(3, 4), placement_points(4, 4)
(9, 3, 1)
>>> shared_points((1, 1), 0, PLACEMENT)
Fraction(2, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from engine.words import Text

PLACEMENT = "placement"
WIN_DRAW_LOSS = "wdl"
SCORINGS = (PLACEMENT, WIN_DRAW_LOSS)
#: Points for a win, a draw (a shared first place) and a loss.
WDL_POINTS = (3, 1, 0)


def placement_points(place: int, players: int) -> int:
    """The seed's placement points for ``place`` (1 = first) at a table of ``players``."""
    if place >= players:
        return 1
    return 3 * (players - place)


def shared_points(places: Sequence[int], seat: int, scoring: str) -> Fraction:
    """Points of ``seat`` given the table's places (competition ranking: ties share a place)."""
    n, place = len(places), places[seat]
    tied = sum(1 for p in places if p == place)
    if scoring == WIN_DRAW_LOSS:
        win, draw, loss = WDL_POINTS
        return Fraction(loss if place != 1 else (win if tied == 1 else draw))
    covered = range(place, place + tied)
    return Fraction(sum(placement_points(p, n) for p in covered), tied)


def bye_points(scoring: str, table_size: int) -> Fraction:
    """A bye is worth a win at a table of the tournament's size."""
    if scoring == WIN_DRAW_LOSS:
        return Fraction(WDL_POINTS[0])
    return Fraction(placement_points(1, table_size))


def rule_text(scoring: str, table_size: int) -> Text:
    """The scoring rule in one line, for the standings picture (a :class:`Text`: said in the reader's language)."""
    head: Text
    if scoring == WIN_DRAW_LOSS:
        win, draw, loss = WDL_POINTS
        head = Text("Win {win}, draw {draw}, loss {loss}", win=win, draw=draw, loss=loss)
    else:
        others = Text("{place} {points}", place=_place(2), points=placement_points(2, table_size))
        for place in range(3, table_size + 1):
            others = Text(
                "{earlier}, {place} {points}",
                earlier=others,
                place=_place(place),
                points=placement_points(place, table_size),
            )
        head = Text(
            "Placement points at a table of {size}: {place} {points} points, {others}",
            size=table_size,
            place=_place(1),
            points=placement_points(1, table_size),
            others=others,
        )
    return Text("{rule}; a bye counts as a win. Ties: game points, then Buchholz, then head to head.", rule=head)


#: A place at a table, as the rule says it (tables seat at most 8).
_PLACES = (
    Text("1st"),
    Text("2nd"),
    Text("3rd"),
    Text("4th"),
    Text("5th"),
    Text("6th"),
    Text("7th"),
    Text("8th"),
)


def _place(number: int) -> Text:
    return _PLACES[number - 1] if number <= len(_PLACES) else Text(_ordinal(number))


@dataclass(frozen=True)
class TableResult:
    """One finished tournament table: entrants by seat, their places and game points."""

    round: int
    entrants: tuple[int, ...]
    places: tuple[int, ...]
    points: tuple[int, ...]


@dataclass
class Row:
    """One entrant's line in the standings."""

    entrant: int
    name: str
    points: Fraction = Fraction(0)
    game_points: int = 0
    buchholz: Fraction = Fraction(0)
    head_to_head: int = 0
    played: int = 0
    byes: int = 0
    dropped: bool = False
    place: int = 0
    opponents: list[int] = field(default_factory=list)


def standings(
    entrants: Mapping[int, str],
    results: Sequence[TableResult],
    byes: Sequence[tuple[int, int]] = (),
    *,
    scoring: str = PLACEMENT,
    table_size: int = 2,
    dropped: frozenset[int] | set[int] = frozenset(),
    seed_order: Sequence[int] = (),
) -> list[Row]:
    """The standings, best first; ``byes`` are (round, entrant). Equal on everything share a place.

    ``seed_order`` (entrants by rating or sign-up) orders rows that are equal on every tie-break.
    """
    rows = {e: Row(e, name, dropped=e in dropped) for e, name in entrants.items()}
    beaten: dict[tuple[int, int], int] = {}
    for result in results:
        for seat, entrant in enumerate(result.entrants):
            row = rows.get(entrant)
            if row is None:
                continue
            row.points += shared_points(result.places, seat, scoring)
            row.game_points += result.points[seat]
            row.played += 1
            for other_seat, other in enumerate(result.entrants):
                if other == entrant:
                    continue
                row.opponents.append(other)
                if result.places[seat] < result.places[other_seat]:
                    beaten[(entrant, other)] = beaten.get((entrant, other), 0) + 1
    for _, entrant in byes:
        if entrant in rows:
            rows[entrant].points += bye_points(scoring, table_size)
            rows[entrant].byes += 1
            rows[entrant].played += 1
    for row in rows.values():
        row.buchholz = sum((rows[o].points for o in row.opponents if o in rows), Fraction(0))
    _head_to_head(list(rows.values()), beaten)
    seed_rank = {e: i for i, e in enumerate(seed_order)}
    ordered = sorted(rows.values(), key=lambda r: (*_key(r), seed_rank.get(r.entrant, len(seed_rank)), r.entrant))
    for row in ordered:
        row.place = 1 + sum(1 for other in ordered if _key(other) < _key(row))
    return ordered


def _key(row: Row) -> tuple[Fraction, int, Fraction, int]:
    return (-row.points, -row.game_points, -row.buchholz, -row.head_to_head)


def _head_to_head(rows: list[Row], beaten: Mapping[tuple[int, int], int]) -> None:
    """Among players equal on points, game points and Buchholz: wins minus losses against each other."""
    groups: dict[tuple[Fraction, int, Fraction], list[Row]] = {}
    for row in rows:
        groups.setdefault((row.points, row.game_points, row.buchholz), []).append(row)
    for group in groups.values():
        for row in group:
            row.head_to_head = sum(
                beaten.get((row.entrant, other.entrant), 0) - beaten.get((other.entrant, row.entrant), 0)
                for other in group
                if other is not row
            )


def show_points(value: Fraction | int) -> str:
    """Points as people write them: whole numbers, or a whole and a simple fraction.

    >>> show_points(Fraction(9, 2)), show_points(Fraction(10, 3)), show_points(Fraction(7))
    ('4½', '3⅓', '7')
    """
    value = Fraction(value)
    whole, rest = divmod(value.numerator, value.denominator)
    if rest == 0:
        return str(whole)
    glyph = _FRACTIONS.get((rest, value.denominator))
    if glyph is None:
        return f"{float(value):.2f}"
    return f"{whole}{glyph}" if whole else glyph


_FRACTIONS = {
    (1, 2): "½",
    (1, 3): "⅓",
    (2, 3): "⅔",
    (1, 4): "¼",
    (3, 4): "¾",
    (1, 5): "⅕",
    (2, 5): "⅖",
    (3, 5): "⅗",
    (4, 5): "⅘",
    (1, 6): "⅙",
    (5, 6): "⅚",
}


def _ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
