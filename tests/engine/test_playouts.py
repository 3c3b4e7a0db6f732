"""One random-playout test over every registered game (shipped games and the test game).

Every legal action applies, the game ends, the decisions remembered for a moment are the
ones the rules list, the JSON round trip is exact at every step, replaying the action log
rebuilds the state, an illegal move changes nothing, and no view carries another seat's
private fields.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.core import Game, GameState
from engine.players import DEFAULT_LEVEL, choose_from_saved, choose_text, level_player

MAX_STEPS = 5000


def playout(game: Game, players: int, seed: int, check_every: int = 1) -> GameState:
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < MAX_STEPS, f"{game.name} did not end"
        pending = state.waiting_on()
        assert pending, "a game that is not over must wait on someone"
        assert state.pending_decisions() == tuple(state.decisions())  # remembered, never stale
        seat = rng.choice(pending)
        move = state.random_move(seat, rng)
        state.act(seat, move)
        if steps % check_every == 0:
            assert game.load(state.to_json()).to_json() == state.to_json()
    return state


def replay(game: Game, state: GameState) -> GameState:
    again = game.new_state(state.num_players, state.seed, state.options)
    for seat, text in state.history:
        again.act(seat, text)
    return again


def game_params() -> list:
    return [pytest.param(g, id=g.key) for g in registry.all_games()]


@pytest.mark.parametrize("game", game_params())
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_games_end_and_replay(game: Game, seed: int, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(game.allowed_counts))
    state = playout(game, players, seed, check_every=7)
    outcome = state.outcome()
    assert outcome is not None
    assert len(outcome.points) == len(outcome.places) == players
    assert min(outcome.places) == 1
    assert replay(game, state).to_json() == state.to_json()
    assert state.decisions() == []


@pytest.mark.parametrize("game", game_params())
def test_a_computer_thinking_from_the_saved_state_makes_the_move_it_makes_from_the_view(game: Game) -> None:
    """The bot hands its thinking processes the saved text, not the view: the move must be the same."""
    state = game.new_state(max(game.allowed_counts), 11)
    rng = random.Random(11)
    compared = 0
    while not state.is_over and compared < 40:
        seat = rng.choice(state.waiting_on())
        seed = rng.randrange(2**32)
        here = choose_text(level_player(game, DEFAULT_LEVEL), seed, state.view(seat))
        assert choose_from_saved(game, seed, state.to_json(), seat) == here
        state.act(seat, here)
        compared += 1
    assert compared >= 10
