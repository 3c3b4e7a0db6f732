"""Per-seat profiles in (what each player brings to a game), built from the items they own.

A game that declares ``uses_profiles=True`` is dealt with one profile per seat: a
JSON-friendly dict, or None for a computer seat. By default a person's profile is
``{"items": [item, item, ...]}`` (each owned item as many times as it is owned); a game
registers its own builder here when it wants something else (a chosen deck of 33 of them).
See docs/profiles.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.models import OwnedItem

#: Builds a person's profile from what they own in that game (their items, sorted by id).
ProfileBuilder = Callable[[Sequence[OwnedItem]], dict[str, Any] | None]

_builders: dict[str, ProfileBuilder] = {}


def register_profile_builder(game_key: str, builder: ProfileBuilder) -> None:
    """A game's own way to make a profile from owned items."""
    _builders[game_key] = builder


def default_profile(items: Sequence[OwnedItem]) -> dict[str, Any]:
    return {"items": [row.item for row in items for _ in range(row.count)]}


def build_profile(game_key: str, items: Sequence[OwnedItem]) -> dict[str, Any] | None:
    return _builders.get(game_key, default_profile)(items)
