"""``python -m benchmarks.pictures``: the time (median) and size of every picture of every game.

Positions come from one seeded computer game per game, with names in several scripts; each
picture is drawn ``REPEAT`` times and the median printed. The aim: under 30 ms and 300 KB each.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial

from engine import registry
from engine.core import Game, GameState
from render import pictures_for
from render.results import results_picture
from render.tet_gow import sets_and_tiers_picture

REPEAT = 15
NAMES = ["José Ñúñez", "王小明", "Дмитрий", "🎲 Dicey ✨", "Ελένη"]


def measure(draw: Callable[[], bytes]) -> tuple[float, int]:
    """Median milliseconds over ``REPEAT`` draws, and the PNG's size in bytes."""
    draw()  # warm caches (fonts, glyph coverage) as a running bot has them
    times = []
    for _ in range(REPEAT):
        started = time.perf_counter()
        data = draw()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), len(data)


def positions(game: Game) -> tuple[GameState, GameState, list[str]]:
    """The position halfway through one computer game, and the end of it."""
    players = game.max_players if game.max_players <= 4 else 4
    names = NAMES[:players]

    def play(stop: int | None) -> tuple[GameState, int]:
        computers = [game.computer_player(seat) for seat in range(players)]
        state = game.new_state(players, 5)
        moves = 0
        while not state.is_over and moves != stop:
            seat = state.waiting_on()[0]
            state.act(seat, computers[seat].choose(state.view(seat)))
            moves += 1
        return state, moves

    end, total = play(None)
    middle, _ = play(total // 2)
    return middle, end, names


def main() -> None:
    rows: list[tuple[str, float, int]] = []
    for game in registry.all_games():
        module = pictures_for(game.key)
        middle, end, names = positions(game)
        seat = middle.waiting_on()[0]
        outcome = end.outcome()
        assert outcome is not None
        drawings = {
            "table": partial(module.table_picture, middle.view(None), names=names),
            "hand": partial(module.hand_picture, middle.view(seat), names=names),
            "final table": partial(module.table_picture, end.view(None), names=names),
            "results": partial(results_picture, outcome, names=names, game_name=game.name),
        }
        rows += [(f"{game.key} {label}", *measure(draw)) for label, draw in drawings.items()]
    rows.append(("tet_gow sets and tiers*", *measure(sets_and_tiers_picture.__wrapped__)))
    print(f"{'picture':<28} {'median ms':>10} {'KB':>7}")
    for label, ms, size in rows:
        flag = "" if ms < 30 and size < 300 * 1024 else "  over the aim"
        print(f"{label:<28} {ms:>10.1f} {size / 1024:>7.1f}{flag}")
    slowest, largest = max(r[1] for r in rows), max(r[2] for r in rows) / 1024
    print("* drawn once per process and then cached (/rules), so its time is paid once")
    print(f"slowest {slowest:.1f} ms, largest {largest:.1f} KB (aim: 30 ms, 300 KB)")


if __name__ == "__main__":
    main()
