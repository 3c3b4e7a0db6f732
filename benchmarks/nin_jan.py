"""Nin Jan benchmark: engine speed, computer-player strength, picture speed and size.

Run: ``python -m benchmarks.nin_jan [--games N] [--workers W]``

Strength: one default computer player against n-1 copies of a baseline, the
default player's seat rotating game by game. A win is first place after the
play-off, so the win shares of a table add up to 1; the fair share is 1/n.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from engine.nin_jan import GAME as NIN_JAN
from engine.nin_jan import NinJanState
from engine.players import ComputerPlayer


def play_game(num_players: int, seed: int, players: list[ComputerPlayer]) -> NinJanState:
    """One whole game, every seat played by its computer player."""
    state = NIN_JAN.new_state(num_players, seed)
    assert isinstance(state, NinJanState)
    while not state.is_over:
        seat = state.waiting_on()[0]
        state.act(seat, players[seat].choose(state.view(seat)))
    return state


def match(num_players: int, baseline: str, first: int, count: int) -> tuple[list[int], list[int], float]:
    """Games ``first``..``first+count-1``: (default scores, default wins 0/1, seconds)."""
    base = NIN_JAN.baselines[baseline]
    scores, wins = [], []
    started = time.perf_counter()
    for game in range(first, first + count):
        hero = game % num_players
        players = [
            NIN_JAN.computer_player(game * 10 + s) if s == hero else base(game * 10 + s) for s in range(num_players)
        ]
        outcome = play_game(num_players, game, players).outcome()
        assert outcome is not None
        scores.append(outcome.points[hero])
        wins.append(1 if outcome.places[hero] == 1 else 0)
    return scores, wins, time.perf_counter() - started


def strength(num_players: int, baseline: str, games: int, workers: int) -> None:
    chunk = (games + workers - 1) // workers
    with ProcessPoolExecutor(workers) as pool:
        parts = list(
            pool.map(
                match,
                [num_players] * workers,
                [baseline] * workers,
                [w * chunk for w in range(workers)],
                [min(chunk, games - w * chunk) for w in range(workers)],
            )
        )
    scores = [s for part in parts for s in part[0]]
    wins = [w for part in parts for w in part[1]]
    seconds = sum(part[2] for part in parts)
    share = sum(wins) / len(wins)
    print(
        f"{num_players} players, default vs {num_players - 1} x {baseline:6}: {len(wins)} games, "
        f"avg score {statistics.mean(scores):6.2f}, win share {share:.3f} "
        f"(fair {1 / num_players:.3f}, x{share * num_players:.2f}), {len(wins) / seconds:.0f} games/s"
    )


def engine_speed(num_players: int, games: int) -> None:
    """Games per second with random players (the engine, views and decisions)."""
    random_player = NIN_JAN.baselines["random"]
    started = time.perf_counter()
    for game in range(games):
        play_game(num_players, game, [random_player(game + s) for s in range(num_players)])
    seconds = time.perf_counter() - started
    print(f"engine, {num_players} random players: {games / seconds:.0f} games/s")


def picture_figures(rounds: int = 30) -> None:
    from render.nin_jan import hand_picture, table_picture

    state = NIN_JAN.new_state(5, 11)
    assert isinstance(state, NinJanState)
    players = [NIN_JAN.computer_player(s) for s in range(5)]
    while not state.is_over and state.round < 8:
        seat = state.waiting_on()[0]
        state.act(seat, players[seat].choose(state.view(seat)))
    names = ["Ada", "Bartholomew", "Cy", "Dana", "Eve"]
    pictures: list[tuple[str, Callable[..., bytes], int | None]] = [
        ("table", table_picture, None),
        ("hand", hand_picture, 0),
    ]
    for label, draw, viewer in pictures:
        view = state.view(viewer)
        times, size = [], 0
        for _ in range(rounds):
            started = time.perf_counter()
            size = len(draw(view, names=names))
            times.append((time.perf_counter() - started) * 1000)
        print(f"{label} picture: median {statistics.median(times):.1f} ms, {size / 1024:.0f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per player count and baseline")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-pictures", action="store_true")
    args = parser.parse_args()
    for n in (3, 5):
        engine_speed(n, 300)
    for n in (3, 5):
        for baseline in ("greedy", "random"):
            strength(n, baseline, args.games, args.workers)
    if not args.no_pictures:
        picture_figures()


if __name__ == "__main__":
    main()
