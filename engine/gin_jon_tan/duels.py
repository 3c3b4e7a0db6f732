"""Gin-jon-tan's duels: the turn order from the reserve cards turned face up, then every player
against every other, clash by clash (see :mod:`.rules` for the round they are part of)."""

from __future__ import annotations

from typing import Any

from engine.core import Decision, Option, listed
from engine.gin_jon_tan.cards import SYMBOL_NAMES, SYMBOLS
from engine.gin_jon_tan.clash import beats, sentence
from engine.gin_jon_tan.rulebook import ACTIVE, DECLARABLE, DUEL_EXCHANGE
from engine.gin_jon_tan.sentences import exchanged, seat_name, seat_names
from engine.gin_jon_tan.table import Table
from engine.gin_jon_tan.views import Clash, DuelCard, DuelView
from engine.words import Text, Whole

__all__ = ["Duels"]

_DECLARE_CODES = {name: code for name, _, code in SYMBOLS}
_DECLARE_NAMES = {code: name for name, code in _DECLARE_CODES.items()}
#: Equal values in the turn order: the higher colour goes first.
_COLOUR_RANK = {"White": 0, "Red": 1, "Orange": 2, "Yellow": 3, "Green": 4, "Blue": 5, "Violet": 6}


class Duels(Table):
    """The turn order and the duels of a round."""

    # -- turn order --------------------------------------------------------------
    def _find_turn_order(self) -> None:
        """Each player turns a random reserve card: highest value first (then colour, number);
        players still equal turn another card."""
        self.turn_order = self._order(list(range(self.num_players)), 0)
        turns = [
            Text("{who} turns {cards}", who=seat_name(s), cards=listed([self.card(c).label for c in self.turned[s]]))
            for s in range(self.num_players)
        ]
        self.log(Text("{turns}. Turn order: {order}.", turns=listed(turns, "; "), order=seat_names(self.turn_order)))

    def _turn_card(self, seat: int) -> tuple[int, int, int] | None:
        left = [c for c in self.reserves[seat] if c not in self.turned[seat]]
        if not left:
            return None
        cid = self.rng.choice(left)
        self.turned[seat].append(cid)
        card = self.card(cid)
        return card.value, _COLOUR_RANK[card.colour], card.number

    def _order(self, seats: list[int], depth: int) -> list[int]:
        keys: dict[int, tuple[int, int, int] | None] = {}
        for seat in seats:
            keys[seat] = self._turn_card(seat)
        if all(key is None for key in keys.values()):
            return sorted(seats)  # nothing left to turn: seat order
        groups: dict[tuple[int, int, int] | None, list[int]] = {}
        for seat in seats:
            groups.setdefault(keys[seat], []).append(seat)
        order: list[int] = []
        for key in sorted(groups, key=lambda k: (-1, 0, 0) if k is None else k, reverse=True):
            group = groups[key]
            order.extend(group if len(group) == 1 else self._order(group, depth + 1))
        return order

    # -- duels -------------------------------------------------------------------
    def schedule(self) -> list[tuple[int, int]]:
        """This round's duels in order: each starter against every other player, in turn order."""
        return [(s, d) for s in self.turn_order for d in self.turn_order if d != s]

    def _start_duel(self) -> None:
        schedule = self.schedule()
        if self.duel_no >= len(schedule):
            for seat in range(self.num_players):
                self.hands[seat].extend(self.actives[seat])
                self.actives[seat] = []
            self.log(Text("All duels are done: active cards go back to hand. Everyone may exchange up to 9 cards."))
            seats = [s for s in range(self.num_players) if self.hands[s] and self.reserves[s]]
            self._begin_simultaneous("exchange", seats)
            if not seats:
                self._start_trim()
            return
        starter, defender = schedule[self.duel_no]
        self.duel = {
            "starter": starter,
            "defender": defender,
            "step": "unfold_s",
            "cards": [],
            "spent": [],
            "declared": {},
            "clashes": [],
            "to_act": starter,
            "passes": 0,
            "ended": False,
        }
        self.log(
            Text(
                "Duel {number} of {total}: {starter} against {defender}.",
                number=self.duel_no + 1,
                total=len(schedule),
                starter=seat_name(starter),
                defender=seat_name(defender),
            )
        )
        self._run_duel()

    def _other(self, seat: int) -> int:
        assert self.duel is not None
        return int(self.duel["defender"] if seat == self.duel["starter"] else self.duel["starter"])

    def _run_duel(self) -> None:
        """Carry the duel on until someone must decide (or start the next duel)."""
        while self.stage == "duel":
            duel = self.duel
            assert duel is not None
            step = duel["step"]
            if step in ("unfold_s", "unfold_d"):
                seat = duel["starter"] if step == "unfold_s" else duel["defender"]
                if not self.actives[seat] and len(self.hands[seat]) > ACTIVE:
                    return
                if not self.actives[seat]:
                    self.actives[seat], self.hands[seat] = self.hands[seat], []
                self._unfold(seat)
                duel["step"] = "declare_s" if step == "unfold_s" else "declare_d"
            elif step in ("declare_s", "declare_d"):
                seat = duel["starter"] if step == "declare_s" else duel["defender"]
                if self._undeclared(seat):
                    return
                duel["step"] = "unfold_d" if step == "declare_s" else "clash"
            elif step == "clash":
                pairs = self._pairs(duel["to_act"])
                if len(pairs) > 1:
                    return
                if pairs:
                    self._clash(duel["to_act"], *pairs[0])
                else:
                    duel["passes"] += 1
                    duel["to_act"] = self._other(duel["to_act"])
                    if duel["passes"] >= 2:
                        self._end_duel()
            elif step == "exchange":
                starter = duel["starter"]
                if self.hands[starter] and self.reserves[starter]:
                    return
                self._after_exchange()
            elif step == "reactivate":
                starter = duel["starter"]
                if len(self.hands[starter]) > ACTIVE:
                    return
                self.actives[starter], self.hands[starter] = self.hands[starter], []
                self._next_duel()

    def _unfold(self, seat: int) -> None:
        """Unfold the active cards (now public) and draw as many from the draw pile (fewer if short)."""
        duel = self.duel
        assert duel is not None
        cards = self.actives[seat]
        self.actives[seat] = []
        duel["cards"].extend([seat, cid] for cid in cards)
        drawn = self.piles[seat][:ACTIVE]
        self.piles[seat] = self.piles[seat][ACTIVE:]
        self.hands[seat].extend(drawn)
        if cards:
            line = Text.plural(
                "{who} unfolds {cards} and draws {count}.",
                "{who} unfolds {cards} and draws {count}.",
                len(drawn),
                who=seat_name(seat),
                cards=listed([self.card(c).label for c in cards]),
            )
        else:
            line = Text.plural(
                "{who} unfolds nothing and draws {count}.",
                "{who} unfolds nothing and draws {count}.",
                len(drawn),
                who=seat_name(seat),
            )
        self.log(line)

    def _undeclared(self, seat: int) -> list[str]:
        duel = self.duel
        assert duel is not None
        return [
            cid
            for s, cid in duel["cards"]
            if s == seat and self.card(cid).symbol == "Universal" and cid not in duel["declared"]
        ]

    def _acts_as(self, cid: str) -> str:
        assert self.duel is not None
        declared = self.duel["declared"].get(cid)
        return declared if declared else self.card(cid).symbol

    def _acts_label(self, cid: str) -> Text:
        """A card in the duel: "White Universal 3 (as Fire)" when it acts as another symbol."""
        card = self.card(cid)
        acts = self._acts_as(cid)
        return (
            card.label
            if acts == card.symbol
            else Text("{card} (as {symbol})", card=card.label, symbol=SYMBOL_NAMES[acts])
        )

    def _pairs(self, seat: int) -> list[tuple[str, str]]:
        """Every (my card, their card) that may clash: both unspent, mine beats theirs."""
        duel = self.duel
        assert duel is not None
        spent = set(duel["spent"])
        mine = [c for s, c in duel["cards"] if s == seat and c not in spent]
        theirs = [c for s, c in duel["cards"] if s != seat and c not in spent]
        return [(a, b) for a in mine for b in theirs if beats(self._acts_as(a), self._acts_as(b))]

    def _clash(self, seat: int, mine: str, theirs: str) -> None:
        duel = self.duel
        assert duel is not None
        other = self._other(seat)
        points = self.card(mine).value + self.card(theirs).value
        self.scores[seat] += points
        duel["spent"].extend([mine, theirs])
        record = [seat, mine, self._acts_as(mine), other, theirs, self._acts_as(theirs), points]
        duel["clashes"].append(record)
        self.last_clash = record
        duel["passes"] = 0
        duel["to_act"] = other
        said = sentence(self._acts_as(mine), self._acts_as(theirs))
        self.log(
            Text(
                "{clash}: {who}'s {card} scores {points}.",
                clash=said,
                who=seat_name(seat),
                card=self._acts_label(mine),
                points=Whole(points),
            )
        )
        if self._acts_as(mine) == "Black hole":
            losers = (
                [other]
                if self.options["black_hole"] == "opponent"
                else [s for s in range(self.num_players) if s != seat]
            )
            for loser in losers:
                self.piles[loser].extend(self.reserves[loser])
                self.reserves[loser] = []
                self.rng.shuffle(self.piles[loser])
            self.log(Text("The Black hole empties the reserve of {seats}.", seats=seat_names(losers)))

    def _end_duel(self) -> None:
        """Spent cards are shuffled into their owners' draw piles; unspent ones go to their reserves."""
        duel = self.duel
        assert duel is not None
        spent = set(duel["spent"])
        for seat, cid in duel["cards"]:
            (self.piles if cid in spent else self.reserves)[seat].append(cid)
        for seat in (duel["starter"], duel["defender"]):
            self.rng.shuffle(self.piles[seat])
        duel["ended"] = True
        duel["step"] = "exchange"

    def _after_exchange(self) -> None:
        assert self.duel is not None
        if self.duel_no + 1 >= len(self.schedule()):
            self._next_duel()  # the last duel: new active cards would go straight back to hand
        else:
            self.duel["step"] = "reactivate"

    def _next_duel(self) -> None:
        self.duel_no += 1
        self._start_duel()

    def _duel_move(self, seat: int, kind: str, picks: list[str]) -> None:
        duel = self.duel
        assert duel is not None
        if kind == "set_active":
            self.hands[seat] = [c for c in self.hands[seat] if c not in picks]
            self.actives[seat] = picks
            if duel["step"] == "reactivate":
                self._next_duel()
        elif kind == "declare":
            cid = self._undeclared(seat)[0]
            duel["declared"][cid] = _DECLARE_NAMES[picks[0]]
            self.log(
                Text(
                    "{who} declares {card} as {symbol}.",
                    who=seat_name(seat),
                    card=self.card(cid).label,
                    symbol=SYMBOL_NAMES[_DECLARE_NAMES[picks[0]]],
                )
            )
        elif kind == "clash":
            mine, theirs = picks[0].split("-")
            self._clash(seat, mine, theirs)
        elif kind == "exchange":
            self._swap_places(seat, picks)
            self.log(exchanged(seat, len(picks) // 2))
            self._after_exchange()
        self._run_duel()

    # -- who decides what --------------------------------------------------------
    def _duel_decisions(self) -> list[Decision]:
        duel = self.duel
        assert duel is not None
        step, starter = duel["step"], duel["starter"]
        if step in ("unfold_s", "unfold_d"):
            seat = starter if step == "unfold_s" else duel["defender"]
            count = ACTIVE
            prompt = Text.plural(
                "You have no active cards: choose {count} from your hand to unfold.",
                "You have no active cards: choose {count} from your hand to unfold.",
                count,
            )
            return [Decision(seat, "set_active", prompt, self._cards(self.hands[seat]), count, count)]
        if step in ("declare_s", "declare_d"):
            seat = starter if step == "declare_s" else duel["defender"]
            cid = self._undeclared(seat)[0]
            options = tuple(Option(_DECLARE_CODES[name], SYMBOL_NAMES[name]) for name in DECLARABLE)
            prompt = Text("Your {card} acts as which symbol in this duel?", card=self.card(cid).label)
            return [Decision(seat, "declare", prompt, options)]
        if step == "clash":
            seat = duel["to_act"]
            options = tuple(
                Option(
                    f"{mine}-{theirs}",
                    Text("{mine} beats {theirs}", mine=self._acts_label(mine), theirs=self._acts_label(theirs)),
                )
                for mine, theirs in self._pairs(seat)
            )
            prompt = Text("Choose a clash: one of your cards and a card of theirs it beats.")
            return [Decision(seat, "clash", prompt, options)]
        if step == "exchange":
            return [self._exchange_decision(starter, DUEL_EXCHANGE, 0)]
        prompt = Text("Set aside 3 new active cards for your next duel.")
        return [Decision(starter, "set_active", prompt, self._cards(self.hands[starter]), ACTIVE, ACTIVE)]

    # -- what a seat sees --------------------------------------------------------
    def _clash_view(self, record: list[Any]) -> Clash:
        winner_seat, winner, winner_as, loser_seat, loser, loser_as, points = record
        return Clash(
            winner_seat,
            self.held(winner),
            winner_as,
            loser_seat,
            self.held(loser),
            loser_as,
            points,
            sentence(winner_as, loser_as),
            winner_as == "Black hole",
        )

    def _duel_view(self) -> DuelView | None:
        duel = self.duel
        if duel is None:
            return None
        spent = set(duel["spent"])
        cards = tuple(DuelCard(s, self.held(c), c in spent, duel["declared"].get(c, "")) for s, c in duel["cards"])
        return DuelView(
            number=self.duel_no + 1,
            total=self.num_players * (self.num_players - 1),
            starter=duel["starter"],
            defender=duel["defender"],
            cards=cards,
            clashes=tuple(self._clash_view(r) for r in duel["clashes"]),
            to_act=duel["to_act"] if duel["step"] == "clash" else None,
            over=duel["ended"],
        )
