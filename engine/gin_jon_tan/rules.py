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

from itertools import combinations
from random import Random
from typing import Any

from engine.core import Decision, IllegalMove, Move, Option, listed
from engine.gin_jon_tan.cards import FULL_SET, Card
from engine.gin_jon_tan.combination import Combination
from engine.gin_jon_tan.duels import Duels
from engine.gin_jon_tan.rulebook import ACTIVE, CYCLES, DECK_SIZE, HAND, OPTIONS, PRIZES, RESERVE, ROUND_EXCHANGE, RULES
from engine.gin_jon_tan.scoring import Scoring
from engine.gin_jon_tan.sentences import NOT_NOW, seat_name, seat_names
from engine.gin_jon_tan.value import evaluate
from engine.gin_jon_tan.views import GinJonTanView
from engine.words import Text

__all__ = ["DECK_SIZE", "OPTIONS", "PRIZES", "RULES", "GinJonTanState", "random_picks"]


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


class GinJonTanState(Duels, Combination, Scoring):
    """One game of Gin-jon-tan: several rounds, dealt afresh from each player's deck."""

    # -- dealing -----------------------------------------------------------------
    def _setup(self) -> None:
        if self.options["prizes"] == "on" and self.options["deck"] != "personal":
            raise ValueError(Text("Prizes need personal decks: choose deck personal, or turn prizes off."))
        self._make_decks()
        self.scores = [0] * self.num_players
        self.round_no = 0
        self.evaluation = []
        self.transfers = []
        self.finished = False
        self.last_round = ""
        self._start_round()

    def _make_decks(self) -> None:
        """Every seat's 33 cards and the item id of each (the owner's collection item)."""
        n = self.num_players
        self.decks = []
        self.items = []
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
        self.hands = []
        self.reserves = []
        self.piles = []
        for seat in range(n):
            ids = [f"{seat}.{i}" for i in range(DECK_SIZE)]
            self.rng.shuffle(ids)
            self.hands.append(ids[:HAND])
            self.reserves.append(ids[HAND : HAND + RESERVE])
            self.piles.append(ids[HAND + RESERVE :])
        self.actives = [[] for _ in range(n)]
        self.swapped = []
        self.turn_order = []
        self.turned = [[] for _ in range(n)]
        self.duel_no = 0
        self.duel = None
        self.last_clash = None
        self.satisfied = []
        self.combination_turn = 0
        self.streak = 0
        self.asking = None
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

    # -- facts -------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.stage

    # -- who decides what --------------------------------------------------------
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

    # -- acting ------------------------------------------------------------------
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

    # -- what a seat sees --------------------------------------------------------
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
