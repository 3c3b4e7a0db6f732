"""Gin-Go pick-ups against brute force: every pick-up the rule page allows is offered.

The page: the chosen card "must be used at once, in the same action, in a new meld with
cards from hand, or be laid off; laying off is only allowed when at least 2 cards were taken
and at least 2 of them are laid off this turn." Over random games with small hands, every
subset of the cards held is tried as a meld or a lay-off onto every meld on the table (and,
for a lay-off with one taken card, every second lay-off after it), using only the meld test
:func:`namings`; the rules must offer each pick-up found so, and each opening shape.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest

from engine.core import Move
from engine.gin_go import GAME, GinGoState
from engine.gin_go.cards import is_joker
from engine.gin_go.melds import namings

Meld = tuple[str, str, tuple[str, ...]]
#: A shape: the natural cards and how many Jokers (which Joker is which does not matter).
Shape = tuple[tuple[str, ...], int]

MOST_CARDS = 10  # held after the pick-up: brute force tries 2^(n-1) groups


def shape(cards: Sequence[str]) -> Shape:
    return tuple(sorted(c for c in cards if not is_joker(c))), sum(1 for c in cards if is_joker(c))


def groups(cards: Sequence[str], must: str | None = None) -> list[list[str]]:
    """Every non-empty subset (holding ``must``), keeping at least one card to discard."""
    rest = [c for c in cards if c != must]
    first = [must] if must else []
    found = []
    for size in range(len(rest) + 1):
        for combo in combinations(rest, size):
            group = [*first, *combo]
            if group and len(group) < len(cards):
                found.append(group)
    return found


def laid_names(cards: Sequence[str], joker_names: Sequence[str]) -> list[str]:
    names = iter(joker_names)
    return [next(names) if is_joker(c) else c for c in cards]


def follow_ups(hand: list[str], melds: list[Meld], forbidden: set[str], owed: set[str]) -> set[tuple[str, Shape]]:
    """Every lay-off holding an owed card (brute force)."""
    found = set()
    for group in groups(hand):
        if not owed & set(group):
            continue
        for mid, kind, ids in melds:
            if namings(group, forbidden, ids, kind):
                found.add((mid, shape(group)))
    return found


def openings(
    hand: list[str], melds: list[Meld], forbidden: set[str], taken: list[str]
) -> dict[tuple[str, Shape], list[str]]:
    """Every legal first use of a pick-up, one group per shape: ("meld", shape) or (meld id, shape) of a lay-off."""
    chosen = taken[0]
    found: dict[tuple[str, Shape], list[str]] = {}
    for group in groups(hand, chosen):
        if namings(group, forbidden):
            found.setdefault(("meld", shape(group)), group)
        if len(taken) < 2:
            continue
        held = sum(1 for c in group if c in taken)
        for mid, kind, ids in melds:
            for _, joker_names in namings(group, forbidden, ids, kind):
                if held >= 2:
                    found.setdefault((mid, shape(group)), group)
                    break
                laid = laid_names(group, joker_names)
                after = [(m, k, (*i, *laid) if m == mid else i) for m, k, i in melds]
                rest = [c for c in hand if c not in group]
                if follow_ups(rest, after, forbidden | set(laid), set(taken) - set(group)):
                    found.setdefault((mid, shape(group)), group)
                    break
    return found


def offered_hits(state: GinGoState, seat: int) -> set[tuple[str, Shape]]:
    return {(mid, shape(g)) for mid, g in state.hit_candidates(seat)}


def move_of(target: str, cards: Sequence[str]) -> str:
    return "meld:" + ",".join(cards) if target == "meld" else "hit:" + ",".join([*cards, target])


def check_position(state: GinGoState, seat: int, counts: dict[str, int]) -> None:
    """At a draw: the brute-force pick-ups are the offered ones, and after each, its openings are offered."""
    melds = state.table_melds()
    forbidden = state.table_names()
    takes = set(state.legal_takes(seat))
    for i in range(len(state.discard)):
        taken = state.discard[i:]
        hand = [*state.hands[seat], *taken]
        if len(hand) > MOST_CARDS:
            continue
        legal = openings(hand, melds, forbidden, taken)
        counts["positions"] += 1
        assert (i in takes) == bool(legal), (state.discard, state.hands[seat], melds, i, legal)
        if not legal:
            continue
        counts["pick-ups"] += 1
        if not any(kind == "meld" for kind, _ in legal):
            counts["lay-off only"] += 1
        trial = state.copy()
        assert isinstance(trial, GinGoState)
        trial.act(seat, f"draw:{taken[0]}")
        # Every opening is a move the rules take; every lay-off shape is listed for the computer and the picture.
        for (target, _), cards in sorted(legal.items()):
            assert trial.is_legal(seat, Move.parse(move_of(target, cards))), (target, cards)
        hits = {key for key in legal if key[0] != "meld"}
        assert hits <= offered_hits(trial, seat), hits - offered_hits(trial, seat)
        for (target, _), cards in sorted(legal.items()):
            if target == "meld" or sum(1 for c in cards if c in taken) >= 2:
                continue
            counts["two lay-offs"] += 1
            owing = trial.copy()
            assert isinstance(owing, GinGoState)
            owing.act(seat, move_of(target, cards))
            while owing.phase == "name_joker":
                owing.act(seat, f"name_joker:{owing.decisions_for(seat)[0].options[0].id}")
            assert owing.phase == "lay_off_taken"
            due = follow_ups(owing.hands[seat], owing.table_melds(), owing.table_names(), set(taken))
            assert due and due <= offered_hits(owing, seat)


@pytest.mark.parametrize("players", [2, 4])
def test_every_pick_up_the_rule_page_allows_is_offered(players: int) -> None:
    counts = {"positions": 0, "pick-ups": 0, "lay-off only": 0, "two lay-offs": 0}
    for seed in range(6):
        state = GAME.new_state(players, seed, {"cards": 5 if players == 2 else 3, "hand_limit": 3})
        assert isinstance(state, GinGoState)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over and steps < 400:
            steps += 1
            seat = rng.choice(state.waiting_on())
            if state.phase == "draw":
                check_position(state, seat, counts)
            state.act(seat, state.random_move(seat, rng))
    # The walk met pick-ups of every kind (else it proved little).
    assert counts["pick-ups"] > 20 and counts["lay-off only"] > 0 and counts["two lay-offs"] > 0, counts
