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
from engine.gin_jon_tan.views import GinJonTanView
from render import pictures_for
from render.results import results_picture

REPEAT = 15
#: Two players are the first two names, four the first four (Arabic and Devanagari, shaped by raqm,
#: among them), six the first six.
NAMES = ["José Ñúñez", "王小明", "محمد علي", "अर्जुन क्षत्रिय", "Дмитрий", "🎲 Dicey ✨"]


def measure(draw: Callable[[], bytes]) -> tuple[float, float, int]:
    """Median wall-clock and CPU milliseconds over ``REPEAT`` draws, and the PNG's size in bytes.

    On a shared machine the wall clock also counts time other processes had the core; the CPU
    time is what the drawing itself costs, and it is the steadier figure.
    """
    draw()  # warm caches (fonts, glyph coverage) as a running bot has them
    wall, cpu = [], []
    for _ in range(REPEAT):
        started, started_cpu = time.perf_counter(), time.process_time()
        data = draw()
        cpu.append((time.process_time() - started_cpu) * 1000)
        wall.append((time.perf_counter() - started) * 1000)
    return statistics.median(wall), statistics.median(cpu), len(data)


def positions(game: Game, players: int) -> tuple[GameState, GameState, list[str]]:
    """The position halfway through one computer game, and the end of it."""
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


def gin_jon_tan_evaluation() -> Callable[[], bytes]:
    """Gin-jon-tan's tallest table: six revealed hands, drawn while round 2's swap is chosen."""
    game = registry.get("gin_jon_tan")
    module = pictures_for(game.key)
    computers = [game.computer_player(seat) for seat in range(6)]
    state = game.new_state(6, 5)

    def evaluated() -> bool:
        view = state.view(None)
        return isinstance(view, GinJonTanView) and bool(view.evaluation)

    while not (state.phase == "swap" and evaluated()):
        seat = state.waiting_on()[0]
        state.act(seat, computers[seat].choose(state.view(seat)))
    return partial(module.table_picture, state.view(None), names=(NAMES * 2)[:6])


def main() -> None:
    rows: list[tuple[str, float, float, int]] = []
    for game in registry.all_games():
        module = pictures_for(game.key)
        counts = sorted({2, game.max_players if game.max_players <= 4 else 4} & set(game.allowed_counts))
        for players in counts:
            middle, end, names = positions(game, players)
            seat = middle.waiting_on()[0]
            outcome = end.outcome()
            assert outcome is not None
            drawings = {
                "table": partial(module.table_picture, middle.view(None), names=names),
                "hand": partial(module.hand_picture, middle.view(seat), names=names),
                "final table": partial(module.table_picture, end.view(None), names=names),
                "results": partial(results_picture, outcome, names=names, game_name=game.name, how_won=game.how_won),
            }
            tag = f"{game.key} {players}p" if len(counts) > 1 else game.key
            rows += [(f"{tag} {label}", *measure(draw)) for label, draw in drawings.items()]
        rules = getattr(module, "rules_picture", None)
        if rules is not None:  # drawn afresh each time, not from its cache
            rows.append((f"{game.key} rules*", *measure(getattr(rules, "__wrapped__", rules))))
    rows.append(("gin_jon_tan 6 hands revealed", *measure(gin_jon_tan_evaluation())))
    print(f"{'picture':<30} {'wall ms':>8} {'CPU ms':>8} {'KB':>7}")
    for label, ms, cpu, size in rows:
        flag = "" if cpu < 30 and size < 300 * 1024 else "  over the aim"
        print(f"{label:<30} {ms:>8.1f} {cpu:>8.1f} {size / 1024:>7.1f}{flag}")
    slowest, slowest_cpu = max(r[1] for r in rows), max(r[2] for r in rows)
    largest = max(r[3] for r in rows) / 1024
    print("(medians of", REPEAT, "draws; * /rules pictures are drawn once per process and then cached)")
    print(f"slowest {slowest:.1f} ms wall, {slowest_cpu:.1f} ms CPU; largest {largest:.1f} KB (aim: 30 ms, 300 KB)")


if __name__ == "__main__":
    main()
