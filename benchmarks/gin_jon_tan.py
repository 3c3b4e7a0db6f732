"""Gin-jon-tan benchmark: the default player's win share against greedy, and games per second.

Run: ``python -m benchmarks.gin_jon_tan [--games 1000] [--jobs 2]``. For 3 and 6
players, one default player plays against greedy players with its seat rotated
game by game; a shared first place counts fractionally. The 95% interval is the
normal approximation over games. Games per second are of the whole mix of players,
summed over worker processes.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import time

from engine.gin_jon_tan import GAME
from engine.gin_jon_tan.views import GinJonTanView
from engine.players import ComputerPlayer


def play_game(players: list[ComputerPlayer], seed: int) -> GinJonTanView:
    state = GAME.new_state(len(players), seed)
    while not state.is_over:
        for seat in state.waiting_on():
            if not state.is_over and seat in state.waiting_on():
                state.act(seat, players[seat].choose(state.view(seat)))
    view = state.view(None)
    assert isinstance(view, GinJonTanView)
    return view


def one_game(args: tuple[int, str, int]) -> float:
    """The default player's share of first place in one game (1, 1/k for a k-way tie, or 0)."""
    num_players, baseline, game = args
    me = game % num_players
    base = GAME.baselines[baseline]
    players = [GAME.computer_player(game * 10 + s) if s == me else base(game * 10 + s) for s in range(num_players)]
    outcome = play_game(players, seed=game).outcome
    assert outcome is not None
    return 1 / len(outcome.winners) if outcome.places[me] == 1 else 0.0


def win_share(num_players: int, baseline: str, games: int, jobs: int) -> tuple[float, float, float]:
    """(win share, half width of its 95% interval, games per second)."""
    start = time.perf_counter()
    tasks = [(num_players, baseline, g) for g in range(games)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(one_game, tasks, chunksize=8)
    else:
        results = [one_game(t) for t in tasks]
    speed = games / (time.perf_counter() - start)
    share = statistics.fmean(results)
    half = 1.96 * statistics.pstdev(results) / math.sqrt(games)
    return share, half, speed


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count (default 1000)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--baseline", default="greedy", choices=sorted(GAME.baselines))
    args = parser.parse_args()
    print(f"Gin-jon-tan: default player vs {args.baseline}, {args.games} games each, seats rotated")
    for num_players in (3, 6):
        share, half, speed = win_share(num_players, args.baseline, args.games, args.jobs)
        fair = 1 / num_players
        print(
            f"{num_players} players: win share {share:6.1%} ± {half:4.1%} (95%)  "
            f"fair share {fair:5.1%}  x{share / fair:4.2f}  {speed:6.1f} games/s"
        )


if __name__ == "__main__":
    main()
