"""Gin-Go, as /shared/rules/gin-go.md describes it. Read it like the rulebook.

A game: the suit-row set-up (once), then hands. A turn is a few decisions of one
seat: ``draw`` (the stock, or any discard-pile card with everything above it),
then — after a pick-up — ``meld`` or ``hit`` with the chosen card (or ``undo``),
then any number of ``meld`` / ``hit``, each Joker named by ``name_joker``, and the
``discard`` that ends the turn. Every card melded or laid off puts a chip of the
player's side on the board, bumping an opposing chip. Going out captures the cards
still held; then a side with a link from its A row to its K row wins.

The state is built in layers, one job a module, read in this order: :mod:`.options` (host
options and the rules text), :mod:`.deal` (the set-up and each deal), :mod:`.decisions` (who
decides what), :mod:`.turn` (each step of a turn), :mod:`.scoring` (chips, the end of a hand and
of the game); :class:`GinGoState` here adds what a seat sees and what is saved.
"""

from __future__ import annotations

from typing import Any

from engine.gin_go.board import column_suits, link_path, row_labels
from engine.gin_go.cards import sorted_cards
from engine.gin_go.options import OPTIONS, RULES
from engine.gin_go.scoring import reason_clause
from engine.gin_go.turn import GinGoTurn
from engine.gin_go.view import GinGoView, HandSummary, MeldView

__all__ = ["OPTIONS", "RULES", "GinGoState"]


class GinGoState(GinGoTurn):
    """One moment of a game of Gin-Go."""

    # -- what a seat sees ---------------------------------------------------------
    def view(self, seat: int | None) -> GinGoView:
        sides = tuple(self.side_of(s) for s in range(self.num_players))
        links = tuple(link_path(self.board, side, self.orthogonal_only) for side in (0, 1))
        own = seat is not None and self.stage != "over"
        pending = tuple(self.pending["cards"]) if own and self.pending and seat == self.turn else ()
        last = self.last_hand
        return GinGoView(
            **self.base_view_fields(seat),
            sides=sides,
            teams=tuple(tuple(s for s in range(self.num_players) if sides[s] == side) for side in (0, 1)),
            board=tuple(self.board),
            suit_rows=tuple(tuple(r) if r is not None else None for r in self.suit_rows),
            column_suits=tuple(
                column_suits(side, r) if r is not None else None for side, r in enumerate(self.suit_rows)
            ),
            row_labels=(row_labels(0), row_labels(1)),
            setup_mode=self.setup["mode"],
            setup_cards=tuple(self.setup["turned"]),
            setup_chooser=self.setup["chooser"],
            orthogonal_only=self.orthogonal_only,
            melds=tuple(
                MeldView(
                    m["id"], m["owner"], m["kind"], tuple(c for c, _ in m["entries"]), tuple(n for _, n in m["entries"])
                )
                for m in self.melds
            ),
            discard_pile=tuple(self.discard),
            draw_size=len(self.draw_pile),
            hand_sizes=tuple(len(h) for h in self.hands),
            chips=self.chip_counts(),
            turn=self.turn if self.stage not in ("over", "arrange", "setup_mode") else None,
            dealer=self.dealer,
            hand_number=self.hand_number,
            hand_limit=int(self.options["hand_limit"]),
            last_turn_chips=tuple(self.last_chips),
            last_turn_bumps=tuple((sq, side) for sq, side in self.last_bumps),
            this_turn_chips=tuple(self.this_chips),
            this_turn_bumps=tuple((sq, side) for sq, side in self.this_bumps),
            links=tuple(tuple(p) if p else None for p in links),
            taken=tuple(self.taken),
            last_hand=HandSummary(
                last["number"], last["went_out"], tuple(last["captured"]), last["winner"], reason_clause(last["reason"])
            )
            if last
            else None,
            winner=self.final["winner"] if self.final else None,
            hand=tuple(sorted_cards(self.hands[seat])) if own and seat is not None else (),
            pending_cards=pending,
        )

    # -- persistence ----------------------------------------------------------------
    saved_fields = (
        "hand_size",
        "dealer",
        "turn",
        "stage",
        "hand_number",
        "board",
        "suit_rows",
        "hands",
        "draw_pile",
        "discard",
        "melds",
        "captured",
        "next_meld",
        "taken",
        "pending",
        "out_seat",
        "capture_jokers",
        "this_chips",
        "this_bumps",
        "last_chips",
        "last_bumps",
        "tally",
        "gin",
        "last_hand",
        "final",
        "secret",
        "setup",
    )

    def _load(self, data: dict[str, Any]) -> None:
        super()._load(data)
        self._cache = {}

    def all_cards(self) -> list[str]:
        """Every card the state holds, wherever it is (tests check each is there once)."""
        cards = [*self.draw_pile, *self.discard, *self.captured]
        for hand in self.hands:
            cards.extend(hand)
        for meld in self.melds:
            cards.extend(c for c, _ in meld["entries"])
        return cards
