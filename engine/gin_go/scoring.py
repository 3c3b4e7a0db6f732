"""Gin-Go's chips and the end of a hand: chips placed and bumped, going out, links, the hand limit, the outcome."""

from __future__ import annotations

from typing import Any

from engine.core import Outcome, loaded_text, saved_text
from engine.gin_go.board import link_path, square_of
from engine.gin_go.cards import is_joker, labels, sorted_cards
from engine.gin_go.deal import seat_name
from engine.gin_go.decisions import GinGoDecisions
from engine.words import Text

__all__ = ["GinGoScoring", "reason_clause"]


class GinGoScoring(GinGoDecisions):
    """Gin-Go's board chips, the end of each hand and of the game."""

    # -- chips on the board -----------------------------------------------------
    def _place(self, side: int, card: str, why: str) -> None:
        """Put ``side``'s chip on the square of ``card``, bumping an opposing chip."""
        row = self.suit_rows[side]
        assert row is not None
        sq = square_of(side, row, card)
        self.tally[why][side] += 1
        holder = self.board[sq]
        if holder == side:
            self.tally["own"][side] += 1
            return
        if holder is not None:
            self.tally["bumped"][holder] += 1
            self.this_bumps.append([sq, holder])
        self.board[sq] = side
        self.this_chips.append(sq)

    def _announce_gin(self) -> None:
        for side in (0, 1):
            linked = link_path(self.board, side, self.orthogonal_only) is not None
            if linked and not self.gin[side]:
                self.log(Text("Gin! A link from A to K for {side}.", side=self._side_name(side)))
            elif self.gin[side] and not linked:
                self.log(Text("The link of {side} is broken.", side=self._side_name(side)))
            self.gin[side] = linked

    def _end_turn_marks(self) -> None:
        self.last_chips, self.last_bumps = self.this_chips, self.this_bumps
        self.this_chips, self.this_bumps = [], []

    # -- the end of a hand and of the game ---------------------------------------
    def _go_out(self, seat: int) -> None:
        side = self.side_of(seat)
        self.out_seat = seat
        taken: list[str] = []
        for other in range(self.num_players):
            if other != seat:
                taken.extend(sorted_cards(self.hands[other]))
                self.hands[other] = []
        self.captured = taken
        if taken:
            self.log(Text("{who} goes out and captures {cards}.", who=seat_name(seat), cards=labels(taken)))
        else:
            self.log(Text("{who} goes out and captures nothing.", who=seat_name(seat)))
        for card in taken:
            if not is_joker(card):
                self._place(side, card, "captured")
        self.capture_jokers = [c for c in taken if is_joker(c)]
        self.turn = seat
        self._after_capture()

    def _after_capture(self) -> None:
        while self.capture_jokers and not self._capture_options():
            self.capture_jokers.pop(0)
            self.log(Text("A captured Joker cannot be laid off anywhere: it places no chip."))
        if self.capture_jokers:
            self.stage = "capture_joker"
            return
        self._end_turn_marks()
        self._end_hand(self.out_seat, self.captured)

    def _end_hand(self, went_out: int | None, captured: list[str]) -> None:
        links = [link_path(self.board, side, self.orthogonal_only) is not None for side in (0, 1)]
        self.gin = links
        winner: int | None = None
        if links[0] != links[1]:
            winner = 0 if links[0] else 1
            reason = Text("{side} linked the A row to the K row: Gin-Go", side=self._side_name(winner))
        elif links[0] and went_out is not None:
            winner = self.side_of(went_out)
            reason = Text(
                "Both sides have a link and {who} went out: Gin-Go for {side}",
                who=seat_name(went_out),
                side=self._side_name(winner),
            )
        else:
            reason = Text("No side has a link, so the board keeps every chip for the next hand")
        self.last_hand = {
            "number": self.hand_number,
            "went_out": went_out,
            "captured": list(captured),
            "winner": winner,
            "reason": saved_text(reason),
        }
        self.log(self.recap())
        if winner is not None:
            self._finish(winner, reason, "link")
        elif self.hand_number >= int(self.options["hand_limit"]):
            chips = self.chip_counts()
            limit = Text.plural(
                "The hand limit ({count} hand) is reached",
                "The hand limit ({count} hands) is reached",
                self.hand_number,
            )
            if chips[0] == chips[1]:
                draw = Text("{limit} with {chips} chips each on the board: a draw", limit=limit, chips=chips[0])
                self._finish(None, draw, "draw")
            else:
                side = 0 if chips[0] > chips[1] else 1
                line = Text(
                    "{limit} and {side} more chips on the board, {more} to {fewer}",
                    limit=limit,
                    side=self._side_has(side),
                    more=max(chips),
                    fewer=min(chips),
                )
                self._finish(side, line, "hand_limit")
        else:
            self.dealer = (self.dealer + 1) % self.num_players
            self._deal()

    def _side_has(self, side: int) -> str:
        """A side and its verb: "Seat 1 has", "Seat 1 and Seat 3 have"."""
        if self.num_players == 2:
            return Text("{side} has", side=self._side_name(side))
        return Text("{side} have", side=self._side_name(side))

    def _finish(self, winner: int | None, reason: str, termination: str) -> None:
        self.final = {"winner": winner, "reason": saved_text(reason), "termination": termination}
        self.stage = "over"
        self.pending = None
        if termination != "link":  # a link's sentence was the hand's last line already
            self.log(Text("{reason}.", reason=reason))

    def recap(self) -> str:
        """How the last hand ended: who went out and what they captured, and what the links decided."""
        last = self.last_hand
        if last is None:
            return ""
        out = last["went_out"]
        if out is None:
            did = Text("the draw pile ran out with nobody out")
        else:
            did = Text.plural(
                "{who} went out and captured {count} card",
                "{who} went out and captured {count} cards",
                len(last["captured"]),
                who=seat_name(out),
            )
        reason = reason_clause(last["reason"])
        return Text("Hand {number}: {did}. {reason}.", number=last["number"], did=did, reason=reason)

    def chip_counts(self) -> tuple[int, int]:
        return (self.board.count(0), self.board.count(1))

    def outcome(self) -> Outcome | None:
        if self.final is None:
            return None
        winner = self.final["winner"]
        chips = self.chip_counts()
        points = tuple(chips[self.side_of(s)] for s in range(self.num_players))
        places = tuple(1 if winner is None or self.side_of(s) == winner else 2 for s in range(self.num_players))
        termination = self.final.get("termination", "")
        return Outcome(reason_clause(self.final["reason"]), points, places, termination=termination)


def reason_clause(saved: str | dict[str, Any]) -> str:
    """A saved reason as a clause: a Text as it is, a string saved before Texts without its final stop."""
    reason = loaded_text(saved)
    return reason if isinstance(reason, Text) else reason.rstrip(".!")
