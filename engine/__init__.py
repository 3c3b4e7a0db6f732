"""Pure, deterministic game rules. No Discord, no database, no Pillow, no asyncio."""

from engine.core import (
    BadMove,
    Decision,
    Game,
    GameOption,
    GameState,
    IllegalMove,
    Move,
    Option,
    Outcome,
    View,
    places_from_points,
)
from engine.players import ComputerPlayer

__all__ = [
    "BadMove",
    "ComputerPlayer",
    "Decision",
    "Game",
    "GameOption",
    "GameState",
    "IllegalMove",
    "Move",
    "Option",
    "Outcome",
    "View",
    "places_from_points",
]
