"""Pillow pictures: pure functions from a view to PNG bytes. No Discord, no database.

Each game has a module ``render/<game key>.py`` with two functions::

    table_picture(view, *, names: Sequence[str]) -> bytes   # the public table
    hand_picture(view, *, names: Sequence[str]) -> bytes    # one seat's private picture

``table_picture`` is always given a spectator's view (``view.seat is None``), so
it cannot show a private card. Games without a module of their own get the
plain pictures of :mod:`render.generic`.

A game kept outside this project mirrors its layout: its engine package
``<root>.engine.<key>`` has its pictures in ``<root>.render.<key>``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from engine import registry


def pictures_for(game_key: str) -> ModuleType:
    """The render module of a game: ``render.<key>`` (or its root's), else ``render.generic``."""
    name = render_module_name(game_key)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return importlib.import_module("render.generic")


def render_module_name(game_key: str) -> str:
    """Where a game's pictures live: beside its engine package, ``engine`` swapped for ``render``.

    >>> render_module_name("gin_rummy")
    'render.gin_rummy'
    """
    module = registry.get(game_key).state_class.__module__
    root, found, _ = module.rpartition("engine.")
    if not found or (root and not root.endswith(".")):
        return f"render.{game_key}"
    return f"{root}render.{game_key}"
