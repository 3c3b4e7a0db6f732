"""Tet-Gow: a Decktet trick-taking game after Tien Gow (deck, rules, computer players)."""

from engine.tet_gow.deck import CARDS, SETS, SUITS, Card, tier_table
from engine.tet_gow.rules import Play, TetGow, TetGowState, TetGowView

__all__ = ["CARDS", "SETS", "SUITS", "Card", "Play", "TetGow", "TetGowState", "TetGowView", "tier_table"]
