"""``python -m benchmarks.picture_stream [--compare REV] [--repeat N] [--tables N] [--games K,K]``:
CPU per picture when many live tables take turns, as the picture workers draw them under load,
this tree beside other revisions.

``benchmarks.pictures`` draws one picture again and again: every cache is warm. A worker under
load draws a new moment of another table each time, with other names and other cards, and its
caches (text, card faces) hold only what the last few hundred tables showed; its pictures cost
two to three times as much. Here each tree, in a process of its own, deals ``--tables`` seeded
tables of each game (every number of seats up to four, names of several scripts), then goes round
them making one random legal move at each and drawing the mover's hand and the table after it.
The first round warms the caches; the rounds after are timed. Printed: CPU milliseconds per
picture (the mean of a run; the median of the runs), by game.
"""

from __future__ import annotations

import argparse
import json
import random
import time

GAMES = ("gin_rummy", "nin_jan", "tet_gow", "gin_go", "gin_jon_tan")
#: Rounds of moves over all the tables; the first one is not timed.
ROUNDS = 4
NAMES = ("José", "王小明", "محمد", "अर्जुन", "Дмитрий", "🎲 Dicey")


def measure(tables: int, games: list[str]) -> dict[str, float]:
    """Milliseconds of CPU per picture of each game's tables, with the code importable here."""
    from engine.registry import get
    from render import pictures_for

    found: dict[str, float] = {}
    for key in games:
        game, module = get(key), pictures_for(key)
        moves = random.Random(1)
        live = []
        counts = [n for n in sorted(game.allowed_counts) if n <= 4]
        for number in range(tables):
            players = counts[number % len(counts)]
            names = [f"{NAMES[(number + seat) % len(NAMES)]} {number}" for seat in range(players)]
            live.append((game.new_state(players, number), names))
        spent, drawn = 0.0, 0
        for round_number in range(ROUNDS):
            for index, (state, names) in enumerate(live):
                if state.is_over:
                    state = game.new_state(len(names), 1000 + index + round_number)
                    live[index] = (state, names)
                seat = state.decisions()[0].seat
                state.act(seat, state.random_move(seat, moves))
                started = time.process_time()
                module.hand_picture(state.view(seat), names=names)
                module.table_picture(state.view(None), names=names)
                if round_number:
                    spent += time.process_time() - started
                    drawn += 2
        found[key] = spent / drawn * 1000
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--compare", action="append", default=[], metavar="REV")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tree, taking turns (default 3)")
    parser.add_argument("--tables", type=int, default=150, help="live tables of each game (default 150)")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game keys (default: all)")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    games = args.games.split(",")
    if args.inner:
        print(json.dumps(measure(args.tables, games)))
        return
    from benchmarks.revisions import medians_side_by_side  # here: the inner run may be an older tree

    title = (
        f"CPU ms per picture (a hand and the table after each move), {args.tables} tables of each game "
        f"taking turns, median of {args.repeat} runs"
    )
    arguments = ("--tables", str(args.tables), "--games", args.games)
    medians_side_by_side(__file__, args.compare, args.repeat, title, games, arguments)


if __name__ == "__main__":
    main()
