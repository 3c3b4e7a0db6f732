"""A small game that proves the engine core; it is a test fixture, not a shipped game.

"High Card": every player holds five cards numbered 1–9. Each round all players
pick a card in secret at once (a simultaneous decision). The highest card wins
the round (ties: no winner); the winner then takes one or two cards from the
centre pot whose numbers add up to at most 10 (a multi-pick decision with a rule
the picks must keep). Points: the numbers taken. The game ends when hands are
empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import (
    Decision,
    Game,
    GameOption,
    GameState,
    IllegalMove,
    Move,
    Option,
    Outcome,
    View,
    places_from_points,
    seat_list,
)
from engine.players import ComputerPlayer


@dataclass(frozen=True)
class HighCardView(View):
    hand: tuple[int, ...]
    pot: tuple[int, ...]
    points: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    last_reveal: tuple[int | None, ...]


class HighCardState(GameState):
    def _setup(self) -> None:
        deck = [n for n in range(1, 10) for _ in range(3)]
        self.rng.shuffle(deck)
        size = self.options["hand_size"]
        self.hands = [sorted(deck[i * size : (i + 1) * size]) for i in range(self.num_players)]
        self.pot = sorted(deck[self.num_players * size : self.num_players * size + 6])
        self.chosen: list[int | None] = [None] * self.num_players
        self.last_reveal: list[int | None] = [None] * self.num_players
        self.points = [0] * self.num_players
        self.taker: int | None = None

    @property
    def phase(self) -> str:
        if self.outcome():
            return "over"
        return "take" if self.taker is not None else "choose"

    def decisions(self) -> list[Decision]:
        if self.taker is not None:
            options = tuple(Option(f"p{i}", str(n)) for i, n in enumerate(self.pot))
            return [Decision(self.taker, "take", "Take up to two pot cards adding to 10 or less.", options, 1, 2)]
        if not self.hands[0]:
            return []
        return [
            Decision(
                seat,
                "play",
                "Pick a card in secret.",
                tuple(Option(str(n), str(n)) for n in sorted(set(hand))),
                simultaneous=True,
            )
            for seat, hand in enumerate(self.hands)
            if self.chosen[seat] is None
        ]

    def decided(self) -> tuple[int, ...]:
        return tuple(seat for seat, card in enumerate(self.chosen) if card is not None)

    def _apply(self, seat: int, decision: Decision, move: Move) -> None:
        if move.kind == "take":
            taken = [self.pot[int(p[1:])] for p in move.picks]
            if sum(taken) > 10:
                raise IllegalMove("Those cards add up to more than 10.")
            for p in sorted((int(p[1:]) for p in move.picks), reverse=True):
                del self.pot[p]
            self.points[seat] += sum(taken)
            self.log(f"Seat {seat + 1} takes {', '.join(map(str, taken))}.")
            self.taker = None
            return
        card = int(move.picks[0])
        self.chosen[seat] = card
        if any(c is None for c in self.chosen):
            return
        for s, c in enumerate(self.chosen):
            self.hands[s].remove(c)
        self.last_reveal = list(self.chosen)
        self.log("Revealed: " + ", ".join(f"seat {s + 1} {c}" for s, c in enumerate(self.chosen)))
        best = max(self.chosen)
        winners = [s for s, c in enumerate(self.chosen) if c == best]
        self.chosen = [None] * self.num_players
        if len(winners) == 1 and self.pot and min(self.pot) <= 10:
            self.taker = winners[0]

    def outcome(self) -> Outcome | None:
        if self.hands[0] or self.taker is not None:
            return None
        places = places_from_points(self.points)
        first = [seat for seat, place in enumerate(places) if place == 1]
        reason = f"{seat_list(first)} took the most from the pot once the hands were empty"
        return Outcome(reason, tuple(self.points), places, termination="highest_score")

    def view(self, seat: int | None) -> HighCardView:
        return HighCardView(
            **self.base_view_fields(seat),
            hand=tuple(self.hands[seat]) if seat is not None else (),
            pot=tuple(self.pot),
            points=tuple(self.points),
            hand_sizes=tuple(len(h) for h in self.hands),
            last_reveal=tuple(self.last_reveal),
        )

    def _data(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "pot": self.pot,
            "chosen": self.chosen,
            "last_reveal": self.last_reveal,
            "points": self.points,
            "taker": self.taker,
        }

    def _load(self, data: dict[str, Any]) -> None:
        self.hands = data["hands"]
        self.pot = data["pot"]
        self.chosen = data["chosen"]
        self.last_reveal = data["last_reveal"]
        self.points = data["points"]
        self.taker = data["taker"]


class HighCardPlayer(ComputerPlayer):
    """Plays its highest card; takes the single biggest pot card."""

    name = "high"

    def choose(self, view: View) -> Move:
        assert isinstance(view, HighCardView)
        decision = view.decisions[0]
        if decision.kind == "play":
            return Move("play", (str(max(view.hand)),))
        best = max(decision.options, key=lambda o: int(o.label))
        return Move("take", (best.id,))


GAME = Game(
    key="highcard",
    name="High Card",
    min_players=2,
    max_players=4,
    summary="A tiny test game: secret picks, highest card takes from the pot.",
    options=(GameOption("hand_size", "Cards in each hand", 5, minimum=1, maximum=6),),
    state_class=HighCardState,
    computer_player=HighCardPlayer,
)
