"""Per-seat profiles in (what each player brings to a game), built from the items they own.

A game that declares ``uses_profiles=True`` is dealt with one profile per seat: a
JSON-friendly dict, or None for a computer seat. Owned items are rows with their own
identity (bot.models.OwnedItem); by default a person's profile lists them,
``{"items": [{"item": "17", "kind": "..."}, ...]}``. A game with its own rules for what its
players own (a first collection, top-ups, a chosen deck) declares the module that holds them
in its ``Game(item_rules=...)``: Gin-jon-tan's ``RULES`` are in bot.collections. See
docs/profiles.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from bot.models import OwnedItem
from engine import registry
from engine.core import GameState

if TYPE_CHECKING:
    from bot.store import Store


class ItemRules(Protocol):
    """A game's own rules for the items its players own."""

    async def profile(self, store: Store, guild_id: int, user_id: int) -> dict[str, Any] | None:
        """What a person brings to a table (it may give them their first items, or top them up)."""
        ...

    def item_kind(self, state: GameState, item: str) -> str | None:
        """What one of the game's items is (the house gives an item of that kind for one won from a
        computer seat); None if the state holds no such item."""
        ...

    async def top_up(self, store: Store, guild_id: int, user_id: int, name: str) -> str | None:
        """Before a deal: bring a person's items up to what the game's rules want; the sentence
        that tells the table (None when nothing was added)."""
        ...

    def stakes(self, options: Mapping[str, Any]) -> bool:
        """Does a table with these options put its players' items at stake (may its end move them)?"""
        ...

    def staked(self, profile: Mapping[str, Any]) -> list[str]:
        """The item ids a profile deals into a game that stakes them (reserved for it until its end)."""
        ...


def item_rules(game_key: str) -> ItemRules | None:
    """The item rules a game declares (``Game.item_rules``: a module exporting ``RULES``), or None.

    A game that names a module without ``RULES`` is an error, raised on its first table."""
    try:
        module_name = registry.get(game_key).item_rules
    except KeyError:
        return None
    if not module_name:
        return None
    rules: ItemRules | None = getattr(importlib.import_module(module_name), "RULES", None)
    if rules is None:
        raise LookupError(f"{module_name} declares no RULES, but the game {game_key!r} names it for its item rules.")
    return rules


def default_profile(items: Sequence[OwnedItem]) -> dict[str, Any]:
    return {"items": [{"item": row.item, "kind": row.kind} for row in items]}


async def person_profile(store: Store, game_key: str, guild_id: int, user_id: int) -> dict[str, Any] | None:
    """A person's profile for a table of ``game_key`` in this server."""
    rules = item_rules(game_key)
    if rules is not None:
        return await rules.profile(store, guild_id, user_id)
    return default_profile(await store.owned_items(guild_id, user_id, game_key))


async def top_up(store: Store, game_key: str, guild_id: int, user_id: int, name: str) -> str | None:
    """Before a deal, a person's items topped up by the game's rules: the sentence, or None."""
    rules = item_rules(game_key)
    return await rules.top_up(store, guild_id, user_id, name) if rules is not None else None


def stakes(game_key: str, options: Mapping[str, Any]) -> bool:
    """Does a table of ``game_key`` with these options stake its players' items? A game without
    its own item rules may move any item its profiles list: always."""
    rules = item_rules(game_key)
    return rules.stakes(options) if rules is not None else True


def staked_items(game_key: str, options: Mapping[str, Any], profile: Mapping[str, Any] | None) -> list[str]:
    """The items a person's profile puts at stake at a table of ``game_key`` with these options."""
    if profile is None or not stakes(game_key, options):
        return []
    rules = item_rules(game_key)
    if rules is not None:
        return rules.staked(profile)
    return [str(entry["item"]) for entry in profile.get("items", ())]


def item_kind(game_key: str, state: GameState | None, item: str) -> str | None:
    """What an item of a game is, by the game's rules (None when it has none or the state does not know)."""
    rules = item_rules(game_key)
    if rules is None or state is None:
        return None
    return rules.item_kind(state, item)
