"""Gin-Go's set-up and deal: the state's fields, the suit rows (once), each hand dealt, and the melds on the table."""

from __future__ import annotations

from typing import Any

from engine.core import GameState, listed, seat_list
from engine.gin_go.board import SQUARES
from engine.gin_go.cards import SUIT_SYMBOLS, full_deck, is_joker, label, labels
from engine.gin_go.options import DEFAULT_CARDS, MAX_CARDS, SETUP_MODES
from engine.gin_go.pickup import TableMeld
from engine.words import Text

__all__ = ["GinGoDeal", "seat_name"]


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


class GinGoDeal(GameState):
    """A game of Gin-Go as dealt: its fields, the suit-row set-up, each hand's deal and the melds on the table."""

    # -- set-up -----------------------------------------------------------------
    def _setup(self) -> None:
        self._cache: dict[str, Any] = {}
        n = self.num_players
        if n not in (2, 4):
            raise ValueError(Text("Gin-Go is for 2 players or 4 players in two teams."))
        cards = self.options["cards"]
        self.hand_size = DEFAULT_CARDS[n] if cards == "auto" else int(cards)
        if self.hand_size > MAX_CARDS[n]:
            raise ValueError(
                Text("With {players} players deal at most {count} cards each.", players=n, count=MAX_CARDS[n])
            )
        self.dealer = self.rng.randrange(n)
        self.turn = self.dealer
        self.hand_number = 0
        self.board: list[int | None] = [None] * SQUARES
        self.suit_rows: list[list[str] | None] = [None, None]
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.draw_pile: list[str] = []
        self.discard: list[str] = []
        self.melds: list[dict[str, Any]] = []
        self.captured: list[str] = []
        self.next_meld = 1
        self.taken: list[str] = []
        self.pending: dict[str, Any] | None = None
        self.out_seat: int | None = None
        self.capture_jokers: list[str] = []
        self.this_chips: list[int] = []
        self.this_bumps: list[list[int]] = []
        self.last_chips: list[int] = []
        self.last_bumps: list[list[int]] = []
        self.tally = {"melded": [0, 0], "captured": [0, 0], "own": [0, 0], "bumped": [0, 0]}
        self.gin = [False, False]
        self.last_hand: dict[str, Any] | None = None
        self.final: dict[str, Any] | None = None
        self.secret: dict[str, list[str]] = {}
        # The dealer turns cards until all four suits have shown; Jokers before the 4th give a choice.
        deck = full_deck(self.jokers)
        self.rng.shuffle(deck)
        turned: list[str] = []
        order: list[str] = []
        while len(order) < 4:
            card = deck[len(turned)]
            turned.append(card)
            if not is_joker(card) and card[1] not in order:
                order.append(card[1])
        self.setup: dict[str, Any] = {"turned": turned, "order": order, "mode": None, "chooser": None}
        self.log(Text("{who} deals and turns {cards}.", who=seat_name(self.dealer), cards=labels(turned)))
        jokers = sum(1 for c in turned if is_joker(c))
        if jokers == 0:
            self._set_mode("normal")
        else:
            self.setup["chooser"] = self.dealer if jokers == 1 else (self.dealer + 1) % n
            self.stage = "setup_mode"

    @property
    def jokers(self) -> bool:
        return bool(self.options["jokers"] == "on")

    @property
    def orthogonal_only(self) -> bool:
        return bool(self.options["link"] == "orthogonal")

    @property
    def phase(self) -> str:
        return self.stage

    def side_of(self, seat: int) -> int:
        return seat % 2

    def _arrangers(self) -> dict[int, int]:
        """Who arranges each side's Secrecy row: the dealer for its side, the next seat for the other."""
        other = (self.dealer + 1) % self.num_players
        return {self.side_of(self.dealer): self.dealer, self.side_of(other): other}

    def _set_mode(self, mode: str) -> None:
        self.setup["mode"] = mode
        order = self.setup["order"]
        if mode == "secrecy":
            self.stage = "arrange"
            self.log(Text("Secrecy: each side arranges its suit row in secret."))
            return
        dealer_side = self.side_of(self.dealer)
        self.suit_rows[dealer_side] = list(order)
        self.suit_rows[1 - dealer_side] = list(order) if mode == "normal" else list(reversed(order))
        self.log(Text("{mode} set-up: suit rows {rows}.", mode=SETUP_MODES[mode], rows=self._rows_text()))
        self._deal()

    def _rows_text(self) -> str:
        rows = ["".join(SUIT_SYMBOLS[s] for s in row or ()) for row in self.suit_rows]
        return Text("side A {first}, side B {second}", first=rows[0], second=rows[1])

    # -- the deal ---------------------------------------------------------------
    def _deal(self) -> None:
        deck = full_deck(self.jokers)
        self.rng.shuffle(deck)
        n = self.num_players
        self.hand_number += 1
        self.hands = [[] for _ in range(n)]
        for i in range(self.hand_size * n):
            self.hands[(self.dealer + 1 + i) % n].append(deck[i])
        self.discard = [deck[self.hand_size * n]]
        self.draw_pile = deck[self.hand_size * n + 1 :]
        self.melds = []
        self.captured = []
        self.taken = []
        self.pending = None
        self.out_seat = None
        self.capture_jokers = []
        self.turn = (self.dealer + 1) % n
        self.stage = "draw"
        self.log(
            Text(
                "Hand {number}: {who} deals {count} each; the discard pile starts with {card}.",
                number=self.hand_number,
                who=seat_name(self.dealer),
                count=self.hand_size,
                card=label(self.discard[0]),
            )
        )

    # -- the melds on the table -------------------------------------------------
    def table_names(self) -> set[str]:
        """Every card the melds on the table hold or name (a Joker may not name one of them)."""
        return {name for m in self.melds for _, name in m["entries"]}

    def table_melds(self) -> list[TableMeld]:
        """The melds on the table as :mod:`engine.gin_go.pickup` reads them."""
        return [(m["id"], m["kind"], tuple(name for _, name in m["entries"])) for m in self.melds]

    def _meld_text(self, meld_id: str) -> str:
        meld = self._meld(meld_id)
        return listed(
            [label(c) if not is_joker(c) else Text("Joker({card})", card=label(n)) for c, n in meld["entries"]], " "
        )

    def _meld(self, meld_id: str) -> dict[str, Any]:
        return next(m for m in self.melds if m["id"] == meld_id)

    def _side_name(self, side: int) -> str:
        seats = [s for s in range(self.num_players) if self.side_of(s) == side]
        return seat_list(seats)
