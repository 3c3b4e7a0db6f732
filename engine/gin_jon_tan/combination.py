"""After the duels: reserves back to 9, then Gin-jon-tan's combination round, where each in turn
says "Gin jon tan!", exchanges 1–3 cards with the reserve, or takes cards from another player."""

from __future__ import annotations

from engine.core import Decision, Option
from engine.gin_jon_tan.rulebook import COMBINATION_EXCHANGE, CYCLES, RESERVE
from engine.gin_jon_tan.sentences import exchanged, give_prompt, place_label, seat_name
from engine.gin_jon_tan.table import Table
from engine.words import Text

__all__ = ["Combination"]


class Combination(Table):
    """Reserves back to 9 and the combination round."""

    # -- reserve to 9, combination round -----------------------------------------
    def _start_trim(self) -> None:
        for seat in range(self.num_players):
            short = RESERVE - len(self.reserves[seat])
            if short > 0:
                self.reserves[seat].extend(self.piles[seat][:short])
                self.piles[seat] = self.piles[seat][short:]
        over = [s for s in range(self.num_players) if len(self.reserves[s]) > RESERVE]
        if over:
            self.log(Text("Reserves back to 9: short ones filled from the draw pile, the surplus chosen."))
        else:
            self.log(Text("Reserves back to 9: short ones filled from the draw pile."))
        self._begin_simultaneous("trim", over)
        if not over:
            self._start_combination()

    def _start_combination(self) -> None:
        self.stage = "combine"
        self.waiting = []
        self.log(Text("Combination round: {who} begins.", who=seat_name(self.turn_order[0])))

    def _combine_move(self, seat: int, kind: str, picks: list[str]) -> None:
        if kind == "ask":
            target = int(picks[0][:-1]) - 1
            self.asking = [target, "hand" if picks[0][-1] == "h" else "reserve"]
            return  # the same turn goes on: which cards to give
        if kind == "gin":
            if seat not in self.satisfied:
                self.satisfied.append(seat)
            self.streak += 1
            self.log(Text("{who}: Gin jon tan!", who=seat_name(seat)))
        elif kind == "exchange":
            self._swap_places(seat, picks)
            self.streak = 0
            self.log(exchanged(seat, len(picks) // 2))
        else:
            self._give(seat, picks)
            self.streak = 0
        self.combination_turn += 1
        if self.streak >= self.num_players or self.combination_turn >= CYCLES * self.num_players:
            self._start_evaluation()

    def _give(self, seat: int, picks: list[str]) -> None:
        """The asker gives k hand cards and takes k at random from the asked place."""
        assert self.asking is not None
        target, place = self.asking
        self.asking = None
        places = self.hands if place == "hand" else self.reserves
        taken = self.rng.sample(places[target], len(picks))
        places[target] = [c for c in places[target] if c not in taken] + picks
        self.hands[seat] = [c for c in self.hands[seat] if c not in picks] + taken
        if target in self.satisfied:
            self.satisfied.remove(target)
        if place == "hand":
            line = Text.plural(
                "{who} gives {count} card to {target}'s hand and takes {count} at random from it.",
                "{who} gives {count} cards to {target}'s hand and takes {count} at random from it.",
                len(picks),
                who=seat_name(seat),
                target=seat_name(target),
            )
        else:
            line = Text.plural(
                "{who} gives {count} card to {target}'s reserve and takes {count} at random from it.",
                "{who} gives {count} cards to {target}'s reserve and takes {count} at random from it.",
                len(picks),
                who=seat_name(seat),
                target=seat_name(target),
            )
        self.log(line)

    # -- who decides what --------------------------------------------------------
    def _combine_decisions(self) -> list[Decision]:
        seat = self.turn_order[self.combination_turn % self.num_players]
        if self.asking is not None:
            target, place = self.asking
            cards = self.hands[target] if place == "hand" else self.reserves[target]
            most = min(COMBINATION_EXCHANGE, len(cards), len(self.hands[seat]))
            prompt = give_prompt(most, seat_name(target), place)
            return [Decision(seat, "give", prompt, self._cards(self.hands[seat]), 1, most)]
        found = [Decision(seat, "gin", Text("Satisfied with your hand?"), (Option("gin", Text("Gin jon tan!")),))]
        if seat in self.satisfied:
            return found
        if self.hands[seat] and self.reserves[seat]:
            found.append(self._exchange_decision(seat, COMBINATION_EXCHANGE, 1))
        if self.hands[seat]:
            targets = []
            for other in self.turn_order:
                if other == seat:
                    continue
                for place, cards in (("hand", self.hands[other]), ("reserve", self.reserves[other])):
                    if cards:
                        label = place_label(seat_name(other), place, len(cards))
                        targets.append(Option(f"{other + 1}{place[0]}", label))
            if targets:
                prompt = Text("Ask another player for an exchange: whose cards, hand or reserve?")
                found.append(Decision(seat, "ask", prompt, tuple(targets)))
        return found
