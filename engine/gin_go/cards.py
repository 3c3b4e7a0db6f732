"""Gin-Go cards as short ids: "7h", "Td", "As", and the Jokers "Jk1" and "Jk2".

Ranks run A=1 … K=13 (:func:`rank_of`); a run may also use the Ace high, at
position 14 (:mod:`engine.gin_go.melds` handles that). Suits are c d h s.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import listed
from engine.words import Text

RANKS = "A23456789TJQK"
SUITS = "cdhs"
JOKERS = ("Jk1", "Jk2")
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_NAMES = {"c": Text("clubs"), "d": Text("diamonds"), "h": Text("hearts"), "s": Text("spades")}
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: The 52 natural cards, suit by suit.
NATURALS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_NATURAL_SET = frozenset(NATURALS)


def full_deck(jokers: bool) -> list[str]:
    """Every card of a game, in a fixed order (shuffle with the state's rng)."""
    return [*NATURALS, *JOKERS] if jokers else list(NATURALS)


def is_joker(card: str) -> bool:
    return card.startswith("Jk")


def is_card(card: str) -> bool:
    return card in _NATURAL_SET or card in JOKERS


def rank_of(card: str) -> int:
    """1 for an Ace … 13 for a King (natural cards only)."""
    return RANKS.index(card[0]) + 1


def suit_of(card: str) -> str:
    return card[1]


def card_of(rank: int, suit: str) -> str:
    """The natural card of a rank 1..13 (14 is the high Ace) and a suit."""
    return RANKS[(rank - 1) % 13] + suit


def label(card: str) -> str:
    """How a player reads a card: "7♥", "10♠", "Joker"."""
    if is_joker(card):
        return Text("Joker")
    return RANK_LABELS[rank_of(card) - 1] + SUIT_SYMBOLS[card[1]]


def labels(cards: Iterable[str]) -> str:
    """Cards one after another, "7♥ 8♥ Joker" (a Joker's name said in the reader's language)."""
    return listed([label(c) for c in cards], " ")


def sort_key(card: str) -> tuple[int, int]:
    """Hands read best by suit, then rank; Jokers last."""
    if is_joker(card):
        return 4, JOKERS.index(card)
    return SUITS.index(card[1]), rank_of(card)


def sorted_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=sort_key)
