"""Ratings, leaderboard, profile and replay figures.

Run: ``python -m benchmarks.ratings [--games 5] [--seed 1]``

Printed: the time of one rating update (openskill, 2 and 4 players) and of a recompute of
10,000 games; the median render time and size of the leaderboard and profile pictures
(budget: 300 KB each); the median time of one replay frame and one replay step (budget:
30 ms a frame); and, for whole Gin Rummy games to 100, the moves, the frames, the time and
the bytes of the animated replay (budget: under 5 s and 8 MiB).
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time

from PIL import Image

from bot.ratings import Finish, rate, recompute
from engine import registry
from engine.core import GameState
from render import pictures_for
from render.leaderboard import LeaderboardView, LeaderRow, leaderboard_picture
from render.profile import GameCard, ProfileView, RecentLine, profile_picture
from render.replay import ReplaySource, replay_gif, states, step_picture

NAMES = [
    "Ann",
    "Бори́с Годуно́в",
    "陈嘉怡",
    "Dan 🎲",
    "Ελένη",
    "Zoë Ångström",
    "한지민",
    "Nguyễn",
    "やまだ",
    "Bartholomew",
]


def timed(function, *args, repeat: int = 20, **kwargs) -> tuple[float, object]:
    times = []
    result = None
    for _ in range(repeat):
        started = time.perf_counter()
        result = function(*args, **kwargs)
        times.append(time.perf_counter() - started)
    return statistics.median(times), result


def play(key: str, players: int, seed: int) -> GameState:
    game = registry.get(key)
    state = game.new_state(players, seed)
    computers = [game.computer_player(seed + seat) for seat in range(players)]
    while not state.is_over:
        seat = state.waiting_on()[0]
        state.act(seat, computers[seat].choose(state.view(seat)))
    return state


def rating_figures(rng: random.Random) -> None:
    two = Finish(("a", "b"), (1, 2))
    four = Finish(("a", "b", "c", "d"), (1, 2, 1, 2), ((0, 2), (1, 3)))
    t2, _ = timed(rate, two, {}, repeat=500)
    t4, _ = timed(rate, four, {}, repeat=500)
    players = [f"user:{i}" for i in range(200)]
    history = []
    for _ in range(10_000):
        size = rng.randint(2, 4)
        history.append(Finish(tuple(rng.sample(players, size)), tuple(rng.randint(1, size) for _ in range(size))))
    started = time.perf_counter()
    recompute(history)
    print(f"rating update: {t2 * 1e6:.0f} µs (2 players), {t4 * 1e6:.0f} µs (2v2 teams)")
    print(f"recompute of 10,000 games over 200 players: {time.perf_counter() - started:.2f} s")


def picture_figures() -> None:
    rows = tuple(
        LeaderRow(i + 1, NAMES[i], 1800 - 40 * i, i > 6, 40 - i, 20 - i, 20 - i, 10 ** (2 + 4 * i)) for i in range(10)
    )
    board = LeaderboardView(
        "Gin Rummy", "rating", "all time", rows, 0, 4, 38, LeaderRow(37, "Me", 912, True, 4, 1, 2, 3, you=True)
    )
    t, png = timed(leaderboard_picture, board)
    print(f"leaderboard picture: {t * 1000:.1f} ms, {len(png):,} bytes")  # type: ignore[arg-type]
    chart = tuple(700 + 20 * i for i in range(60))
    games = tuple(
        GameCard(name, 1500, False, 12, 0.4, 40, 20, 10**40 if name == "Gin-jon-tan" else 412, chart)
        for name in ("Gin Rummy", "Nin Jan", "Tet-Gow", "Gin-Go", "Gin-jon-tan")
    )
    recent = tuple(RecentLine("Gin Rummy", 1, 2, 306, 23, "3 Jun") for _ in range(5))
    t, png = timed(profile_picture, ProfileView("Ελένη 陈 Бори́с", games, recent))
    print(f"profile picture (5 games): {t * 1000:.1f} ms, {len(png):,} bytes")  # type: ignore[arg-type]


def replay_figures(games: int, seed: int) -> None:
    for key in [g.key for g in registry.all_games()]:
        game = registry.get(key)
        state = play(key, min(game.allowed_counts), seed)
        source = ReplaySource.from_final_state(state.to_json())
        module = pictures_for(key)
        names = NAMES[: state.num_players]
        frame_times = []
        for step, replayed in enumerate(states(source)):
            if step % 5 == 0:
                started = time.perf_counter()
                module.table_picture(replayed.view(None), names=names)
                frame_times.append(time.perf_counter() - started)
        t_step, _ = timed(step_picture, source, names, source.steps // 2, repeat=5)
        print(
            f"{game.name}: replay frame {statistics.median(frame_times) * 1000:.1f} ms (median of {len(frame_times)}), "
            f"max {max(frame_times) * 1000:.1f} ms; one step from the log {t_step * 1000:.1f} ms"
        )
    totals = []
    for offset in range(games):
        state = play("gin_rummy", 2, seed + offset)
        source = ReplaySource.from_final_state(state.to_json())
        started = time.perf_counter()
        gif = replay_gif(source, NAMES[:2])
        elapsed = time.perf_counter() - started
        frames = getattr(Image.open(io.BytesIO(gif)), "n_frames", 1)
        totals.append((elapsed, len(gif)))
        print(
            f"Gin Rummy game to 100 #{offset + 1}: {source.steps} moves, {frames} frames, "
            f"{elapsed:.2f} s, {len(gif) / 2**20:.2f} MiB"
        )
    worst_time = max(t for t, _ in totals)
    worst_size = max(b for _, b in totals)
    print(
        f"whole-game replay, worst of {games}: {worst_time:.2f} s (budget 5 s), "
        f"{worst_size / 2**20:.2f} MiB (budget 8 MiB)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="whole Gin Rummy games to replay")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rating_figures(random.Random(args.seed))
    picture_figures()
    replay_figures(args.games, args.seed)


if __name__ == "__main__":
    main()
