"""The registry of games: finds every game package under engine/ by itself.

A game package declares ``GAME = Game(...)`` in its ``__init__.py``; nothing else
needs to know about it. ``PARLOUR_EXTRA_GAMES`` (comma-separated module names, each
with a ``GAME``) adds more: the end-to-end tests use it to give a bot process the
small test game.

>>> get("Nin Jan").key
'nin_jan'
"""

from __future__ import annotations

import importlib
import os
import pkgutil

import engine
from engine.core import Game

_GAMES: dict[str, Game] = {}
_discovered = False


def register(game: Game) -> Game:
    """Add a game by hand (tests). Re-registering the same key replaces it."""
    _GAMES[game.key] = game
    return game


def unregister(key: str) -> None:
    """Remove a game added by hand (tests)."""
    _GAMES.pop(key, None)


def get(key_or_name: str) -> Game:
    """A game by key or by its name (any case); KeyError with a sentence otherwise."""
    wanted = key_or_name.strip().lower()
    for game in all_games():
        if wanted in (game.key.lower(), game.name.lower()):
            return game
    raise KeyError(f"Parlour has no game called {key_or_name!r}.")


def all_games() -> list[Game]:
    """Every game, shipped games in order of their names, then any added ones."""
    _discover()
    return list(_GAMES.values())


def game_modules() -> list[str]:
    """The modules that declare games: every package under engine/, then PARLOUR_EXTRA_GAMES."""
    packages = sorted(f"engine.{m.name}" for m in pkgutil.iter_modules(engine.__path__) if m.ispkg)
    extra = [m.strip() for m in os.environ.get("PARLOUR_EXTRA_GAMES", "").split(",") if m.strip()]
    return [*packages, *extra]


def _discover() -> None:
    """Import each game module once and register the ``GAME`` it declares."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    found = []
    for name in game_modules():
        game = getattr(importlib.import_module(name), "GAME", None)
        if isinstance(game, Game):
            found.append(game)
    shipped = sorted((g for g in found if g.key not in _GAMES), key=lambda g: g.name.lower())
    added = dict(_GAMES)
    _GAMES.clear()
    for game in shipped:
        _GAMES[game.key] = game
    _GAMES.update(added)
