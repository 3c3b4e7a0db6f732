"""A test game for the choice screen: seven decisions at once, a 30-pick selection over two
pages, and an ordered pick. One seat plays against a computer that only watches."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Decision, Game, GameState, Move, Option, Outcome, View
from engine.players import ComputerPlayer

MANY = 7
CARDS = 40
WANTED = 30
RANKED = 4


@dataclass(frozen=True)
class PickView(View):
    stage: str
    taken: tuple[str, ...]
    ranking: tuple[str, ...]


class PickState(GameState):
    def _setup(self) -> None:
        self.stage = "many"
        self.taken: list[str] = []
        self.ranking: list[str] = []
        self.opened = ""

    @property
    def phase(self) -> str:
        return self.stage

    def decisions(self) -> list[Decision]:
        if self.stage == "many":
            return [
                Decision(0, f"door{i}", f"Open door {i + 1}?", (Option("yes", "Yes"), Option("no", "No")))
                for i in range(MANY)
            ]
        if self.stage == "select":
            options = tuple(Option(f"c{n}", f"Card {n}") for n in range(CARDS))
            return [Decision(0, "collect", f"Choose {WANTED} cards", options, WANTED, WANTED)]
        if self.stage == "order":
            options = tuple(Option(s, s.title()) for s in ("clubs", "diamonds", "hearts", "spades"))
            return [Decision(0, "rank", "Put the suits in order", options, RANKED, RANKED, ordered=True)]
        return []

    def _apply(self, seat: int, decision: Decision, move: Move) -> None:
        if self.stage == "many":
            self.opened = decision.kind
            self.stage = "select"
            self.log(f"Seat 1 opened {decision.kind}.")
        elif self.stage == "select":
            self.taken = list(move.picks)
            self.stage = "order"
        else:
            self.ranking = list(move.picks)
            self.stage = "over"

    def outcome(self) -> Outcome | None:
        if self.stage != "over":
            return None
        return Outcome("the suits are ranked", (len(self.taken), 0), (1, 2))

    def view(self, seat: int | None) -> PickView:
        return PickView(
            **self.base_view_fields(seat), stage=self.stage, taken=tuple(self.taken), ranking=tuple(self.ranking)
        )

    def _data(self) -> dict[str, Any]:
        return {"stage": self.stage, "taken": self.taken, "ranking": self.ranking, "opened": self.opened}

    def _load(self, data: dict[str, Any]) -> None:
        self.stage, self.taken, self.ranking, self.opened = (
            data["stage"],
            data["taken"],
            data["ranking"],
            data["opened"],
        )


class Watcher(ComputerPlayer):
    def choose(self, view: View) -> Move:  # never asked: only seat 0 decides
        raise AssertionError("the watcher has nothing to decide")


GAME = Game(
    key="pickgame",
    name="Pick Game",
    min_players=2,
    max_players=2,
    summary="A test of the choice screen.",
    state_class=PickState,
    computer_player=Watcher,
)
