"""Gin-jon-tan card values, the clash table and hand values, computed by hand from the rule page."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.gin_jon_tan import FULL_SET, Card, beats, card_value, evaluate, hand_value, sentence
from engine.gin_jon_tan.cards import COLOURS, MULTIPLIER
from engine.gin_jon_tan.value import GROUP_FACTOR, ORDER_FACTOR

# The rule page's table, transcribed: symbol | value | beats.
PAGE_TABLE = """
Righteous | 9 | Prisoner, Executioner
Fire | 1 | Night, Coldness
Love | 6 | Weapon, Death
Sin | 6 | Righteous, Life
Water | 1 | Fire, Path
Air | 1 | Vacuum, Earth
Night | 1 | Sin, Hope
Path | 3 | Earth, Abyss
Hope | 6 | Death, Love
Earth | 1 | Abyss, Moon
Sun | 9 | Night, Coldness
Abyss | 3 | Path, Air
Moon | 9 | Air, Vacuum
Space ship | 12 | Boat, Moon
Life | 12 | Death, Hope
Supernova | 33 | Space ship, Sun
Executioner | 3 | Life, Sin
Prisoner | 3 | Weapon, Space ship
Boat | 9 | Prisoner, Water
Death | 12 | Righteous, Prisoner
Coldness | 1 | Water, Love
Vacuum | 6 | Fire, Sun
Weapon | 3 | Executioner, Life
Black hole | 33 |
Universal | 99 |
Bonus | 1 |
Defeat | 0 |
"""
TABLE = {
    name.strip(): (int(value), {b.strip() for b in beaten.split(",") if b.strip()})
    for name, value, beaten in (line.split("|") for line in PAGE_TABLE.strip().splitlines())
}


def test_the_full_set_has_6237_distinct_cards_with_round_tripping_ids() -> None:
    assert len(FULL_SET) == len(set(FULL_SET)) == 27 * 7 * 33 == 6237
    assert len({c.id for c in FULL_SET}) == 6237
    assert all(Card.parse(c.id) == c for c in FULL_SET)
    assert all(":" not in c.id and "," not in c.id for c in FULL_SET)


@pytest.mark.parametrize("symbol", sorted(TABLE))
def test_card_value_is_symbol_times_number_times_colour(symbol: str) -> None:
    value, _ = TABLE[symbol]
    for colour, number in product(COLOURS, (1, 17, 33)):
        assert card_value((symbol, colour, number)) == value * number * MULTIPLIER[colour]
    assert card_value(("Defeat", "Violet", 33)) == 0


def test_every_beats_pair_of_the_page_and_nothing_else() -> None:
    symbols = list(TABLE)
    for winner, loser in product(symbols, symbols):
        expected = winner == "Black hole" or loser in TABLE[winner][1]
        assert beats(winner, loser) == expected, (winner, loser)
    assert sum(len(b) for _, b in TABLE.values()) == 46


def test_the_seed_sentences() -> None:
    assert sentence("Water", "Fire") == "Water quenches Fire"
    assert sentence("Death", "Righteous") == "Death hushes Righteous"
    assert sentence("Space ship", "Boat") == "Space ship shoots down Boat"
    assert sentence("Black hole", "Sun") == "Black hole neutralises Sun"
    for winner, (_, beaten) in TABLE.items():
        for loser in beaten:
            said = sentence(winner, loser)
            assert said.startswith(winner + " ") and said.endswith(" " + loser)


def test_bad_cards_are_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="symbol"):
        hand_value([("Dragon", "Red", 3)])
    with pytest.raises(ValueError, match="colour"):
        hand_value([("Fire", "Pink", 3)])
    with pytest.raises(ValueError, match="1 to 33"):
        hand_value([("Fire", "Red", 34)])
    with pytest.raises(ValueError, match="at most 9"):
        hand_value([("Fire", "Red", n) for n in range(1, 11)])


# -- combinations, by hand --------------------------------------------------------


def test_group_of_two_to_nine_uses_g() -> None:
    # Water White n: v = n. Σv of 1..k = k(k+1)/2; one colour (White) multiplies by 1.
    for k in range(2, 10):
        hand = [("Water", "White", n) for n in range(1, k + 1)]
        # Consecutive numbers also make an order (k ≥ 3): O[k] × Σv × v(top) wins over G[k] × Σv.
        group = GROUP_FACTOR[k] * k * (k + 1) // 2
        order = ORDER_FACTOR[k] * (k * (k + 1) // 2) * k if k >= 3 else 0
        assert hand_value(hand) == max(group, order)
    # Spread numbers: groups only. Three Suns in Red: 3 × (9·3·1 + 9·3·10 + 9·3·20) × 3 (one colour).
    assert hand_value([("Sun", "Red", 1), ("Sun", "Red", 10), ("Sun", "Red", 20)]) == 3 * (27 + 270 + 540) * 3
    assert evaluate([("Sun", "Red", 1), ("Sun", "Red", 10), ("Sun", "Red", 20)]).kind == "group"


def test_group_factors_are_the_pages() -> None:
    assert GROUP_FACTOR == {2: 2, 3: 3, 4: 9, 5: 12, 6: 15, 7: 18, 8: 21, 9: 33}
    assert ORDER_FACTOR == {3: 3, 4: 6, 5: 9, 6: 12, 7: 21, 8: 33, 9: 99}


def test_mixed_colours_multiply_by_the_colours_two_cards_share() -> None:
    # Four Moons numbered 1, 10, 20, 30: two Red, two Blue -> 2 shared colours.
    hand = [("Moon", "Red", 1), ("Moon", "Red", 10), ("Moon", "Blue", 20), ("Moon", "Blue", 30)]
    total = 9 * 1 * 3 + 9 * 10 * 3 + 9 * 20 * 33 + 9 * 30 * 33
    # The Blue pair alone (2 × Σv × 33) beats the mixed four (9 × Σv × 2) here.
    blue_pair = 2 * (9 * 20 * 33 + 9 * 30 * 33) * 33
    assert hand_value(hand) == max(9 * total * 2, blue_pair) == blue_pair
    # White counts as a shared colour; no shared colour at all is × 1.
    white = [("Moon", "White", 1), ("Moon", "White", 10), ("Moon", "Red", 20)]
    assert hand_value(white) == max(3 * (9 + 90 + 540) * 1, 2 * (9 + 90) * 1, 2 * 540 // 1)
    assert hand_value([("Fire", "White", 1), ("Fire", "Red", 20)]) == 2 * (1 + 60) * 1


def test_order_uses_the_value_of_the_highest_number() -> None:
    # Fire Red 5 (15), Water Red 6 (18), Air Red 7 (21): O[3] × 54 × 21 × 3 (all Red).
    assert hand_value([("Fire", "Red", 5), ("Water", "Red", 6), ("Air", "Red", 7)]) == 3 * 54 * 21 * 3
    # Mixed colours, none shared: × 1. Top card Sun White 9 (81).
    hand = [("Fire", "Red", 7), ("Water", "Orange", 8), ("Sun", "White", 9)]
    assert hand_value(hand) == 3 * (21 + 72 + 81) * 81
    # Orders do not wrap: 32, 33, 1 is no order.
    assert evaluate([("Fire", "Red", 32), ("Water", "Orange", 33), ("Sun", "White", 1)]).kind == ""
    # Equal numbers are no order.
    assert evaluate([("Fire", "Red", 5), ("Water", "Orange", 5), ("Sun", "White", 6)]).kind == ""


def test_full_colours_with_its_tie_rule() -> None:
    six = [("Fire", c, 1) for c in COLOURS[1:]]  # v = 3, 9, 12, 15, 33, 99 -> Σ 171
    # All six tie at one card each: F = Σ multiplier × 1 = 171.
    assert evaluate(six).kind == "full colours"
    assert hand_value(six) == 9 * 171 * 171
    # One more Violet: Violet is most frequent (2): F = 99 × 2. Σv = 171 + 99·3 (Fire Violet 3).
    seven = [*six, ("Fire", "Violet", 3)]
    assert hand_value(seven) == 9 * (171 + 297) * 198
    # White cards count in Σv but never in F; Bonus and Defeat are left out of both.
    with_white = [*six, ("Fire", "White", 10)]
    assert hand_value(with_white) == 9 * (171 + 10) * 171
    with_defeat = [*six, ("Defeat", "Violet", 10)]
    assert hand_value(with_defeat) == hand_value(six)


def test_universal_stands_for_any_card_and_keeps_its_own_value() -> None:
    u = ("Universal", "White", 1)  # v = 99
    # A pair with a Fire: as a White Fire: 2 × (1 + 99) × 1 (all White).
    assert hand_value([("Fire", "White", 1), u]) == 2 * 100 * 1
    # With a Violet Fire it takes Violet: 2 × (99 + 99) × 99.
    assert hand_value([("Fire", "Violet", 1), u]) == 2 * 198 * 99
    # Filling an order's gap: 5, (6), 7 in Red. Top is Air Red 7 (21).
    gap = [("Fire", "Red", 5), u, ("Air", "Red", 7)]
    assert hand_value(gap) == 3 * (15 + 99 + 21) * 21 * 3
    # Above the real cards it is the top and counts with its own v: 5, 6, (7) -> 3 × Σ × 99 × 3.
    top = [("Fire", "Red", 5), ("Water", "Red", 6), u]
    assert hand_value(top) == 3 * (15 + 18 + 99) * 99 * 3
    # It supplies a missing colour for Full colours and counts in F under it.
    five = [("Fire", c, 1) for c in COLOURS[1:6]]  # Red..Blue: v 3+9+12+15+33 = 72
    assert hand_value([*five, u]) >= 9 * (72 + 99) * (3 + 9 + 12 + 15 + 33 + 99)
    # Universals alone make a combination.
    assert evaluate([u, ("Universal", "White", 2)]).kind in ("group", "order")


def test_bonus_applies_per_card_largest_first() -> None:
    pair = [("Water", "White", 1), ("Water", "White", 2)]  # 2 × 3 × 1 = 6
    assert hand_value(pair) == 6
    assert hand_value([*pair, ("Bonus", "Red", 2)]) == (6 + 6) * 3
    # Two Bonuses, v 6 and 2: largest first: ((6 + 6) × 3 + 2) × 3.
    assert hand_value([*pair, ("Bonus", "Red", 2), ("Bonus", "White", 2)]) == ((6 + 6) * 3 + 2) * 3
    # No combination: (0 + v(Bonus)) × 3.
    assert hand_value([("Bonus", "White", 5)]) == 15
    assert hand_value([]) == 0


def test_defeat_does_not_change_a_value() -> None:
    pair = [("Water", "White", 1), ("Water", "White", 2)]
    assert hand_value([*pair, ("Defeat", "Violet", 33)]) == hand_value(pair)


def test_the_largest_hands_reach_about_7e16() -> None:
    top3 = [("Universal", "Violet", n) for n in (31, 32, 33)]
    bonuses = [("Bonus", "Violet", n) for n in range(28, 34)]
    order = 3 * (99 * 99 * (31 + 32 + 33)) * (99 * 33 * 99) * 99
    assert hand_value(top3) == order == 90_382_094_342_496
    value = order
    for n in range(33, 27, -1):
        value = (value + n * 99) * 3
    assert hand_value(top3 + bonuses) == value == 65_888_546_779_193_985
    assert 6e16 < value < 8e16
    nine = [("Universal", "Violet", n) for n in range(25, 34)]
    assert hand_value(nine) == 99 * (99 * 99 * sum(range(25, 34))) * (99 * 33 * 99) * 99
    # Totals pass 2^63 and stay exact, also through JSON.
    total = sum([value] * 200)
    assert total > 2**63 and total == 200 * value
    assert json.loads(json.dumps({"score": total}))["score"] == total


# -- the exact best: every subset, literally ----------------------------------------


def _factor(colours: list[str]) -> int:
    if len(set(colours)) == 1:
        return MULTIPLIER[colours[0]]
    return max(1, sum(1 for n in Counter(colours).values() if n >= 2))


def brute_force(hand: list[Card]) -> int:
    """Every subset, every colour a Universal may take, every window: slow and plain."""
    pool = [c for c in hand if not c.is_special]
    best = 0
    for k in range(2, len(pool) + 1):
        for subset in combinations(pool, k):
            universals = [c for c in subset if c.symbol == "Universal"]
            normals = [c for c in subset if c.symbol != "Universal"]
            total = sum(c.value for c in subset)
            for taken in product(COLOURS, repeat=len(universals)):
                factor = _factor([c.colour for c in normals] + list(taken))
                if len({c.symbol for c in normals}) <= 1:
                    best = max(best, GROUP_FACTOR[k] * total * factor)
                numbers = [c.number for c in normals]
                if k < 3 or len(set(numbers)) != len(numbers):
                    continue
                for low in range(1, 35 - k):
                    window = range(low, low + k)
                    if all(n in window for n in numbers):
                        top = window[-1]
                        at_top = [c for c in normals if c.number == top]
                        v_top = at_top[0].value if at_top else max(c.value for c in universals)
                        best = max(best, ORDER_FACTOR[k] * total * v_top * factor)
    non_white = COLOURS[1:]
    universals = [c for c in pool if c.symbol == "Universal"]
    normals = [c for c in pool if c.symbol != "Universal"]
    for taken in product(COLOURS, repeat=len(universals)):
        counts = Counter([c.colour for c in normals] + list(taken))
        if all(counts[c] for c in non_white):
            most = max(counts[c] for c in non_white)
            f = sum(MULTIPLIER[c] * counts[c] for c in non_white if counts[c] == most)
            best = max(best, 9 * sum(c.value for c in pool) * f)
    for bonus in sorted((c.value for c in hand if c.symbol == "Bonus"), reverse=True):
        best = (best + bonus) * 3
    return best


def near_cards(low: int) -> list[Card]:
    symbols = ("Water", "Fire", "Sun", "Universal", "Bonus", "Defeat")
    return [c for c in FULL_SET if low <= c.number < low + 6 and c.symbol in symbols]


@settings(max_examples=150, deadline=None)
@given(data=st.data(), low=st.integers(1, 28), size=st.integers(1, 7))
def test_hand_value_is_the_exact_best_over_every_subset(data: st.DataObject, low: int, size: int) -> None:
    hand = data.draw(st.lists(st.sampled_from(near_cards(low)), min_size=size, max_size=size, unique=True))
    if sum(c.symbol == "Universal" for c in hand) > 2:
        hand = [c for c in hand if c.symbol != "Universal"][:size]
    assert hand_value(hand) == brute_force(hand)


@settings(max_examples=60, deadline=None)
@given(hand=st.lists(st.sampled_from(FULL_SET), min_size=0, max_size=6, unique=True))
def test_hand_value_matches_the_plain_reading_on_random_hands(hand: list[Card]) -> None:
    if sum(c.symbol == "Universal" for c in hand) > 2:
        return
    result = evaluate(hand)
    assert result.value == brute_force(hand)
    assert all(not hand[i].is_special for i in result.members)
