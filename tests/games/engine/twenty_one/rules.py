"""Twenty-One's rules: each player in turn draws or stands; the first card of each hand is secret."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Decision, GameState, Move, Option, Outcome, View, places_from_points, seat_list
from engine.players import ComputerPlayer


@dataclass(frozen=True)
class TwentyOneView(View):
    #: This seat's own cards (empty for spectators and other seats).
    hand: tuple[int, ...]
    #: Every seat's face-up cards (all but the first, which only its owner sees).
    shown: tuple[tuple[int, ...], ...]
    #: Seats that stood or went over the limit.
    done: tuple[int, ...]
    limit: int


class TwentyOneState(GameState):
    def _setup(self) -> None:
        self.deck = [n for n in range(1, 11) for _ in range(4)]
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop(), self.deck.pop()] for _ in range(self.num_players)]
        self.done: list[bool] = [False] * self.num_players
        self.turn = 0
        self.limit = int(self.options["limit"])

    @property
    def phase(self) -> str:
        return "over" if all(self.done) else "play"

    def total(self, seat: int) -> int:
        return sum(self.hands[seat])

    def decisions(self) -> list[Decision]:
        if all(self.done):
            return []
        options = (Option("card", "Draw a card"), Option("stand", "Stand"))
        return [Decision(self.turn, "choose", f"Draw or stand (you have {self.total(self.turn)}).", options)]

    def _apply(self, seat: int, decision: Decision, move: Move) -> None:
        if move.picks == ("card",):
            self.hands[seat].append(self.deck.pop())
            self.log(f"Seat {seat + 1} draws a {self.hands[seat][-1]}.")
            if self.total(seat) > self.limit:
                self.log(f"Seat {seat + 1} is over {self.limit}.")
                self.done[seat] = True
        else:
            self.log(f"Seat {seat + 1} stands.")
            self.done[seat] = True
        while not all(self.done) and self.done[self.turn]:
            self.turn = (self.turn + 1) % self.num_players

    def outcome(self) -> Outcome | None:
        if not all(self.done):
            return None
        points = [t if t <= self.limit else 0 for t in (self.total(s) for s in range(self.num_players))]
        places = places_from_points(points)
        first = [seat for seat, place in enumerate(places) if place == 1]
        reason = f"{seat_list(first)} came closest to {self.limit} without going over"
        return Outcome(reason, tuple(points), places, termination="highest_score")

    def view(self, seat: int | None) -> TwentyOneView:
        over = all(self.done)
        return TwentyOneView(
            **self.base_view_fields(seat),
            hand=tuple(self.hands[seat]) if seat is not None else (),
            shown=tuple(tuple(h if over else h[1:]) for h in self.hands),
            done=tuple(s for s, d in enumerate(self.done) if d),
            limit=self.limit,
        )

    def _data(self) -> dict[str, Any]:
        return {"deck": self.deck, "hands": self.hands, "done": self.done, "turn": self.turn, "limit": self.limit}

    def _load(self, data: dict[str, Any]) -> None:
        self.deck, self.hands, self.done = data["deck"], data["hands"], data["done"]
        self.turn, self.limit = data["turn"], data["limit"]


class PrudentPlayer(ComputerPlayer):
    """Draws while at most 15, then stands."""

    name = "prudent"

    def choose(self, view: View) -> Move:
        assert isinstance(view, TwentyOneView)
        return Move("choose", ("card" if sum(view.hand) <= view.limit - 6 else "stand",))
