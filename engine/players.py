"""Computer players at work: their levels, the seed of each move, and a move worked out from a
saved state (the interface itself, :class:`ComputerPlayer`, is :mod:`engine.computer`'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.computer import ComputerPlayer, single_pick_decisions
from engine.view import View
from engine.words import Text

if TYPE_CHECKING:
    from engine.game import Game

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "ComputerPlayer",
    "check_level",
    "choose_from_saved",
    "choose_text",
    "level_player",
    "move_seed",
    "single_pick_decisions",
]

#: The strengths a host may pick for a computer seat, weakest first: *easy* plays plausible moves
#: with slips (a newcomer can beat it), *normal* is the everyday opponent, *strong* the best
#: player the game has.
LEVELS = ("easy", "normal", "strong")
#: The level of a computer seat nobody chose one for (and of every seat saved before levels).
DEFAULT_LEVEL = "normal"


#: Seats a seed of :func:`move_seed` keeps apart (no game seats more).
MAX_SEATS = 256


def move_seed(table_seed: int, seat: int, version: int) -> int:
    """The seed of the computer's move for ``seat`` at ``version`` of a table seeded ``table_seed``:
    one of its own for every seat and moment, so that a table replays the same wherever the move
    is worked out, and no two seats ever draw the same "random" choice.

    (``table_seed + seat + version`` gave seat 0 after seat 1's move the seed seat 1 had just
    used: in Nin Jan's play-off a computer and a person away, played for by the idle rule, threw
    the same sign for ever.)

    >>> len({move_seed(7, seat, version) for seat in range(5) for version in range(1000)})
    5000
    >>> move_seed(7, 1, 10) != move_seed(7, 0, 11)
    True
    """
    if not 0 <= seat < MAX_SEATS:
        raise ValueError(f"A seat is from 0 to {MAX_SEATS - 1}, not {seat}.")
    return ((table_seed * MAX_SEATS + seat) << 32) + version


def choose_text(player: type[ComputerPlayer], seed: int, view: View) -> str:
    """The move a computer player built with ``seed`` makes from ``view``, as text.

    A plain function of small picklable arguments, so another process can think for the bot
    and answer with the very move the bot would have worked out itself."""
    return player(seed).choose(view).text()


def check_level(level: str) -> str:
    """``level`` if it is one of :data:`LEVELS`; ValueError with a sentence otherwise.

    >>> check_level("strong")
    'strong'
    """
    if level not in LEVELS:
        raise ValueError(
            Text("There is no computer level called {level}; pick easy, normal or strong.", level=repr(level[:20]))
        )
    return level


def level_player(game: Game, level: str = DEFAULT_LEVEL) -> type[ComputerPlayer]:
    """The computer player ``game`` seats at ``level`` (its only player for a level it leaves out)."""
    return game.levels.get(check_level(level), game.computer_player)


def choose_from_saved(game: Game, seed: int, saved: str, seat: int, level: str = DEFAULT_LEVEL) -> str:
    """The move ``game``'s computer player of ``level`` built with ``seed`` makes in ``seat`` of the state saved
    as ``saved`` (:meth:`~engine.core.GameState.to_json`), as text: :func:`choose_text` of that
    seat's view.

    The state travels to the process that thinks as the text the bot already keeps: a string
    costs next to nothing to pickle, where working out the view and pickling it would be done on
    the bot's busy event loop; the thinking process works the view out instead."""
    return choose_text(level_player(game, level), seed, game.load(saved).view(seat))
