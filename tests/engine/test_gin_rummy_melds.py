"""The meld solver against an exhaustive reference search, on random and meld-dense hands."""

import random
from itertools import combinations

import pytest

from engine.gin_rummy import best_melds, min_deadwood
from engine.gin_rummy.cards import CARD_NAMES, RANKS, SUITS, to_mask, value
from engine.gin_rummy.melds import best_lay_off, deadwood_mask


def all_melds(cards: list[str]) -> list[frozenset[str]]:
    """Every set (3 or 4 of a rank) and every run (3+ in a suit, Ace low) within ``cards``."""
    have = set(cards)
    melds = []
    for rank in RANKS:
        same = [rank + s for s in SUITS if rank + s in have]
        for size in (3, 4):
            melds.extend(frozenset(c) for c in combinations(same, size))
    for suit in SUITS:
        for start in range(13):
            for end in range(start + 3, 14):
                run = [RANKS[r] + suit for r in range(start, end)]
                if all(c in have for c in run):
                    melds.append(frozenset(run))
    return melds


def reference(cards: list[str]) -> int:
    """Least deadwood by trying every collection of disjoint melds.

    With 11 cards, the highest unmelded card of each collection is the discard.
    """
    melds = all_melds(cards)
    total = sum(value(c) for c in cards)
    eleven = len(cards) == 11
    best = total

    def search(start: int, used: frozenset[str], melded: int) -> None:
        nonlocal best
        if eleven:
            left = [value(c) for c in cards if c not in used]
            if left:
                best = min(best, total - melded - max(left))
        else:
            best = min(best, total - melded)
        for i in range(start, len(melds)):
            meld = melds[i]
            if not meld & used:
                search(i + 1, used | meld, melded + sum(value(c) for c in meld))

    search(0, frozenset(), 0)
    return best


def dense_hand(rng: random.Random, size: int) -> list[str]:
    """A hand from a narrow window of ranks, where sets and runs overlap a lot."""
    low = rng.randrange(0, 10)
    width = rng.choice((3, 4))
    pool = [RANKS[r] + s for r in range(low, min(13, low + width)) for s in SUITS]
    extra = [c for c in CARD_NAMES if c not in pool]
    chosen = rng.sample(pool, min(size, len(pool), rng.randint(size - 3, size)))
    return chosen + rng.sample(extra, size - len(chosen))


def check_melding(cards: list[str]) -> None:
    deadwood, melds = best_melds(cards)
    assert deadwood == min_deadwood(cards)
    used = [c for meld in melds for c in meld]
    assert len(used) == len(set(used)) and set(used) <= set(cards)
    for meld in melds:
        assert frozenset(meld) in all_melds(list(meld))
    rest = [value(c) for c in cards if c not in used]
    if len(cards) == 11:
        assert rest, "an 11-card hand keeps a card to discard"
        assert deadwood == sum(rest) - max(rest)
    else:
        assert deadwood == sum(rest)


@pytest.mark.parametrize("size", [10, 11])
def test_solver_agrees_with_reference_on_random_hands(size: int) -> None:
    rng = random.Random(size)
    for _ in range(3000):
        cards = rng.sample(CARD_NAMES, size)
        assert min_deadwood(cards) == reference(cards), cards
    for _ in range(300):
        check_melding(rng.sample(CARD_NAMES, size))


@pytest.mark.parametrize("size", [10, 11])
def test_solver_agrees_with_reference_on_meld_dense_hands(size: int) -> None:
    rng = random.Random(100 + size)
    for _ in range(1500):
        cards = dense_hand(rng, size)
        assert min_deadwood(cards) == reference(cards), cards
        check_melding(cards)


@pytest.mark.parametrize(
    ("cards", "deadwood"),
    [
        # A set and a run share the 7♥: only one of them counts.
        ("7c 7d 7h 5h 6h Kc Qd 2s 9s Js", 10 + 10 + 2 + 9 + 10 + 5 + 6),
        ("7c 7d 7h 8h 9h 7s Kc Qd 2s 3d", 10 + 10 + 2 + 3),
        # Q-K-A is not a run; A-2-3 is.
        ("Qs Ks As 2h 3h 4h 5c 6c 7c 8c", 10 + 10 + 1),
        ("As 2s 3s Ah 2h 3h Ac 2c 3c Kd", 10),
        # Four of a kind with runs through two of them: a 3-set and one run beat two runs.
        ("8c 8d 8h 8s 9h Th 6d 7d 2c 3c", 6 + 7 + 2 + 3),
        ("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc", 0),
    ],
)
def test_known_hands(cards: str, deadwood: int) -> None:
    hand = cards.split()
    assert min_deadwood(hand) == deadwood == reference(hand)


def test_eleven_cards_count_after_the_best_discard() -> None:
    hand = ["As", "2s", "3s", "7h", "7d", "7c", "Kh", "Qh", "Jh", "5d", "4s"]
    assert min_deadwood(hand) == 0
    deadwood, melds = best_melds(hand)
    assert deadwood == 0 and "5d" not in {c for m in melds for c in m}


def test_bad_cards_are_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="not a card"):
        min_deadwood(["Zz"] + ["As"] * 0)
    with pytest.raises(ValueError, match="twice"):
        min_deadwood(["As", "As", "2c"])


def lay_off_reference(defender: list[str], knocker_melds: list[list[str]]) -> int:
    """Least defender deadwood: every subset of cards that can each extend a meld in turn."""
    best = reference_any(defender)
    # Only cards of a run's suit or a set's rank could ever be laid off.
    related = [
        c for c in defender if any(c[1] == m[0][1] if m[0][0] != m[1][0] else c[0] == m[0][0] for m in knocker_melds)
    ]
    for size in range(1, len(related) + 1):
        for subset in combinations(related, size):
            if _all_lay_off(list(subset), [list(m) for m in knocker_melds]):
                rest = [c for c in defender if c not in subset]
                best = min(best, reference_any(rest))
    return best


def reference_any(cards: list[str]) -> int:
    if len(cards) == 11:  # reference() would discard one; here every card counts
        return min(reference([c for c in cards if c != out]) + value(out) for out in cards)
    return reference(cards)


def _all_lay_off(cards: list[str], melds: list[list[str]]) -> bool:
    if not cards:
        return True
    for card in cards:
        for meld in melds:
            if frozenset([*meld, card]) in all_melds([*meld, card]):
                rest = [c for c in cards if c != card]
                grown = [m if m is not meld else [*meld, card] for m in melds]
                if _all_lay_off(rest, grown):
                    return True
    return False


def test_lay_offs_are_optimal() -> None:
    rng = random.Random(7)
    for _ in range(200):
        cards = dense_hand(rng, 20)
        knocker, defender = cards[:10], cards[10:]
        _, melds = best_melds(knocker)
        if not melds:
            continue
        got, placed = best_lay_off(to_mask(defender), [to_mask(m) for m in melds])
        assert got == lay_off_reference(defender, [list(m) for m in melds]), (knocker, defender)
        laid = 0
        for bit, _ in placed:
            laid |= bit
        assert deadwood_mask(to_mask(defender) ^ laid) == got
