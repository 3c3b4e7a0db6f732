"""Replays: every game's finished tables rebuild exactly from their log, and animate."""

from __future__ import annotations

import io
import itertools
import random
from dataclasses import replace

import pytest
from PIL import Image

from engine import registry
from engine.core import Game, GameState
from render.replay import (
    WIDTH,
    ReplaySource,
    _table,
    chapters,
    check,
    frame_steps,
    replay_gif,
    shows_hands,
    state_at,
    states,
    step_picture,
)
from render.text import recording

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
    assert not registry.get("gin_jon_tan").hands_public_at_end
    secret = ReplaySource("gin_jon_tan", 2, 1, {}, (), None, "{}")
    assert not shows_hands(secret)


def test_a_game_that_does_not_declare_its_hands_public_keeps_them_secret() -> None:
    """The safe default: a new game that forgets ``hands_public_at_end`` leaks no hand in /replay."""
    gin_rummy = registry.get("gin_rummy")
    forgetful = registry.register(replace(gin_rummy, key="forgetful", name="Forgetful", hands_public_at_end=False))
    try:
        final = finished_game(forgetful, 2, 4).to_json()
        source = ReplaySource.from_final_state(final)
        assert source.game_key == "forgetful" and forgetful.load(final).is_over
        assert not shows_hands(source)
        with pytest.raises(ValueError):
            step_picture(source, NAMES[:2], 3, hands=True)
    finally:
        registry.unregister("forgetful")


# -- issue 44, item 7: what a replay shows -------------------------------------------------------


@pytest.mark.parametrize("key", ["gin_rummy", "gin_go", "nin_jan", "tet_gow"])
def test_every_hand_is_titled_with_its_players_name(key: str) -> None:
    game = registry.get(key)
    players = min(game.allowed_counts)
    source = ReplaySource.from_final_state(finished_game(game, players, 4).to_json())
    with recording() as drawn:
        step_picture(source, NAMES[:players], 2, hands=True)
    titles = [
        d.content for d in drawn if "hand" in d.content.lower() and ("Your" in d.content or "'s hand" in d.content)
    ]
    assert not any(t.startswith("Your hand") for t in titles)
    for name in NAMES[:players]:
        assert any(t.startswith(f"{name}'s hand") for t in titles), (name, titles)


def test_the_animation_is_as_tall_as_most_frames_need() -> None:
    source = ReplaySource.from_final_state(finished_game(registry.get("gin_rummy"), 2, 5).to_json())
    steps = set(frame_steps(source.steps, 40))
    heights = [_table(state, NAMES[:2], WIDTH).height for step, state in enumerate(states(source)) if step in steps]
    gif = Image.open(io.BytesIO(replay_gif(source, NAMES[:2], max_frames=40)))
    assert gif.height < max(heights)  # the tall end (the scoring) does not make every frame half empty
    assert sum(h <= gif.height for h in heights) >= 0.75 * len(heights)


def test_a_seat_taken_over_shows_its_person_until_the_computer_took_over() -> None:
    source = ReplaySource.from_final_state(finished_game(registry.get("gin_rummy"), 2, 5).to_json())

    def names(step: int) -> list[str]:
        return ["Ann", "Bob" if step <= 6 else "Bob (computer)"]

    for step, shown in ((3, "Bob"), (6, "Bob"), (7, "Bob (computer)")):
        with recording() as drawn:
            step_picture(source, names, step)
        seen = {d.content for d in drawn}
        assert shown in seen and ({"Bob", "Bob (computer)"} - {shown}).isdisjoint(seen), (step, seen)


def test_chapters_are_where_each_hand_or_round_begins() -> None:
    rummy = ReplaySource.from_final_state(finished_game(registry.get("gin_rummy"), 2, 5).to_json())
    found = chapters(rummy)
    assert found[0] == (0, "Hand 1") and [name for _, name in found] == [f"Hand {i}" for i in range(1, len(found) + 1)]
    assert len(found) > 1 and all(a[0] < b[0] for a, b in itertools.pairwise(found))
    nin_jan = ReplaySource.from_final_state(finished_game(registry.get("nin_jan"), 3, 5).to_json())
    assert [name for _, name in chapters(nin_jan)][:2] == ["Round 1", "Round 2"]
