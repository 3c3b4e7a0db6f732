"""Tet-Gow computer players: the default thinking player and two baselines.

All three read only a :class:`TetGowView`. The default player remembers nothing
between calls: the cards still unseen are the deck minus its hand, its own
passes and the public record of face-up plays (``view.seen``); the others'
passed cards stay unknown, as for a person, and its guesses of who holds what
fit what each seat did this game (``view.rounds``, see :mod:`inference`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations
from math import comb
from typing import NamedTuple

from engine.core import Decision, Move, View
from engine.players import ComputerPlayer
from engine.tet_gow import inference, rollout
from engine.tet_gow.deck import CARDS, SETS, deck, set_mix, tier_of
from engine.tet_gow.rules import TetGowView

__all__ = ["DeepTetGowPlayer", "GreedyPlayer", "QuickTetGowPlayer", "RandomPlayer", "TetGowPlayer"]


def _decision(view: View, kind: str) -> Decision | None:
    return next((d for d in view.decisions if d.kind == kind), None)


def _groups(hand: list[str] | tuple[str, ...]) -> dict[int, list[str]]:
    """The hand by Tier, strongest Tier first."""
    groups: dict[int, list[str]] = {}
    for card in hand:
        groups.setdefault(tier_of(card), []).append(card)
    return dict(sorted(groups.items()))


def _weakest(hand: list[str] | tuple[str, ...], count: int) -> tuple[str, ...]:
    """The ``count`` weakest cards (hands are sorted strongest first)."""
    return tuple(hand[len(hand) - count :])


_SET_INDEX = {c.id: SETS.index(c.set) for c in CARDS.values()}


def _mix(cards: Iterable[str]) -> tuple[int, int, int]:
    """The same as :func:`set_mix`, without a Counter: ranking the candidates asks thousands of times."""
    counts = [0, 0, 0]
    for card in cards:
        counts[_SET_INDEX[card]] += 1
    return (counts[0], counts[1], counts[2])


def _follow_cards(option_id: str) -> list[str]:
    return [option_id[i : i + 2] for i in range(0, len(option_id), 2)]


class RandomPlayer(ComputerPlayer):
    """Picks a kind of move at random (lead, follow or pass), then a random legal move of it."""

    name = "random"

    def choose(self, view: View) -> Move:
        assert isinstance(view, TetGowView)
        decision = self.rng.choice(view.decisions)
        if decision.kind == "follow":
            return Move("follow", (self.rng.choice(decision.options).id,))
        if decision.kind == "pass":
            return Move("pass", tuple(self.rng.sample(view.hand, decision.min_picks)))
        group = self.rng.choice(list(_groups(view.hand).values()))
        limit = 4 if view.classic_limit else len(group)
        while True:
            cards = self.rng.sample(group, self.rng.randint(1, min(limit, len(group))))
            if not view.classic_limit or set_mix(cards)[1] <= 1:
                return Move("lead", tuple(cards))


class GreedyPlayer(ComputerPlayer):
    """Takes tricks now: leads its biggest Tier group, follows whenever it can, passes its weakest."""

    name = "greedy"

    def choose(self, view: View) -> Move:
        assert isinstance(view, TetGowView)
        if _decision(view, "lead"):
            return Move("lead", _limited(max(_groups(view.hand).values(), key=len), view.classic_limit))
        follow = _decision(view, "follow")
        if follow:
            strongest = min(follow.options, key=lambda o: tier_of(o.id[:2]))
            return Move("follow", (strongest.id,))
        return Move("pass", _weakest(view.hand, view.lead_size))


def _limited(group: list[str], classic: bool) -> tuple[str, ...]:
    """The group itself, or its best part the classic lead limit allows (one Cycle, four cards)."""
    if not classic:
        return tuple(group)
    cycle = [c for c in group if CARDS[c].set == "Cycle"][:1]
    others = [c for c in group if CARDS[c].set != "Cycle"]
    return tuple((others + cycle)[:4])


class _Knowledge:
    """What the seat can infer: which cards are still unseen and who could hold them."""

    def __init__(self, view: TetGowView) -> None:
        self.view = view
        self.seat = view.seat
        known = set(view.hand) | set(view.seen) | set(view.own_passes)
        self.unknown = [c for c in deck(view.num_players) if c not in known]
        #: unknown cards by (tier, set index)
        self.pool: dict[tuple[int, int], int] = {}
        for card in self.unknown:
            key = (CARDS[card].tier, SETS.index(CARDS[card].set))
            self.pool[key] = self.pool.get(key, 0) + 1
        #: The same, packed for the playouts (see :mod:`rollout`): the unseen cards in deck order, the hand.
        self.unknown_packed = [rollout.UNIT[c] for c in self.unknown]
        self.hand_packed = rollout.pack(view.hand)
        # Answers remembered for this decision: ranking the passes asks the same ones many times.
        self._beat_chances: dict[tuple[int, tuple[int, ...], tuple[int, ...], int | None], float] = {}
        self._powers: dict[str, float] = {}
        self._others = [s for s in range(view.num_players) if s != self.seat]

    def beat_chance(self, tier: int, mix: tuple[int, ...], seats: list[int], size: int | None = None) -> float:
        """Roughly, the chance one of ``seats`` holds ``mix`` in a Tier stronger than ``tier``."""
        key = (tier, mix, tuple(seats), size)
        chance = self._beat_chances.get(key)
        if chance is None:
            chance = self._beat_chances[key] = self._beat_chance(tier, mix, seats, size)
        return chance

    def _beat_chance(self, tier: int, mix: tuple[int, ...], seats: list[int], size: int | None) -> float:
        view = self.view
        unknown = max(1, len(self.unknown))
        x = sum(mix) if size is None else size
        safe = 1.0
        for seat in seats:
            hand = view.hand_sizes[seat]
            if hand < x:
                continue
            if (view.final_round or hand == x) and view.tricks[seat] + x < 2:
                continue
            for stronger in range(1, tier):
                chance = 1.0
                for set_index, need in enumerate(mix):
                    if need:
                        chance *= _hold_chance(self.pool.get((stronger, set_index), 0), need, hand, unknown)
                    if chance == 0.0:
                        break
                safe *= 1.0 - chance
        return 1.0 - safe

    def card_power(self, card: str) -> float:
        """How hard a single card is to beat: 1.0 when no unseen card of its Set is stronger."""
        power = self._powers.get(card)
        if power is None:
            info = CARDS[card]
            set_index = SETS.index(info.set)
            stronger = sum(self.pool.get((t, set_index), 0) for t in range(1, info.tier))
            power = self._powers[card] = 1.0 / (1.0 + stronger)
        return power

    def later_seats(self) -> list[int]:
        """Seats still to play after this one in the current round."""
        view = self.view
        n = view.num_players
        assert view.seat is not None  # a computer player always has a seat
        seats = []
        seat = (view.seat + 1) % n
        while seat != view.leader:
            seats.append(seat)
            seat = (seat + 1) % n
        return seats

    def others(self) -> list[int]:
        return self._others


def _distinct_passes(hand: list[str], size: int) -> list[tuple[str, ...]]:
    """Every pass of ``size`` cards that differs in play: cards of one Tier and Set are alike, so of
    those it throws the weakest (hands are sorted strongest first)."""
    fields: dict[int, list[str]] = {}
    for card in hand:
        fields.setdefault(rollout.UNIT[card], []).append(card)
    held = list(fields.values())
    found: list[tuple[str, ...]] = []

    def pick(at: int, left: int, chosen: tuple[str, ...]) -> None:
        if not left:
            found.append(tuple(sorted(chosen)))
            return
        if at == len(held):
            return
        cards = held[at]
        for count in range(min(left, len(cards)), -1, -1):
            pick(at + 1, left - count, chosen + tuple(cards[len(cards) - count :]))

    pick(0, size, ())
    return found


@cache
def _hold_chance(available: int, need: int, hand: int, unknown: int) -> float:
    """Chance a hand of ``hand`` cards drawn from ``unknown`` holds ``need`` of ``available`` cards.

    Cached: the arguments are small counts (a few thousand answers at most), asked again and again.
    """
    if available < need:
        return 0.0
    p = min(1.0, hand / unknown)
    return sum(comb(available, k) * p**k * (1 - p) ** (available - k) for k in range(need, available + 1))


class _Start(NamedTuple):
    """The table right after one candidate move, as :func:`rollout.finish` takes it."""

    #: The player's hand after the move, packed.
    hand: int
    #: The round's lead (a packed Set mix), its strongest face-up Tier so far, and that play's seat.
    lead: int
    best: int
    winner: int


class TetGowPlayer(ComputerPlayer):
    """The default player: weighs a few sensible moves by playing each out on guessed deals.

    It lists candidate moves with thought — whole Tier groups and their parts to
    lead, the follows, and passes that keep its strongest group (for the last
    lead) or its strong singles (to follow later) — then guesses several deals of
    the unseen cards that fit each seat's moves (:mod:`inference`) and, on each,
    plays the rest of the game out greedily (with the 2-trick rule). Candidates
    are weighed by successive halving: all of them on the first few deals, the
    better half on twice as many, and so on, until the last few are weighed on
    every deal; it keeps the one that wins most often.
    """

    name = "default"
    #: Guessed deals per decision, and the most candidate moves weighed.
    samples = 32
    max_candidates = 12
    #: Successive halving: deals every candidate is played out on first, and how many
    #: candidates always reach the last round (``first_look = samples`` weighs all on all).
    first_look = 4
    finalists = 3
    #: Guessed deals fit what each seat did (see :mod:`inference`): random deals tried for one,
    #: random deals drawn in all at most (then it makes do with the deals found, at least ``least``).
    infer = True
    tries = 20
    budget = 1000
    least = 16
    #: Swaps tried between two guessed deals once random ones stop fitting (0: none; see :func:`inference.deals`).
    walk = 0
    #: Weigh every distinct pass (cards of one Tier and Set are alike), the heuristics' ones first, at most
    #: ``pass_limit`` of them; else only the few the heuristics suggest.
    all_passes = False
    pass_limit = 16
    #: In the play-outs this seat follows thriftily (see :func:`rollout.finish`), not as greedily as the others.
    thrifty = False
    #: A play-out's worth: 1 for a win (shared wins split) plus this much per point.
    per_point = 0.02

    def choose(self, view: View) -> Move:
        assert isinstance(view, TetGowView)
        know = _Knowledge(view)
        candidates = self._candidates(view, know)
        if len(candidates) == 1:
            return candidates[0]
        if self.infer:
            deals = inference.deals(
                inference.record(view), self.rng, self.samples, self.tries, self.budget, self.least, self.walk
            )
        else:
            deals = [self._guess(view, know) for _ in range(self.samples)]
        return self._weigh(view, candidates, deals)

    def _weigh(self, view: TetGowView, candidates: list[Move], deals: list[list[int]]) -> Move:
        """The candidate with the best summed value over the deals it reached.

        A move that trails after a few playouts rarely comes back, so dropping the
        weaker half at each step spends the playouts (most of the CPU) on the
        close calls. Every candidate meets the same deals in the same order, so
        the comparisons are fair; ties go to the better-ranked candidate.
        """
        starts = [self._start(view, move) for move in candidates]
        values = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        done, upto = 0, min(self.first_look, len(deals))
        while True:
            for i in alive:
                values[i] += sum(self._play_out(view, starts[i], deal) for deal in deals[done:upto])
            alive.sort(key=lambda i: (-values[i], i))
            if upto == len(deals):
                return candidates[alive[0]]
            alive = alive[: max(self.finalists, (len(alive) + 1) // 2)]
            done, upto = upto, min(2 * upto, len(deals))

    # -- candidates -----------------------------------------------------------
    def _candidates(self, view: TetGowView, know: _Knowledge) -> list[Move]:
        if _decision(view, "lead"):
            leads = sorted(self._leads(view), key=lambda c: -self._lead_value(view, know, c))
            return [Move("lead", c) for c in leads[: self.max_candidates]]
        moves: list[Move] = []
        follow = _decision(view, "follow")
        if follow:
            later = know.later_seats()
            options = sorted(
                follow.options,
                key=lambda o: know.beat_chance(
                    tier_of(o.id[:2]), set_mix(_follow_cards(o.id)), later, size=view.lead_size
                ),
            )
            moves.extend(Move("follow", (o.id,)) for o in options[:4])
            if view.final_round:
                return moves[:1]
        passes = self._passes(view, know, view.lead_size)
        moves.extend(Move("pass", p) for p in passes)
        return moves[: self.max_candidates]

    def _leads(self, view: TetGowView) -> list[tuple[str, ...]]:
        found: list[tuple[str, ...]] = []
        for group in _groups(view.hand).values():
            found.append(_limited(group, view.classic_limit))
            found.extend((c,) for c in group)
            for set_name in SETS:
                part = [c for c in group if CARDS[c].set == set_name]
                if 1 < len(part) < len(group):
                    found.append(_limited(part, view.classic_limit))
        return list(dict.fromkeys(found))

    def _passes(self, view: TetGowView, know: _Knowledge, size: int) -> list[tuple[str, ...]]:
        """The weakest cards; the least useful by the hand value; each Tier group kept whole."""
        hand = list(view.hand)
        if size >= len(hand):
            return [tuple(hand)]
        found = [_weakest(hand, size), self._pass(view, know, size)]
        for group in _groups(hand).values():
            outside = [c for c in hand if c not in group]
            if len(outside) >= size:
                found.append(tuple(outside[len(outside) - size :]))
        passes = list(dict.fromkeys(tuple(sorted(p)) for p in found))
        if not self.all_passes:
            return passes
        seen = {rollout.pack(p) for p in passes}
        more = [p for p in _distinct_passes(hand, size) if rollout.pack(p) not in seen]
        more.sort(key=lambda gone: -self._hand_value(know, [c for c in hand if c not in gone]))
        return (passes + more)[: self.pass_limit]

    # -- lookahead --------------------------------------------------------------
    def _guess(self, view: TetGowView, know: _Knowledge) -> list[int]:
        """One deal consistent with what the seat knows: unseen cards spread over the other hands.

        Hands come packed (see :mod:`rollout`), which is all the playouts need: no sorting.
        """
        unseen = list(know.unknown_packed)
        self.rng.shuffle(unseen)
        hands: list[int] = []
        start = 0
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat:
                hands.append(know.hand_packed)
            else:
                hands.append(sum(unseen[start : start + size]))
                start += size
        return hands

    def _start(self, view: TetGowView, move: Move) -> _Start:
        """Where ``move`` leaves the round: worked out once per candidate, not once per deal."""
        seat = view.seat
        assert seat is not None
        cards = tuple(_follow_cards(move.picks[0]) if move.kind == "follow" else move.picks)
        plays = [(p.seat, p.cards) for p in view.plays if p.face_up]
        if move.kind != "pass":
            plays.append((seat, cards))
        lead = plays[0][1]
        return _Start(
            hand=rollout.pack(view.hand) - rollout.pack(cards),
            lead=rollout.tier_mix(rollout.pack(lead), tier_of(lead[0])),
            best=min(tier_of(played[0]) for _, played in plays),
            winner=plays[-1][0],
        )

    def _play_out(self, view: TetGowView, start: _Start, deal: list[int]) -> float:
        """The move's worth on one deal: 1 for a win (shared wins split) plus a little per point."""
        seat = view.seat
        assert seat is not None
        hands = list(deal)
        hands[seat] = start.hand
        points = rollout.finish(
            hands,
            list(view.tricks),
            view.leader,
            (seat + 1) % view.num_players,
            start.lead,
            start.best,
            start.winner,
            view.classic_limit,
            seat if self.thrifty else -1,
        )
        mine, top = points[seat], max(points)
        won = 0.0 if mine < top else 1.0 / points.count(top)
        return won + self.per_point * mine

    # -- heuristics that rank the candidates ---------------------------------
    def _lead_value(self, view: TetGowView, know: _Knowledge, cards: tuple[str, ...]) -> float:
        tier = tier_of(cards[0])
        rest = [c for c in view.hand if c not in cards]
        hold = 1.0 - know.beat_chance(tier, _mix(cards), know.others(), size=len(cards))
        if not rest:
            return hold * (10 + len(cards))
        return hold * (len(cards) + 2.0) + self._hand_value(know, rest) - 0.5 * len(rest)

    def _hand_value(self, know: _Knowledge, hand: list[str]) -> float:
        """How well a hand can still win the last round: its best final lead, its strong singles."""
        if not hand:
            return 0.0
        groups = _groups(hand)
        finals = [
            1.0 - know.beat_chance(tier, _mix(group), know.others(), size=len(group)) for tier, group in groups.items()
        ]
        singles = sum(know.card_power(c) for c in hand)
        return 6.0 * max(finals) + 1.0 * singles - 1.2 * (len(groups) - 1)

    def _pass(self, view: TetGowView, know: _Knowledge, size: int) -> tuple[str, ...]:
        """The cards whose loss hurts the hand value least."""
        hand = list(view.hand)
        if comb(len(hand), size) <= 40:
            best = max(
                combinations(hand, size),
                key=lambda gone: self._hand_value(know, [c for c in hand if c not in gone]),
            )
            return tuple(best)
        rest = list(hand)
        for _ in range(size):
            drop = max(rest, key=lambda c: self._hand_value(know, [d for d in rest if d != c]))
            rest.remove(drop)
        return tuple(c for c in hand if c not in rest)


class QuickTetGowPlayer(TetGowPlayer):
    """The normal level: the default player's thinking on a quarter of the guessed deals, dealt
    at random without reading the other seats' moves (reading them made it too close to strong)."""

    name = "quick"
    samples = 8
    first_look = 2
    finalists = 2
    infer = False


class DeepTetGowPlayer(TetGowPlayer):
    """The strong level: the default player's thinking on four times the guessed deals, with one
    more finalist, weighing every distinct pass; in its play-outs it follows thriftily itself (as
    it would), a win counts for more against points, and late guesses that random deals no longer
    fit are walked from one that does (so they keep fitting every seat's moves)."""

    name = "deep"
    samples = 128
    first_look = 8
    finalists = 4
    max_candidates = 20
    walk = 8
    all_passes = True
    thrifty = True
    per_point = 0.005
    budget = 500
