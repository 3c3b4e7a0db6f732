"""Tet-Gow: a Decktet trick-taking game after Tien Gow (deck, rules, computer players)."""

from engine.core import Game
from engine.levels import LevelCurve
from engine.marks import N_
from engine.tet_gow.deck import CARDS, SETS, SUITS, Card, tier_table
from engine.tet_gow.players import DeepTetGowPlayer, GreedyPlayer, QuickTetGowPlayer, RandomPlayer
from engine.tet_gow.rules import OPTIONS, Play, TetGowState, TetGowView

__all__ = ["CARDS", "GAME", "SETS", "SUITS", "Card", "Play", "TetGowState", "TetGowView", "tier_table"]

GAME = Game(
    key="tet_gow",
    name="Tet-Gow",
    min_players=3,
    max_players=4,
    summary="Trick-taking with the Decktet: lead cards of one Tier, beat the lead's Set mix or pass.",
    rules="\n\n".join(
        (
            N_(
                "Every card belongs to a **Set** (Suits, Cycle or Inter) and a **Tier** (1 is the "
                "strongest): see the table below."
            ),
            N_(
                "**Lead** one or more cards that all share one Tier. Each other player in turn either "
                "**follows** with as many cards, with exactly the lead's mix of Sets, all in one Tier "
                "that is stronger than every face-up play so far, or **passes** that many cards face down "
                "(they are out of play and never shown). The strongest face-up play wins as many tricks "
                "as cards were led, and its player leads next."
            ),
            N_(
                "Whoever wins the **last round** wins the game, but only with at least 2 tricks in all: "
                "in the last round you may follow only if your tricks plus the cards led reach 2. Score 1 "
                "point per trick and 5 for the game's winner."
            ),
        )
    ),
    options=OPTIONS,
    state_class=TetGowState,
    computer_player=DeepTetGowPlayer,
    baselines={"random": RandomPlayer, "greedy": GreedyPlayer},
    levels={"easy": GreedyPlayer, "normal": QuickTetGowPlayer, "strong": DeepTetGowPlayer},
    level_curve=LevelCurve(first=10),  # 1 per trick and 5 for the game: about 8–15 a game
    hands_public_at_end=True,
)
