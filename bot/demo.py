"""``python -m bot demo``: complete games between computer players, as pictures and a log.

No token and no network: the quick look at the project for a newcomer, and a smoke
test of every game's engine, computer player and pictures in CI.

For each game it writes, once each: the table and the hand of the player to act at the
start and in the middle of the game, the table at the end, and the results picture.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from engine import registry
from engine.core import Game, GameState, name_seats
from render import pictures_for
from render.results import headline, results_picture, why_words

#: Stop a game that runs away (a bug): no real game needs this many moves.
MAX_MOVES = 20_000


def _play(game: Game, players: int, seed: int, on_move: Callable[[int, GameState], None]) -> GameState:
    """One game between seeded computers (the same game every time for a seed); ``on_move`` sees each position."""
    computers = [game.computer_player(seed + seat) for seat in range(players)]
    state = game.new_state(players, seed)
    moves = 0
    on_move(moves, state)
    while not state.is_over:
        seat = state.waiting_on()[0]
        state.act(seat, computers[seat].choose(state.view(seat)))
        moves += 1
        on_move(moves, state)
        if moves >= MAX_MOVES:
            raise RuntimeError(f"{game.name} did not end after {MAX_MOVES} moves (seed {seed})")
    return state


def play_demo_game(game: Game, players: int, seed: int, out: Path) -> str:
    """Play one game between computers; write its pictures and log into ``out``; return a summary."""
    out.mkdir(parents=True, exist_ok=True)
    names = [f"Computer {seat + 1}" for seat in range(players)]
    pictures = pictures_for(game.key)
    counted: list[int] = []
    _play(game, players, seed, lambda moves, state: counted.append(moves))
    middle = max(1, counted[-1] // 2)
    log_lines: list[str] = [f"{game.name}: {players} computer players, seed {seed}", ""]
    seen = [0]

    def on_move(moves: int, state: GameState) -> None:
        log_lines.extend(f"  {name_seats(line, names)}" for line in state.events[seen[0] :])
        seen[0] = len(state.events)
        for label, at in (("1-start", 0), ("2-middle", middle)):
            if moves == at and not state.is_over:
                seat = state.waiting_on()[0]
                (out / f"{label}-table.png").write_bytes(pictures.table_picture(state.view(None), names=names))
                hand = pictures.hand_picture(state.view(seat), names=names)
                (out / f"{label}-hand-{names[seat].replace(' ', '')}.png").write_bytes(hand)

    state = _play(game, players, seed, on_move)
    outcome = state.outcome()
    assert outcome is not None
    (out / "3-end-table.png").write_bytes(pictures.table_picture(state.view(None), names=names))
    (out / "4-results.png").write_bytes(
        results_picture(outcome, names=names, game_name=game.name, points_name=game.points_name, how_won=game.how_won)
    )
    who, by = headline(outcome, names, game.points_name)
    result = f"{who} {by}".strip() + ". " + why_words(outcome, names, game.how_won)
    moves = counted[-1]
    log_lines += ["", f"Game over after {moves} moves: {result}"]
    (out / "log.txt").write_text("\n".join(log_lines) + "\n", encoding="utf-8")
    return f"{game.name}: {moves} moves. {result}"


class DemoError(Exception):
    """The demo cannot write its pictures; ``str(error)`` is one sentence."""


def run_demo(out: Path, seed: int = 1, games: Sequence[Game] | None = None) -> list[str]:
    """Play one game of every registered game into ``out/<game key>/``; print and return summaries.

    The pictures and log an earlier run left in those folders are removed first, so the folder
    shows this run only. A folder that cannot be written is a :class:`DemoError`.
    """
    chosen = list(games or registry.all_games())
    try:
        for game in chosen:
            folder = out / game.key
            folder.mkdir(parents=True, exist_ok=True)
            for old in [*folder.glob("*.png"), folder / "log.txt"]:
                old.unlink(missing_ok=True)
            probe = folder / ".parlour-demo-probe"  # a read-only folder may still allow the steps above
            probe.write_bytes(b"")
            probe.unlink()
    except OSError as error:
        raise DemoError(
            f"The folder {str(out.resolve())!r} cannot be written ({error.strerror or error}): "
            "choose another with --out."
        ) from None
    summaries = []
    for game in chosen:
        started = time.perf_counter()
        players = game.max_players if game.max_players <= 4 else 4
        summary = play_demo_game(game, players, seed, out / game.key)
        summaries.append(f"{summary} ({time.perf_counter() - started:.1f} s)")
        print(summaries[-1], flush=True)
    print(f"Pictures and logs are in {out.resolve()}")
    return summaries
