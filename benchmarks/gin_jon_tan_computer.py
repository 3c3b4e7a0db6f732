"""``python -m benchmarks.gin_jon_tan_computer [--compare REV] [--games N]``: CPU per decision of
Gin-jon-tan's default computer player, this tree beside other revisions, on the same games.

Each tree plays the same seeded games (2, 3 and 4 players, every seat the default player) in a
process of its own, the trees taking turns ``--repeat`` times; the moves of every tree must be the
same (the check that a faster player is the same player). Printed: median, mean and 90th
percentile CPU ms per decision, and the median by kind of decision.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import time
from pathlib import Path


def measure(games: int) -> dict[str, object]:
    """Play ``games`` seeded games with the code importable here: each decision's CPU ms and kind, and the moves."""
    from engine.registry import get

    game = get("gin_jon_tan")
    times: list[tuple[str, float]] = []
    moves: list[str] = []
    for number in range(games):
        players = 2 + number % 3
        state = game.new_state(players, 7000 + number)
        while state.outcome() is None:
            seat = next(s for s in range(players) if state.decisions_for(s))
            view = state.view(seat)
            player = game.computer_player(number * 10 + seat + len(moves))
            started = time.process_time()
            move = player.choose(view)
            times.append((view.decisions[0].kind, (time.process_time() - started) * 1000))
            moves.append(move.text())
            state.act(seat, move)
    return {"times": times, "moves": moves}


def run_in(source: Path, games: int) -> dict[str, object]:
    from benchmarks.revisions import run_inner  # here: the inner run may be an older tree

    result: dict[str, object] = run_inner(__file__, source, str(games))  # the engine of ``source``
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--compare", action="append", default=[], metavar="REV")
    parser.add_argument("--games", type=int, default=15, help="seeded games per run (default 15)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tree, taking turns (default 3)")
    parser.add_argument("--inner", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner is not None:
        print(json.dumps(measure(args.inner)))
        return
    from benchmarks.revisions import trees as checked_out_trees  # here: the inner run may be an older tree

    with checked_out_trees(args.compare) as trees:
        runs: dict[str, list[dict[str, object]]] = {label: [] for label in trees}
        for _ in range(args.repeat):
            for label, source in trees.items():
                runs[label].append(run_in(source, args.games))
    moves = {label: runs[label][0]["moves"] for label in trees}
    same = all(played == moves["this tree"] for played in moves.values())
    print(f"Gin-jon-tan's default player, {args.games} games × {args.repeat} runs per tree (2-4 players)")
    print("the same moves in every tree" if same else "THE TREES PLAY DIFFERENT MOVES")
    for label in trees:
        times = [ms for run in runs[label] for _, ms in run["times"]]  # type: ignore[attr-defined]
        tenth = statistics.quantiles(times, n=10)[-1]
        print(
            f"{label:>12}: CPU per decision median {statistics.median(times):.3f} ms, "
            f"mean {statistics.mean(times):.3f} ms, p90 {tenth:.3f} ms ({len(times)} decisions)"
        )
        by_kind: dict[str, list[float]] = collections.defaultdict(list)
        for run in runs[label]:
            for kind, ms in run["times"]:  # type: ignore[attr-defined]
                by_kind[kind].append(ms)
        print("              " + ", ".join(f"{k} {statistics.median(v):.3f}" for k, v in sorted(by_kind.items())))


if __name__ == "__main__":
    main()
