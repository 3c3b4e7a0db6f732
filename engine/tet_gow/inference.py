"""Guessing the hidden cards of a Tet-Gow game consistently with what each seat did.

The seat that thinks knows its hand, its own passes and every face-up play; the
rest of the deck (the pool) lies in the other seats' hands and passes. A guess
deals the pool out at random, but a seat that passed where it might have
followed most likely could not follow, a seat that followed most likely did so
in its strongest Tier, and a seat that passed most likely threw away its weakest
cards. So each guess is checked against the seat's record: its hidden cards plus
what it played face up are replayed as its hand from the start of the game,
move by move, the way a plain player would have made those moves; every move
that does not fit counts as a miss. Of a few tries, the guess with the fewest
misses is kept (usually one with none). When a seat plays otherwise (a person,
a thinking computer) the misses only make some guesses likelier than others.

Hands and plays are packed as in :mod:`engine.tet_gow.rollout`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from engine.tet_gow import rollout
from engine.tet_gow.deck import deck
from engine.tet_gow.rules import TetGowView

__all__ = ["Record", "deals", "record", "replay"]

_LEAD, _FOLLOW, _PASS = 0, 1, 2


class _Move(NamedTuple):
    """One move of a seat, with what a plain player in its place would have weighed."""

    kind: int
    #: The face-up cards (packed), 0 for a pass.
    cards: int
    size: int
    #: The lead's Set mix copied into every Tier, and the guards of the Tiers a follow had to beat
    #: (0 when the seat could not follow at all: the 2-trick rule).
    wanted: int
    stronger: int
    #: The guard of the Tier the seat followed in.
    tier_guard: int
    #: For a pass, the cards (packed) the seat plays face up later: they were in its hand and stayed.
    later: int = 0


class Record(NamedTuple):
    """What the other seats did this game, ready for :func:`deal`."""

    #: The cards nobody has seen but this seat, packed one card an entry.
    pool: list[int]
    #: Every other seat with its hidden cards' number (hand and passes), face-up cards (packed)
    #: and moves, oldest first.
    seats: list[tuple[int, int, int, tuple[_Move, ...]]]
    #: Each seat's hand size, and this seat's packed hand.
    hand_sizes: tuple[int, ...]
    me: int
    hand: int
    classic: bool


def record(view: TetGowView) -> Record:
    """The view's public record of the game, seat by seat."""
    me = view.seat
    assert me is not None
    known = set(view.hand) | set(view.seen) | set(view.own_passes)
    pool = [rollout.UNIT[c] for c in deck(view.num_players) if c not in known]
    moves: dict[int, list[_Move]] = {s: [] for s in range(view.num_players) if s != me}
    face_up = dict.fromkeys(moves, 0)
    hidden = {s: view.hand_sizes[s] for s in moves}
    rounds = [*view.rounds, view.plays] if view.plays else list(view.rounds)
    for number, plays in enumerate(rounds):
        final = number == len(view.rounds) and view.final_round
        lead = rollout.pack(plays[0].cards)
        size = plays[0].count
        mix = rollout.tier_mix(lead, plays[0].tier or 1)
        best = plays[0].tier or 7
        for play in plays:
            seat = play.seat
            if seat in moves:
                if play.face_up:
                    packed = rollout.pack(play.cards)
                    face_up[seat] += packed
                else:
                    packed = 0
                    hidden[seat] += play.count
                if play is plays[0]:
                    moves[seat].append(_Move(_LEAD, packed, play.count, 0, 0, 0))
                else:
                    may = not final or view.tricks[seat] + size >= 2
                    stronger = rollout.stronger_than(best) if may else 0
                    guard = rollout.tier_guard(play.tier) if play.tier is not None else 0
                    kind = _FOLLOW if play.face_up else _PASS
                    moves[seat].append(_Move(kind, packed, play.count, mix * rollout.EVERY_TIER, stronger, guard))
            if play.tier is not None:
                best = min(best, play.tier)
    for made in moves.values():
        later = 0
        for i in range(len(made) - 1, -1, -1):
            if made[i].kind == _PASS:
                made[i] = made[i]._replace(later=later)
            later += made[i].cards
    # The seats with the most telling records first (see :func:`deal`): passes where they might
    # have followed, then moves.
    order = sorted(moves, key=lambda s: (-sum(1 for m in moves[s] if m.kind == _PASS and m.stronger), -len(moves[s])))
    seats = [(s, hidden[s], face_up[s], tuple(moves[s])) for s in order]
    return Record(pool, seats, view.hand_sizes, me, rollout.pack(view.hand), view.classic_limit)


def replay(start: int, moves: tuple[_Move, ...], classic: bool, limit: int = 99) -> tuple[int, int]:
    """(the hand left, the misses) of a seat that began the game with ``start`` (packed) and made
    ``moves``; it stops early (the hand then means nothing) once the misses pass ``limit``."""
    hand, misses = start, 0
    guards = rollout.GUARDS
    for kind, cards, size, wanted, stronger, tier_guard, later in moves:
        if kind == _LEAD:
            if rollout.greedy_lead(hand, classic) != cards:
                misses += 1
            hand -= cards
        else:
            held = ((hand | guards) - wanted) & guards
            tiers = held & held >> 3 & held >> 6 & stronger
            if kind == _FOLLOW:
                if tiers & -tiers != tier_guard:
                    misses += 1
                hand -= cards
            else:
                left = rollout.drop_weakest(hand - later, size) + later
                if tiers or left != rollout.drop_weakest(hand, size):
                    misses += 1
                hand = left
        if misses > limit:
            break
    return hand, misses


def deals(
    rec: Record, rng: random.Random, count: int, tries: int, budget: int, least: int, walk: int = 0
) -> list[list[int]]:
    """Up to ``count`` guessed deals (every seat's packed hand), each the first of up to ``tries``
    random ones without misses, else the one with the fewest.

    ``budget`` caps the random deals drawn in all, so a decision stays quick
    when few deals fit: it then makes do with the deals found (at least
    ``least``). A draw is given up as soon as its misses reach the fewest so
    far, and the seats whose records tell most are checked first (see
    :func:`record`), so most failing draws cost one seat's replay.

    With ``walk``, once a deal without misses is found, a draw that finds none (or any deal
    past the budget) is made instead by ``walk`` swaps of two cards between two seats from the
    last deal without misses, each kept only when both seats still fit their records: late in
    a game, when few random deals fit, the guesses then still fit every move.
    """
    found: list[list[int]] = []
    pool = list(rec.pool)
    everything, size, last = sum(pool), len(pool), len(rec.seats) - 1
    random = rng.random
    hands = [0] * len(rec.hand_sizes)
    hands[rec.me] = rec.hand
    drawn = 0
    # The last deal without misses (the pool's order and the hands), and the walk from it once needed.
    fit: tuple[list[int], list[int]] | None = None
    chain: _Chain | None = None
    while len(found) < count:
        if drawn >= budget:
            if fit is not None:
                chain = chain or _Chain(rec, *fit)
                found.append(chain.step(walk, random))
                continue
            if len(found) >= least:
                break
        best: list[int] = []
        fewest = 999
        for _ in range(tries):
            drawn += 1
            misses, at, dealt = 0, 0, 0
            for number, (seat, hidden, face_up, moves) in enumerate(rec.seats):
                if number < last:
                    # Deal this seat a random part of the cards left, swapping them to the front
                    # (Fisher-Yates, only as far as needed; the last seat takes the rest).
                    for i in range(at, at + hidden):
                        j = i + int(random() * (size - i))
                        pool[i], pool[j] = pool[j], pool[i]
                    cards = sum(pool[at : at + hidden])
                    dealt += cards
                    at += hidden
                else:
                    cards = everything - dealt
                hands[seat], miss = replay(cards + face_up, moves, rec.classic, fewest - 1 - misses)
                misses += miss
                if misses >= fewest:
                    break
            else:
                best, fewest = list(hands), misses
                if not misses:
                    break
        if fewest and fit is not None:
            chain = chain or _Chain(rec, *fit)
            best = chain.step(walk, random)
        elif not fewest and walk:
            fit, chain = (list(pool), best), None
        found.append(best)
    return found


class _Chain:
    """A deal without misses, changed by swaps that keep it so (see :func:`deals`)."""

    def __init__(self, rec: Record, pool: list[int], hands: list[int]) -> None:
        self.rec = rec
        self.pool = list(pool)
        self.hands = list(hands)
        #: Each pool position's seat (its index in ``rec.seats``), and each seat's hidden cards.
        self.owner: list[int] = []
        for number, (_, hidden, _, _) in enumerate(rec.seats):
            self.owner.extend([number] * hidden)
        self.owner.extend([len(rec.seats) - 1] * (len(pool) - len(self.owner)))
        self.hidden = [0] * len(rec.seats)
        for position, number in enumerate(self.owner):
            self.hidden[number] += self.pool[position]

    def step(self, walk: int, random: Callable[[], float]) -> list[int]:
        """The deal after ``walk`` tried swaps."""
        pool, owner, hidden, seats, size = self.pool, self.owner, self.hidden, self.rec.seats, len(self.pool)
        for _ in range(walk):
            i, j = int(random() * size), int(random() * size)
            a, b = owner[i], owner[j]
            if a == b or pool[i] == pool[j]:
                continue
            moved = pool[j] - pool[i]
            seat_a, _, up_a, moves_a = seats[a]
            hand_a, miss = replay(hidden[a] + moved + up_a, moves_a, self.rec.classic, 0)
            if miss:
                continue
            seat_b, _, up_b, moves_b = seats[b]
            hand_b, miss = replay(hidden[b] - moved + up_b, moves_b, self.rec.classic, 0)
            if miss:
                continue
            pool[i], pool[j] = pool[j], pool[i]
            hidden[a] += moved
            hidden[b] -= moved
            self.hands[seat_a], self.hands[seat_b] = hand_a, hand_b
        return list(self.hands)
