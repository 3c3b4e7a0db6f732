"""Gin-Go computer players: the default link player, a greedy baseline and a random one.

All read only a :class:`GinGoView`. The default player plays for the link, not only
for cards: it prices each board square by how much a chip there shortens its side's
cheapest chain from the A row to the K row (own chips cost 0, empty squares 1,
opposing chips 2) and how much it lengthens the other side's, so a meld is worth the
squares it claims, bumps and blocks. It melds and hits in order of that worth, names
Jokers for the best square, takes from the discard pile when what it can lay down at
once pays for the extra cards it must hold, and discards the card worth least to
itself and least to the next player (always an opponent). Partners share one side, so
squares are valued for the side; in 2v2 it also goes out eagerly, because going out
captures the partner's cards for its own side.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass

from engine.core import Decision, Move, View
from engine.gin_go.board import COLUMNS, SQUARES, neighbours, square_of
from engine.gin_go.cards import is_joker, rank_of
from engine.gin_go.pickup import USE_TAKEN, TableMeld, hits_now, melds_now
from engine.gin_go.view import GinGoView, MeldView
from engine.players import ComputerPlayer

__all__ = ["GinGoPlayer", "GreedyPlayer", "RandomPlayer", "candidate_plays"]

#: A play: ("meld", cards, "") or ("hit", cards, meld id).
Play = tuple[str, tuple[str, ...], str]


def _decision(view: View, kind: str) -> Decision | None:
    return next((d for d in view.decisions if d.kind == kind), None)


def _table_names(melds: tuple[MeldView, ...] | list[MeldView]) -> set[str]:
    return {n for m in melds for n in m.names}


def table_melds(view: GinGoView) -> list[TableMeld]:
    """The melds on the table as :mod:`engine.gin_go.pickup` reads them."""
    return [(m.id, m.kind, m.names) for m in view.melds]


def candidate_plays(view: GinGoView) -> list[Play]:
    """Every meld and hit shape the seat may make now (the same ones the rules offer)."""
    hand = list(view.hand)
    names = _table_names(view.melds)
    plays: list[Play] = []
    if _decision(view, "meld"):
        plays += [("meld", g, "") for g in melds_now(view.phase, hand, names, view.taken)]
    if _decision(view, "hit"):
        plays += [("hit", g, mid) for mid, g in hits_now(view.phase, hand, table_melds(view), names, view.taken)]
    return plays


def _play_move(play: Play) -> Move:
    kind, cards, target = play
    return Move(kind, (*cards, target) if target else cards)


def _simple(view: GinGoView) -> Move | None:
    """The answers every player gives alike: set-up choices."""
    if _decision(view, "setup_mode"):
        return Move("setup_mode", ("normal",))
    if _decision(view, "arrange_suits"):
        return Move("arrange_suits", ("c", "d", "h", "s"))
    return None


class RandomPlayer(ComputerPlayer):
    """Picks one of its decisions at random, then a random legal answer to it."""

    name = "random"

    def choose(self, view: View) -> Move:
        assert isinstance(view, GinGoView)
        decision = self.rng.choice(view.decisions)
        if decision.kind == "arrange_suits":
            return Move("arrange_suits", tuple(self.rng.sample("cdhs", 4)))
        if decision.kind in ("meld", "hit"):
            plays = [p for p in candidate_plays(view) if p[0] == decision.kind]
            return _play_move(self.rng.choice(plays))
        return Move(decision.kind, (self.rng.choice(decision.options).id,))


class GreedyPlayer(ComputerPlayer):
    """Melds whatever it can (biggest first), takes the nearest usable discard, discards its highest card."""

    name = "greedy"

    def choose(self, view: View) -> Move:
        assert isinstance(view, GinGoView)
        simple = _simple(view)
        if simple:
            return simple
        draw = _decision(view, "draw")
        if draw:
            takes = [o.id for o in draw.options if o.id != "stock"]
            return Move("draw", (takes[-1] if takes else "stock",))
        for kind in ("name_joker", "capture_joker"):
            decision = _decision(view, kind)
            if decision:
                return Move(kind, (decision.options[0].id,))
        plays = candidate_plays(view)
        if plays:
            return _play_move(max(plays, key=lambda p: len(p[1])))
        discard = _decision(view, "discard")
        assert discard is not None
        return Move("discard", (_highest(view.hand),))


def _highest(hand: tuple[str, ...]) -> str:
    naturals = [c for c in hand if not is_joker(c)]
    return max(naturals, key=rank_of) if naturals else hand[0]


# -- the link player --------------------------------------------------------------------

OPPONENT_COST = 2


def _distances(board: tuple[int | None, ...], side: int, from_row: int, orthogonal_only: bool) -> list[float]:
    """Cheapest cost of a chain from a board end row to each square, the square's own cost included."""
    cost = [0 if b == side else (1 if b is None else OPPONENT_COST) for b in board]
    dist = [float("inf")] * SQUARES
    heap: list[tuple[float, int]] = []
    first = range(COLUMNS) if from_row == 1 else range(SQUARES - COLUMNS, SQUARES)
    for sq in first:
        dist[sq] = cost[sq]
        heap.append((cost[sq], sq))
    heapq.heapify(heap)
    while heap:
        d, sq = heapq.heappop(heap)
        if d > dist[sq]:
            continue
        for nxt in neighbours(sq, orthogonal_only):
            nd = d + cost[nxt]
            if nd < dist[nxt]:
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return dist


@dataclass
class SquareValues:
    """What a chip of ``side`` on each square is worth: its own chain shortened, the other's lengthened."""

    values: list[float]
    distance: float
    opponent_distance: float

    @classmethod
    def build(cls, board: tuple[int | None, ...], side: int, orthogonal_only: bool) -> SquareValues:
        other = 1 - side
        own_low = _distances(board, side, 1, orthogonal_only)
        own_high = _distances(board, side, 13, orthogonal_only)
        opp_low = _distances(board, other, 1, orthogonal_only)
        opp_high = _distances(board, other, 13, orthogonal_only)
        distance = min(own_low[SQUARES - COLUMNS :])
        opp_distance = min(opp_low[SQUARES - COLUMNS :])
        urgency = 1 + 4 / (1 + distance)
        threat = 1 + 6 / (1 + opp_distance)
        values = []
        for sq in range(SQUARES):
            holder = board[sq]
            if holder == side:
                values.append(0.0)
                continue
            cost = 1 if holder is None else OPPONENT_COST
            through = own_low[sq] + own_high[sq] - cost
            gain = max(0.0, distance - (through - cost))
            slack = through - distance
            value = 0.5 + urgency * (1.5 * gain + 1.0 / (1 + slack))
            opp_cost = 0 if holder == other else 1
            opp_through = opp_low[sq] + opp_high[sq] - opp_cost
            opp_slack = opp_through - opp_distance
            value += threat * (OPPONENT_COST - opp_cost) * 0.8 / (1 + opp_slack)
            values.append(value)
        return cls(values, distance, opp_distance)


class GinGoPlayer(ComputerPlayer):
    """The default player: plays for the link (see the module docstring)."""

    name = "link"

    def choose(self, view: View) -> Move:
        assert isinstance(view, GinGoView)
        simple = _simple(view)
        if simple:
            return simple
        side = view.sides[view.seat or 0]
        row = view.suit_rows[side]
        assert row is not None
        mine = SquareValues.build(view.board, side, view.orthogonal_only)
        other_row = view.suit_rows[1 - side]
        theirs = SquareValues.build(view.board, 1 - side, view.orthogonal_only)

        def worth(card: str) -> float:
            return mine.values[square_of(side, row, card)]

        def danger(card: str) -> float:
            if is_joker(card):
                return 6.0
            assert other_row is not None
            return theirs.values[square_of(1 - side, other_row, card)]

        for kind in ("name_joker", "capture_joker"):
            decision = _decision(view, kind)
            if decision:
                named = [o for o in decision.options if o.id != "cancel"]
                best = max(named, key=lambda o: worth(o.id.rpartition("-")[2]))
                return Move(kind, (best.id,))
        draw = _decision(view, "draw")
        if draw:
            return Move("draw", (self._draw(view, draw, worth),))
        plays = candidate_plays(view)
        if plays:
            return _play_move(max(plays, key=lambda p: self._play_worth(p, view, worth)))
        keep = {c: self._keep_worth(c, view.hand, worth) + 0.6 * danger(c) for c in view.hand}
        return Move("discard", (min(view.hand, key=lambda c: keep[c]),))

    @staticmethod
    def _play_worth(play: Play, view: GinGoView, worth: Callable[[str], float]) -> float:
        cards = play[1]
        best_joker = max((worth(c) for c in view.hand if not is_joker(c)), default=1.0)
        return sum(best_joker if is_joker(c) else worth(c) + 0.3 for c in cards)

    @staticmethod
    def _keep_worth(card: str, hand: tuple[str, ...], worth: Callable[[str], float]) -> float:
        """How much holding a card is worth: its square, and the melds it may grow into."""
        if is_joker(card):
            return 50.0
        r, s = rank_of(card), card[1]
        partners = 0.0
        for other in hand:
            if other == card or is_joker(other):
                continue
            if rank_of(other) == r:
                partners += 1.0
            elif other[1] == s and abs(rank_of(other) - r) <= 2:
                partners += 1.0 if abs(rank_of(other) - r) == 1 else 0.6
        return worth(card) * (1 + 0.5 * partners) + 1.5 * partners

    def _draw(self, view: GinGoView, draw: Decision, worth: object) -> str:
        assert callable(worth)
        takes = [o.id for o in draw.options if o.id != "stock"]
        has_stock = any(o.id == "stock" for o in draw.options)
        if not takes:
            return "stock"
        pile = view.discard_pile
        names = _table_names(view.melds)
        best, best_score = "stock", 0.0 if has_stock else float("-inf")
        for chosen in takes[-6:] if has_stock else takes:
            taken = pile[pile.index(chosen) :]
            hand = [*view.hand, *taken]
            groups = melds_now(USE_TAKEN, hand, names, taken)
            groups += [g for _, g in hits_now(USE_TAKEN, hand, table_melds(view), names, taken)]
            score = max((sum(worth(c) + 0.3 for c in g if not is_joker(c)) for g in groups), default=0.0)
            score -= 1.2 * max(0, len(taken) - 3)
            if score > best_score:
                best, best_score = chosen, score
        return best
