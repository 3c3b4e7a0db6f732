"""Gin-jon-tan, the rules (shared/rules/gin-jon-tan.md): read it like the rulebook.

Each player plays with a deck of 33 cards of their own. A round:

1. **Deal** — each deck shuffled: 9 to hand, 9 to reserve (only its owner looks), 15 to the draw pile.
2. **Swap** — everyone at once, in secret: swap the whole hand with the whole reserve, or keep.
3. **Duels** — everyone sets aside 3 active cards in secret; a random reserve card of each
   player, turned face up, gives the turn order. Each player in turn order, as the starter,
   duels every other player in turn order (n(n−1) duels). In a duel both unfold their active
   cards and draw 3; Universals are declared; then S and D alternate: the player to act must
   clash one of its unspent cards with an opponent's card it beats (scoring both values) or
   pass when it has none; two passes end the duel. Spent cards go to the draw pile, unspent
   ones to the reserve; S may exchange up to 3 cards and sets aside 3 new active cards.
4. **Exchange** up to 9 cards between hand and reserve (everyone at once).
5. **Reserve to 9** — the surplus chosen by the owner goes to the draw pile; a short reserve is
   filled from it.
6. **Combination round** in turn order: "Gin jon tan!", exchange 1–3, or ask another player.
7. **Evaluation** in turn order: "Kat oh!" or reveal; Defeat loses the round's gains; the others
   rank by hand value: the first adds it, the second subtracts 1×, the third 2×…

Cards at the table are ids ``"<owner>.<n>"``: card n of the owner's deck. During the duels
every player holds only their own cards; an ask in the combination round moves cards
between players, and the next deal gives every card back to its owner.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from random import Random
from typing import Any

from engine.core import (
    Decision,
    GameOption,
    GameState,
    IllegalMove,
    Move,
    Option,
    Outcome,
    Transfer,
    listed,
    loaded_line,
    places_from_points,
    saved_line,
    seat_list,
)
from engine.gin_jon_tan.cards import FULL_SET, SYMBOL_NAMES, SYMBOLS, Card
from engine.gin_jon_tan.clash import beats, sentence
from engine.gin_jon_tan.value import evaluate
from engine.gin_jon_tan.views import (
    Clash,
    DuelCard,
    DuelView,
    EvaluationEntry,
    GinJonTanView,
    HeldCard,
)
from engine.marks import N_
from engine.words import Text

__all__ = ["DECK_SIZE", "OPTIONS", "PRIZES", "RULES", "GinJonTanState", "random_picks"]

DECK_SIZE = 33
HAND = 9
RESERVE = 9
ACTIVE = 3
DUEL_EXCHANGE = 3
ROUND_EXCHANGE = 9
COMBINATION_EXCHANGE = 3
CYCLES = 3
#: Cards the first, second and third place take from each player placed below them.
PRIZES = (3, 2, 1)
#: Symbols a Universal may be declared as (any symbol but Universal itself).
DECLARABLE = tuple(name for name, _, _ in SYMBOLS if name != "Universal")
_DECLARE_CODES = {name: code for name, _, code in SYMBOLS}
_DECLARE_NAMES = {code: name for name, code in _DECLARE_CODES.items()}

#: A move the game has but the seat may not make now, said the game's way.
NOT_NOW = {
    "swap": Text("You can't swap now."),
    "set_active": Text("You can't set active now."),
    "exchange": Text("You can't exchange now."),
    "trim": Text("You can't trim now."),
    "declare": Text("You can't declare now."),
    "clash": Text("You can't clash now."),
    "ask": Text("You can't ask now."),
    "give": Text("You can't give now."),
    "gin": Text("You can't gin now."),
    "reveal": Text("You can't reveal now."),
    "kat_oh": Text("You can't kat oh now."),
}

OPTIONS = (
    GameOption("rounds", N_("Rounds in the game"), 3, choices=(3, 6, 9, 12, 33), label=N_("Rounds")),
    GameOption(
        "black_hole",
        N_("A Black hole that wins a clash empties the reserve of every opponent (all) or of the duel opponent only"),
        "all",
        choices=("all", "opponent"),
        label=N_("Black hole empties"),
        meanings=(N_("the reserve of every opponent"), N_("the reserve of the duel opponent only")),
    ),
    GameOption(
        "deck",
        N_("common: 33 random cards each from the full set; personal: each player's own deck"),
        "common",
        choices=("common", "personal"),
        label=N_("Deck"),
        meanings=(
            N_("33 random cards each from the full set"),
            N_("each player plays the cards of their own collection"),
        ),
    ),
    GameOption(
        "prizes",
        N_("Personal decks only: after the game the top three take cards from the decks of those placed below"),
        "off",
        choices=("off", "on"),
        label=N_("Prize cards"),
        meanings=(N_("no cards change hands"), N_("the top three take cards from the decks of those placed below")),
    ),
)

RULES = "\n\n".join(
    (
        N_(
            "Everyone plays with a deck of 33 cards: a **symbol**, a **colour** and a number 1–33; a "
            "card's value is symbol value × number × colour multiplier (White ×1 … Violet ×99)."
        ),
        N_(
            "A round: 9 cards to hand, 9 to a secret reserve, 15 to a draw pile; you may swap hand "
            "and reserve once. Everyone sets aside 3 **active cards** in secret, then every player "
            "duels every other player: both unfold their active cards, and in turn you must **clash** "
            'a card of yours with one of theirs it beats ("Water quenches Fire"), scoring both cards\' '
            "values. A **Black hole** beats everything and empties reserves."
        ),
        N_(
            "Then exchange cards with your reserve, bring the reserve to 9, and in the **combination "
            'round** say **"Gin jon tan!"**, exchange 1–3 cards, or take cards at random from another '
            "player."
        ),
        N_(
            '**Evaluation**: reveal your hand or say **"Kat oh!"** (give up safely). The best '
            "combination (groups of one symbol, orders of consecutive numbers, full colours; "
            "Universal is any card, Bonus triples) adds its value; the second subtracts its value "
            "once, the third twice… A revealed **Defeat** loses the round's points. Highest score "
            "after 3–33 rounds wins."
        ),
    )
)


def random_picks(decision: Decision, rng: Random) -> tuple[str, ...]:
    """A random legal pick for any Gin-jon-tan decision (the random player and playouts use it).

    Exchanges pick as many Hand options as Reserve options; every other multi-pick is free.
    """
    if decision.kind == "exchange":
        hand = [o.id for o in decision.options if o.group == "Hand"]
        reserve = [o.id for o in decision.options if o.group == "Reserve"]
        count = rng.randint(decision.min_picks // 2, decision.max_picks // 2)
        return (*rng.sample(hand, count), *rng.sample(reserve, count))
    count = rng.randint(decision.min_picks, min(decision.max_picks, len(decision.options)))
    return tuple(rng.sample([o.id for o in decision.options], count))


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def seat_names(seats: list[int]) -> str:
    """Seats one after another, "Seat 1, Seat 3" (for :func:`~engine.core.name_seats` to name)."""
    return listed([seat_name(s) for s in seats])


@lru_cache(maxsize=8192)
def valued(card: Card) -> Text:
    """A card as an option names it: "White Water 1 (v 1)", made once per card."""
    return Text("{card} (v {value})", card=card.label, value=card.value)


def signed(who: str, points: int) -> Text:
    """A seat and what its score gained or lost: "Seat 1 +1,234", "Seat 2 -56"."""
    if points >= 0:
        return Text("{who} +{points}", who=who, points=points)
    return Text("{who} {points}", who=who, points=points)


class GinJonTanState(GameState):
    """One game of Gin-jon-tan: several rounds, dealt afresh from each player's deck."""

    # -- dealing ------------------------------------------------------------
    def _setup(self) -> None:
        if self.options["prizes"] == "on" and self.options["deck"] != "personal":
            raise ValueError(Text("Prizes need personal decks: choose deck personal, or turn prizes off."))
        self._make_decks()
        self.scores = [0] * self.num_players
        self.round_no = 0
        self.evaluation: list[dict[str, Any]] = []
        self.transfers: list[list[Any]] = []
        self.finished = False
        #: The last round's evaluation line as saved (:func:`~engine.core.saved_line`); "" before the first.
        self.last_round: str | None = ""
        self._start_round()

    def _make_decks(self) -> None:
        """Every seat's 33 cards and the item id of each (the owner's collection item)."""
        n = self.num_players
        self.decks: list[list[str]] = []
        self.items: list[list[str]] = []
        if self.options["deck"] == "common":
            cards = self.rng.sample(FULL_SET, DECK_SIZE * n)
            for seat in range(n):
                self.decks.append([c.id for c in cards[seat * DECK_SIZE : (seat + 1) * DECK_SIZE]])
                self.items.append([f"gen:{seat}:{i}" for i in range(DECK_SIZE)])
            return
        for seat, profile in enumerate(self.profiles):
            if profile is None:  # a computer seat: a generated deck, never a real collection
                self.decks.append([c.id for c in self.rng.sample(FULL_SET, DECK_SIZE)])
                self.items.append([f"gen:{seat}:{i}" for i in range(DECK_SIZE)])
                continue
            deck = profile.get("deck")
            if not isinstance(deck, list) or len(deck) != DECK_SIZE:
                raise ValueError(
                    Text.plural(
                        "{who} needs a deck of exactly {count} card.",
                        "{who} needs a deck of exactly {count} cards.",
                        DECK_SIZE,
                        who=seat_name(seat),
                    )
                )
            items = [str(entry["item"]) for entry in deck]
            if len(set(items)) != DECK_SIZE:
                raise ValueError(Text("{who}'s deck holds the same card twice.", who=seat_name(seat)))
            self.decks.append([Card.parse(str(entry["card"])).id for entry in deck])
            self.items.append(items)
        every_item = [item for items in self.items for item in items]
        if len(set(every_item)) != len(every_item):
            raise ValueError(Text("Two seats bring the same card: every card belongs to one player."))

    def _start_round(self) -> None:
        """Deal afresh: every card back to its owner, each deck shuffled, 9 / 9 / 15."""
        n = self.num_players
        self.round_no += 1
        self.round_start = list(self.scores)
        self.hands: list[list[str]] = []
        self.reserves: list[list[str]] = []
        self.piles: list[list[str]] = []
        for seat in range(n):
            ids = [f"{seat}.{i}" for i in range(DECK_SIZE)]
            self.rng.shuffle(ids)
            self.hands.append(ids[:HAND])
            self.reserves.append(ids[HAND : HAND + RESERVE])
            self.piles.append(ids[HAND + RESERVE :])
        self.actives: list[list[str]] = [[] for _ in range(n)]
        self.swapped: list[int] = []
        self.turn_order: list[int] = []
        self.turned: list[list[str]] = [[] for _ in range(n)]
        self.duel_no = 0
        self.duel: dict[str, Any] | None = None
        self.last_clash: list[Any] | None = None
        self.satisfied: list[int] = []
        self.combination_turn = 0
        self.streak = 0
        self.asking: list[Any] | None = None
        self.eval_turn = 0
        self._begin_simultaneous("swap", list(range(n)))
        self.log(
            Text(
                "Round {round} of {rounds}: 9 cards to hand, 9 to reserve, 15 to the draw pile. "
                "Everyone may swap hand and reserve.",
                round=self.round_no,
                rounds=self.rounds,
            )
        )

    # -- facts ----------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return int(self.options["rounds"])

    @property
    def phase(self) -> str:
        return self.stage

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

    # -- simultaneous decisions ---------------------------------------------
    def _begin_simultaneous(self, stage: str, seats: list[int]) -> None:
        self.stage = stage
        self.waiting = seats
        self.pending: list[list[str] | None] = [None] * self.num_players

    def decided(self) -> tuple[int, ...]:
        if self.stage in ("swap", "activate", "exchange", "trim"):
            return tuple(s for s in self.waiting if self.pending[s] is not None)
        return ()

    # -- who decides what ---------------------------------------------------
    def decisions(self) -> list[Decision]:
        stage = self.stage
        if stage == "over":
            return []
        if stage in ("swap", "activate", "exchange", "trim"):
            return [self._simultaneous_decision(s) for s in self.waiting if self.pending[s] is None]
        if stage == "duel":
            return self._duel_decisions()
        if stage == "combine":
            return self._combine_decisions()
        seat = self.turn_order[self.eval_turn]
        return [
            Decision(
                seat, "reveal", Text("Evaluation: reveal your hand…"), (Option("reveal", Text("Reveal my hand")),)
            ),
            Decision(
                seat, "kat_oh", Text("…or say Kat oh! and give up this round."), (Option("kat_oh", Text("Kat oh!")),)
            ),
        ]

    def why_not(self, seat: int, kind: str) -> str | None:
        return NOT_NOW.get(kind)

    def _cards(self, cids: list[str], group: str = "") -> tuple[Option, ...]:
        """The cards as options (an exchange groups them under "Hand" and "Reserve")."""
        return tuple(Option(cid, self.label(cid), group) for cid in cids)

    def _simultaneous_decision(self, seat: int) -> Decision:
        if self.stage == "swap":
            options = (Option("swap", Text("Swap hand and reserve")), Option("keep", Text("Keep my hand")))
            prompt = Text("Swap your whole hand with your whole reserve?")
            return Decision(seat, "swap", prompt, options, simultaneous=True)
        if self.stage == "activate":
            count = min(ACTIVE, len(self.hands[seat]))
            prompt = Text.plural(
                "Set aside {count} active card in secret.", "Set aside {count} active cards in secret.", count
            )
            return Decision(seat, "set_active", prompt, self._cards(self.hands[seat]), count, count, simultaneous=True)
        if self.stage == "exchange":
            return self._exchange_decision(seat, ROUND_EXCHANGE, 0, simultaneous=True)
        surplus = len(self.reserves[seat]) - RESERVE
        prompt = Text.plural(
            "Your reserve holds {cards} cards: pick {count} for your draw pile.",
            "Your reserve holds {cards} cards: pick {count} for your draw pile.",
            surplus,
            cards=len(self.reserves[seat]),
        )
        return Decision(seat, "trim", prompt, self._cards(self.reserves[seat]), surplus, surplus, simultaneous=True)

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

    def _combine_decisions(self) -> list[Decision]:
        seat = self.turn_order[self.combination_turn % self.num_players]
        if self.asking is not None:
            target, place = self.asking
            cards = self.hands[target] if place == "hand" else self.reserves[target]
            most = min(COMBINATION_EXCHANGE, len(cards), len(self.hands[seat]))
            prompt = _give_prompt(most, seat_name(target), place)
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
                        label = _place_label(seat_name(other), place, len(cards))
                        targets.append(Option(f"{other + 1}{place[0]}", label))
            if targets:
                prompt = Text("Ask another player for an exchange: whose cards, hand or reserve?")
                found.append(Decision(seat, "ask", prompt, tuple(targets)))
        return found

    # -- acting ---------------------------------------------------------------
    def _apply(self, seat: int, decision: Decision, move: Move) -> None:
        picks = list(move.picks)
        kind = move.kind
        if kind == "exchange":
            self._check_exchange(decision, picks)
        if self.stage in ("swap", "activate", "exchange", "trim"):
            self.pending[seat] = picks
            if all(self.pending[s] is not None for s in self.waiting):
                self._resolve_simultaneous()
        elif self.stage == "duel":
            self._duel_move(seat, kind, picks)
        elif self.stage == "combine":
            self._combine_move(seat, kind, picks)
        else:
            self._evaluate_move(seat, kind)

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

    def _resolve_simultaneous(self) -> None:
        """Everyone has chosen: carry out all the secret choices at once."""
        stage = self.stage
        chosen = {s: list(self.pending[s] or []) for s in self.waiting}
        if stage == "swap":
            for seat, picks in chosen.items():
                if picks == ["swap"]:
                    self.hands[seat], self.reserves[seat] = self.reserves[seat], self.hands[seat]
                    self.swapped.append(seat)
            if self.swapped:
                line = Text.plural(
                    "{who} swapped hand and reserve. Everyone sets aside 3 active cards in secret.",
                    "{who} swapped hand and reserve. Everyone sets aside 3 active cards in secret.",
                    len(self.swapped),
                    who=seat_names(self.swapped),
                )
            else:
                line = Text("No one swapped hand and reserve. Everyone sets aside 3 active cards in secret.")
            self.log(line)
            self._begin_simultaneous("activate", [s for s in range(self.num_players) if self.hands[s]])
        elif stage == "activate":
            for seat, picks in chosen.items():
                self.hands[seat] = [c for c in self.hands[seat] if c not in picks]
                self.actives[seat] = picks
            self._find_turn_order()
            self.stage = "duel"
            self._start_duel()
        elif stage == "exchange":
            for seat, picks in chosen.items():
                self._swap_places(seat, picks)
            counts = listed([Text("{who} {count}", who=seat_name(s), count=len(p) // 2) for s, p in chosen.items()])
            self.log(Text("Exchanges between hand and reserve: {counts}.", counts=counts))
            self._start_trim()
        else:
            for seat, picks in chosen.items():
                self.reserves[seat] = [c for c in self.reserves[seat] if c not in picks]
                self.piles[seat].extend(picks)
                self.rng.shuffle(self.piles[seat])
            self._start_combination()

    # -- turn order -------------------------------------------------------------
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

    # -- duels ----------------------------------------------------------------
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
                points=points,
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
            self.log(_exchanged(seat, len(picks) // 2))
            self._after_exchange()
        self._run_duel()

    # -- exchange, reserve to 9, combination round ----------------------------
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
            self.log(_exchanged(seat, len(picks) // 2))
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

    # -- evaluation -------------------------------------------------------------
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
            said = {"who": seat_name(seat), "combination": result.label, "value": result.value}
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
        points = listed([Text("{who} {points}", who=seat_name(s), points=p) for s, p in enumerate(self.scores)])
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

    # -- moves for playouts ------------------------------------------------------
    def random_move(self, seat: int, rng: Random) -> Move:
        decisions = self.decisions_for(seat)
        if not decisions:
            raise IllegalMove(Text("It is not your turn."))
        decision = rng.choice(decisions)
        return Move(decision.kind, random_picks(decision, rng))

    def legal_moves(self, seat: int) -> list[Move]:
        moves: list[Move] = []
        for decision in self.decisions_for(seat):
            ids = [o.id for o in decision.options]
            if decision.kind == "exchange":
                hand = [o.id for o in decision.options if o.group == "Hand"]
                reserve = [o.id for o in decision.options if o.group == "Reserve"]
                for k in range(decision.min_picks // 2, decision.max_picks // 2 + 1):
                    for out in combinations(hand, k):
                        moves.extend(Move("exchange", (*out, *back)) for back in combinations(reserve, k))
                continue
            for k in range(decision.min_picks, min(decision.max_picks, len(ids)) + 1):
                moves.extend(Move(decision.kind, combo) for combo in combinations(ids, k))
        return moves

    # -- what a seat sees -------------------------------------------------------
    def view(self, seat: int | None) -> GinJonTanView:
        mine = seat is not None
        own_hand = [self.held(c) for c in self.hands[seat]] if seat is not None else []
        return GinJonTanView(
            **self.base_view_fields(seat),
            round_no=self.round_no,
            rounds=self.rounds,
            deck=self.options["deck"],
            scores=tuple(self.scores),
            round_start_scores=tuple(self.round_start),
            turn_order=tuple(self.turn_order),
            turned=tuple(tuple(self.held(c) for c in cards) for cards in self.turned),
            hand=tuple(own_hand),
            reserve=tuple(self.held(c) for c in self.reserves[seat]) if seat is not None else (),
            active=tuple(self.held(c) for c in self.actives[seat]) if seat is not None else (),
            hand_evaluation=evaluate([h.card for h in own_hand]) if mine else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            reserve_sizes=tuple(len(r) for r in self.reserves),
            pile_sizes=tuple(len(p) for p in self.piles),
            active_sizes=tuple(len(a) for a in self.actives),
            swapped=tuple(self.swapped) if self.stage != "swap" else (),
            duel=self._duel_view(),
            last_clash=self._clash_view(self.last_clash) if self.last_clash else None,
            satisfied=tuple(self.satisfied),
            combination_turn=self.combination_turn,
            combination_turns=CYCLES * self.num_players,
            evaluation=tuple(self._entry_view(e) for e in self.evaluation),
        )

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

    # -- persistence --------------------------------------------------------------
    saved_fields = (
        "decks",
        "items",
        "scores",
        "round_no",
        "round_start",
        "evaluation",
        "transfers",
        "finished",
        "hands",
        "reserves",
        "piles",
        "actives",
        "swapped",
        "turn_order",
        "turned",
        "duel_no",
        "duel",
        "last_clash",
        "satisfied",
        "combination_turn",
        "streak",
        "asking",
        "eval_turn",
        "stage",
        "waiting",
        "pending",
        "last_round",
    )

    def _load(self, data: dict[str, Any]) -> None:
        """A state saved before ``last_round`` was kept finds its recap in the event lines."""
        super()._load({"last_round": None, **data})


#: The headings of an exchange's options (the computer players tell the two apart by them).
HAND_GROUP = Text("Hand")
RESERVE_GROUP = Text("Reserve")


def _give_prompt(most: int, target: str, place: str) -> Text:
    """What an asker gives: 1 to ``most`` hand cards, for as many from the target's hand or reserve."""
    if most == 1 and place == "hand":
        return Text("Give 1 hand card; you take as many at random from {who}'s hand.", who=target)
    if most == 1:
        return Text("Give 1 hand card; you take as many at random from {who}'s reserve.", who=target)
    if place == "hand":
        return Text.plural(
            "Give 1 to {count} hand cards; you take as many at random from {who}'s hand.",
            "Give 1 to {count} hand cards; you take as many at random from {who}'s hand.",
            most,
            who=target,
        )
    return Text.plural(
        "Give 1 to {count} hand cards; you take as many at random from {who}'s reserve.",
        "Give 1 to {count} hand cards; you take as many at random from {who}'s reserve.",
        most,
        who=target,
    )


def _place_label(who: str, place: str, count: int) -> Text:
    """Whose cards an ask takes from: "Seat 2's hand (3 cards)"."""
    if place == "hand":
        return Text.plural("{who}'s hand ({count} card)", "{who}'s hand ({count} cards)", count, who=who)
    return Text.plural("{who}'s reserve ({count} card)", "{who}'s reserve ({count} cards)", count, who=who)


def _exchanged(seat: int, count: int) -> Text:
    """A seat exchanged ``count`` cards between its hand and its reserve."""
    return Text.plural(
        "{who} exchanges {count} card with the reserve.",
        "{who} exchanges {count} cards with the reserve.",
        count,
        who=seat_name(seat),
    )


_COLOUR_RANK = {"White": 0, "Red": 1, "Orange": 2, "Yellow": 3, "Green": 4, "Blue": 5, "Violet": 6}
