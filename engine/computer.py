"""The computer-player interface: a computer player answers its seat's pending decisions.

A computer player sees exactly what a person in its seat would see: a
:class:`~engine.view.View`. It keeps nothing between calls except its random
generator, so a restart of the bot changes nothing about how it plays; whatever
it needs to remember (cards the opponent picked up, signs already played) must be
in the view's public record. (A module of its own: a game's declaration names its
computer players, and :mod:`engine.players` works with games.)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from engine.moves import Decision, IllegalMove, Move
from engine.view import View

__all__ = ["ComputerPlayer", "single_pick_decisions"]


class ComputerPlayer(ABC):
    """Answers one of its seat's pending decisions."""

    #: A short name for benchmarks and logs.
    name: str = "computer"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: View) -> Move:
        """A legal move for ``view.seat``, given only ``view``."""

    def pick_any(self, view: View) -> Move:
        """A random single-pick move (for decisions where any option is legal)."""
        decisions = single_pick_decisions(view)
        if not decisions:
            raise IllegalMove("Nothing to decide.")
        decision = self.rng.choice(decisions)
        return Move(decision.kind, (self.rng.choice(decision.options).id,))


def single_pick_decisions(view: View) -> list[Decision]:
    """The seat's decisions answered by one pick, where every option is legal."""
    return [d for d in view.decisions if d.min_picks <= 1 <= d.max_picks and d.options]
