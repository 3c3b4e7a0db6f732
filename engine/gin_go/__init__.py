"""Gin-Go: 500 Rummy on a 4×13 board, for 2 players or two teams of two.

The cards are in :mod:`.cards`, the board and the link in :mod:`.board`, melds and
Joker namings in :mod:`.melds`, the rules in :mod:`.rules` (the state, built on :mod:`.deal`,
:mod:`.decisions`, :mod:`.turn` and :mod:`.scoring`; the options in :mod:`.options`), what a
seat sees in :mod:`.view` and the computer players in :mod:`.players`. The package declares
the game (``GAME``).
"""

from __future__ import annotations

from engine.core import Game
from engine.gin_go.players import GinGoPlayer, GreedyPlayer, RandomPlayer
from engine.gin_go.rules import OPTIONS, RULES, GinGoState
from engine.gin_go.view import GinGoView, HandSummary, MeldView
from engine.levels import LevelCurve

__all__ = ["GAME", "GinGoPlayer", "GinGoState", "GinGoView", "GreedyPlayer", "HandSummary", "MeldView", "RandomPlayer"]

GAME = Game(
    key="gin_go",
    name="Gin-Go",
    min_players=2,
    max_players=4,
    player_counts=(2, 4),
    teams={4: ((0, 2), (1, 3))},
    summary="500 Rummy on a 4×13 board: every meld puts your chips down; link your A row to your K row.",
    rules=RULES,
    options=OPTIONS,
    state_class=GinGoState,
    computer_player=GinGoPlayer,
    baselines={"greedy": GreedyPlayer, "random": RandomPlayer},
    levels={"easy": GreedyPlayer},
    level_curve=LevelCurve(first=20),
    hands_public_at_end=True,
    points_name="chip",
)
