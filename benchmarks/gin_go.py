"""Gin-Go benchmark: the default (link) player's win share against the baselines, and its speed.

Run: ``python -m benchmarks.gin_go [--games 1000] [--jobs 2]``. For 2 players and for
2v2 (the default player in both seats of one side), and each baseline, the default
side alternates between side A and side B game by game (so both seat orders and both
first dealers are covered). A drawn game (equal chips at the hand limit) counts half.
Printed: win share with its 95% interval, games per second of that pairing, and the
median and 99th-percentile time of one default-player decision.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import time

from engine.gin_go import GAME, GinGoState


def play_one(args: tuple[int, str, int]) -> tuple[float, float, list[float], int]:
    """(score of the default side, seconds, default-player decision times, hands played)."""
    num_players, baseline, game = args
    me = game % 2
    players = [
        GAME.computer_player(game * 10 + s) if s % 2 == me else GAME.baselines[baseline](game * 10 + s)
        for s in range(num_players)
    ]
    state = GAME.new_state(num_players, 100_000 + game)
    assert isinstance(state, GinGoState)
    times: list[float] = []
    started = time.perf_counter()
    while not state.is_over:
        seat = state.waiting_on()[0]
        view = state.view(seat)
        t = time.perf_counter()
        move = players[seat].choose(view)
        if seat % 2 == me:
            times.append(time.perf_counter() - t)
        state.act(seat, move)
    elapsed = time.perf_counter() - started
    outcome = state.outcome()
    assert outcome is not None
    winners = {s % 2 for s in outcome.winners}
    score = 0.5 if len(winners) == 2 else (1.0 if me in winners else 0.0)
    return score, elapsed, times, state.hand_number


def interval(share: float, n: int) -> float:
    """Half-width of the 95% normal interval of a share."""
    return 1.96 * math.sqrt(max(share * (1 - share), 1e-12) / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count(), help="processes")
    args = parser.parse_args()
    print(f"Gin-Go: default (link) player vs baselines, {args.games} games each, sides alternating")
    all_times: list[float] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for num_players in (2, 4):
            for baseline in GAME.baselines:
                started = time.perf_counter()
                results = pool.map(play_one, [(num_players, baseline, g) for g in range(args.games)], chunksize=8)
                wall = time.perf_counter() - started
                share = sum(r[0] for r in results) / args.games
                cpu = sum(r[1] for r in results)
                hands = statistics.mean(r[3] for r in results)
                times = [t for r in results for t in r[2]]
                all_times += times
                label = "2 players" if num_players == 2 else "2v2      "
                print(
                    f"{label} vs {baseline:6}: win share {share:6.1%} ± {interval(share, args.games):4.1%} "
                    f"(95%)  {args.games / cpu:6.1f} games/s per process ({args.games / wall:6.1f} with "
                    f"{args.jobs} jobs)  {hands:4.1f} hands/game  decision median "
                    f"{statistics.median(times) * 1000:5.2f} ms"
                )
    all_times.sort()
    print(
        f"default player decisions: {len(all_times)}, median {statistics.median(all_times) * 1000:.2f} ms, "
        f"99th percentile {all_times[int(len(all_times) * 0.99)] * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
