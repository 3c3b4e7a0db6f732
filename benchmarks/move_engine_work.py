"""``python -m benchmarks.move_engine_work [--compare REV] [--repeat N]``: CPU per move of the engine
work the bot's event loop does for it, this tree beside other revisions.

For a move, the table service copies the state through its saved text, plays the move on it, lists the
pending decisions by seat (``bot.tables.core.decisions_by_seat``), saves the copy as text, and the pictures
then read the spectator's view and the view of every seat the game waits on. Each tree, in a
process of its own, plays seeded random games of every real game and times exactly that per
move; the trees take turns ``--repeat`` times. Printed: the median microseconds of CPU per move,
by game.
"""

from __future__ import annotations

import json
import random
import sys
import time

GAMES = (("gin_rummy", 2), ("nin_jan", 4), ("tet_gow", 4), ("gin_go", 2), ("gin_jon_tan", 4))
#: Moves timed per game (over several seeded games).
MOVES = 1500


def measure() -> dict[str, float]:
    """Microseconds of CPU per move of each game, with the code importable here."""
    from engine.registry import get

    found: dict[str, float] = {}
    for key, players in GAMES:
        game = get(key)
        spent, moves, seed = 0.0, 0, 0
        while moves < MOVES:
            seed += 1
            state, chooser = game.new_state(players, seed), random.Random(seed)
            while not state.is_over and moves < MOVES:
                seat = chooser.choice(state.waiting_on())
                move, text = state.random_move(seat, chooser), state.to_json()
                started = time.process_time()
                try:  # as the bot copies it: sharing the moment's decisions, in trees that can
                    trial = state.copy(text)
                except TypeError:
                    trial = game.load(text)
                trial.act(seat, move)
                listed = getattr(trial, "pending_decisions", trial.decisions)  # older trees: no memory
                by_seat: dict[int, list[dict]] = {}
                for decision in listed():
                    by_seat.setdefault(decision.seat, []).append(decision.to_dict())
                trial.to_json()
                trial.view(None)
                for waiting in trial.waiting_on():
                    trial.view(waiting)
                spent += time.process_time() - started
                moves += 1
                state = trial
        found[key] = spent / moves * 1e6
    return found


def main() -> None:
    if sys.argv[1:] == ["--inner"]:  # run by benchmarks.revisions.run_inner, perhaps on an older tree
        print(json.dumps(measure()))
        return
    from benchmarks.revisions import medians_side_by_side, side_by_side_options

    args = side_by_side_options(__doc__)

    title = f"CPU µs of the event loop's engine work per move, median of {args.repeat} runs × {MOVES} moves a game"
    medians_side_by_side(__file__, args.compare, args.repeat, title, [key for key, _ in GAMES])


if __name__ == "__main__":
    main()
