"""Replays: every game's finished tables rebuild exactly from their log, and animate."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine import registry
from engine.core import Game, GameState
from render.replay import (
    SECRET_AT_END,
    WIDTH,
    ReplaySource,
    check,
    frame_steps,
    replay_gif,
    shows_hands,
    state_at,
    states,
    step_picture,
)

NAMES = ["Ann", "Бори́с", "陈嘉", "Ελένη", "Zoë", "한지민"]


def finished_game(game: Game, players: int, seed: int) -> GameState:
    """A whole game played by the engine's computer players (a random move when one has none)."""
    state = game.new_state(players, seed)
    computers = [game.computer_player(seed + seat) for seat in range(players)]
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.is_over:
            return state
        seat = state.waiting_on()[0]
        try:
            move = computers[seat].choose(state.view(seat))
            state.act(seat, move)
        except ValueError:
            state.act(seat, state.random_move(seat, rng))
    raise AssertionError(f"{game.key} did not end")


def every_game() -> list[tuple[str, int]]:
    return [(g.key, n) for g in registry.all_games() for n in sorted({min(g.allowed_counts), max(g.allowed_counts)})]


@pytest.mark.parametrize(("key", "players"), every_game())
@pytest.mark.parametrize("seed", [1, 2])
def test_replaying_the_log_rebuilds_the_stored_final_state(key: str, players: int, seed: int) -> None:
    original = finished_game(registry.get(key), players, seed)
    source = ReplaySource.from_final_state(original.to_json())
    assert source.steps == len(original.history) > 0
    assert check(source)
    *_, last = states(source)
    assert last.to_json() == original.to_json()
    assert last.outcome() == original.outcome()
    assert state_at(source, 0).history == [] and state_at(source, source.steps + 5).is_over


def test_a_tampered_log_does_not_pass_the_check() -> None:
    original = finished_game(registry.get("nin_jan"), 2, 3)
    moves = list(original.history)
    cut = ReplaySource.from_final_state(original.to_json(), moves[:-1])
    assert not check(cut)


@pytest.mark.parametrize(("key", "players"), every_game())
def test_the_animation_is_a_gif_of_the_table_through_the_game(key: str, players: int) -> None:
    original = finished_game(registry.get(key), players, 5)
    source = ReplaySource.from_final_state(original.to_json())
    gif = Image.open(io.BytesIO(replay_gif(source, NAMES[:players], max_frames=12)))
    assert gif.format == "GIF" and gif.is_animated
    assert gif.n_frames == len(frame_steps(source.steps, 12))
    assert gif.width <= WIDTH
    gif.seek(gif.n_frames - 1)
    assert gif.info["duration"] > 1000  # the end stays on screen


def test_frames_are_spread_over_the_game_with_the_first_and_the_last() -> None:
    assert frame_steps(3) == [0, 1, 2, 3]
    steps = frame_steps(500, 120)
    assert steps[0] == 0 and steps[-1] == 500 and len(steps) == 120


def test_hands_show_only_after_the_end_and_never_in_secret_games() -> None:
    original = finished_game(registry.get("gin_rummy"), 2, 4)
    source = ReplaySource.from_final_state(original.to_json())
    assert shows_hands(source)
    with_hands = Image.open(io.BytesIO(step_picture(source, NAMES[:2], 10, hands=True)))
    table = Image.open(io.BytesIO(step_picture(source, NAMES[:2], 10)))
    assert with_hands.height > table.height  # two seats' pictures, not the one public table
    unfinished = ReplaySource(source.game_key, 2, source.seed, source.options, source.moves[:10], None,
                              state_at(source, 10).to_json())  # fmt: skip
    assert not shows_hands(unfinished)
    with pytest.raises(ValueError):
        step_picture(unfinished, NAMES[:2], 3, hands=True)
    assert "gin_jon_tan" in SECRET_AT_END
    secret = ReplaySource("gin_jon_tan", 2, 1, {}, (), None, "{}")
    assert not shows_hands(secret)
