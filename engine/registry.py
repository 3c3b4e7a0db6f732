"""The registry of games: finds every game package under engine/ by itself.

A game package declares ``GAME = Game(...)`` in its ``__init__.py``; nothing else
needs to know about it. ``PARLOUR_EXTRA_GAMES`` (comma-separated module names, each
with a ``GAME``) adds more: the end-to-end tests use it to give a bot process the
small test game.

Every package under engine/ is a game: one without a valid ``GAME`` (misspelled, not a
:class:`~engine.core.Game`, a key that is taken or not a plain identifier) is a
:class:`BadDeclaration` the first time the games are listed, which is at the bot's start
(its commands list them), never a game silently left out.

>>> get("Nin Jan").key
'nin_jan'
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re

import engine
from engine.core import Game, GameState

__all__ = ["BadDeclaration", "all_games", "declared_game", "game_modules", "get", "register", "unregister"]

_GAMES: dict[str, Game] = {}
_discovered = False
_KEY = re.compile(r"[a-z][a-z0-9_]*")


class BadDeclaration(Exception):
    """A game module whose ``GAME`` is missing or not a valid declaration. The message says which."""


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
    """Import each game module once and register the ``GAME`` it declares (BadDeclaration if one has none)."""
    global _discovered
    if _discovered:
        return
    found: dict[str, Game] = {}
    for name in game_modules():
        game = declared_game(name)
        if game.key in found:
            raise BadDeclaration(f"{name} declares the game key {game.key!r}, which another game module already uses.")
        found[game.key] = game
    _discovered = True
    shipped = sorted((g for g in found.values() if g.key not in _GAMES), key=lambda g: g.name.lower())
    added = dict(_GAMES)
    _GAMES.clear()
    for game in shipped:
        _GAMES[game.key] = game
    _GAMES.update(added)


def declared_game(module_name: str) -> Game:
    """The valid ``GAME`` a module declares; :class:`BadDeclaration` with a sentence otherwise."""
    game = getattr(importlib.import_module(module_name), "GAME", None)
    if game is None:
        raise BadDeclaration(f"{module_name} is a game package but declares no GAME = Game(...).")
    if not isinstance(game, Game):
        raise BadDeclaration(f"{module_name}.GAME is a {type(game).__name__}, not an engine.core.Game.")
    if not _KEY.fullmatch(game.key):
        raise BadDeclaration(f"{module_name}.GAME has the key {game.key!r}: use lower-case letters, digits and _.")
    if not (isinstance(game.state_class, type) and issubclass(game.state_class, GameState)):
        raise BadDeclaration(f"{module_name}.GAME's state_class is not a GameState subclass.")
    if not 1 <= game.min_players <= game.max_players:
        raise BadDeclaration(f"{module_name}.GAME needs 1 <= min_players <= max_players.")
    if any(count not in range(game.min_players, game.max_players + 1) for count in game.allowed_counts):
        raise BadDeclaration(f"{module_name}.GAME allows a player count outside min_players..max_players.")
    return game
