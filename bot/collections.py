"""Gin-jon-tan collections: each person's cards in a server, their active deck, prize cards.

A server is its own economy. A person's collection is made the first time it is needed (a
look at /collection or /deck, a table dealt): 33 random cards of the 6,237, each an owned
item of its own (bot.models.OwnedItem, kind = the card id "SsV33"). Whenever it is looked at
or dealt from and holds fewer than 33 cards (prizes lost), it is topped up with random cards
first. The active deck is the 33 cards the person chose (``/deck``); by default, and for any
chosen card they no longer own, the first cards they got fill it.

The table service asks for profiles through bot.profiles, which finds :data:`RULES` here because
Gin-jon-tan's ``Game`` declares ``item_rules="bot.collections"``. The sentences here are
:class:`~engine.words.Text`: English as they read, said in a reader's language at the edge
(:func:`bot.i18n.told.told`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.i18n.told import Whole
from bot.models import OwnedItem
from engine.core import GameState
from engine.gin_jon_tan.cards import COLOURS, FULL_SET, SYMBOLS

# Re-exported: cogs/collection.py reads the card and the deck size here.
from engine.gin_jon_tan.cards import Card as Card
from engine.gin_jon_tan.rules import DECK_SIZE as DECK_SIZE
from engine.gin_jon_tan.rules import GinJonTanState
from engine.words import Text

if TYPE_CHECKING:
    from bot.store import Filled, Store

GAME_KEY = "gin_jon_tan"
#: A collection never holds fewer cards than a deck.
COLLECTION_SIZE = DECK_SIZE
SORTS = ("value", "symbol", "colour")

_SYMBOL_ORDER = {name: i for i, (name, _, _) in enumerate(SYMBOLS)}
_COLOUR_ORDER = {name: i for i, name in enumerate(COLOURS)}
_random = random.SystemRandom()


def draw_cards(count: int, rng: random.Random | None = None) -> list[str]:
    """``count`` random card ids of the full set (no card twice in one draw)."""
    return [card.id for card in (rng or _random).sample(FULL_SET, count)]


def card_of(row: OwnedItem) -> Card:
    return Card.parse(row.kind)


async def collection(store: Store, guild_id: int, user_id: int, rng: random.Random | None = None) -> list[OwnedItem]:
    """A person's cards in this server, in the order they got them: made on first use, topped up under 33."""
    return (await filled(store, guild_id, user_id, rng)).items


async def filled(store: Store, guild_id: int, user_id: int, rng: random.Random | None = None) -> Filled:
    """:func:`collection`, and how many cards it topped up just now (see :func:`top_up_note`)."""
    return await store.fill_items(guild_id, user_id, GAME_KEY, COLLECTION_SIZE, lambda n: draw_cards(n, rng))


def top_up_note(topped_up: int) -> str:
    """What a person reads when their collection was just brought back to 33 ("" when it was not).

    >>> top_up_note(4), top_up_note(1), top_up_note(0)
    ('4 new cards were added to reach 33.', '1 new card was added to reach 33.', '')
    """
    if not topped_up:
        return ""
    return Text.plural(
        "{count} new card was added to reach {size}.",
        "{count} new cards were added to reach {size}.",
        topped_up,
        size=Whole(COLLECTION_SIZE),
    )


def active_deck(items: Sequence[OwnedItem], chosen: Sequence[str] | None) -> list[OwnedItem]:
    """The deck: the chosen items still owned (in the chosen order), filled up to 33 with the first cards got."""
    owned = {row.item: row for row in items}
    deck = [owned[item] for item in dict.fromkeys(chosen or ()) if item in owned][:DECK_SIZE]
    taken = {row.item for row in deck}
    for row in items:
        if len(deck) >= DECK_SIZE:
            break
        if row.item not in taken:
            deck.append(row)
            taken.add(row.item)
    return deck


def chosen_of(json_text: str | None) -> list[str] | None:
    return [str(item) for item in json.loads(json_text)] if json_text else None


async def collection_and_deck(
    store: Store, guild_id: int, user_id: int, rng: random.Random | None = None
) -> tuple[list[OwnedItem], list[OwnedItem]]:
    """A person's collection (made or topped up first) and their active deck."""
    found = await holding(store, guild_id, user_id, rng)
    return found.items, found.deck


@dataclass(frozen=True)
class Holding:
    """A person's collection (made or topped up first), their active deck, and the top-up just made."""

    items: list[OwnedItem]
    deck: list[OwnedItem]
    topped_up: int = 0


async def holding(store: Store, guild_id: int, user_id: int, rng: random.Random | None = None) -> Holding:
    got = await filled(store, guild_id, user_id, rng)
    owner = await store.item_owner(guild_id, user_id, GAME_KEY)
    return Holding(got.items, active_deck(got.items, chosen_of(owner.chosen_json if owner else None)), got.topped_up)


def deck_problem(items: Sequence[OwnedItem], picks: Sequence[str]) -> str | None:
    """Why ``picks`` cannot be the active deck (one sentence), or None when it can."""
    owned = {row.item for row in items}
    if any(item not in owned for item in picks):
        return Text("Some of those cards are no longer yours; pick again.")
    if len(set(picks)) != len(picks):
        return Text("A card is picked twice.")
    if len(picks) != DECK_SIZE:
        return Text(
            "A deck is exactly {size} cards: you have picked {count}.", size=Whole(DECK_SIZE), count=Whole(len(picks))
        )
    return None


def pick_on_page(draft: Sequence[str], page: Sequence[str], selected: Sequence[str]) -> list[str]:
    """A draft after the person chose ``selected`` among one page's items: picks of other pages stay,
    picks of this page are what is selected now (kept where they were, new ones at the end).

    >>> pick_on_page(["a", "b", "x"], page=["a", "b", "c"], selected=["c", "a"])
    ['a', 'x', 'c']
    """
    shown, chosen = set(page), set(selected) & set(page)
    kept = [item for item in draft if item not in shown or item in chosen]
    return kept + [item for item in dict.fromkeys(selected) if item in chosen and item not in kept]


def sort_items(items: Sequence[OwnedItem], by: str) -> list[OwnedItem]:
    """Cards by value (highest first), by symbol (the rule page's order) or by colour (Violet first)."""

    def symbol(row: OwnedItem) -> tuple[int, int, int, int]:
        card = card_of(row)
        return (_SYMBOL_ORDER[card.symbol], -_COLOUR_ORDER[card.colour], -card.number, row.id or 0)

    if by == "value":
        return sorted(items, key=lambda row: (-card_of(row).value, *symbol(row)))
    if by == "symbol":
        return sorted(items, key=symbol)
    if by == "colour":
        return sorted(items, key=lambda row: (-_COLOUR_ORDER[card_of(row).colour], *symbol(row)))
    raise ValueError(f"sort by one of {', '.join(SORTS)}, not {by!r}")


class GinJonTanItems:
    """Gin-jon-tan's rules for owned items (see bot.profiles.ItemRules)."""

    async def profile(self, store: Store, guild_id: int, user_id: int) -> dict[str, Any] | None:
        _, deck = await collection_and_deck(store, guild_id, user_id)
        return {"deck": [{"item": row.item, "card": row.kind} for row in deck]}

    async def top_up(self, store: Store, guild_id: int, user_id: int, name: str) -> str | None:
        """A collection under 33 is topped up before it is dealt from, and the table says so (a Text: the
        table says it in its server's language)."""
        added = (await filled(store, guild_id, user_id)).topped_up
        if not added:
            return None
        return Text.plural(
            "{count} new card was added to {name}'s collection to reach {size}.",
            "{count} new cards were added to {name}'s collection to reach {size}.",
            added,
            name=name,
            size=Whole(COLLECTION_SIZE),
        )

    def stakes(self, options: Mapping[str, Any]) -> bool:
        """Prizes are played for with personal decks only: those cards are at stake."""
        return options.get("deck") == "personal" and options.get("prizes") == "on"

    def staked(self, profile: Mapping[str, Any]) -> list[str]:
        return [str(entry["item"]) for entry in profile.get("deck", ())]

    def item_kind(self, state: GameState, item: str) -> str | None:
        """The card of an item in a dealt game (a computer seat's generated "gen:…" items included)."""
        if not isinstance(state, GinJonTanState):
            return None
        for items, deck in zip(state.items, state.decks, strict=True):
            if item in items:
                return deck[items.index(item)]
        return None


RULES = GinJonTanItems()
