"""The engine core, proven with the High Card test game."""

import json
import random

import pytest

from engine import registry
from engine.core import BadMove, GameOption, IllegalMove, Move, places_from_points
from tests.testgame import GAME as HIGH_CARD
from tests.testgame import HighCardState


def new(players: int = 3, seed: int = 1) -> HighCardState:
    state = HIGH_CARD.new_state(players, seed)
    assert isinstance(state, HighCardState)
    return state


def test_same_seed_same_deal_and_json_round_trip_is_exact() -> None:
    a, b = new(seed=7), new(seed=7)
    assert a.to_json() == b.to_json()
    assert HIGH_CARD.load(a.to_json()).to_json() == a.to_json()
    assert new(seed=8).to_json() != a.to_json()


def test_round_trip_keeps_the_random_generator() -> None:
    state = new()
    copy = state.copy()
    assert state.rng.random() == copy.rng.random()


def test_simultaneous_choices_stay_secret_until_all_are_in() -> None:
    state = new(players=3)
    assert state.waiting_on() == (0, 1, 2)
    card = state.hands[0][0]
    state.act(0, Move("play", (str(card),)))
    assert state.waiting_on() == (1, 2)
    assert state.decided() == (0,)
    for seat in (None, 1, 2):
        view = state.view(seat)
        assert view.decided == (0,)
        assert view.last_reveal == (None, None, None)
        assert str(card) not in " ".join(view.events)
    with pytest.raises(IllegalMove, match="not your turn"):
        state.act(0, Move("play", (str(card),)))


def test_views_show_only_the_own_hand() -> None:
    state = new()
    assert state.view(1).hand == tuple(state.hands[1])
    assert state.view(None).hand == ()
    assert all(d.seat == 1 for d in state.view(1).decisions)
    assert state.view(None).decisions == ()


def test_illegal_moves_raise_a_readable_error_and_change_nothing() -> None:
    state = new(players=2)
    before = state.to_json()
    for seat, move, message in [
        (0, "play:99", "not available"),
        (0, "take:p0", "You can.t do that now: Pick a card in secret"),
        (5, "play:1", "not seated"),
        (0, "play:", "Pick exactly 1"),
    ]:
        with pytest.raises(IllegalMove, match=message):
            state.act(seat, move)
        assert state.to_json() == before
    with pytest.raises(BadMove):
        state.act(0, "nonsense")
    assert state.to_json() == before


def test_multi_pick_rule_refused_without_change() -> None:
    state = new(players=2, seed=3)
    state.pot = [9, 8, 1]
    state.taker = 0
    before = state.to_json()
    with pytest.raises(IllegalMove, match="more than 10"):
        state.act(0, Move("take", ("p0", "p1")))
    assert state.to_json() == before
    with pytest.raises(IllegalMove, match="same thing twice"):
        state.act(0, Move("take", ("p0", "p0")))
    state.act(0, Move("take", ("p0", "p2")))
    assert state.points[0] == 10 and state.pot == [8]


def test_move_text_round_trip() -> None:
    move = Move("meld", ("7h", "8h", "9h"))
    assert Move.parse(move.text()) == move
    assert Move.parse("draw:") == Move("draw", ())
    for bad in ["", "draw", ":x", "a:b,,c", "x y:1"]:
        with pytest.raises(BadMove):
            Move.parse(bad)


def test_options_are_validated_with_a_sentence() -> None:
    assert HIGH_CARD.validate_options({}) == {"hand_size": 5}
    assert HIGH_CARD.validate_options({"hand_size": "3"}) == {"hand_size": 3}
    with pytest.raises(ValueError, match="between 1 and 6"):
        HIGH_CARD.validate_options({"hand_size": 9})
    with pytest.raises(ValueError, match="no option"):
        HIGH_CARD.validate_options({"colour": 1})
    with pytest.raises(ValueError, match="2 to 4 players"):
        HIGH_CARD.new_state(5, 1)
    choice = GameOption("jokers", "Jokers", "on", choices=("on", "off"))
    assert choice.validate("OFF") == "off"
    with pytest.raises(ValueError, match="one of on, off"):
        choice.validate("maybe")


def test_registry_finds_by_key_or_name() -> None:
    assert registry.get("highcard") is HIGH_CARD
    assert registry.get("high card") is HIGH_CARD
    assert HIGH_CARD in registry.all_games()
    with pytest.raises(KeyError):
        registry.get("snap")


def test_places_share_ties() -> None:
    assert places_from_points([5, 9, 5, 1]) == (2, 1, 2, 4)


def test_every_game_package_is_found_by_its_declaration_alone() -> None:
    import pkgutil

    import engine

    packages = {m.name for m in pkgutil.iter_modules(engine.__path__) if m.ispkg}
    found = {g.key for g in registry.all_games()}
    assert packages <= found, "a package under engine/ declares a GAME the registry did not find"
    assert {"gin_rummy", "nin_jan", "tet_gow"} <= found


def test_player_counts_and_teams_are_declared_facts() -> None:
    from dataclasses import replace

    pairs = replace(HIGH_CARD, key="pairs", player_counts=(2, 4), teams={4: ((0, 2), (1, 3))})
    assert pairs.allowed_counts == (2, 4)
    with pytest.raises(ValueError, match="2 or 4 players"):
        pairs.new_state(3, 1)
    assert pairs.teams_for(4) == ((0, 2), (1, 3))
    assert pairs.teams_for(2) == ((0,), (1,))


def test_profiles_come_in_per_seat_and_survive_the_round_trip() -> None:
    profiles = [{"deck": ["a", "b"]}, None]
    state = HIGH_CARD.new_state(2, 3, profiles=profiles)
    assert state.profiles == ({"deck": ["a", "b"]}, None)
    assert HIGH_CARD.load(state.to_json()).profiles == state.profiles
    assert HIGH_CARD.new_state(2, 3).profiles == (None, None)
    with pytest.raises(ValueError, match="one profile per seat"):
        HIGH_CARD.new_state(2, 3, profiles=[None])


def test_outcome_transfers_round_trip_and_huge_points_stay_exact() -> None:
    from engine.core import Outcome, Transfer

    huge = 7 * 10**16 * 2**10
    outcome = Outcome("highest score", (huge, 1), (1, 2), (Transfer("card-1", 1, 0),))
    assert Outcome.from_dict(outcome.to_dict()) == outcome
    assert Outcome.from_dict({"reason": "r", "points": [1], "places": [1]}).transfers == ()


def test_a_state_holding_points_beyond_64_bits_saves_and_loads_exactly() -> None:
    state = new()
    state.points[0] = 7 * 10**30 + 1  # Gin-jon-tan's combination scores grow this large
    state.points[1] = -(2**63) - 1  # just past 64 bits, below zero
    again = HIGH_CARD.load(state.to_json())
    assert isinstance(again, HighCardState) and again.points[:2] == [7 * 10**30 + 1, -(2**63) - 1]
    assert again.to_json() == state.to_json()


def test_a_state_saved_before_the_64_bit_mark_loads_exactly() -> None:
    """Texts saved by earlier versions carry no mark, and may hold numbers past 64 bits."""
    state = new()
    state.points[0] = 2**64  # the first integer orjson would read as a float
    old_text = state.to_json()  # past 64 bits: written by Python's encoder, without the mark
    assert "fits_64_bits" not in old_text
    assert HIGH_CARD.load(old_text).points[0] == 2**64
    state.points[0] = 3
    marked = json.loads(state.to_json())
    assert marked.pop("fits_64_bits") is True
    unmarked = HIGH_CARD.load(json.dumps(marked))  # a small state saved before the mark existed
    assert unmarked.to_json() == state.to_json()


def test_a_state_saved_with_the_generator_as_a_list_of_numbers_loads_and_plays_on_the_same() -> None:
    """States saved before the generator's words were packed hold them as a list: a game saved
    then and loaded now deals and shuffles exactly as it would have."""
    state = new()
    payload = json.loads(state.to_json())
    version, packed, gauss = payload["rng"]
    assert isinstance(packed, str) and len(state.to_json()) < 6000  # packed: 5,000 characters, not 6,700
    payload["rng"] = [version, list(state.rng.getstate()[1]), gauss]  # as saved before
    old = HIGH_CARD.load(json.dumps(payload))
    assert old.rng.getstate() == state.rng.getstate()
    assert old.to_json() == state.to_json()
    assert [old.rng.random() for _ in range(5)] == [state.rng.random() for _ in range(5)]


def test_a_copy_shares_the_moments_decisions_then_lists_its_own_after_a_move() -> None:
    state = new()
    listed = state.pending_decisions()
    copy = state.copy(state.to_json())
    assert copy.pending_decisions() is listed  # the bot's trial copy checks a move without listing them again
    seat = copy.waiting_on()[0]
    copy.act(seat, copy.random_move(seat, random.Random(1)))
    assert copy.pending_decisions() == tuple(copy.decisions()) != listed
    assert state.pending_decisions() is listed and state.waiting_on() == tuple(sorted({d.seat for d in listed}))


def test_player_counts_are_said_as_the_game_allows_them() -> None:
    assert registry.get("gin_go").players_text == "2 or 4 players"
    assert registry.get("gin_rummy").players_text == "2 players"
    nin_jan = registry.get("nin_jan")
    assert nin_jan.players_text == f"{nin_jan.min_players}–{nin_jan.max_players} players"
    with pytest.raises(ValueError, match=r"Gin-Go is played by 2 or 4 players\."):
        registry.get("gin_go").check_players(3)
