"""Computer levels measured against each other: each level against the one below, game by game.

Run: ``python -m benchmarks.levels [--hands 10000] [--games 2000] [--jobs 2] [--only gin_rummy]``

Printed, for every game that declares its levels and each pair (normal against easy, strong
against normal): the upper level's win share with its 95% interval beside the fair share, and
whether the aim is met (the interval clear of the fair share: "each level beats the one below
by a clear margin"). Gin Rummy is measured on single hands (OpenSpiel's scoring: knock 10, gin
25, undercut 25), seats alternating, with the points per hand; the games for three or more
play one seat of the upper level against copies of the lower one, its seat rotated game by
game, a shared first place counting its share. Every game has its own seed, so the figures are
the same for any ``--jobs``.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import time

from engine import registry
from engine.core import Game
from engine.players import LEVELS, level_player

#: Players per game in the measurement (Tet-Gow at 4, the harder count for the computer).
PLAYERS = {"gin_rummy": 2, "tet_gow": 4, "nin_jan": 3}
#: Options that make one game one quick contest (Gin Rummy: a single hand).
OPTIONS = {"gin_rummy": {"target_score": 0}}


def one_game(args: tuple[str, str, str, int, int]) -> tuple[float, int]:
    """One game of the ``upper`` level in seat ``seed % players`` against ``lower`` everywhere else:
    (the upper seat's share of first place, its points; for Gin Rummy the hand's signed points)."""
    key, upper, lower, players, seed = args
    game = registry.get(key)
    hero = seed % players
    seats = [level_player(game, upper if s == hero else lower)(seed * 10 + s) for s in range(players)]
    state = game.new_state(players, seed, OPTIONS.get(key))
    while not state.is_over:
        seat = state.waiting_on()[0]
        state.act(seat, seats[seat].choose(state.view(seat)))
    outcome = state.outcome()
    assert outcome is not None
    share = 1 / len(outcome.winners) if outcome.places[hero] == 1 else 0.0
    hand = getattr(state, "last_hand", None)
    if key == "gin_rummy" and hand is not None:  # the hand's points (not the game bonuses), signed
        return share, hand["points"] if share else -hand["points"]
    return share, outcome.points[hero]


def measure(game: Game, upper: str, lower: str, games: int, seed: int, jobs: int) -> tuple[float, float, float]:
    """(upper's share of first places, its 95% half-interval, its mean points)."""
    players = PLAYERS[game.key]
    tasks = [(game.key, upper, lower, players, seed + i) for i in range(games)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(one_game, tasks, chunksize=20)
    else:
        results = [one_game(task) for task in tasks]
    share = sum(s for s, _ in results) / games
    return share, 1.96 * math.sqrt(share * (1 - share) / games), sum(p for _, p in results) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10000, help="Gin Rummy hands per pair")
    parser.add_argument("--games", type=int, default=2000, help="games per pair of the other games")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="one game key")
    args = parser.parse_args()
    keys = [args.only] if args.only else list(PLAYERS)
    for key in keys:
        game = registry.get(key)
        players = PLAYERS[key]
        count = args.hands if key == "gin_rummy" else args.games
        fair = 1 / players
        what = "hands" if key == "gin_rummy" else f"games of {players}, one upper seat"
        print(f"{game.name} ({count} {what}; fair share {fair:.1%}):")
        for lower, upper in itertools.pairwise(LEVELS):
            started = time.perf_counter()
            share, margin, points = measure(game, upper, lower, count, args.seed * 1_000_000, args.jobs)
            clear = "aim met" if share - margin > fair else "aim NOT met"
            unit = "points per hand" if key == "gin_rummy" else "points per game"
            print(
                f"  {upper:>6} vs {lower:<6}: won {share:6.1%} ± {margin:4.1%} (x{share / fair:4.2f} fair), "
                f"{points:+6.2f} {unit}; {clear} ({time.perf_counter() - started:.0f} s)"
            )


if __name__ == "__main__":
    main()
