"""The end of a Gin-jon-tan round and of the game: the evaluation in turn order (reveal or
"Kat oh!"), the round's scores, and at the end the places and the prize cards."""

from __future__ import annotations

from typing import Any

from engine.core import Outcome, Transfer, listed, loaded_line, places_from_points, saved_line, seat_list
from engine.gin_jon_tan.rulebook import PRIZES
from engine.gin_jon_tan.sentences import seat_name, signed
from engine.gin_jon_tan.table import Table
from engine.gin_jon_tan.value import evaluate
from engine.gin_jon_tan.views import EvaluationEntry
from engine.words import Text, Whole

__all__ = ["Scoring"]


class Scoring(Table):
    """The evaluation, the scores and the end of the game."""

    # -- evaluation --------------------------------------------------------------
    def _start_evaluation(self) -> None:
        self.stage = "evaluate"
        self.eval_turn = 0
        self.evaluation = [
            {"seat": s, "action": "", "cards": [], "place": None, "delta": None} for s in self.turn_order
        ]
        self.log(Text("Evaluation: in turn order, reveal or say Kat oh!"))

    def _evaluate_move(self, seat: int, kind: str) -> None:
        entry = self.evaluation[self.eval_turn]
        entry["action"] = kind
        if kind == "reveal":
            entry["cards"] = list(self.hands[seat])
            result = evaluate([self.card(c) for c in entry["cards"]])
            said = {"who": seat_name(seat), "combination": result.label, "value": Whole(result.value)}
            if any(self.card(c).symbol == "Defeat" for c in entry["cards"]):
                self.log(Text("{who} reveals: {combination}, worth {value} and Defeat.", **said))
            else:
                self.log(Text("{who} reveals: {combination}, worth {value}.", **said))
        else:
            self.log(Text("{who}: Kat oh!", who=seat_name(seat)))
        self.eval_turn += 1
        if self.eval_turn == self.num_players:
            self._score_round()

    def _score_round(self) -> None:
        """Defeat loses the round's gains; the other revealed hands rank by value."""
        ranked: list[tuple[dict[str, Any], int]] = []
        for entry in self.evaluation:
            if entry["action"] != "reveal":
                continue
            cards = [self.card(c) for c in entry["cards"]]
            if any(c.symbol == "Defeat" for c in cards):
                self.scores[entry["seat"]] = self.round_start[entry["seat"]]
                self.log(
                    Text("{who} revealed Defeat: back to the round's starting score.", who=seat_name(entry["seat"]))
                )
                continue
            ranked.append((entry, evaluate(cards).value))
        values = [value for _, value in ranked]
        for entry, value in ranked:
            place = 1 + sum(1 for other in values if other > value)
            delta = value if place == 1 else -(place - 1) * value
            entry["place"], entry["delta"] = place, delta
            self.scores[entry["seat"]] += delta
        if ranked:
            changes = listed([signed(seat_name(e["seat"]), e["delta"]) for e, _ in ranked], "; ")
            line = Text("Round {round} evaluated: {changes}.", round=self.round_no, changes=changes)
            self.log(line)
            self.last_round = saved_line(line)
        if self.round_no >= self.rounds:
            self._finish()
        else:
            self._start_round()

    def _finish(self) -> None:
        self.stage = "over"
        self.finished = True
        if self.options["prizes"] == "on":
            self._draw_prizes()
        points = listed([Text("{who} {points}", who=seat_name(s), points=Whole(p)) for s, p in enumerate(self.scores)])
        self.log(
            Text.plural(
                "Game over after {count} round: {points}.",
                "Game over after {count} rounds: {points}.",
                self.rounds,
                points=points,
            )
        )

    def _draw_prizes(self) -> None:
        """The first three places take 3, 2, 1 random cards from the deck of each player placed below.

        Shared places: every seat of a place takes that place's prize, never from a seat it
        shares the place with. The cards are drawn from the decks as they came into the game,
        each card at most once. The outcome's transfers say what the rules give; the bot moves the
        cards and announces what moved.
        """
        places = places_from_points(self.scores)
        left = [list(items) for items in self.items]
        order = sorted(range(self.num_players), key=lambda s: (places[s], s))
        for taker in order:
            if places[taker] > len(PRIZES):
                continue
            count = PRIZES[places[taker] - 1]
            for victim in range(self.num_players):
                if places[victim] <= places[taker]:
                    continue
                for item in self.rng.sample(left[victim], count):
                    left[victim].remove(item)
                    self.transfers.append([item, victim, taker])

    # -- what a seat sees --------------------------------------------------------
    def recap(self) -> str:
        """How the last round's evaluation changed the scores (its event line, kept in sight: saved
        with its template, since the event lines keep theirs for only the last few)."""
        if self.last_round is not None:
            return loaded_line(self.last_round)
        for line in reversed(self.events[-300:]):  # a state saved before it kept the line apart
            if line.startswith("Round ") and " evaluated: " in line:
                return line
        return ""

    def outcome(self) -> Outcome | None:
        if not self.finished:
            return None
        transfers = tuple(Transfer(item, a, b) for item, a, b in self.transfers)
        places = places_from_points(self.scores)
        first = [seat for seat, place in enumerate(places) if place == 1]
        if len(first) == 1:
            reason = Text.plural(
                "{seats} has the highest score after {count} round",
                "{seats} has the highest score after {count} rounds",
                self.rounds,
                seats=seat_list(first),
            )
        else:
            reason = Text.plural(
                "{seats} share the highest score after {count} round",
                "{seats} share the highest score after {count} rounds",
                self.rounds,
                seats=seat_list(first),
            )
        return Outcome(reason, tuple(self.scores), places, transfers, termination="highest_score")

    def _entry_view(self, entry: dict[str, Any]) -> EvaluationEntry:
        cards = tuple(self.held(c) for c in entry["cards"])
        return EvaluationEntry(
            seat=entry["seat"],
            action=entry["action"],
            cards=cards,
            evaluation=evaluate([h.card for h in cards]) if entry["action"] == "reveal" else None,
            defeat=any(h.card.symbol == "Defeat" for h in cards),
            place=entry["place"],
            delta=entry["delta"],
        )
