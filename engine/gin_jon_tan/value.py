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
from itertools import accumulate, combinations_with_replacement

from engine.gin_jon_tan.cards import COLOUR_NAMES, COLOURS, MULTIPLIER, Card, as_card, card_value
from engine.words import Text

__all__ = [
    "COLOUR_BIT",
    "GROUP_FACTOR",
    "ORDER_FACTOR",
    "Evaluation",
    "card_value",
    "colour_factor",
    "evaluate",
    "evaluate_cards",
    "hand_value",
]

#: G[k] for a group of k cards.
GROUP_FACTOR: dict[int, int] = {2: 2, 3: 3, 4: 9, 5: 12, 6: 15, 7: 18, 8: 21, 9: 33}
#: O[k] for an order of k cards.
ORDER_FACTOR: dict[int, int] = {3: 3, 4: 6, 5: 9, 6: 12, 7: 21, 8: 33, 9: 99}
MAX_COMBINATION = 9
_NON_WHITE = COLOURS[1:]
_COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}
#: A colour's place in a colour-count key: 4 bits per colour, as no hand holds 16 cards.
COLOUR_BIT = {colour: 1 << (4 * i) for i, colour in enumerate(COLOURS)}


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
    #: A readable name: "Order of 5 in Violet", "Group of 3 (2 shared colours)", "no combination"
    #: (a :class:`~engine.words.Text`, to say in a reader's language).
    label: str


def hand_value(cards: Iterable[Card | tuple[str, str, int] | str]) -> int:
    """The combination value of a hand (cards, ``(symbol, colour, number)`` tuples or ids).

    >>> hand_value([("Universal", "Violet", 33), ("Universal", "Violet", 32), ("Universal", "Violet", 31)])
    90382094342496
    """
    return evaluate(cards).value


def evaluate(cards: Iterable[Card | tuple[str, str, int] | str]) -> Evaluation:
    """The hand's value with its best combination marked."""
    return evaluate_cards(tuple(as_card(c) for c in cards))


def evaluate_cards(hand: tuple[Card, ...]) -> Evaluation:
    """:func:`evaluate` for cards already checked (a view's): the computer players' many
    trial hands skip :func:`as_card`."""
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
    if bonuses:
        label = Text.plural(
            "{combination}, {count} Bonus", "{combination}, {count} Bonuses", len(bonuses), combination=label
        )
    return Evaluation(value, base, kind, members, tuple(bonuses), label)


def _best_combination(hand: tuple[Card, ...]) -> tuple[int, str, tuple[int, ...], Text]:
    """(value, kind, members, label) of the best group, order or full colours.

    Every subset of the hand is considered, but only in the shapes that can win: a
    group takes every Universal (each adds v and can take any colour); an order takes
    the j most valuable Universals for each j, since which ones sit where is free.
    Ties go to the first candidate in a fixed order (full colours, groups, then orders;
    within each, as listed). Orders are scored first, walked depth first with running
    totals, so groups that could not even tie the best order are skipped; members and
    label are only built for the winner. This is the computer players' hottest function.
    """
    values = [c.value for c in hand]
    bits = [COLOUR_BIT[c.colour] for c in hand]
    pool = [i for i, c in enumerate(hand) if not c.is_special]
    best_value = 0
    #: The best so far: kind, its non-Universal members, and how many Universals it takes.
    found: tuple[str, tuple[int, ...], int] = ("", (), 0)
    universals = sorted((i for i in pool if hand[i].symbol == "Universal"), key=lambda i: -values[i])
    normals = sorted((i for i in pool if hand[i].symbol != "Universal"), key=lambda i: hand[i].number)
    spare = len(universals)
    shades = {hand[i].colour for i in normals} - {"White"}
    if len(shades) + spare >= len(_NON_WHITE):  # else some colour is missing: no full colours
        full = _full_colours(hand, pool)
        if full > 0:
            best_value, found = full, ("full colours", tuple(pool), 0)
    with_universals = list(accumulate((values[i] for i in universals), initial=0))
    head_value, head = best_value, found  # full colours, then groups: they win ties with orders
    best_value, found = 0, ("", (), 0)  # the best order
    # Orders: cards of distinct numbers within a span of 9, with the top j Universals.
    top_universal = with_universals[1] if spare else 0
    for j in range(3, min(spare, MAX_COMBINATION) + 1):  # Universals alone, in one colour
        value = ORDER_FACTOR[j] * with_universals[j] * top_universal * colour_factor(0, j)
        if value > best_value:
            best_value, found = value, ("order", (), j)
    numbers = [hand[i].number for i in normals]
    chosen: list[int] = []

    def visit(start: int, low: int, high: int, v_high: int, total: int, key: int) -> None:
        """Score the run in ``chosen`` (lowest number ``low``, highest ``high``), then its extensions.

        A run with more gaps than there are Universals to fill them makes no order, and
        neither does any extension (it only adds higher numbers): those are skipped.
        """
        nonlocal best_value, found
        length = len(chosen)
        gaps = high - low + 1 - length
        # With j >= gaps Universals the run fits in k = length + j numbers, so a window
        # of k consecutive numbers within 1..33 holds it.
        for j in range(max(gaps, 3 - length), min(spare, MAX_COMBINATION - length) + 1):
            k = length + j
            top = v_high if high >= k else 0  # a window that ends at the highest real card
            if j and high - k + 2 <= low and high <= 32 and top_universal > top:  # a Universal above
                top = top_universal
            if top:
                value = ORDER_FACTOR[k] * (total + with_universals[j]) * top * colour_factor(key, j)
                if value > best_value:
                    best_value, found = value, ("order", tuple(chosen), j)
        for n in range(start, len(normals)):
            number = numbers[n]
            if number - low >= MAX_COMBINATION or gaps + number - high - 1 > spare:
                break
            if number == high:
                continue
            i = normals[n]
            chosen.append(i)
            visit(n + 1, low, number, values[i], total + values[i], key + bits[i])
            chosen.pop()

    for first, i in enumerate(normals):
        chosen.append(i)
        visit(first + 1, numbers[first], numbers[first], values[i], values[i], bits[i])
        chosen.pop()
    # Groups: each symbol's cards (any subset) with every Universal; or Universals alone.
    # Orders usually dwarf groups, so a symbol whose group could not even tie the best
    # order (a colour factor is at most 99) is not enumerated.
    if spare >= 2:
        value = GROUP_FACTOR[spare] * with_universals[spare] * colour_factor(0, spare)
        if value > head_value:
            head_value, head = value, ("group", (), spare)
    by_symbol: dict[str, list[int]] = {}
    for i in normals:
        by_symbol.setdefault(hand[i].symbol, []).append(i)
    for cards in by_symbol.values():
        most = len(cards) + spare
        if most < 2 or GROUP_FACTOR[most] * (sum(values[i] for i in cards) + with_universals[spare]) * 99 < best_value:
            continue
        for picks in _SUBSETS[len(cards)]:
            k = len(picks) + spare
            if k >= 2:
                subset = [cards[p] for p in picks]
                total = sum(values[i] for i in subset) + with_universals[spare]
                value = GROUP_FACTOR[k] * total * colour_factor(sum(bits[i] for i in subset), spare)
                if value > head_value:
                    head_value, head = value, ("group", tuple(subset), spare)
    if head_value >= best_value:
        best_value, found = head_value, head
    kind, members, j = found
    if kind == "full colours":
        return best_value, kind, members, Text("Full colours")
    if not kind:
        return 0, "", (), Text("no combination")
    _, colour, shared = _colour_reading([_COLOUR_INDEX[hand[i].colour] for i in members], j)
    size = len(members) + j
    if kind == "group":
        name = Text.plural("Group of {count}", "Group of {count}", size)
    else:
        name = Text.plural("Order of {count}", "Order of {count}", size)
    if shared:
        label = Text.plural(
            "{combination} ({count} shared colour)", "{combination} ({count} shared colours)", shared, combination=name
        )
    elif colour:
        label = Text("{combination} in {colour}", combination=name, colour=COLOUR_NAMES[colour])
    else:
        label = name
    return best_value, kind, tuple(sorted([*members, *universals[:j]])), label


def _subsets(size: int) -> tuple[tuple[int, ...], ...]:
    """Every non-empty subset of positions 0..size-1, by increasing bit mask."""
    return tuple(tuple(b for b in range(size) if mask >> b & 1) for mask in range(1, 1 << size))


#: The subsets of every list a hand can hold, made once.
_SUBSETS = tuple(_subsets(size) for size in range(MAX_COMBINATION + 1))


@lru_cache(maxsize=1 << 17)
def colour_factor(key: int, universals: int) -> int:
    """The colour factor of non-Universal cards with ``universals`` Universals, cached.

    ``key`` holds the cards' colours: the sum of their ``COLOUR_BIT``.

    Hands hold at most 9 cards, so there are at most C(16, 7) × 10 keys: the cache
    never evicts, and the factor is computed once per key and process.
    """
    colours = [c for c in range(len(COLOURS)) for _ in range(key >> (4 * c) & 15)]
    return _colour_reading(colours, universals)[0]


def _colour_factor(colours: list[int], universals: int) -> tuple[int, str]:
    """The best colour factor, Universals taking whatever colours help most, and the English end
    of a label it gives (" in Violet", " (2 shared colours)" or ""), as the plain evaluation the
    speed test compares with writes it."""
    best, colour, shared = _colour_reading(colours, universals)
    if shared:
        return best, f" ({shared} shared colours)"
    return best, f" in {colour}" if colour else ""


def _colour_reading(colours: list[int], universals: int) -> tuple[int, str, int]:
    """The best colour factor, Universals taking whatever colours help most, and what gives it:
    the one colour of the cards ("" if not one colour) or the number of shared colours (0 if not)."""
    counts = [0] * len(COLOURS)
    for c in colours:
        counts[c] += 1
    used = [c for c in range(len(COLOURS)) if counts[c]]
    best, colour, shared = 1, "", 0
    if len(used) <= 1:
        colour = COLOURS[used[0]] if used else "Violet"
        best = MULTIPLIER[colour]
    pairs = sum(1 for n in counts if n >= 2)
    singles = sum(1 for n in counts if n == 1)
    filled = min(singles, universals)
    pairs += filled + (universals - filled) // 2
    if pairs > best:
        best, colour, shared = pairs, "", pairs
    return best, colour, shared


def _full_colours(hand: tuple[Card, ...], pool: list[int]) -> int:
    """9 × Σv × F when the hand holds all six non-White colours (Universals may supply them)."""
    counts = Counter(hand[i].colour for i in pool if hand[i].symbol != "Universal")
    universals = sum(1 for i in pool if hand[i].symbol == "Universal")
    best_f = _full_factor(tuple(counts[c] for c in _NON_WHITE), universals)
    return 9 * sum(hand[i].value for i in pool) * best_f if best_f else 0


@lru_cache(maxsize=1 << 14)
def _full_factor(shares: tuple[int, ...], universals: int) -> int:
    """F for these counts of the non-White colours, Universals placed best (0: a colour is missing).

    Cached: at most 9 cards make few distinct arguments, and trying every placement is slow.
    """
    counts = Counter(dict(zip(_NON_WHITE, shares, strict=True)))
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
    return best_f
