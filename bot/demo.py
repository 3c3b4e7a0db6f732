"""``python -m bot demo``: complete games between computer players, as pictures and a log.

No token and no network: the quick look at the project for a newcomer, and a smoke
test of every game's engine, computer player and pictures in CI.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from engine import registry
from engine.core import Game, GameState, name_seats
from render import pictures_for

#: Stop a game that runs away (a bug): no real game needs this many moves.
MAX_MOVES = 20_000


def play_demo_game(game: Game, players: int, seed: int, out: Path, every: int = 10, most: int = 30) -> str:
    """Play one game between computers; write its pictures and log into ``out``; return a summary.

    The table picture is saved every ``every`` moves (at most ``most`` of them) and at the end.
    """
    out.mkdir(parents=True, exist_ok=True)
    names = [f"Computer {seat + 1}" for seat in range(players)]
    computers = [game.computer_player(seed + seat) for seat in range(players)]
    state = game.new_state(players, seed)
    pictures = pictures_for(game.key)
    log_lines: list[str] = [f"{game.name}: {players} computer players, seed {seed}", ""]
    seen_events = 0
    moves = 0

    def snapshot(label: str, current: GameState) -> None:
        (out / f"table-{label}.png").write_bytes(pictures.table_picture(current.view(None), names=names))

    snapshot("0000-start", state)
    for seat in range(players):
        (out / f"hand-start-{names[seat].replace(' ', '')}.png").write_bytes(
            pictures.hand_picture(state.view(seat), names=names)
        )
    while not state.is_over:
        seat = state.waiting_on()[0]
        move = computers[seat].choose(state.view(seat))
        state.act(seat, move)
        moves += 1
        for line in state.events[seen_events:]:
            log_lines.append(f"  {name_seats(line, names)}")
        seen_events = len(state.events)
        if moves % every == 0 and moves // every <= most:
            snapshot(f"{moves:04d}", state)
        if moves >= MAX_MOVES:
            raise RuntimeError(f"{game.name} did not end after {MAX_MOVES} moves (seed {seed})")
    snapshot(f"{moves:04d}-end", state)
    outcome = state.outcome()
    assert outcome is not None
    result = ", ".join(
        f"{names[seat]}: {points} points, place {place}"
        for seat, (points, place) in enumerate(zip(outcome.points, outcome.places, strict=True))
    )
    log_lines += ["", f"Over ({outcome.reason}) after {moves} moves. {result}"]
    (out / "log.txt").write_text("\n".join(log_lines) + "\n", encoding="utf-8")
    return f"{game.name}: {moves} moves, {result}"


def run_demo(out: Path, seed: int = 1, games: Sequence[Game] | None = None) -> list[str]:
    """Play one game of every registered game into ``out/<game key>/``; print and return summaries."""
    summaries = []
    for game in games or registry.all_games():
        started = time.perf_counter()
        players = game.max_players if game.max_players <= 4 else 4
        summary = play_demo_game(game, players, seed, out / game.key)
        summaries.append(f"{summary} ({time.perf_counter() - started:.1f} s)")
        print(summaries[-1], flush=True)
    print(f"Pictures and logs are in {out.resolve()}")
    return summaries
