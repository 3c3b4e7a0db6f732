"""Gin-jon-tan cards: 27 symbols × 7 colours × 33 copy numbers = 6,237 distinct cards.

A card is written with the rule page's names, ``Card("Space ship", "Violet", 33)``,
so a plain ``(symbol, colour, number)`` tuple is a card too. Its short id (for
profiles, the database and logs) is a two-letter symbol code, a colour letter and
the number: ``"SsV33"``.

>>> card = Card("Space ship", "Violet", 33)
>>> card.id, card.value
('SsV33', 39204)
>>> Card.parse("WaW1").label
'White Water 1'
>>> Card.parse("WaW1").label.template
'{colour} {symbol} {number}'
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from engine.words import Text

__all__ = [
    "COLOURS",
    "COLOUR_CODES",
    "COLOUR_NAMES",
    "FULL_SET",
    "MULTIPLIER",
    "SYMBOLS",
    "SYMBOL_CODES",
    "SYMBOL_NAMES",
    "SYMBOL_VALUE",
    "Card",
    "as_card",
    "card_value",
]

#: Symbols in the rule page's order, with their value and two-letter code.
SYMBOLS: tuple[tuple[str, int, str], ...] = (
    ("Righteous", 9, "Ri"),
    ("Fire", 1, "Fi"),
    ("Love", 6, "Lo"),
    ("Sin", 6, "Si"),
    ("Water", 1, "Wa"),
    ("Air", 1, "Ai"),
    ("Night", 1, "Ni"),
    ("Path", 3, "Pa"),
    ("Hope", 6, "Ho"),
    ("Earth", 1, "Ea"),
    ("Sun", 9, "Su"),
    ("Abyss", 3, "Ab"),
    ("Moon", 9, "Mo"),
    ("Space ship", 12, "Ss"),
    ("Life", 12, "Li"),
    ("Supernova", 33, "Sn"),
    ("Executioner", 3, "Ex"),
    ("Prisoner", 3, "Pr"),
    ("Boat", 9, "Bo"),
    ("Death", 12, "De"),
    ("Coldness", 1, "Co"),
    ("Vacuum", 6, "Va"),
    ("Weapon", 3, "We"),
    ("Black hole", 33, "Bh"),
    ("Universal", 99, "Un"),
    ("Bonus", 1, "Bn"),
    ("Defeat", 0, "Df"),
)
SYMBOL_VALUE: dict[str, int] = {name: value for name, value, _ in SYMBOLS}
SYMBOL_CODES: dict[str, str] = {name: code for name, _, code in SYMBOLS}
_SYMBOL_BY_CODE: dict[str, str] = {code: name for name, _, code in SYMBOLS}

#: Colours from the lowest multiplier to the highest.
COLOURS: tuple[str, ...] = ("White", "Red", "Orange", "Yellow", "Green", "Blue", "Violet")
MULTIPLIER: dict[str, int] = {"White": 1, "Red": 3, "Orange": 9, "Yellow": 12, "Green": 15, "Blue": 33, "Violet": 99}
COLOUR_CODES: dict[str, str] = {colour: colour[0] for colour in COLOURS}
_COLOUR_BY_CODE: dict[str, str] = {code: colour for colour, code in COLOUR_CODES.items()}

NUMBERS = range(1, 34)

#: Each symbol's name as a sentence says it (in a reader's language, later). Black hole and
#: Universal are names the translations keep.
SYMBOL_NAMES: dict[str, Text] = {
    "Righteous": Text("Righteous"),
    "Fire": Text("Fire"),
    "Love": Text("Love"),
    "Sin": Text("Sin"),
    "Water": Text("Water"),
    "Air": Text("Air"),
    "Night": Text("Night"),
    "Path": Text("Path"),
    "Hope": Text("Hope"),
    "Earth": Text("Earth"),
    "Sun": Text("Sun"),
    "Abyss": Text("Abyss"),
    "Moon": Text("Moon"),
    "Space ship": Text("Space ship"),
    "Life": Text("Life"),
    "Supernova": Text("Supernova"),
    "Executioner": Text("Executioner"),
    "Prisoner": Text("Prisoner"),
    "Boat": Text("Boat"),
    "Death": Text("Death"),
    "Coldness": Text("Coldness"),
    "Vacuum": Text("Vacuum"),
    "Weapon": Text("Weapon"),
    "Black hole": Text("Black hole"),
    "Universal": Text("Universal"),
    "Bonus": Text("Bonus"),
    "Defeat": Text("Defeat"),
}
#: Each colour's name as a sentence says it.
COLOUR_NAMES: dict[str, Text] = {
    "White": Text("White"),
    "Red": Text("Red"),
    "Orange": Text("Orange"),
    "Yellow": Text("Yellow"),
    "Green": Text("Green"),
    "Blue": Text("Blue"),
    "Violet": Text("Violet"),
}


class Card(NamedTuple):
    """One card: the rule page's symbol and colour names and the copy number 1–33."""

    symbol: str
    colour: str
    number: int

    @property
    def id(self) -> str:
        """The short id: symbol code, colour letter, number (``"SsV33"``)."""
        return f"{SYMBOL_CODES[self.symbol]}{COLOUR_CODES[self.colour]}{self.number}"

    @property
    def value(self) -> int:
        """v = symbol value × copy number × colour multiplier (Defeat: always 0)."""
        return SYMBOL_VALUE[self.symbol] * self.number * MULTIPLIER[self.colour]

    @property
    def label(self) -> Text:
        """How a sentence names the card: "White Water 1" (colour and symbol said in a reader's language)."""
        return _label(self)

    @property
    def is_special(self) -> bool:
        """Bonus and Defeat never belong to a combination."""
        return self.symbol in ("Bonus", "Defeat")

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from its short id; ValueError if it is not one.

        Every card of :data:`FULL_SET` exists once: a state loaded for each move reads its cards
        from their ids, and new copies of them would be new objects for the garbage collector to
        walk until the next move (a tuple subclass is never untracked, unlike a plain tuple).

        >>> Card.parse("WaW1") is Card.parse("WaW1") is as_card(("Water", "White", 1))
        True
        """
        known = _BY_ID.get(text)
        if known is not None:
            return known
        symbol = _SYMBOL_BY_CODE.get(text[:2])
        colour = _COLOUR_BY_CODE.get(text[2:3])
        digits = text[3:]
        if symbol is None or colour is None or not digits.isdigit() or int(digits) not in NUMBERS:
            raise ValueError(f"not a Gin-jon-tan card: {text!r}")
        if digits != str(int(digits)):
            raise ValueError(f"not a Gin-jon-tan card: {text!r}")
        return cls(symbol, colour, int(digits))


def as_card(card: Card | tuple[str, str, int] | str) -> Card:
    """A :class:`Card` from a card, a ``(symbol, colour, number)`` tuple or a short id.

    >>> as_card(("Water", "Red", 3))
    Card(symbol='Water', colour='Red', number=3)
    """
    if isinstance(card, str):
        return Card.parse(card)
    symbol, colour, number = card
    if symbol not in SYMBOL_VALUE:
        raise ValueError(f"{symbol!r} is not a Gin-jon-tan symbol.")
    if colour not in MULTIPLIER:
        raise ValueError(f"{colour!r} is not a Gin-jon-tan colour.")
    if isinstance(number, bool) or not isinstance(number, int) or number not in NUMBERS:
        raise ValueError(f"A copy number is 1 to 33, not {number!r}.")
    return _BY_ID[Card(symbol, colour, number).id]


def card_value(card: Card | tuple[str, str, int] | str) -> int:
    """A card's value v = symbol value × copy number × colour multiplier.

    >>> card_value(("Space ship", "Violet", 33))
    39204
    >>> card_value(("Universal", "Violet", 33))
    323433
    >>> card_value(("Defeat", "Violet", 33))
    0
    """
    return as_card(card).value


@lru_cache(maxsize=len(SYMBOLS) * len(COLOURS) * len(NUMBERS))
def _label(card: Card) -> Text:
    """A card's :attr:`Card.label`, made once per card (a decision lists many cards, many times)."""
    return Text(
        "{colour} {symbol} {number}",
        colour=COLOUR_NAMES[card.colour],
        symbol=SYMBOL_NAMES[card.symbol],
        number=card.number,
    )


#: All 6,237 cards, symbol by symbol, colour by colour, number by number.
FULL_SET: tuple[Card, ...] = tuple(Card(s, c, n) for s, _, _ in SYMBOLS for c in COLOURS for n in NUMBERS)
#: Each card by its short id: the one object :meth:`Card.parse` and :func:`as_card` return.
_BY_ID: dict[str, Card] = {card.id: card for card in FULL_SET}
