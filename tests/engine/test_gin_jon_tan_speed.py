"""The fast hand value and hand plan decide exactly as the plain ones they replaced.

The plain versions below are the straightforward code the engine used before it was
made cheaper (every subset listed, then scored; every window's estimate recomputed).
The fast ones must agree on the whole evaluation (value, kind, members, label: ties
go to the same combination), on every plan, and so on every computer decision.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.gin_jon_tan.players as players
from engine.core import Move
from engine.gin_jon_tan import FULL_SET, GAME, Card, Evaluation, GinJonTanView, evaluate
from engine.gin_jon_tan.cards import COLOURS, MULTIPLIER
from engine.gin_jon_tan.value import GROUP_FACTOR, ORDER_FACTOR, _colour_factor

_COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}


# -- the plain hand value ---------------------------------------------------------


def plain_evaluate(hand: tuple[Card, ...]) -> Evaluation:
    base, kind, members, label = plain_best_combination(hand)
    bonuses = sorted((i for i, c in enumerate(hand) if c.symbol == "Bonus"), key=lambda i: -hand[i].value)
    value = base
    for i in bonuses:
        value = (value + hand[i].value) * 3
    if not kind:
        label = "no combination"
    if bonuses:
        label += f", {len(bonuses)} Bonus" + ("es" if len(bonuses) > 1 else "")
    return Evaluation(value, base, kind, members, tuple(bonuses), label)


def plain_best_combination(hand: tuple[Card, ...]) -> tuple[int, str, tuple[int, ...], str]:
    pool = [i for i, c in enumerate(hand) if not c.is_special]
    best: tuple[int, str, tuple[int, ...], str] = (0, "", (), "")
    full = plain_full_colours(hand, pool)
    if full > 0:
        best = (full, "full colours", tuple(pool), "Full colours")
    universals = sorted((i for i in pool if hand[i].symbol == "Universal"), key=lambda i: -hand[i].value)
    normals = sorted((i for i in pool if hand[i].symbol != "Universal"), key=lambda i: hand[i].number)
    by_symbol: dict[str, list[int]] = {}
    for i in normals:
        by_symbol.setdefault(hand[i].symbol, []).append(i)
    candidates: list[list[int]] = [[]] if len(universals) >= 2 else []
    for cards in by_symbol.values():
        for mask in range(1, 1 << len(cards)):
            candidates.append([c for b, c in enumerate(cards) if mask >> b & 1])
    for chosen in candidates:
        k = len(chosen) + len(universals)
        if 2 <= k <= 9:
            factor, colour_label = _colour_factor([_COLOUR_INDEX[hand[i].colour] for i in chosen], len(universals))
            total = sum(hand[i].value for i in chosen) + sum(hand[i].value for i in universals)
            value = GROUP_FACTOR[k] * total * factor
            if value > best[0]:
                best = (value, "group", tuple(sorted([*chosen, *universals])), f"Group of {k}{colour_label}")
    for chosen in plain_distinct_runs(hand, normals):
        numbers = [hand[i].number for i in chosen]
        colours = [_COLOUR_INDEX[hand[i].colour] for i in chosen]
        for j in range(len(universals) + 1):
            k = len(chosen) + j
            if k < 3 or k > 9:
                continue
            used = universals[:j]
            top_universal = hand[used[0]].value if used else 0
            top = plain_order_top(numbers, top_universal, hand[chosen[-1]].value if chosen else 0, k)
            if not top:
                continue
            factor, colour_label = _colour_factor(colours, j)
            value = ORDER_FACTOR[k] * sum(hand[i].value for i in [*chosen, *used]) * top * factor
            if value > best[0]:
                best = (value, "order", tuple(sorted([*chosen, *used])), f"Order of {k}{colour_label}")
    return best


def plain_distinct_runs(hand: tuple[Card, ...], normals: list[int]) -> list[list[int]]:
    found: list[list[int]] = [[]]

    def grow(chosen: list[int], start: int) -> None:
        for n in range(start, len(normals)):
            number = hand[normals[n]].number
            if number - hand[chosen[0]].number >= 9:
                break
            if number != hand[chosen[-1]].number:
                found.append([*chosen, normals[n]])
                grow([*chosen, normals[n]], n + 1)

    for first in range(len(normals)):
        found.append([normals[first]])
        grow([normals[first]], first + 1)
    return found


def plain_order_top(numbers: list[int], best_universal: int, v_high: int, k: int) -> int:
    if not numbers:
        return best_universal
    low, high = numbers[0], numbers[-1]
    if high - low + 1 > k or max(1, high - k + 1) > min(low, 34 - k):
        return 0
    top = v_high if high >= k else 0
    if best_universal and high - k + 2 <= low and high <= 32:
        top = max(top, best_universal)
    return top


def plain_full_colours(hand: tuple[Card, ...], pool: list[int]) -> int:
    non_white = COLOURS[1:]
    counts = Counter(hand[i].colour for i in pool if hand[i].symbol != "Universal")
    universals = sum(1 for i in pool if hand[i].symbol == "Universal")
    missing = [c for c in non_white if counts[c] == 0]
    if len(missing) > universals:
        return 0
    counts.update(missing)
    best_f = 0
    for extra in combinations_with_replacement(non_white, universals - len(missing)):
        trial = counts + Counter(extra)
        top = max(trial[c] for c in non_white)
        best_f = max(best_f, sum(MULTIPLIER[c] * trial[c] for c in non_white if trial[c] == top))
    return 9 * sum(hand[i].value for i in pool) * best_f


# -- the plain hand plan ------------------------------------------------------------


def plain_plan_hand(cards: list[Card], size: int) -> list[int]:
    bonuses = sorted((i for i, c in enumerate(cards) if c.symbol == "Bonus"), key=lambda i: -cards[i].value)
    universals = sorted((i for i, c in enumerate(cards) if c.symbol == "Universal"), key=lambda i: -cards[i].value)
    normals = [i for i, c in enumerate(cards) if not c.is_special and c.symbol != "Universal"]
    bonuses = bonuses[: max(0, size - 2)]
    room = size - len(bonuses)
    candidates: list[tuple[int, list[int]]] = []
    best_at: dict[int, int] = {}
    for i in normals:
        number = cards[i].number
        if number not in best_at or cards[i].value > cards[best_at[number]].value:
            best_at[number] = i

    def estimate(members: list[int], factor: int) -> int:
        normal = [_COLOUR_INDEX[cards[i].colour] for i in members if cards[i].symbol != "Universal"]
        colour, _ = _colour_factor(normal, len(members) - len(normal))
        return factor * sum(cards[i].value for i in members) * colour

    for k in range(3, min(9, room) + 1):
        for high in range(k, 34):
            present = [best_at[n] for n in range(high - k + 1, high + 1) if n in best_at]
            missing = k - len(present)
            if missing > len(universals) or len(present) < 1:
                continue
            members = present + universals[:missing]
            top = cards[best_at[high]].value if high in best_at else cards[universals[0]].value
            candidates.append((estimate(members, ORDER_FACTOR[k] * top), members))
    by_symbol: dict[str, list[int]] = {}
    for i in normals:
        by_symbol.setdefault(cards[i].symbol, []).append(i)
    for group in by_symbol.values():
        members = sorted(group, key=lambda i: -cards[i].value)[: max(0, room - len(universals))] + universals[:room]
        if 2 <= len(members) <= room:
            candidates.append((estimate(members, GROUP_FACTOR[len(members)]), members))
    candidates.sort(key=lambda c: -c[0])
    best: list[int] = []
    best_value = -1
    for _, members in candidates[:4] or [(0, [])]:
        chosen = [*members[:room], *bonuses]
        rest = sorted(
            (i for i in range(len(cards)) if i not in chosen),
            key=lambda i: (cards[i].symbol == "Defeat", -cards[i].value),
        )
        chosen = [*chosen, *rest][:size]
        value = plain_evaluate(tuple(cards[i] for i in chosen)).value
        if value > best_value:
            best, best_value = chosen, value
    return best


# -- the tests ------------------------------------------------------------------------


def crowded_cards(low: int) -> list[Card]:
    """Cards of few symbols and close numbers, with Universals, Bonus and Defeat: many ties and runs."""
    symbols = ("Water", "Fire", "Sun", "Boat", "Universal", "Bonus", "Defeat")
    return [c for c in FULL_SET if low <= c.number < low + 10 and c.symbol in symbols]


@settings(max_examples=300, deadline=None)
@given(data=st.data(), low=st.integers(1, 24), size=st.integers(0, 9))
def test_the_fast_evaluation_is_the_plain_one_on_crowded_hands(data: st.DataObject, low: int, size: int) -> None:
    hand = tuple(data.draw(st.lists(st.sampled_from(crowded_cards(low)), min_size=size, max_size=size)))
    assert evaluate(hand) == plain_evaluate(hand)


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(st.sampled_from(FULL_SET), min_size=0, max_size=9, unique=True))
def test_the_fast_evaluation_is_the_plain_one_on_random_hands(hand: list[Card]) -> None:
    assert evaluate(hand) == plain_evaluate(tuple(hand))


def test_the_fast_evaluation_is_the_plain_one_on_seeded_hands() -> None:
    rng = random.Random(2024)
    universals = [c for c in FULL_SET if c.symbol == "Universal"]
    for _ in range(2000):
        hand = tuple(rng.choice(universals) if rng.random() < 0.2 else rng.choice(FULL_SET) for _ in range(9))
        assert evaluate(hand) == plain_evaluate(hand)


@pytest.mark.parametrize(("num_players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_the_default_player_decides_as_with_the_plain_scoring(
    num_players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whole seeded games: every plan and every move equal those of the plain code."""
    state = GAME.new_state(num_players, seed)
    moves: list[tuple[Move, Move]] = []
    while not state.is_over:
        for seat in range(num_players):
            if state.is_over or not state.decisions_for(seat):
                continue
            view = state.view(seat)
            assert isinstance(view, GinJonTanView)
            pool = [h.card for h in (*view.hand, *view.reserve)]
            assert players.plan_hand(pool, len(view.hand)) == plain_plan_hand(pool, len(view.hand))
            fast = GAME.computer_player(seed).choose(view)
            with monkeypatch.context() as patch:
                patch.setattr(players, "plan_hand", plain_plan_hand)
                patch.setattr(players, "evaluate_cards", plain_evaluate)
                plain = GAME.computer_player(seed).choose(view)
            moves.append((fast, plain))
            assert fast == plain
            state.act(seat, fast)
    assert len(moves) > 50
