"""Gin Rummy figures: solver speed, play speed, the computer player's strength, pictures.

Run: ``python -m benchmarks.gin_rummy [--hands 10000] [--jobs 2] [--seed 1] [--only-hands] [--paired before]``

Printed: the default player's share of hands won against the simple baseline (single
hands, seats alternating; a drawn hand is dealt again) with its 95% interval and points
per hand, where those points come from (each way a hand ends, who knocked, who scored,
and the turns the knocks came on), and the 99th percentile of its decisions' CPU time
over those hands; with ``--paired``, another player on the same hands and the paired difference of
the shares won; then (unless ``--only-hands``) the solver's median time per random
10-card and 11-card hand (the public, string-based functions), games per second of
computer against computer (games to 100), the median time per computer decision, the
median render time and largest size of each picture, and the share of whole games to
100 won against the baseline.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from engine.core import GameState
from engine.gin_rummy import GAME as GIN_RUMMY
from engine.gin_rummy import GinRummyState, min_deadwood
from engine.gin_rummy.cards import CARD_NAMES
from engine.gin_rummy.players import GinRummyPlayer, SimplePlayer
from engine.players import ComputerPlayer

#: The issue's aim for the default player: this share of single hands against the simple baseline.
HANDS_AIM = 0.60


def solver_median_us(size: int, hands: int, rng: random.Random) -> float:
    samples = [rng.sample(CARD_NAMES, size) for _ in range(hands)]
    times = []
    clock = time.perf_counter_ns
    for cards in samples:
        started = clock()
        min_deadwood(cards)
        times.append(clock() - started)
    return statistics.median(times) / 1000


def play(
    state: GameState,
    players: dict[int, ComputerPlayer],
    decision_times: list[float] | None = None,
    timed_seat: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> None:
    """Play to the end; with ``decision_times``, time every decision (of ``timed_seat`` only, if
    given) by ``clock`` (wall time unless told)."""
    assert isinstance(state, GinRummyState)
    while not state.is_over:
        seat = state.turn
        view = state.view(seat)
        started = clock()
        move = players[seat].choose(view)
        if decision_times is not None and timed_seat in (None, seat):
            decision_times.append(clock() - started)
        state.act(seat, move)


def games_per_second(games: int, seed: int) -> tuple[float, float]:
    """Computer against computer, whole games to 100: games/s and median seconds per decision."""
    decision_times: list[float] = []
    started = time.perf_counter()
    for i in range(games):
        state = GIN_RUMMY.new_state(2, seed + i)
        play(
            state,
            {0: GIN_RUMMY.computer_player(seed + i), 1: GIN_RUMMY.computer_player(seed + i + 1)},
            decision_times,
        )
    elapsed = time.perf_counter() - started
    return games / elapsed, statistics.median(decision_times)


class BeforeGuessesPlayer(GinRummyPlayer):
    """The default player without the guessed hands' knock-feed prices (as it was on 2026-11-28)."""

    KNOCK_FEED = 0.0


#: The players the hands against the baseline may measure, by name (``--player``, ``--paired``).
PLAYERS: dict[str, type[ComputerPlayer]] = {"default": GinRummyPlayer, "before": BeforeGuessesPlayer}


@dataclass(frozen=True)
class HandFigures:
    """One hand of the measured player against the baseline, from the measured player's side."""

    won: bool
    #: Its signed points: positive when it scored.
    points: int
    #: How the hand ended: "knock", "undercut", "gin" or "big_gin".
    kind: str
    #: Whether the measured player knocked (or went Gin) rather than the baseline.
    knocked: bool
    #: Its own discards before the hand ended, and the baseline's (the turn the hand ended on).
    turns: int
    #: The CPU seconds of each of its decisions.
    times: tuple[float, ...]


def one_hand(seed: int, mine: int, player: str = "default") -> HandFigures:
    """One hand of the measured player (in seat ``mine``) against the baseline. Its decisions are
    timed in CPU seconds: the machine is shared, and wall time would count the other processes'
    turns on the cores too. A drawn hand is dealt again, so every call ends in a score."""
    state = GIN_RUMMY.new_state(2, seed, {"target_score": 0})
    times: list[float] = []
    play(state, {mine: PLAYERS[player](seed), 1 - mine: SimplePlayer(seed)}, times, mine, time.process_time)
    assert isinstance(state, GinRummyState) and state.last_hand is not None
    hand = state.last_hand
    won = hand["winner"] == mine
    knocker = hand["knocker"]
    turns = len(state.view(mine).discarded[knocker])
    return HandFigures(
        won, hand["points"] if won else -hand["points"], hand["kind"], knocker == mine, turns, tuple(times)
    )


def _hand_of(args: tuple[int, int, str]) -> HandFigures:
    return one_hand(*args)


@dataclass(frozen=True)
class Measured:
    """The measured player's hands against the baseline, summed up."""

    share: float
    #: Half the 95% interval of ``share``.
    margin: float
    points_per_hand: float
    #: The 99th percentile of its decisions' CPU time (seconds).
    p99: float
    hands: tuple[HandFigures, ...]


def win_rate(hands: int, seed: int, jobs: int = 1, player: str = "default") -> Measured:
    """The measured player's hands against the simple baseline: share won, 95% interval,
    points per hand and the 99th percentile of its decisions' CPU time.

    Seats alternate; every hand has its own seed, so the figures (but the times) are the same for any ``jobs``.
    """
    tasks = [(seed + i, i % 2, player) for i in range(hands)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_hand_of, tasks, chunksize=50)
    else:
        results = [one_hand(*task) for task in tasks]
    wins = sum(r.won for r in results)
    points = sum(r.points for r in results)
    times = sorted(t for r in results for t in r.times)
    share = wins / hands
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return Measured(share, 1.96 * math.sqrt(share * (1 - share) / hands), points / hands, p99, tuple(results))


def breakdown(hands: tuple[HandFigures, ...]) -> list[str]:
    """Where the points come from: for each way a hand ends, who knocked and who scored, the share
    of hands and the points per hand it brings the measured player; then the turns knocks came on."""
    total = len(hands)
    lines = []
    ways = Counter((h.kind, h.knocked, h.won) for h in hands)
    for (kind, knocked, won), count in sorted(ways.items(), key=lambda item: -item[1]):
        points = sum(h.points for h in hands if (h.kind, h.knocked, h.won) == (kind, knocked, won))
        who = "it" if knocked else "the baseline"
        lines.append(
            f"  {kind:<8} by {who:<12} {'won' if won else 'lost'}: {count / total:6.1%} of hands, "
            f"{points / count:+6.1f} points each, {points / total:+.2f} per hand"
        )
    for knocked, who in ((True, "it"), (False, "the baseline")):
        turns = sorted(h.turns for h in hands if h.knocked == knocked)
        if turns:
            quartiles = statistics.quantiles(turns, n=4) if len(turns) > 1 else [turns[0]] * 3
            lines.append(
                f"  hands ended by {who}: {len(turns) / total:.1%}, on its discard number "
                f"{quartiles[0]:.0f} / {quartiles[1]:.0f} / {quartiles[2]:.0f} (quartiles)"
            )
    return lines


def game_win_rate(games: int, seed: int) -> tuple[float, float]:
    """Share of whole games (to 100) the default player wins against the simple baseline."""
    wins = 0
    for i in range(games):
        mine = i % 2
        state = GIN_RUMMY.new_state(2, seed + i)
        play(state, {mine: GinRummyPlayer(seed + i), 1 - mine: SimplePlayer(seed + i)})
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome.winners == (mine,)
    share = wins / games
    return share, 1.96 * math.sqrt(share * (1 - share) / games)


def picture_figures(seed: int) -> dict[str, tuple[float, int]]:
    """Median milliseconds and largest bytes of each picture, over positions of real games."""
    from render.gin_rummy import hand_picture, table_picture

    names = ("Alice", "The computer")
    states: list[GinRummyState] = []
    state = GIN_RUMMY.new_state(2, seed)
    assert isinstance(state, GinRummyState)
    players = {0: GIN_RUMMY.computer_player(1), 1: GIN_RUMMY.computer_player(2)}
    while not state.is_over and len(states) < 40:
        seat = state.turn
        state.act(seat, players[seat].choose(state.view(seat)))
        if state.last_hand is not None or len(state.history) % 3 == 0:
            states.append(state.copy())  # type: ignore[arg-type]
    figures: dict[str, tuple[float, int]] = {}
    for name, draw in (
        ("table", lambda s: table_picture(s.view(None), names=names)),
        ("hand", lambda s: hand_picture(s.view(s.turn if s.turn is not None else 0), names=names)),
    ):
        times, sizes = [], []
        for s in states:
            started = time.perf_counter()
            png = draw(s)
            times.append(time.perf_counter() - started)
            sizes.append(len(png))
        figures[name] = (statistics.median(times) * 1000, max(sizes))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10000, help="hands of default against simple")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the hands of default against simple")
    parser.add_argument("--versus-games", type=int, default=300, help="games to 100 of default against simple")
    parser.add_argument("--games", type=int, default=20, help="computer-against-computer games to time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--player", choices=sorted(PLAYERS), default="default", help="the player measured against simple"
    )
    parser.add_argument("--only-hands", action="store_true", help="measure only the hands against simple")
    parser.add_argument(
        "--paired", choices=sorted(PLAYERS), help="also measure this player on the same hands, and the difference"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)

    measured = win_rate(args.hands, args.seed * 100_000, args.jobs, args.player)
    share, p99 = measured.share, measured.p99
    print(
        f"{args.player} vs simple: won {share:.1%} ± {measured.margin:.1%} of {args.hands} hands (95% interval), "
        f"{measured.points_per_hand:+.2f} points per hand "
        f"(aim: at least {HANDS_AIM:.0%}: {'met' if share >= HANDS_AIM else 'NOT met'})"
    )
    print("where the points come from:")
    for line in breakdown(measured.hands):
        print(line)
    print(
        f"{args.player}'s decision, 99th percentile: {p99 * 1000:.2f} ms of CPU over those hands "
        f"(aim: under 20 ms: {'met' if p99 < 0.020 else 'NOT met'})"
    )
    if args.paired:
        other = win_rate(args.hands, args.seed * 100_000, args.jobs, args.paired)
        diff = [int(a.won) - int(b.won) for a, b in zip(measured.hands, other.hands, strict=True)]
        mean = sum(diff) / len(diff)
        spread = math.sqrt(sum((d - mean) ** 2 for d in diff) / max(1, len(diff) - 1))
        margin = 1.96 * spread / math.sqrt(len(diff))
        print(
            f"{args.paired} on the same hands: won {other.share:.1%}, {other.points_per_hand:+.2f} points per hand; "
            f"{args.player} minus {args.paired}: {mean:+.1%} ± {margin:.1%} of hands won, "
            f"{measured.points_per_hand - other.points_per_hand:+.2f} points per hand"
        )
    if args.only_hands:
        return
    print(f"solver, 10 cards: median {solver_median_us(10, 20000, rng):.2f} µs per hand (20,000 random hands)")
    print(f"solver, 11 cards: median {solver_median_us(11, 20000, rng):.2f} µs per hand (20,000 random hands)")
    rate, per_decision = games_per_second(args.games, args.seed)
    print(f"computer vs computer: {rate:.2f} games/s (games to 100, {args.games} games)")
    print(f"computer decision: median {per_decision * 1000:.3f} ms")
    for name, (ms, size) in picture_figures(args.seed).items():
        print(f"{name} picture: median {ms:.1f} ms, largest {size / 1024:.0f} KB")
    share, margin = game_win_rate(args.versus_games, args.seed * 200_000)
    print(f"default vs simple: won {share:.1%} ± {margin:.1%} of {args.versus_games} games to 100 (95% interval)")


if __name__ == "__main__":
    main()
