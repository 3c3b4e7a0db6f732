"""Gin-jon-tan computer players."""

from __future__ import annotations

from engine.core import Move, View
from engine.gin_jon_tan.rules import random_picks
from engine.players import ComputerPlayer

__all__ = ["GinJonTanPlayer", "GreedyPlayer", "RandomPlayer"]


class RandomPlayer(ComputerPlayer):
    """Any legal choice, at random."""

    name = "random"

    def choose(self, view: View) -> Move:
        decision = self.rng.choice(view.decisions)
        return Move(decision.kind, random_picks(decision, self.rng))


GreedyPlayer = RandomPlayer
GinJonTanPlayer = RandomPlayer
