"""Cards of the 52-card deck as short strings ("As", "Td", "Kh") and as bits of one integer.

A card's index is ``suit * 13 + rank`` (rank 0 = Ace … 12 = King; suits c d h s), so
the 13 cards of one suit are one 13-bit field of a hand's bitmask: runs live inside
a field and sets across the four fields. The solver works on these masks.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "cdhs"
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}

#: Every card name, by index.
CARD_NAMES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
#: Card name -> index.
CARD_INDEX: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}
#: Card name -> its bit.
CARD_BIT: dict[str, int] = {name: 1 << i for i, name in enumerate(CARD_NAMES)}
#: Deadwood points by index: Ace 1, 2–10 face value, J Q K 10.
INDEX_VALUE: tuple[int, ...] = tuple(min(i % 13 + 1, 10) for i in range(52))


def bits(mask: int) -> list[int]:
    """The one-card masks of a hand's bit mask, lowest card first.

    >>> bits(0b1010)
    [2, 8]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def full_deck() -> list[str]:
    """The 52 cards in a fixed order (shuffle with the state's rng)."""
    return list(CARD_NAMES)


def rank_of(card: str) -> int:
    """0 for an Ace … 12 for a King."""
    return RANKS.index(card[0])


def suit_of(card: str) -> str:
    return card[1]


def value(card: str) -> int:
    """Deadwood points of one card."""
    return INDEX_VALUE[CARD_INDEX[card]]


def label(card: str) -> str:
    """How a player reads a card: "7♥", "10♠", "A♦"."""
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS[card[1]]


def labels(cards: Iterable[str]) -> str:
    return " ".join(label(c) for c in cards)


def sort_key(card: str) -> tuple[int, int]:
    """Hands read best grouped by suit, then by rank."""
    return SUITS.index(card[1]), RANKS.index(card[0])


def sorted_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=sort_key)


def to_mask(cards: Iterable[str]) -> int:
    """The bitmask of some card names; ValueError on an unknown or repeated card."""
    mask = 0
    count = 0
    try:
        for card in cards:
            mask |= CARD_BIT[card]
            count += 1
    except KeyError as error:
        raise ValueError(f"{error.args[0]!r} is not a card (use e.g. 'As', 'Td', 'Kh').") from None
    if mask.bit_count() != count:
        raise ValueError("A card appears twice.")
    return mask


def from_mask(mask: int) -> list[str]:
    """Card names of a mask, in index order (suit, then rank)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(CARD_NAMES[low.bit_length() - 1])
        mask ^= low
    return cards
