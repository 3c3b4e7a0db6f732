"""Marbles: Twenty-One played for the marbles each player owns — the test game with owned items.

Added as every game with owned items is: an engine package (this one: ``uses_profiles=True``, the
outcome's ``transfers`` say which items change hands), a render module
(``tests/games/render/marbles.py``) and the module of its item rules, which the declaration names
(``item_rules``; here ``tests/games/items/marbles.py``: the first pouch, top-ups, what is staked).
"""

from __future__ import annotations

from typing import Any

from engine.core import Game, Outcome, Transfer
from tests.games.engine.twenty_one import GAME as TWENTY_ONE
from tests.games.engine.twenty_one.rules import PrudentPlayer, TwentyOneState

__all__ = ["GAME", "MarblesState"]


class MarblesState(TwentyOneState):
    """Twenty-One whose sole winner takes one marble from every other player who brought some."""

    def outcome(self) -> Outcome | None:
        played = super().outcome()
        if played is None:
            return None
        winners = played.winners
        transfers: tuple[Transfer, ...] = ()
        if len(winners) == 1:
            transfers = tuple(
                Transfer(marbles(profile)[0], seat, winners[0])
                for seat, profile in enumerate(self.profiles)
                if seat != winners[0] and marbles(profile)
            )
        return Outcome(played.reason, played.points, played.places, transfers, played.termination)


def marbles(profile: dict[str, Any] | None) -> list[str]:
    """The item ids a seat brought (none for a computer seat)."""
    return [str(entry["item"]) for entry in (profile or {}).get("items", ())]


GAME = Game(
    key="marbles",
    name="Marbles",
    min_players=2,
    max_players=4,
    summary="Twenty-One for marbles: the winner takes one from every other player.",
    rules=TWENTY_ONE.rules + " The winner takes one marble from every other player.",
    options=TWENTY_ONE.options,
    state_class=MarblesState,
    computer_player=PrudentPlayer,
    uses_profiles=True,
    hands_public_at_end=True,
    how_won="closest to the limit without going over wins, and takes a marble from everyone else.",
    item_rules="tests.games.items.marbles",
)
