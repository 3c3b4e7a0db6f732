"""How a game ends: the outcome (a reason, points and places), its kinds of ending and the items that change hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.sentences import loaded_text, saved_text
from engine.words import Text

__all__ = ["TERMINATIONS", "Outcome", "Transfer", "places_from_points"]


@dataclass(frozen=True)
class Transfer:
    """One owned item (a prize card) that moves from one seat's profile to another's at the end.

    >>> Transfer("card-17", 1, 0).to_list()
    ['card-17', 1, 0]
    """

    item: str
    from_seat: int
    to_seat: int

    def to_list(self) -> list[Any]:
        return [self.item, self.from_seat, self.to_seat]


#: How a game may end (python-chess's ``Outcome.termination`` in spirit): what a sentence says and
#: a picture shows. An empty termination is an outcome saved before the kinds existed.
TERMINATIONS = {
    "target_score": Text("a player reached the target score"),
    "highest_score": Text("the most points after the last round"),
    "play_off": Text("a play-off among those tied for first"),
    "link": Text("a side linked its A row to its K row"),
    "hand_limit": Text("the chip count after the last hand"),
    "draw": Text("no winner"),
}


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a reason, points per seat and places (1 = first; ties share).

    ``reason`` is a clause with its subject, seats written "Seat 1" (:func:`~engine.sentences.name_seats` puts names
    in) and no final full stop: "Seat 2 reached the target of 100 points". ``termination`` is the
    kind of ending, one of :data:`TERMINATIONS` ("" for outcomes saved before it existed).
    Points are Python ints of any size. ``transfers`` are the lasting effects on the
    players' profiles (empty for games without owned items).

    >>> Outcome("Seat 2 has the most points", (12, 30), (2, 1), termination="highest_score").winners
    (1,)
    """

    reason: str
    points: tuple[int, ...]
    places: tuple[int, ...]
    transfers: tuple[Transfer, ...] = ()
    termination: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "reason": saved_text(self.reason),
            "points": list(self.points),
            "places": list(self.places),
        }
        if self.transfers:
            data["transfers"] = [t.to_list() for t in self.transfers]
        if self.termination:
            data["termination"] = self.termination
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        transfers = tuple(Transfer(str(item), int(a), int(b)) for item, a, b in data.get("transfers", ()))
        termination = str(data.get("termination", ""))
        return cls(loaded_text(data["reason"]), tuple(data["points"]), tuple(data["places"]), transfers, termination)


def places_from_points(points: Sequence[int]) -> tuple[int, ...]:
    """Competition ranking: the highest points place 1; equal points share a place."""
    return tuple(1 + sum(1 for other in points if other > mine) for mine in points)
