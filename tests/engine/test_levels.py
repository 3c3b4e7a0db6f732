"""Computer levels: every game seats a player at each level, and every level plays legal, seeded games.

Strength is the benchmark's business (``python -m benchmarks.levels`` prints the margins);
these tests check what must always hold: the registry answers for every level, a made-up
level is refused in a sentence, each level's player only makes legal moves to the end of a
game (random seats, random seeds), and the same seed gives the same moves.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.core import Game, GameState
from engine.gin_rummy import GAME as GIN_RUMMY
from engine.gin_rummy.players import CasualPlayer, GinRummyPlayer, SimplePlayer
from engine.nin_jan import GAME as NIN_JAN
from engine.players import DEFAULT_LEVEL, LEVELS, check_level, choose_from_saved, level_player
from engine.tet_gow import GAME as TET_GOW
from engine.tet_gow.players import DeepTetGowPlayer, GreedyPlayer, QuickTetGowPlayer

MAX_STEPS = 5000


def game_params() -> list:
    return [pytest.param(g, id=g.key) for g in registry.all_games()]


def test_the_levels_are_easy_normal_strong_and_normal_is_the_default() -> None:
    assert LEVELS == ("easy", "normal", "strong") and DEFAULT_LEVEL == "normal"


@pytest.mark.parametrize("forged", ["hard", "", "Strong", "normal " * 50])
def test_a_made_up_level_is_refused_in_one_sentence(forged: str) -> None:
    with pytest.raises(ValueError, match=r"^There is no computer level called .*; pick easy, normal or strong\.$"):
        check_level(forged)
    with pytest.raises(ValueError):
        level_player(GIN_RUMMY, forged)


@pytest.mark.parametrize("game", game_params())
def test_every_game_seats_a_player_at_every_level(game: Game) -> None:
    for level in LEVELS:
        player = level_player(game, level)(7)
        assert player.name


def test_the_three_measured_games_declare_three_different_players() -> None:
    assert [level_player(GIN_RUMMY, level) for level in LEVELS] == [CasualPlayer, SimplePlayer, GinRummyPlayer]
    assert [level_player(TET_GOW, level) for level in LEVELS] == [GreedyPlayer, QuickTetGowPlayer, DeepTetGowPlayer]
    assert len({level_player(NIN_JAN, level) for level in LEVELS}) == 3


def play(game: Game, players: int, seed: int, levels: list[str]) -> GameState:
    """A whole game with the computer of ``levels[seat]`` in each seat (cycled); the rules check every move."""
    state = game.new_state(players, seed)
    seats = [level_player(game, levels[s % len(levels)])(seed + s) for s in range(players)]
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < MAX_STEPS, f"{game.name} did not end"
        seat = state.waiting_on()[0]
        state.act(seat, seats[seat].choose(state.view(seat)))  # IllegalMove on anything the rules refuse
    return state


@pytest.mark.parametrize("game", game_params())
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_every_level_plays_legal_games_to_the_end(game: Game, seed: int, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(game.allowed_counts))
    levels = data.draw(st.lists(st.sampled_from(LEVELS), min_size=1, max_size=players))
    state = play(game, players, seed, levels)
    assert state.outcome() is not None


@pytest.mark.parametrize("game", [GIN_RUMMY, TET_GOW, NIN_JAN], ids=lambda g: g.key)
def test_a_level_s_game_is_the_same_from_the_same_seed(game: Game) -> None:
    players = max(game.allowed_counts) if game is not NIN_JAN else 3
    first = play(game, players, 5, list(LEVELS))
    again = play(game, players, 5, list(LEVELS))
    assert first.history == again.history and first.outcome() == again.outcome()


@pytest.mark.parametrize("level", LEVELS)
def test_the_thinking_process_plays_the_seat_s_level(level: str) -> None:
    """The bot hands the level to the process that thinks: the move is that level's player's."""
    state = GIN_RUMMY.new_state(2, 3)
    for _ in range(30):
        if state.is_over:
            break
        seat = state.waiting_on()[0]
        here = level_player(GIN_RUMMY, level)(99).choose(state.view(seat)).text()
        assert choose_from_saved(GIN_RUMMY, 99, state.to_json(), seat, level) == here
        state.act(seat, here)
