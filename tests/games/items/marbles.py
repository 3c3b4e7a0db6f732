"""Marbles' rules for the items its players own (a ``bot.profiles.ItemRules``): a pouch of three
marbles given on first play and topped up to three before each deal; the whole pouch is at stake."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core import GameState

if TYPE_CHECKING:
    from bot.store import Store

GAME_KEY = "marbles"
POUCH = 3


class MarbleRules:
    async def profile(self, store: Store, guild_id: int, user_id: int) -> dict[str, Any] | None:
        filled = await store.fill_items(guild_id, user_id, GAME_KEY, POUCH, lambda n: ["marble"] * n)
        return {"items": [{"item": row.item, "kind": row.kind} for row in filled.items]}

    async def top_up(self, store: Store, guild_id: int, user_id: int, name: str) -> str | None:
        added = (await store.fill_items(guild_id, user_id, GAME_KEY, POUCH, lambda n: ["marble"] * n)).topped_up
        return f"{name}'s pouch was filled up to {POUCH} marbles." if added else None

    def stakes(self, options: Mapping[str, Any]) -> bool:
        return True

    def staked(self, profile: Mapping[str, Any]) -> list[str]:
        return [str(entry["item"]) for entry in profile.get("items", ())]

    def item_kind(self, state: GameState, item: str) -> str | None:
        owned = {str(entry["item"]) for profile in state.profiles if profile for entry in profile.get("items", ())}
        return "marble" if item in owned else None


RULES = MarbleRules()
