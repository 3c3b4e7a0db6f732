"""The steps of a Gin-Go turn: the set-up choices, draw or take, meld, hit, name a Joker, undo, discard."""

from __future__ import annotations

from typing import Any

from engine.core import Decision, IllegalMove, Move, listed
from engine.gin_go.cards import is_joker, label, labels
from engine.gin_go.deal import seat_name
from engine.gin_go.melds import arrange, namings
from engine.gin_go.options import SETUP_MODES
from engine.gin_go.pickup import OWE_LAY_OFF, USE_TAKEN, namings_keeping_payable
from engine.gin_go.scoring import GinGoScoring
from engine.words import Text

__all__ = ["GinGoTurn"]


class GinGoTurn(GinGoScoring):
    """Gin-Go's moves applied: each step of a turn, checked before it changes anything."""

    # -- acting -----------------------------------------------------------------
    def _apply(self, seat: int, decision: Decision, move: Move) -> None:
        self._cache = {}
        kind = move.kind
        if kind == "setup_mode":
            self.log(Text("{who} chooses {mode}.", who=seat_name(seat), mode=SETUP_MODES[move.picks[0]]))
            self._set_mode(move.picks[0])
        elif kind == "arrange_suits":
            self.secret[str(self.side_of(seat))] = list(move.picks)
            self.log(Text("{who} has arranged a suit row.", who=seat_name(seat)))
            if len(self.secret) == 2:
                for side, row in self.secret.items():
                    self.suit_rows[int(side)] = row
                self.secret = {}
                self.log(Text("Suit rows revealed: {rows}.", rows=self._rows_text()))
                self._deal()
        elif kind == "draw":
            self._draw(seat, move.picks[0])
        elif kind == "undo":
            for card in self.taken:
                self.hands[seat].remove(card)
            self.discard.extend(self.taken)
            self.log(
                Text("{who} puts {cards} back on the discard pile.", who=seat_name(seat), cards=labels(self.taken))
            )
            self.taken = []
            self.stage = "draw"
        elif kind == "meld":
            self._meld_move(seat, list(move.picks))
        elif kind == "hit":
            self._hit_move(seat, move.picks)
        elif kind == "name_joker":
            self._name(seat, move.picks[0])
        elif kind == "discard":
            self._discard(seat, move.picks[0])
        elif kind == "capture_joker":
            meld_id, _, name = move.picks[0].partition("-")
            joker = self.capture_jokers.pop(0)
            self.captured.remove(joker)
            self._add_entries(seat, self._meld(meld_id), [(joker, name)], captured=True)
            self.log(Text("{who} lays off the captured Joker as {card}.", who=seat_name(seat), card=label(name)))
            self._after_capture()

    def _draw(self, seat: int, pick: str) -> None:
        if pick == "stock":
            self.hands[seat].append(self.draw_pile.pop())
            self.stage = "play"
            self.log(Text("{who} draws from the stock.", who=seat_name(seat)))
            return
        i = self.discard.index(pick)
        self.taken = self.discard[i:]
        del self.discard[i:]
        self.hands[seat].extend(self.taken)
        self.stage = USE_TAKEN
        self.log(Text("{who} takes {card} from the discard pile.", who=seat_name(seat), card=labels(self.taken)))

    def _meld_move(self, seat: int, cards: list[str]) -> None:
        if len(cards) >= len(self.hands[seat]):
            raise IllegalMove(Text("Keep a card to discard: every turn ends with a discard."))
        if self.stage == USE_TAKEN and self.taken[0] not in cards:
            raise IllegalMove(
                Text("Your meld must use {card}, the card you took from the pile.", card=label(self.taken[0]))
            )
        names = self.table_names()
        found = namings(cards, names)
        if not found:
            if namings(cards):
                raise IllegalMove(Text("A Joker can't stand for a card that is already on the table."))
            raise IllegalMove(
                Text("Those cards don't meld: a run is 3+ of one suit in sequence, a set 3–4 of one rank.")
            )
        self._commit_or_name(seat, "meld", cards, None, found)

    def _hit_move(self, seat: int, picks: tuple[str, ...]) -> None:
        targets = [p for p in picks if p.startswith("m")]
        cards = [p for p in picks if not p.startswith("m")]
        if len(targets) != 1 or not cards:
            raise IllegalMove(Text("Pick the cards to lay off and exactly one meld to lay them on."))
        if len(cards) >= len(self.hands[seat]):
            raise IllegalMove(Text("Keep a card to discard: every turn ends with a discard."))
        self._check_pickup_lay_off(seat, cards)
        meld = self._meld(targets[0])
        ids = [name for _, name in meld["entries"]]
        found = namings(cards, self.table_names(), ids, meld["kind"])
        if found and self.stage == USE_TAKEN and sum(1 for c in cards if c in self.taken) < 2:
            hand = self.hands[seat]
            found = namings_keeping_payable(
                hand, self.table_melds(), self.table_names(), self.taken, meld["id"], cards, found
            )
            if not found:
                raise IllegalMove(
                    Text(
                        "Lay off {card} only where one more card you took can follow it this turn.",
                        card=label(self.taken[0]),
                    )
                )
        if not found:
            natural_count = sum(1 for _, c in meld["entries"] if not is_joker(c))
            if meld["kind"] == "set" and natural_count == 4 and any(is_joker(c) for c in cards):
                raise IllegalMove(Text("A Joker cannot join a closed set (four natural cards)."))
            if namings(cards, (), ids, meld["kind"]):
                raise IllegalMove(Text("A Joker can't stand for a card that is already on the table."))
            raise IllegalMove(Text("Those cards don't fit on {meld}.", meld=self._meld_text(meld["id"])))
        self._commit_or_name(seat, "hit", cards, meld["id"], found)

    def why_not(self, seat: int, kind: str) -> str | None:
        owed = self.owed_cards(seat) if seat == self.turn else []
        if owed and kind in ("meld", "discard"):
            return Text("Lay off one more card you took from the pile first: {cards}.", cards=labels(owed))
        if self.stage == USE_TAKEN and seat == self.turn:
            chosen = label(self.taken[0])
            if kind == "hit":
                return Text(
                    "{card} can't be laid off so that one more card you took can follow it: meld it instead.",
                    card=chosen,
                )
            if kind == "discard":
                return Text("Use {card} first: meld it or lay it off, or put the cards back with Undo.", card=chosen)
        return None

    def _check_pickup_lay_off(self, seat: int, cards: list[str]) -> None:
        """After a pick-up a lay-off holds the chosen card; a lay-off that is owed holds a taken card."""
        if self.stage == USE_TAKEN:
            if self.taken[0] not in cards:
                raise IllegalMove(
                    Text("Your lay-off must use {card}, the card you took from the pile.", card=label(self.taken[0]))
                )
            if len(self.taken) < 2:
                raise IllegalMove(
                    Text(
                        "Lay off {card} together with at least one more card you took from the pile.",
                        card=label(self.taken[0]),
                    )
                )
        owed = self.owed_cards(seat)
        if owed and not set(owed) & set(cards):
            raise IllegalMove(Text("Lay off one more card you took from the pile first: {cards}.", cards=labels(owed)))

    def _commit_or_name(
        self, seat: int, action: str, cards: list[str], target: str | None, found: list[tuple[str, tuple[str, ...]]]
    ) -> None:
        if len(found) == 1:
            self._commit(seat, action, cards, target, found[0])
            return
        self.pending = {
            "action": action,
            "cards": cards,
            "target": target,
            "namings": [[k, list(n)] for k, n in found],
            "named": [],
            "back": self.stage,
        }
        self.stage = "name_joker"

    def _name(self, seat: int, pick: str) -> None:
        pending = self.pending
        assert pending is not None
        if pick == "cancel":
            self.stage = pending["back"]
            self.pending = None
            return
        index = len(pending["named"])
        pending["named"].append(pick)
        pending["namings"] = [n for n in pending["namings"] if n[1][index] == pick]
        if len(pending["named"]) == sum(1 for c in pending["cards"] if is_joker(c)):
            kind, names = pending["namings"][0]
            self.pending = None
            self.stage = pending["back"]
            self._commit(seat, pending["action"], pending["cards"], pending["target"], (kind, tuple(names)))

    def _commit(
        self, seat: int, action: str, cards: list[str], target: str | None, naming: tuple[str, tuple[str, ...]]
    ) -> None:
        kind, joker_names = naming
        names = iter(joker_names)
        entries = [(c, next(names) if is_joker(c) else c) for c in cards]
        for card in cards:
            self.hands[seat].remove(card)
        if action == "meld":
            meld: dict[str, Any] = {"id": f"m{self.next_meld}", "owner": seat, "kind": kind, "entries": []}
            self.next_meld += 1
            self.melds.append(meld)
        else:
            meld = self._meld(target or "")
        self._add_entries(seat, meld, entries)
        shown = listed([label(c) if c == n else Text("Joker(as {card})", card=label(n)) for c, n in entries], " ")
        who = seat_name(seat)
        if target:
            self.log(Text("{who} lays off {cards} on {meld}.", who=who, cards=shown, meld=self._meld_text(meld["id"])))
        else:
            self.log(Text("{who} melds {cards}.", who=who, cards=shown))
        if self.stage == USE_TAKEN and action == "hit" and sum(1 for c in cards if c in self.taken) < 2:
            self.stage = OWE_LAY_OFF
        elif self.stage in (USE_TAKEN, OWE_LAY_OFF):
            self.stage = "play"
        self._announce_gin()

    def _add_entries(
        self, seat: int, meld: dict[str, Any], entries: list[tuple[str, str]], captured: bool = False
    ) -> None:
        meld["entries"] = [list(e) for e in arrange([*map(tuple, meld["entries"]), *entries], meld["kind"])]
        for _, name in entries:
            self._place(self.side_of(seat), name, "captured" if captured else "melded")

    def _discard(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.taken = []
        self.log(Text("{who} discards {card}.", who=seat_name(seat), card=label(card)))
        if not self.hands[seat]:
            self._go_out(seat)
            return
        self._end_turn_marks()
        self._next_turn()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.num_players
        self.stage = "draw"
        if not self.draw_pile:
            self._reshuffle()
        if not self.draw_pile and not self.legal_takes(self.turn):
            self.log(Text("The draw pile is used up and nothing can be taken: the hand ends with nobody out."))
            self._end_hand(None, [])

    def _reshuffle(self) -> None:
        """The draw pile is used up: the melded cards (or, with none, the discard pile but its top) are shuffled."""
        if self.melds:
            cards = [c for m in self.melds for c, _ in m["entries"]]
            self.melds = []
            line = Text(
                "The draw pile is used up: the melded cards ({count}) are shuffled into a new one.", count=len(cards)
            )
        else:
            cards = self.discard[:-1]
            del self.discard[:-1]
            line = Text(
                "The draw pile is used up: the discard pile but its top card ({count}) are shuffled into a new one.",
                count=len(cards),
            )
        self.rng.shuffle(cards)
        self.draw_pile = cards
        self._cache = {}
        if cards:
            self.log(line)
