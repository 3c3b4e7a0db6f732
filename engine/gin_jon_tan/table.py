"""What every part of a Gin-jon-tan round reads and does: the table's fields, its cards, the
simultaneous decisions and the exchanges between hand and reserve.

:class:`Table` is the base the rules are built on: :mod:`.duels`, :mod:`.combination` and
:mod:`.scoring` each add one part of the round, and :class:`~engine.gin_jon_tan.rules.GinJonTanState`
puts them together with the deal. A part hands the round on through the methods declared here.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from engine.core import Decision, GameState, IllegalMove, Option
from engine.gin_jon_tan.cards import Card
from engine.gin_jon_tan.sentences import HAND_GROUP, RESERVE_GROUP, valued
from engine.gin_jon_tan.views import HeldCard
from engine.words import Text

__all__ = ["Table"]


class Table(GameState):
    """The fields of a game of Gin-jon-tan (all saved; see ``GinJonTanState.saved_fields``) and what
    every part of the round shares."""

    #: Per seat, the 33 cards of its deck (short ids) and the collection item of each.
    decks: list[list[str]]
    items: list[list[str]]
    scores: list[int]
    round_no: int
    #: Everyone's score when this round began (a revealed Defeat goes back to it).
    round_start: list[int]
    evaluation: list[dict[str, Any]]
    #: Prize cards the rules give at the end: [item, from seat, to seat].
    transfers: list[list[Any]]
    finished: bool
    #: The last round's evaluation line as saved (:func:`~engine.core.saved_line`); "" before the
    #: first, None in a state saved before it was kept.
    last_round: str | None
    #: Per seat, the table ids of its cards in hand, in reserve, in the draw pile and set aside.
    hands: list[list[str]]
    reserves: list[list[str]]
    piles: list[list[str]]
    actives: list[list[str]]
    swapped: list[int]
    turn_order: list[int]
    turned: list[list[str]]
    duel_no: int
    duel: dict[str, Any] | None
    last_clash: list[Any] | None
    satisfied: list[int]
    combination_turn: int
    streak: int
    asking: list[Any] | None
    eval_turn: int
    stage: str
    #: The seats a simultaneous decision waits on, and each one's secret answer once given.
    waiting: list[int]
    pending: list[list[str] | None]

    # -- the round goes on -----------------------------------------------------
    @abstractmethod
    def _start_round(self) -> None:
        """Deal the next round (:mod:`.rules`)."""

    @abstractmethod
    def _start_trim(self) -> None:
        """Bring every reserve back to 9 (:mod:`.combination`)."""

    @abstractmethod
    def _start_evaluation(self) -> None:
        """Evaluate the hands (:mod:`.scoring`)."""

    # -- facts ----------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return int(self.options["rounds"])

    def card(self, cid: str) -> Card:
        """The card behind a table id."""
        owner, index = cid.split(".")
        return Card.parse(self.decks[int(owner)][int(index)])

    def held(self, cid: str) -> HeldCard:
        return HeldCard(cid, int(cid.split(".")[0]), self.card(cid))

    def label(self, cid: str) -> Text:
        """A card at the table as an option names it: "White Water 1 (v 1)"."""
        return valued(self.card(cid))

    def where(self) -> dict[str, tuple[str, int]]:
        """Every card's place at the table: (``"hand"``/``"reserve"``/``"pile"``/``"active"``/``"duel"``, seat)."""
        found: dict[str, tuple[str, int]] = {}
        for name, places in (
            ("hand", self.hands),
            ("reserve", self.reserves),
            ("pile", self.piles),
            ("active", self.actives),
        ):
            for seat, cards in enumerate(places):
                for cid in cards:
                    if cid in found:
                        raise AssertionError(f"{cid} is in two places")
                    found[cid] = (name, seat)
        for seat, cid in self._in_duel():
            if cid in found:
                raise AssertionError(f"{cid} is in two places")
            found[cid] = ("duel", seat)
        return found

    def _in_duel(self) -> list[tuple[int, str]]:
        """Cards unfolded in the current duel that have not yet gone back (before its end)."""
        if self.duel is None or self.duel["ended"]:
            return []
        return [(seat, cid) for seat, cid in self.duel["cards"]]

    # -- simultaneous decisions --------------------------------------------------
    def _begin_simultaneous(self, stage: str, seats: list[int]) -> None:
        self.stage = stage
        self.waiting = seats
        self.pending = [None] * self.num_players

    def decided(self) -> tuple[int, ...]:
        if self.stage in ("swap", "activate", "exchange", "trim"):
            return tuple(s for s in self.waiting if self.pending[s] is not None)
        return ()

    # -- cards as options, exchanges ---------------------------------------------
    def _cards(self, cids: list[str], group: str = "") -> tuple[Option, ...]:
        """The cards as options (an exchange groups them under "Hand" and "Reserve")."""
        return tuple(Option(cid, self.label(cid), group) for cid in cids)

    def _exchange_decision(self, seat: int, most: int, least: int, simultaneous: bool = False) -> Decision:
        hand, reserve = self.hands[seat], self.reserves[seat]
        each = min(most, len(hand), len(reserve))
        if least:
            prompt = Text.plural(
                "Exchange {least} to {count} hand cards with as many reserve cards (pick both).",
                "Exchange {least} to {count} hand cards with as many reserve cards (pick both).",
                each,
                least=least,
            )
        else:
            prompt = Text.plural(
                "Exchange {count} hand card with as many reserve cards (pick both).",
                "Exchange {count} hand cards with as many reserve cards (pick both).",
                each,
            )
        options = self._cards(hand, HAND_GROUP) + self._cards(reserve, RESERVE_GROUP)
        return Decision(seat, "exchange", prompt, options, 2 * least, 2 * each, simultaneous=simultaneous)

    def _check_exchange(self, decision: Decision, picks: list[str]) -> None:
        groups = {o.id: o.group for o in decision.options}
        given = sum(1 for p in picks if groups[p] == HAND_GROUP)
        if given != len(picks) - given:
            raise IllegalMove(Text("Pick as many hand cards as reserve cards: they change places."))

    def _swap_places(self, seat: int, picks: list[str]) -> None:
        """Exchange the picked hand cards with the picked reserve cards."""
        hand, reserve = self.hands[seat], self.reserves[seat]
        out = [p for p in picks if p in hand]
        back = [p for p in picks if p in reserve]
        self.hands[seat] = [c for c in hand if c not in out] + back
        self.reserves[seat] = [c for c in reserve if c not in back] + out
