"""Gin-jon-tan: the ancient Shaal card game of duels and combinations (2–6 players).

Cards and ids in :mod:`.cards`, the clash table in :mod:`.clash`, the combination
value in :mod:`.value`, the numbers, options and rules page in :mod:`.rulebook`, the rules
in :mod:`.rules` (the deal and the turn of a round) built on :mod:`.table` with one module per
part of the round (:mod:`.duels`, :mod:`.combination`, :mod:`.scoring`), the sentences they
share in :mod:`.sentences`, what a seat sees in :mod:`.views`, computer players in
:mod:`.players`. The package declares the game (``GAME``).

>>> hand_value([("Water", "White", 1), ("Water", "Violet", 1)])  # a pair: 2 × (1 + 99) × 1 colour pair
200
>>> card_value(("Space ship", "Violet", 33))
39204
"""

from __future__ import annotations

from engine.core import Game
from engine.gin_jon_tan.cards import FULL_SET, Card, card_value
from engine.gin_jon_tan.clash import beats, sentence
from engine.gin_jon_tan.players import GinJonTanPlayer, GreedyPlayer, RandomPlayer
from engine.gin_jon_tan.rules import OPTIONS, RULES, GinJonTanState
from engine.gin_jon_tan.value import Evaluation, evaluate, hand_value
from engine.gin_jon_tan.views import Clash, DuelCard, DuelView, EvaluationEntry, GinJonTanView, HeldCard
from engine.levels import LevelCurve
from engine.marks import N_

__all__ = [
    "FULL_SET",
    "GAME",
    "Card",
    "Clash",
    "DuelCard",
    "DuelView",
    "Evaluation",
    "EvaluationEntry",
    "GinJonTanPlayer",
    "GinJonTanState",
    "GinJonTanView",
    "GreedyPlayer",
    "HeldCard",
    "RandomPlayer",
    "beats",
    "card_value",
    "evaluate",
    "hand_value",
    "sentence",
]

GAME = Game(
    key="gin_jon_tan",
    name="Gin-jon-tan",
    min_players=2,
    max_players=6,
    summary="Duel with symbols that beat each other, then build the richest combination — or say Kat oh!",
    rules=RULES,
    options=OPTIONS,
    state_class=GinJonTanState,
    computer_player=GinJonTanPlayer,
    baselines={"greedy": GreedyPlayer, "random": RandomPlayer},
    levels={"easy": GreedyPlayer},
    uses_profiles=True,
    level_curve=LevelCurve(first=25, measure="digits"),  # scores span 10^2..10^17+: a level is many games
    # Hands stay secret after the end (hands_public_at_end left False): only what the duels revealed.
    how_won=N_(
        "the best combination adds its value, the second subtracts it once, the third twice, and so "
        "on; the highest score after the last round wins."
    ),
    item_rules="bot.collections",
)
