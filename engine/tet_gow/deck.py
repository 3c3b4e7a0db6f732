"""The Decktet's 36 basic cards as Tet-Gow sees them: suits, Sets and Tiers.

Only a card's suits matter in Tet-Gow; names and ranks are for display. Every
card has a two-character id: ``A``/``C``/rank and its (upper) suit letter —
``AM`` is the Ace of Moons, ``CL`` the Crown of Leaves (End), ``7S`` the Castle.

>>> CARDS["7S"].name, CARDS["7S"].set, CARDS["7S"].tier
('Castle', 'Inter', 4)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from engine.core import listed
from engine.words import Text

#: The suits in Tet-Gow's order, strongest first: letter -> name.
SUITS: dict[str, str] = {
    "M": Text("Moons"),
    "S": Text("Suns"),
    "W": Text("Waves"),
    "L": Text("Leaves"),
    "Y": Text("Wyrms"),
    "K": Text("Knots"),
}
SUIT_ORDER = tuple(SUITS)

#: The three Sets, in the order a hand is sorted within a Tier.
SETS = ("Suits", "Cycle", "Inter")
TIERS = (1, 2, 3, 4, 5, 6)
#: Each Set's name as people read it (the Sets themselves are keys: "Suits", "Cycle", "Inter").
SET_NAMES: dict[str, str] = {"Suits": Text("Suits"), "Cycle": Text("Cycle"), "Inter": Text("Inter")}

CROWNS = {
    "M": Text("Huntress"),
    "S": Text("Bard"),
    "W": Text("Sea"),
    "L": Text("End"),
    "Y": Text("Calamity"),
    "K": Text("Windfall"),
}

#: Number cards: rank -> (name, upper suit, lower suit) for each of its three cards.
NUMBER_CARDS: dict[int, tuple[tuple[str, str, str], ...]] = {
    2: ((Text("Author"), "M", "K"), (Text("Desert"), "S", "Y"), (Text("Origin"), "W", "L")),
    3: ((Text("Journey"), "M", "W"), (Text("Painter"), "S", "K"), (Text("Savage"), "L", "Y")),
    4: ((Text("Mountain"), "M", "S"), (Text("Sailor"), "W", "L"), (Text("Battle"), "Y", "K")),
    5: ((Text("Forest"), "M", "L"), (Text("Discovery"), "S", "W"), (Text("Soldier"), "Y", "K")),
    6: ((Text("Lunatic"), "M", "W"), (Text("Penitent"), "S", "Y"), (Text("Market"), "L", "K")),
    7: ((Text("Chance Meeting"), "M", "L"), (Text("Castle"), "S", "K"), (Text("Cave"), "W", "Y")),
    8: ((Text("Diplomat"), "M", "S"), (Text("Mill"), "W", "L"), (Text("Betrayal"), "Y", "K")),
    9: ((Text("Pact"), "M", "S"), (Text("Darkness"), "W", "Y"), (Text("Merchant"), "L", "K")),
}

#: The Sets-and-Tiers table of the rules: the two-suit cards' Set and Tier by their suits.
CYCLE_TIERS = {"MS": 1, "SW": 2, "WL": 3, "LY": 4, "YK": 5, "MK": 6}
INTER_TIERS = {"MW": 1, "ML": 2, "SY": 3, "SK": 4, "WY": 5, "LK": 6}


@dataclass(frozen=True)
class Card:
    """One Decktet card with its Tet-Gow Set and Tier (Tier 1 is the strongest)."""

    id: str
    name: str
    #: "Ace", "Crown" or "2".."9".
    rank: str
    #: One suit letter (Aces, Crowns) or two, upper suit first.
    suits: tuple[str, ...]
    set: str
    tier: int

    @functools.cached_property
    def label(self) -> str:
        """A readable label for menus, e.g. ``Castle (7 Suns/Knots, Inter)`` (made once: a Text)."""
        if self.rank == "Ace":
            return Text("Ace of {suit} (Suits)", suit=SUITS[self.suits[0]])
        if self.rank == "Crown":
            return Text("{name} (Crown of {suit}, Suits)", name=self.name, suit=SUITS[self.suits[0]])
        upper, lower = (SUITS[s] for s in self.suits)
        return Text(
            "{name} ({rank} {upper}/{lower}, {set})",
            name=self.name,
            rank=self.rank,
            upper=upper,
            lower=lower,
            set=SET_NAMES[self.set],
        )

    @property
    def sort_key(self) -> tuple[int, int, int]:
        rank = {"Ace": 1, "Crown": 10}.get(self.rank) or int(self.rank)
        return (self.tier, SETS.index(self.set), rank)


def _build() -> dict[str, Card]:
    cards: list[Card] = []
    for tier, suit in enumerate(SUIT_ORDER, start=1):
        cards.append(Card(f"A{suit}", Text("Ace of {suit}", suit=SUITS[suit]), "Ace", (suit,), "Suits", tier))
        cards.append(Card(f"C{suit}", CROWNS[suit], "Crown", (suit,), "Suits", tier))
    for rank, triple in NUMBER_CARDS.items():
        for name, upper, lower in triple:
            pair = upper + lower
            if pair in CYCLE_TIERS:
                set_name, tier = "Cycle", CYCLE_TIERS[pair]
            else:
                set_name, tier = "Inter", INTER_TIERS[pair]
            cards.append(Card(f"{rank}{upper}", name, str(rank), (upper, lower), set_name, tier))
    cards.sort(key=lambda c: c.sort_key)
    return {c.id: c for c in cards}


#: Every card by id, strongest first (Tier, then Set, then rank).
CARDS: dict[str, Card] = _build()


def deck(num_players: int) -> list[str]:
    """The card ids in play: all 36 for four players, the 24 number cards for three."""
    if num_players == 4:
        return list(CARDS)
    return [c.id for c in CARDS.values() if c.set != "Suits"]


def sort_cards(ids: Iterable[str]) -> list[str]:
    """Card ids strongest first, grouped by Tier."""
    return sorted(ids, key=lambda i: CARDS[i].sort_key)


def tier_of(card_id: str) -> int:
    return CARDS[card_id].tier


def set_mix(ids: Iterable[str]) -> tuple[int, int, int]:
    """How many Suits, Cycle and Inter cards a play holds (its "Set mix")."""
    counts = Counter(CARDS[i].set for i in ids)
    return (counts["Suits"], counts["Cycle"], counts["Inter"])


def describe_mix(mix: tuple[int, int, int]) -> str:
    """``(2, 0, 1)`` -> ``"2 Suits + 1 Inter"``."""
    parts = [Text("{count} {set}", count=n, set=SET_NAMES[name]) for n, name in zip(mix, SETS, strict=True) if n]
    if not parts:
        return ""
    text = parts[-1]
    for part in reversed(parts[:-1]):
        text = Text("{part} + {more}", part=part, more=text)
    return text


def names(ids: Iterable[str]) -> str:
    """Card names for an event line: ``Ace of Leaves, End, Castle``."""
    return listed([CARDS[i].name for i in ids])


def tier_table() -> dict[int, dict[str, list[str]]]:
    """The Sets and Tiers table: tier -> set -> card ids (for help pictures and tests)."""
    table: dict[int, dict[str, list[str]]] = {t: {s: [] for s in SETS} for t in TIERS}
    for card in CARDS.values():
        table[card.tier][card.set].append(card.id)
    return table
