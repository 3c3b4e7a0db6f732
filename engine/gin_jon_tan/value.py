"""The combination value of a hand, exactly as the rule page defines it.

A hand's value is its best single combination (0 if none), then Bonus: each Bonus
card, largest v first, turns the value into (value + v(Bonus)) × 3.

Combinations (Bonus and Defeat never belong to one; at most 9 cards):

- **Group of k** (k = 2..9): k cards of one symbol; G[k] × Σv.
- **Order of k** (k = 3..9): k consecutive numbers (no wrap), any symbols;
  O[k] × Σv × v(the card with the highest number).
- Groups and orders are multiplied by their **colour** factor: one colour -> that
  colour's multiplier; otherwise the number of colours that at least two cards
  share (White counts; at least × 1).
- **Full colours**: the hand (without Bonus and Defeat) holds all six colours other
  than White: 9 × Σv × F, F = multiplier × count of the most frequent non-White
  colour (several tied: the sum of multiplier × count over them).
- A **Universal** stands for any symbol, number (1–33) and colour, and counts with
  its own v, also at the top of an order.

Every subset of the hand is tried, so the result is the exact best.

>>> hand_value([("Water", "White", 1), ("Water", "White", 2)])
6
>>> hand_value([("Fire", "Red", 5), ("Water", "Red", 6), ("Air", "Red", 7)])
10206
>>> hand_value([("Bonus", "White", 2)])
6
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from engine.gin_jon_tan.cards import COLOURS, MULTIPLIER, Card, as_card, card_value

__all__ = ["GROUP_FACTOR", "ORDER_FACTOR", "Evaluation", "card_value", "evaluate", "hand_value"]

#: G[k] for a group of k cards.
GROUP_FACTOR: dict[int, int] = {2: 2, 3: 3, 4: 9, 5: 12, 6: 15, 7: 18, 8: 21, 9: 33}
#: O[k] for an order of k cards.
ORDER_FACTOR: dict[int, int] = {3: 3, 4: 6, 5: 9, 6: 12, 7: 21, 8: 33, 9: 99}
MAX_COMBINATION = 9
_NON_WHITE = COLOURS[1:]
_COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}


@dataclass(frozen=True)
class Evaluation:
    """A hand's value and the combination that gives it (for the evaluation picture)."""

    #: The hand's value: the best combination, then every Bonus.
    value: int
    #: The best combination's value before Bonus (0 if none).
    base: int
    #: ``"group"``, ``"order"``, ``"full colours"`` or ``""`` (no combination).
    kind: str
    #: Positions (in the cards given) of the combination's cards.
    members: tuple[int, ...]
    #: Positions of the Bonus cards, in the order they were applied.
    bonuses: tuple[int, ...]
    #: A readable name: "Order of 5 in Violet", "Group of 3 (2 shared colours)", "no combination".
    label: str


def hand_value(cards: Iterable[Card | tuple[str, str, int] | str]) -> int:
    """The combination value of a hand (cards, ``(symbol, colour, number)`` tuples or ids).

    >>> hand_value([("Universal", "Violet", 33), ("Universal", "Violet", 32), ("Universal", "Violet", 31)])
    90382094342496
    """
    return evaluate(cards).value


def evaluate(cards: Iterable[Card | tuple[str, str, int] | str]) -> Evaluation:
    """The hand's value with its best combination marked."""
    hand = tuple(as_card(c) for c in cards)
    if len(hand) > MAX_COMBINATION:
        raise ValueError(f"A hand holds at most {MAX_COMBINATION} cards, not {len(hand)}.")
    return _evaluate(hand)


@lru_cache(maxsize=65536)
def _evaluate(hand: tuple[Card, ...]) -> Evaluation:
    base, kind, members, label = _best_combination(hand)
    bonuses = sorted((i for i, c in enumerate(hand) if c.symbol == "Bonus"), key=lambda i: -hand[i].value)
    value = base
    for i in bonuses:
        value = (value + hand[i].value) * 3
    if not kind:
        label = "no combination"
    if bonuses:
        label += f", {len(bonuses)} Bonus" + ("es" if len(bonuses) > 1 else "")
    return Evaluation(value, base, kind, members, tuple(bonuses), label)


def _best_combination(hand: tuple[Card, ...]) -> tuple[int, str, tuple[int, ...], str]:
    """(value, kind, members, label) of the best group, order or full colours.

    Every subset of the hand is considered, but only in the shapes that can win: a
    group takes every Universal (each adds v and can take any colour); an order takes
    the j most valuable Universals for each j, since which ones sit where is free.
    """
    pool = [i for i, c in enumerate(hand) if not c.is_special]
    best: tuple[int, str, tuple[int, ...], str] = (0, "", (), "")
    full = _full_colours(hand, pool)
    if full > 0:
        best = (full, "full colours", tuple(pool), "Full colours")
    universals = sorted((i for i in pool if hand[i].symbol == "Universal"), key=lambda i: -hand[i].value)
    normals = sorted((i for i in pool if hand[i].symbol != "Universal"), key=lambda i: hand[i].number)
    # Groups: each symbol's cards (any subset) with every Universal; or Universals alone.
    by_symbol: dict[str, list[int]] = {}
    for i in normals:
        by_symbol.setdefault(hand[i].symbol, []).append(i)
    candidates: list[list[int]] = [[]] if len(universals) >= 2 else []
    for cards in by_symbol.values():
        candidates.extend(_subsets(cards))
    for chosen in candidates:
        k = len(chosen) + len(universals)
        if 2 <= k <= MAX_COMBINATION:
            factor, colour_label = _colour_factor([_COLOUR_INDEX[hand[i].colour] for i in chosen], len(universals))
            total = sum(hand[i].value for i in chosen) + sum(hand[i].value for i in universals)
            value = GROUP_FACTOR[k] * total * factor
            if value > best[0]:
                best = (value, "group", tuple(sorted([*chosen, *universals])), f"Group of {k}{colour_label}")
    # Orders: cards of distinct numbers within a span of 9, with the top j Universals.
    for chosen in _distinct_runs(hand, normals):
        numbers = [hand[i].number for i in chosen]
        real_total = sum(hand[i].value for i in chosen)
        colours = [_COLOUR_INDEX[hand[i].colour] for i in chosen]
        for j in range(len(universals) + 1):
            k = len(chosen) + j
            if k < 3 or k > MAX_COMBINATION:
                continue
            used = universals[:j]
            top_universal = hand[used[0]].value if used else 0
            top = _order_top(numbers, top_universal, hand[chosen[-1]].value if chosen else 0, k)
            if not top:
                continue
            factor, colour_label = _colour_factor(colours, j)
            value = ORDER_FACTOR[k] * (real_total + sum(hand[i].value for i in used)) * top * factor
            if value > best[0]:
                best = (value, "order", tuple(sorted([*chosen, *used])), f"Order of {k}{colour_label}")
    return best


def _subsets(cards: list[int]) -> list[list[int]]:
    """Every non-empty subset of a short list."""
    found: list[list[int]] = []
    for mask in range(1, 1 << len(cards)):
        found.append([c for b, c in enumerate(cards) if mask >> b & 1])
    return found


def _distinct_runs(hand: tuple[Card, ...], normals: list[int]) -> list[list[int]]:
    """Subsets (also empty) of the number-sorted normals with distinct numbers spanning at most 9."""
    found: list[list[int]] = [[]]

    def grow(chosen: list[int], start: int) -> None:
        low = hand[chosen[0]].number
        last = hand[chosen[-1]].number
        for n in range(start, len(normals)):
            number = hand[normals[n]].number
            if number - low >= MAX_COMBINATION:
                break
            if number == last:
                continue
            chosen.append(normals[n])
            found.append(list(chosen))
            grow(chosen, n + 1)
            chosen.pop()

    for first in range(len(normals)):
        found.append([normals[first]])
        grow([normals[first]], first + 1)
    return found


def _order_top(numbers: list[int], best_universal: int, v_high: int, k: int) -> int:
    """v of the card at the top of the best order of k cards, or 0 if they make none.

    ``numbers`` are the non-Universal cards' distinct numbers, ascending, ``v_high``
    the v of the highest of them; the Universals fill the rest of a window of k
    consecutive numbers within 1..33 (no wrap).
    """
    if not numbers:
        return best_universal
    low, high = numbers[0], numbers[-1]
    if high - low + 1 > k or max(1, high - k + 1) > min(low, 34 - k):
        return 0
    top = v_high if high >= k else 0  # a window that ends at the highest real card
    if best_universal and high - k + 2 <= low and high <= 32:  # a Universal above the real cards
        top = max(top, best_universal)
    return top


def _colour_factor(colours: list[int], universals: int) -> tuple[int, str]:
    """The best colour factor, Universals taking whatever colours help most, and its label."""
    counts = [0] * len(COLOURS)
    for c in colours:
        counts[c] += 1
    used = [c for c in range(len(COLOURS)) if counts[c]]
    best, label = 1, ""
    if len(used) <= 1:
        colour = COLOURS[used[0]] if used else "Violet"
        best, label = MULTIPLIER[colour], f" in {colour}"
    pairs = sum(1 for n in counts if n >= 2)
    singles = sum(1 for n in counts if n == 1)
    filled = min(singles, universals)
    pairs += filled + (universals - filled) // 2
    if pairs > best:
        best, label = pairs, f" ({pairs} shared colours)"
    return best, label


def _full_colours(hand: tuple[Card, ...], pool: list[int]) -> int:
    """9 × Σv × F when the hand holds all six non-White colours (Universals may supply them)."""
    counts = Counter(hand[i].colour for i in pool if hand[i].symbol != "Universal")
    universals = sum(1 for i in pool if hand[i].symbol == "Universal")
    missing = [c for c in _NON_WHITE if counts[c] == 0]
    if len(missing) > universals:
        return 0
    for colour in missing:
        counts[colour] += 1
    best_f = 0
    for extra in combinations_with_replacement(_NON_WHITE, universals - len(missing)):
        trial = counts.copy()
        trial.update(extra)
        top = max(trial[c] for c in _NON_WHITE)
        best_f = max(best_f, sum(MULTIPLIER[c] * trial[c] for c in _NON_WHITE if trial[c] == top))
    return 9 * sum(hand[i].value for i in pool) * best_f
