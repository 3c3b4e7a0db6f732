"""The registry of games: one place that knows which games Parlour offers."""

from __future__ import annotations

from engine.core import Game

_GAMES: dict[str, type[Game]] = {}


def register(game: type[Game]) -> type[Game]:
    """Add a game (usable as a class decorator). Re-registering the same key replaces it."""
    _GAMES[game.key] = game
    return game


def get(key_or_name: str) -> type[Game]:
    """A game by key or by its name (any case); KeyError with a sentence otherwise."""
    _load_builtin_games()
    wanted = key_or_name.strip().lower()
    for game in _GAMES.values():
        if wanted in (game.key.lower(), game.name.lower()):
            return game
    raise KeyError(f"Parlour has no game called {key_or_name!r}.")


def all_games() -> list[type[Game]]:
    """Every registered game, in the order they were registered."""
    _load_builtin_games()
    return list(_GAMES.values())


_loaded = False


def _load_builtin_games() -> None:
    """Import the shipped games once; each module registers itself on import.

    ``PARLOUR_EXTRA_GAMES`` (comma-separated module names) adds more: the end-to-end
    tests use it to give a bot process the small test game.
    """
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib
    import os

    extra = [m.strip() for m in os.environ.get("PARLOUR_EXTRA_GAMES", "").split(",") if m.strip()]
    for module in [*BUILTIN_GAME_MODULES, *extra]:
        importlib.import_module(module)


#: The shipped games' modules, in menu order. A new game adds its module here.
BUILTIN_GAME_MODULES: list[str] = ["engine.gin_rummy", "engine.nin_jan", "engine.tet_gow"]
