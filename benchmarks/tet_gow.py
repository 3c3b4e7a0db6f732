"""Tet-Gow benchmark: game speed, the default player's win share and CPU per decision, picture cost.

Run: ``python -m benchmarks.tet_gow [--games 2000] [--players 4] [--baselines greedy]
[--seed-offset 0]``. For 3 and 4 players and each baseline, one default player plays against n-1 baselines with its seat
rotated game by game; its win share counts a shared first place fractionally, with its 95%
interval, and beside it the share of the strong player before it (of 2026-11-28: only the
heuristics' passes, a greedy own seat in the play-outs) on the same games.
The CPU figure times every ``choose`` of default players in seeded games
(process time, so other load on the machine matters less than for wall time): median, 99th
percentile and the longest.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from engine.players import ComputerPlayer
from engine.tet_gow import GAME as TET_GOW
from engine.tet_gow import TetGowState
from engine.tet_gow.players import TetGowPlayer


class BeforePlayer(TetGowPlayer):
    """The strong player of 2026-11-28, for comparison: the default player's thinking on 128 guessed deals
    with four finalists (the few passes the heuristics suggest, its own seat greedy in the play-outs)."""

    name = "deep of 2026-11-28"
    samples = 128
    first_look = 8
    finalists = 4


def play_game(players: list[ComputerPlayer], seed: int) -> TetGowState:
    state = TET_GOW.new_state(len(players), seed)
    assert isinstance(state, TetGowState)
    while not state.is_over:
        seat = state.waiting_on()[0]
        state.act(seat, players[seat].choose(state.view(seat)))
    return state


def win_share(
    num_players: int, baseline: str, games: int, player: type[ComputerPlayer] | None = None, seed_offset: int = 0
) -> tuple[float, float]:
    """(win share of ``player``, the default player unless given, games per second) on the games
    seeded ``seed_offset`` onwards."""
    base = TET_GOW.baselines[baseline]
    hero = player or TET_GOW.computer_player
    wins = 0.0
    start = time.perf_counter()
    for game in range(seed_offset, seed_offset + games):
        me = game % num_players
        players = [hero(game * 10 + s) if s == me else base(game * 10 + s) for s in range(num_players)]
        outcome = play_game(players, seed=game).outcome()
        assert outcome is not None
        if outcome.places[me] == 1:
            wins += 1 / len(outcome.winners)
    return wins / games, games / (time.perf_counter() - start)


def decision_cpu(num_players: int, games: int = 40) -> list[float]:
    """CPU milliseconds of every default player's ``choose`` in ``games`` seeded games of default players."""
    times: list[float] = []
    for game in range(games):
        state = TET_GOW.new_state(num_players, 1000 + game)
        players = [TET_GOW.computer_player(game * 10 + s) for s in range(num_players)]
        while not state.is_over:
            seat = state.waiting_on()[0]
            view = state.view(seat)
            start = time.process_time()
            move = players[seat].choose(view)
            times.append((time.process_time() - start) * 1000)
            state.act(seat, move)
    return times


def picture_figures(samples: int = 20) -> None:
    """Median time and size of each picture over states from real games."""
    from render.tet_gow import hand_picture, sets_and_tiers_picture, table_picture

    names = ["Ann", "Ben", "Cat", "Dov"]
    views = []
    for seed in range(samples):
        state = TET_GOW.new_state(4, seed)
        players = [TET_GOW.computer_player(s) for s in range(4)]
        for _ in range(seed % 9 + 2):
            if state.is_over:
                break
            seat = state.waiting_on()[0]
            state.act(seat, players[seat].choose(state.view(seat)))
        seat = state.waiting_on()[0] if not state.is_over else 0
        views.append((state.view(None), state.view(seat)))
    for label, draw in (
        ("table_picture", lambda v: table_picture(v[0], names=names)),
        ("hand_picture", lambda v: hand_picture(v[1], names=names)),
        ("sets_and_tiers_picture", lambda v: sets_and_tiers_picture()),
    ):
        times, sizes = [], []
        for pair in views:
            start = time.perf_counter()
            png = draw(pair)
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(png))
        print(
            f"{label:24} median {statistics.median(times):6.1f} ms  max {max(times):6.1f} ms  "
            f"median {statistics.median(sizes) / 1024:6.1f} KB  max {max(sizes) / 1024:6.1f} KB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (default 2000)")
    parser.add_argument("--no-pictures", action="store_true")
    parser.add_argument("--players", type=int, nargs="+", choices=(3, 4), default=[3, 4])
    parser.add_argument("--baselines", nargs="+", choices=tuple(TET_GOW.baselines), default=list(TET_GOW.baselines))
    parser.add_argument(
        "--seed-offset",
        type=int,
        default=0,
        help="first game seed (default 0, the standard games; screen changes on others, e.g. 10000)",
    )
    args = parser.parse_args()
    for num_players in args.players:
        times = decision_cpu(num_players)
        print(
            f"{num_players} players: default player's CPU per decision: median {statistics.median(times):5.2f} ms  "
            f"mean {statistics.mean(times):5.2f} ms  99th percentile {statistics.quantiles(times, n=100)[-1]:5.2f} ms  "
            f"longest {max(times):5.2f} ms  ({len(times)} decisions)"
        )
    print(
        f"Tet-Gow: default player ({TET_GOW.computer_player.name}) vs baselines, {args.games} games each, "
        f"seats rotated; in brackets the player before it ({BeforePlayer.name}) "
        "on the same games; aims: x1.60 at 4 players vs greedy, 54.7% at 3"
    )
    for num_players in args.players:
        for baseline in args.baselines:
            share, speed = win_share(num_players, baseline, args.games, seed_offset=args.seed_offset)
            before, before_speed = win_share(num_players, baseline, args.games, BeforePlayer, args.seed_offset)
            margin = 1.96 * math.sqrt(share * (1 - share) / args.games)
            print(
                f"{num_players} players vs {baseline:6}: win share {share:6.1%} ± {margin:4.1%} ({before:6.1%}) "
                f"(fair share {1 / num_players:5.1%}, x{share * num_players:4.2f} (x{before * num_players:4.2f}))  "
                f"{speed:7.1f} ({before_speed:.1f}) games/s"
            )
    if not args.no_pictures:
        picture_figures()


if __name__ == "__main__":
    main()
