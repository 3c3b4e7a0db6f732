"""Gin-Go, as /shared/rules/gin-go.md describes it. Read it like the rulebook.

A game: the suit-row set-up (once), then hands. A turn is a few decisions of one
seat: ``draw`` (the stock, or any discard-pile card with everything above it),
then — after a pick-up — ``meld`` or ``hit`` with the chosen card (or ``undo``),
then any number of ``meld`` / ``hit``, each Joker named by ``name_joker``, and the
``discard`` that ends the turn. Every card melded or laid off puts a chip of the
player's side on the board, bumping an opposing chip. Going out captures the cards
still held; then a side with a link from its A row to its K row wins.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import (
    Decision,
    GameOption,
    GameState,
    IllegalMove,
    Move,
    Option,
    Outcome,
    listed,
    loaded_text,
    saved_text,
    seat_list,
)
from engine.gin_go.board import (
    SQUARES,
    column_suits,
    link_path,
    row_labels,
    square_of,
)
from engine.gin_go.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, full_deck, is_joker, label, labels, sorted_cards
from engine.gin_go.melds import arrange, namings
from engine.gin_go.pickup import (
    OWE_LAY_OFF,
    USE_TAKEN,
    TableMeld,
    hits_now,
    melds_now,
    namings_keeping_payable,
    pickup_is_usable,
)
from engine.gin_go.view import GinGoView, HandSummary, MeldView
from engine.marks import N_
from engine.words import Text

__all__ = ["OPTIONS", "RULES", "GinGoState"]

SETUP_MODES = {"normal": Text("Normal"), "suit_for_suit": Text("Suit-for-Suit"), "secrecy": Text("Secrecy")}
DEFAULT_CARDS = {2: 9, 4: 7}
MAX_CARDS = {2: 15, 4: 9}

OPTIONS = (
    GameOption(
        "jokers",
        N_("Play with the two Jokers"),
        "on",
        ("on", "off"),
        label=N_("Jokers"),
        meanings=(N_("with the two Jokers"), N_("without Jokers")),
    ),
    GameOption(
        "cards",
        N_("Cards dealt to each player (auto: 9 for 2 players, 7 for 4; at most 9 for 4)"),
        "auto",
        choices=("auto", 1, 3, 5, 7, 9, 11, 13, 15),
        label=N_("Cards dealt"),
        meanings=(N_("9 each for 2 players, 7 each for 4"),),
    ),
    GameOption(
        "link",
        N_("How chips connect: straight or zigzag, or orthogonal only"),
        "zigzag",
        ("zigzag", "orthogonal"),
        label=N_("How chips connect"),
        meanings=(N_("touching side by side or corner to corner"), N_("touching side by side only")),
    ),
    GameOption(
        "hand_limit", N_("Hands before the chip count decides"), 20, minimum=1, maximum=100, label=N_("Hand limit")
    ),
)

RULES = "\n\n".join(
    (
        N_(
            "Gin-Go is 500 Rummy on a 4×13 board. Each card you **meld** or **hit** (lay off on "
            "anyone's meld) puts your chip on that card's square: your suit row gives the column, the "
            "rank your row (A to K from your end). An opposing chip there is **bumped**."
        ),
        N_(
            "On your turn **draw** from the stock, or take **any** card of the spread discard pile "
            "with every card above it; you must use that card at once in a new meld, or lay it off — "
            "then at least one more taken card must be laid off this turn, on any meld. Meld runs (3+ "
            "of a suit, Ace low or high) and sets (3–4 of a rank), name each Joker (never a card "
            "already on the table), then **discard**."
        ),
        N_(
            "Discarding your last card **goes out**: you capture every card still held and place a "
            "chip for each. Then a side with an unbroken chain of chips from its **A row to its K "
            "row** (straight or zigzag) wins — both: whoever went out. Otherwise the board stays and "
            "a new hand is dealt. Two players, or two teams of two (partners sit opposite and share a "
            "colour)."
        ),
    )
)


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


class GinGoState(GameState):
    """One moment of a game of Gin-Go."""

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

    # -- decisions --------------------------------------------------------------
    def decided(self) -> tuple[int, ...]:
        if self.stage != "arrange":
            return ()
        arrangers = self._arrangers()
        return tuple(sorted(arrangers[int(side)] for side in self.secret))

    def decisions(self) -> list[Decision]:
        seat = self.turn
        stage = self.stage
        if stage == "over":
            return []
        if stage == "setup_mode":
            chooser = self.setup["chooser"]
            return [
                Decision(
                    chooser,
                    "setup_mode",
                    Text("A Joker showed before the fourth suit: choose the suit-row set-up."),
                    tuple(Option(key, name) for key, name in SETUP_MODES.items()),
                )
            ]
        if stage == "arrange":
            return [
                Decision(
                    arranger,
                    "arrange_suits",
                    Text("Secrecy: pick the four suits in the order of your suit row, left to right from your seat."),
                    tuple(
                        Option(s, Text("{symbol} {suit}", symbol=SUIT_SYMBOLS[s], suit=SUIT_NAMES[s])) for s in SUITS
                    ),
                    min_picks=4,
                    max_picks=4,
                    simultaneous=True,
                    ordered=True,
                )
                for side, arranger in sorted(self._arrangers().items())
                if str(side) not in self.secret
            ]
        if stage == "draw":
            options = [Option("stock", Text("Draw from the stock"))] if self.draw_pile else []
            for i in self.legal_takes(seat):
                card = self.discard[i]
                above = len(self.discard) - 1 - i
                if above:
                    take = Text("Take {card} and the {count} above it", card=label(card), count=above)
                else:
                    take = Text("Take {card}", card=label(card))
                options.append(Option(card, take, Text("Discard pile")))
            prompt = Text("Draw from the stock, or take from the discard pile.")
            return [Decision(seat, "draw", prompt, tuple(options))]
        if stage == "name_joker":
            return [self._name_decision()]
        if stage == "capture_joker":
            return [
                Decision(
                    seat,
                    "capture_joker",
                    Text("You captured a Joker: lay it off on a meld and name it."),
                    tuple(
                        Option(f"{m}-{c}", Text("As {card} on {meld}", card=label(c), meld=self._meld_text(m)))
                        for m, c in self._capture_options()
                    ),
                )
            ]
        found = []
        meld = self._meld_decision(seat)
        if meld:
            found.append(meld)
        hit = self._hit_decision(seat)
        if hit:
            found.append(hit)
        if stage == USE_TAKEN:
            undo = (Option("undo", Text("Undo")),)
            found.append(Decision(seat, "undo", Text("Put the cards back on the discard pile."), undo))
        elif stage != OWE_LAY_OFF:
            hand = sorted_cards(self.hands[seat])
            found.append(
                Decision(
                    seat, "discard", Text("Discard a card to end your turn."), tuple(Option(c, label(c)) for c in hand)
                )
            )
        return found

    def table_names(self) -> set[str]:
        """Every card the melds on the table hold or name (a Joker may not name one of them)."""
        return {name for m in self.melds for _, name in m["entries"]}

    def table_melds(self) -> list[TableMeld]:
        """The melds on the table as :mod:`engine.gin_go.pickup` reads them."""
        return [(m["id"], m["kind"], tuple(name for _, name in m["entries"])) for m in self.melds]

    def meld_candidates(self, seat: int) -> list[tuple[str, ...]]:
        """New melds the seat can lay down now (one per shape); after a pick-up, with the chosen card."""
        key = f"melds{seat}"
        if key not in self._cache:
            self._cache[key] = melds_now(self.stage, self.hands[seat], self.table_names(), self.taken)
        return list(self._cache[key])

    def hit_candidates(self, seat: int) -> list[tuple[str, tuple[str, ...]]]:
        """(meld id, cards) lay-offs the seat can make now (one per shape)."""
        key = f"hits{seat}"
        if key not in self._cache:
            hand = self.hands[seat]
            self._cache[key] = hits_now(self.stage, hand, self.table_melds(), self.table_names(), self.taken)
        return list(self._cache[key])

    def owed_cards(self, seat: int) -> list[str]:
        """After a lay-off that held one taken card: the taken cards still in hand, one of which must follow."""
        return [c for c in self.taken if c in self.hands[seat]] if self.stage == OWE_LAY_OFF else []

    def _meld_decision(self, seat: int) -> Decision | None:
        groups = self.meld_candidates(seat)
        if not groups:
            return None
        cards = sorted_cards({c for g in groups for c in g})
        hand = self.hands[seat]
        prompt = Text("Meld: pick 3 or more cards (a run of one suit, or a set of one rank).")
        if self.stage == USE_TAKEN:
            prompt = Text("Meld with {card}: pick it and the cards to meld it with.", card=label(self.taken[0]))
        return Decision(
            seat,
            "meld",
            prompt,
            tuple(Option(c, label(c), Text("Your cards")) for c in cards),
            min_picks=3,
            max_picks=len(hand) - 1,
        )

    def _hit_decision(self, seat: int) -> Decision | None:
        hits = self.hit_candidates(seat)
        if not hits:
            return None
        cards = sorted_cards({c for _, g in hits for c in g})
        targets = [m for m in self.melds if any(mid == m["id"] for mid, _ in hits)]
        prompt = Text("Hit: pick cards from your hand and one meld to lay them off on.")
        if self.stage == USE_TAKEN:
            prompt = Text(
                "Lay off {card}: pick it and one meld; one more card you took must be laid off this turn, now or next.",
                card=label(self.taken[0]),
            )
        elif self.stage == OWE_LAY_OFF:
            prompt = Text(
                "Lay off one more card you took ({cards}): pick it and one meld.", cards=labels(self.owed_cards(seat))
            )
        options = [Option(c, label(c), Text("Your cards")) for c in cards]
        options += [Option(m["id"], self._meld_text(m["id"]), Text("Melds on the table")) for m in targets]
        return Decision(seat, "hit", prompt, tuple(options), min_picks=2, max_picks=len(cards) + 1)

    def _meld_text(self, meld_id: str) -> str:
        meld = self._meld(meld_id)
        return listed(
            [label(c) if not is_joker(c) else Text("Joker({card})", card=label(n)) for c, n in meld["entries"]], " "
        )

    def _meld(self, meld_id: str) -> dict[str, Any]:
        return next(m for m in self.melds if m["id"] == meld_id)

    def _name_decision(self) -> Decision:
        pending = self.pending
        assert pending is not None
        index = len(pending["named"])
        names = sorted_cards(dict.fromkeys(n[1][index] for n in pending["namings"]))
        options = [Option(name, Text("Joker as {card}", card=label(name))) for name in names]
        back = Text("Take the meld back") if pending["action"] == "meld" else Text("Take the hit back")
        options.append(Option("cancel", back))
        if index:
            prompt = Text("Name the second Joker: which card does it stand for?")
        else:
            prompt = Text("Name the Joker: which card does it stand for?")
        return Decision(self.turn, "name_joker", prompt, tuple(options))

    def _capture_options(self) -> list[tuple[str, str]]:
        names = self.table_names()
        found = []
        for meld in self.melds:
            ids = [name for _, name in meld["entries"]]
            for _, (name,) in namings(["Jk"], names, ids, meld["kind"]):
                found.append((meld["id"], name))
        return found

    def legal_takes(self, seat: int) -> list[int]:
        """Discard-pile positions the seat may take from: the chosen card has a legal use at once."""
        key = f"takes{seat}"
        if key not in self._cache:
            names = self.table_names()
            melds = self.table_melds()
            found = []
            for i in range(len(self.discard)):
                taken = self.discard[i:]
                if pickup_is_usable([*self.hands[seat], *taken], melds, names, taken):
                    found.append(i)
            self._cache[key] = found
        return list(self._cache[key])

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

    def _side_name(self, side: int) -> str:
        seats = [s for s in range(self.num_players) if self.side_of(s) == side]
        return seat_list(seats)

    def _end_turn_marks(self) -> None:
        self.last_chips, self.last_bumps = self.this_chips, self.this_bumps
        self.this_chips, self.this_bumps = [], []

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
        reason = _clause(last["reason"])
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
        return Outcome(_clause(self.final["reason"]), points, places, termination=termination)

    def random_move(self, seat: int, rng: random.Random) -> Move:
        """A random legal move that leans towards melding, so random hands end."""
        moves = self.legal_moves(seat)
        if not moves:
            raise IllegalMove(Text("It is not your turn."))
        plays = [m for m in moves if m.kind in ("meld", "hit")]
        if plays and rng.random() < 0.9:
            return rng.choice(plays)
        if self.stage == "draw" and rng.random() < 0.8:
            return Move("draw", ("stock",)) if self.draw_pile else rng.choice(moves)
        if self.stage == "name_joker" and rng.random() < 0.9:
            return rng.choice([m for m in moves if m.picks != ("cancel",)] or moves)
        return rng.choice(moves)

    def legal_moves(self, seat: int) -> list[Move]:
        """Every single-pick move, and the melds and hits of every shape (not every Joker choice)."""
        moves: list[Move] = []
        for decision in self.decisions_for(seat):
            if decision.kind == "meld":
                moves.extend(Move("meld", g) for g in self.meld_candidates(seat))
            elif decision.kind == "hit":
                moves.extend(Move("hit", (*g, mid)) for mid, g in self.hit_candidates(seat))
            elif decision.kind == "arrange_suits":
                moves.append(Move("arrange_suits", tuple(SUITS)))
            else:
                moves.extend(Move(decision.kind, (o.id,)) for o in decision.options)
        return moves

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
                last["number"], last["went_out"], tuple(last["captured"]), last["winner"], _clause(last["reason"])
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


def _clause(saved: str | dict[str, Any]) -> str:
    """A saved reason as a clause: a Text as it is, a string saved before Texts without its final stop."""
    reason = loaded_text(saved)
    return reason if isinstance(reason, Text) else reason.rstrip(".!")
