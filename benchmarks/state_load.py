"""``python -m benchmarks.state_load [--compare REV] [--repeat N]``: CPU per ``Game.load`` of a saved
state (every move loads one: the copy its move is tried on), this tree beside other revisions.

Each tree, in a process of its own, deals one seeded game of every real game, plays 20 random
moves, saves the state with its own ``to_json`` and loads it again and again; the trees take turns
``--repeat`` times. Printed: the median microseconds of CPU per load, by game.
"""

from __future__ import annotations

import json
import random
import sys
import time

GAMES = (("gin_rummy", 2), ("nin_jan", 4), ("tet_gow", 4), ("gin_go", 2), ("gin_jon_tan", 4))
LOADS = 2000


def measure() -> dict[str, float]:
    """Microseconds of CPU per load of each game's state, with the code importable here."""
    from engine.registry import get

    found: dict[str, float] = {}
    for key, players in GAMES:
        game = get(key)
        state = game.new_state(players, 7)
        moves = random.Random(1)
        for _ in range(20):
            decisions = state.decisions()
            if not decisions:
                break
            state.act(decisions[0].seat, state.random_move(decisions[0].seat, moves))
        text = state.to_json()
        game.load(text)  # warm
        started = time.process_time()
        for _ in range(LOADS):
            game.load(text)
        found[key] = (time.process_time() - started) / LOADS * 1e6
    return found


def main() -> None:
    if sys.argv[1:] == ["--inner"]:  # run by benchmarks.revisions.run_inner, perhaps on an older tree
        print(json.dumps(measure()))
        return
    from benchmarks.revisions import medians_side_by_side, side_by_side_options

    args = side_by_side_options(__doc__)

    title = f"CPU µs per Game.load of a state 20 moves in, median of {args.repeat} runs × {LOADS} loads"
    medians_side_by_side(__file__, args.compare, args.repeat, title, [key for key, _ in GAMES])


if __name__ == "__main__":
    main()
