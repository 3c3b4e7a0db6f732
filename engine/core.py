"""The shared game interface every Parlour game implements.

A game is a :class:`Game` (fixed facts and host options) that makes
:class:`GameState` objects. A state answers one question — who must decide what
now? — through :meth:`GameState.decisions`, and changes only through
:meth:`GameState.act`, which always validates. Everything is deterministic given
the seed: a state owns its ``random.Random`` and round-trips exactly through JSON.

The decision model
------------------
A :class:`Decision` is one thing a seat may do now: a kind (``"discard"``,
``"meld"``…), a short prompt, options with stable ids, and how many options to
pick (``min_picks``..``max_picks``). A seat may hold several decisions at once
(meld *or* hit *or* discard); it answers exactly one of them with a
:class:`Move` — the decision's kind and the picked option ids. Several seats
pending at once is a simultaneous decision; the state keeps the early answers
secret until all are in. Multi-step turns (take from the discard pile, then meld
with it; name a Joker) are consecutive decisions of the same seat.

A move has a short text form, ``"kind:id,id"``, that round-trips through
:meth:`Move.parse` — short enough for a Discord custom_id or a log line.

A game is one declaration
-------------------------
Each game package (``engine/<game>/__init__.py``) declares its :class:`Game` in a
module-level ``GAME``; :mod:`engine.registry` finds every such package by itself.
A state knows its game through ``state.game`` (set when it is dealt or loaded), so
rules modules never import their package or their players.

Where each part lives
---------------------
This module is the one place to import them from; each has its own module:

- :mod:`engine.moves`: :class:`Decision`, :class:`Option`, :class:`Move` and the errors a move raises.
- :mod:`engine.state`: :class:`GameState`, the base class of every game's state.
- :mod:`engine.game`: :class:`Game`, the declaration, and :class:`GameOption`, a host option.
- :mod:`engine.view`: :class:`View`, the fields every seat's view has.
- :mod:`engine.outcome`: :class:`Outcome`, how a game ends, and :class:`Transfer`.
- :mod:`engine.sentences`: seats named in event lines, lists said, Texts saved and loaded.
"""

from __future__ import annotations

from engine.game import Game, GameOption
from engine.moves import BadMove, Decision, IllegalMove, Move, Option, check_picks, enumerate_moves
from engine.outcome import TERMINATIONS, Outcome, Transfer, places_from_points
from engine.sentences import TEXT_LINE, listed, loaded_line, loaded_text, name_seats, saved_line, saved_text, seat_list
from engine.state import FITS_64_BITS, GameState
from engine.view import View, dumps

__all__ = [
    "FITS_64_BITS",
    "TERMINATIONS",
    "TEXT_LINE",
    "BadMove",
    "Decision",
    "Game",
    "GameOption",
    "GameState",
    "IllegalMove",
    "Move",
    "Option",
    "Outcome",
    "Transfer",
    "View",
    "check_picks",
    "dumps",
    "enumerate_moves",
    "listed",
    "loaded_line",
    "loaded_text",
    "name_seats",
    "places_from_points",
    "saved_line",
    "saved_text",
    "seat_list",
]
