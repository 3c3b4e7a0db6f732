"""Nin Jan (6jizo): 2–5 players, secret simultaneous cards, Rock-Paper-Scissors piles.

The rules are in :mod:`engine.nin_jan.rules`, the computer players in
:mod:`engine.nin_jan.players`. Its package declares the game (``GAME``).
"""

from __future__ import annotations

from engine.core import Game
from engine.levels import LevelCurve
from engine.marks import N_
from engine.nin_jan.players import GreedyPlayer, NinJanPlayer, QuickNinJanPlayer, RandomPlayer
from engine.nin_jan.rules import Card, NinJanState, NinJanView, PlayoffRound, Reveal, resolution_order

__all__ = [
    "GAME",
    "Card",
    "GreedyPlayer",
    "NinJanPlayer",
    "NinJanState",
    "NinJanView",
    "PlayoffRound",
    "RandomPlayer",
    "Reveal",
    "resolution_order",
]


GAME = Game(
    key="nin_jan",
    name="Nin Jan",
    min_players=2,
    max_players=5,
    summary="Everyone plays a card in secret; Rock-Paper-Scissors decides who takes the piles.",
    rules="\n\n".join(
        (
            N_(
                "48 cards: values −6 to 10 (no 0) in three colours, each a sign: **red Rock**, **green "
                "Paper**, **blue Scissors**. Rock beats Scissors, Scissors beats Paper, Paper beats Rock."
            ),
            N_(
                "Three piles lie face up. Each of the 9 rounds, everyone **chooses a card in secret**; "
                "then the cards are revealed and resolved from the highest value down (equal values: the "
                "sign that beats the other goes first; three of a kind go Rock, Scissors, Paper)."
            ),
            N_(
                "A resolving card compares its **sign** with the top card of each pile. If it beats one, "
                "its player **must take** such a pile (their choice if several): those cards are won, and "
                "the card starts a new pile there. Otherwise it is **put on** a pile of its player's "
                "choice."
            ),
            N_(
                "At the end, won cards score their values (negative cards count against you). A tie for "
                "first is settled with Rock-Paper-Scissors."
            ),
        )
    ),
    state_class=NinJanState,
    computer_player=NinJanPlayer,
    baselines={"random": RandomPlayer, "greedy": GreedyPlayer},
    levels={"easy": GreedyPlayer, "normal": QuickNinJanPlayer, "strong": NinJanPlayer},
    level_curve=LevelCurve(first=20),  # a game's winner takes about 15–40
    hands_public_at_end=True,
    how_won=N_("won cards score their values (negative cards count against you); the highest total wins."),
)
