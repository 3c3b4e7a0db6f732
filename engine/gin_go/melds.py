"""Melds: which cards make a run or a set, what a Joker may stand for, and which melds a hand holds.

A meld on the table is a list of entries ``(card, as)``: the physical card and the
natural card it stands for (itself, or the card a Joker was named). Whether cards
meld is decided on the *identities* (the ``as`` cards): a run is 3+ cards of one
suit in sequence (A 2 … K A, the Ace low or high, never both), a set is 3–4 suits
of one rank. A natural card may join a meld whose Joker already stands for it (the
Joker stays), so an identity may appear twice; a Joker never names a card already
on the table (``forbidden``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, permutations

from engine.gin_go.cards import SUITS, card_of, is_joker, rank_of, sorted_cards, suit_of

#: One way to name the Jokers of a move: the meld kind and each Joker's card, in Joker order.
Naming = tuple[str, tuple[str, ...]]


def _run_namings(identities: set[str], jokers: int, forbidden: set[str]) -> list[Naming]:
    suits = {suit_of(c) for c in identities}
    if len(suits) != 1:
        return []
    suit = suits.pop()
    ranks = {rank_of(c) for c in identities}
    length = len(ranks) + jokers
    if not 3 <= length <= 13:
        return []
    found: list[Naming] = []
    for low in range(1, 16 - length):
        high = low + length - 1
        taken = set()
        for r in ranks:
            p = r if low <= r <= high else (14 if r == 1 and high == 14 else None)
            if p is None:
                break
            taken.add(p)
        else:
            gaps = [card_of(p, suit) for p in range(low, high + 1) if p not in taken]
            if not any(g in forbidden for g in gaps):
                found.extend(("run", names) for names in dict.fromkeys(permutations(gaps)))
    return found


def _set_namings(identities: set[str], jokers: int, forbidden: set[str]) -> list[Naming]:
    ranks = {rank_of(c) for c in identities}
    if len(ranks) != 1:
        return []
    rank = ranks.pop()
    if not 3 <= len(identities) + jokers <= 4:
        return []
    free = [card_of(rank, s) for s in SUITS if card_of(rank, s) not in identities and card_of(rank, s) not in forbidden]
    return [("set", names) for names in permutations(free, jokers)]


def namings(
    cards: Sequence[str], forbidden: Iterable[str] = (), base: Sequence[str] = (), kind: str | None = None
) -> list[Naming]:
    """Every legal way to meld ``cards`` (onto a meld of identities ``base`` and ``kind``, for a hit).

    Empty when the cards do not meld. Without Jokers a legal meld has exactly one
    naming (with an empty tuple of names).
    """
    naturals = [c for c in cards if not is_joker(c)]
    jokers = len(cards) - len(naturals)
    identities = set(base) | set(naturals)
    blocked = set(forbidden) | identities
    found: list[Naming] = []
    if kind in (None, "run"):
        found.extend(_run_namings(identities, jokers, blocked))
    if kind in (None, "set"):
        found.extend(_set_namings(identities, jokers, blocked))
    return list(dict.fromkeys(found))


def ace_high(identities: Iterable[str]) -> bool:
    """True when a run's Ace is high (it holds a King and no 2)."""
    ranks = {rank_of(c) for c in identities}
    return 1 in ranks and 13 in ranks and 2 not in ranks


def arrange(entries: list[tuple[str, str]], kind: str) -> list[tuple[str, str]]:
    """A meld's entries in reading order: a run by position, a set by suit."""
    if kind == "set":
        return sorted(entries, key=lambda e: (SUITS.index(suit_of(e[1])), is_joker(e[0])))
    high = ace_high(e[1] for e in entries)

    def position(entry: tuple[str, str]) -> tuple[int, bool]:
        r = rank_of(entry[1])
        return (14 if r == 1 and high else r), not is_joker(entry[0])

    return sorted(entries, key=position)


def _jokers(cards: Iterable[str], first: Iterable[str]) -> list[str]:
    """The Jokers among ``cards``, those in ``first`` first: a shape with one Joker of two uses them."""
    preferred = set(first)
    return sorted((c for c in cards if is_joker(c)), key=lambda c: (c not in preferred, c))


def possible_melds(hand: Sequence[str], forbidden: set[str], include: str | None = None) -> list[tuple[str, ...]]:
    """Card groups of ``hand`` that make a new meld (one Joker choice per shape), sorted.

    With ``include``, only groups holding that card (a Joker of a shape with one Joker of two is it).
    """
    jokers = _jokers(hand, (include,) if include else ())
    naturals = [c for c in hand if not is_joker(c)]
    found: dict[frozenset[str], tuple[str, ...]] = {}

    def add(group: list[str]) -> None:
        key = frozenset(group)
        if key not in found and (include is None or include in key) and namings(group, forbidden):
            found[key] = tuple(sorted_cards(group))

    by_rank: dict[int, list[str]] = {}
    by_suit: dict[str, set[int]] = {}
    for card in naturals:
        by_rank.setdefault(rank_of(card), []).append(card)
        by_suit.setdefault(suit_of(card), set()).add(rank_of(card))
    if include is not None and not is_joker(include):
        by_rank = {rank_of(include): by_rank.get(rank_of(include), [])}
        by_suit = {suit_of(include): by_suit.get(suit_of(include), set())}
    for same in by_rank.values():
        for size in range(1, len(same) + 1):
            for combo in combinations(same, size):
                for j in range(len(jokers) + 1):
                    if 3 <= size + j <= 4:
                        add([*combo, *jokers[:j]])
    for suit, ranks in by_suit.items():
        for low in range(1, 13):
            missing = 0
            group: list[str] = []
            for high in range(low, min(low + 12, 14) + 1):
                r = 1 if high == 14 else high
                if r in ranks:
                    group.append(card_of(r, suit))
                else:
                    missing += 1
                if missing > len(jokers):
                    break
                if high - low >= 2 and group:
                    add([*group, *jokers[:missing]])
    return list(found.values())


def possible_hits(
    cards: Sequence[str], kind: str, identities: Sequence[str], forbidden: set[str], first: Iterable[str] = ()
) -> list[tuple[str, ...]]:
    """Card groups from ``cards`` that may be laid off together on one meld (one per shape).

    A shape with fewer Jokers than held uses the Jokers in ``first`` first (the ones taken from the pile)."""
    jokers = _jokers(cards, first)
    naturals = [c for c in cards if not is_joker(c)]
    here = set(identities)
    found: dict[frozenset[str], tuple[str, ...]] = {}

    # Naturals that a Joker of this meld stands for may join it: alone, or with any other group.
    standing = [c for c in naturals if c in here]
    extra = [list(combo) for size in range(len(standing) + 1) for combo in combinations(standing, size)]

    def add(group: list[str]) -> None:
        for more in extra:
            whole = [*group, *more]
            key = frozenset(whole)
            if whole and key not in found and namings(whole, forbidden, identities, kind):
                found[key] = tuple(sorted_cards(whole))

    add([])
    if kind == "set":
        rank = rank_of(next(iter(here)))
        same = [c for c in naturals if rank_of(c) == rank and c not in here]
        for size in range(0, len(same) + 1):
            for combo in combinations(same, size):
                for j in range(len(jokers) + 1):
                    add([*combo, *jokers[:j]])
        return list(found.values())
    suit = suit_of(next(iter(here)))
    mine = {rank_of(c) for c in naturals if suit_of(c) == suit}
    high = ace_high(here)
    positions = [14 if rank_of(c) == 1 and high else rank_of(c) for c in here]
    low, top = min(positions), max(positions)
    for down in range(0, low):
        below: list[str] = []
        missing_below = 0
        for p in range(low - 1, low - 1 - down, -1):
            if p in mine:
                below.append(card_of(p, suit))
            else:
                missing_below += 1
        if missing_below > len(jokers):
            break
        for up in range(0, 15 - top):
            if top + up - (low - down) + 1 > 13:
                break
            above: list[str] = []
            missing = missing_below
            for p in range(top + 1, top + up + 1):
                r = 1 if p == 14 else p
                if r in mine:
                    above.append(card_of(r, suit))
                else:
                    missing += 1
            if missing > len(jokers):
                break
            if down or up:
                add([*below, *above, *jokers[:missing]])
    return list(found.values())
