"""Gin Rummy: the rules (:mod:`.rules`), what a seat sees (:mod:`.view`), the meld solver
(:mod:`.melds`) and computer players.

>>> min_deadwood(["As", "2s", "3s", "7h", "7d", "7c", "Kh", "Qh", "Jh", "5d"])
5
"""

from engine.core import Game
from engine.gin_rummy.melds import Melding, best_melds, min_deadwood
from engine.gin_rummy.players import CasualPlayer, GinRummyPlayer, SimplePlayer
from engine.gin_rummy.rules import OPTIONS, GinRummyState
from engine.gin_rummy.view import GinRummyView, HandResult
from engine.levels import LevelCurve
from engine.marks import N_

__all__ = ["GAME", "GinRummyState", "GinRummyView", "HandResult", "Melding", "best_melds", "min_deadwood"]

GAME = Game(
    key="gin_rummy",
    name="Gin Rummy",
    min_players=2,
    max_players=2,
    summary="Two players draw and discard to build sets and runs, then knock or go Gin.",
    rules="\n\n".join(
        (
            N_(
                "Each player gets 10 cards. On your turn **draw** the top of the stock or the top "
                "discard, then **discard** one card (not the card you just took from the discard pile)."
            ),
            N_(
                "**Melds** are sets (3–4 of a rank) and runs (3+ in a suit; Ace is low only). Cards in no "
                "meld are **deadwood**: Ace 1, 2–10 face value, J Q K 10. Parlour always arranges your "
                "melds for the least deadwood."
            ),
            N_(
                "**Knock** instead of a plain discard when your deadwood is at most the knock card (10 by "
                "default). The other player lays off deadwood on your melds; the lower deadwood scores "
                "the difference, but if you don't have less you are **undercut** (they score the "
                "difference + 25). **Gin** (no deadwood) scores 25 + their deadwood, **Big Gin** (all 11 "
                "cards) 31 + their deadwood; no lay-offs after Gin."
            ),
            N_("Hands go on to the target score (100): the winner adds 100 (200 for a shutout) and 25 per hand won."),
        )
    ),
    options=OPTIONS,
    state_class=GinRummyState,
    computer_player=GinRummyPlayer,
    baselines={"simple": SimplePlayer},
    levels={"easy": CasualPlayer, "normal": SimplePlayer, "strong": GinRummyPlayer},
    level_curve=LevelCurve(first=200),  # a win of a game to 100 is about 250–400 points
    hands_public_at_end=True,
    how_won=N_("hands go on to the target score; the winner adds 100 (200 for a shutout) and 25 per hand won."),
)
