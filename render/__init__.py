"""Pillow pictures: pure functions from a view to PNG bytes. No Discord, no database.

Each game has a module ``render/<game key>.py`` with two functions::

    table_picture(view, *, names: Sequence[str]) -> bytes   # the public table
    hand_picture(view, *, names: Sequence[str]) -> bytes    # one seat's private picture

``table_picture`` is always given a spectator's view (``view.seat is None``), so
it cannot show a private card. Games without a module of their own get the
plain pictures of :mod:`render.generic`.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def pictures_for(game_key: str) -> ModuleType:
    """The render module of a game: ``render.<key>``, or ``render.generic``."""
    try:
        return importlib.import_module(f"render.{game_key}")
    except ModuleNotFoundError as error:
        if error.name != f"render.{game_key}":
            raise
        return importlib.import_module("render.generic")
