"""Gin-Go random playouts (2 players and 2v2): cards conserved, chips accounted for, JSON exact."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.gin_go import GAME, GinGoState
from engine.gin_go.cards import full_deck
from engine.gin_go.players import GinGoPlayer, GreedyPlayer, RandomPlayer


def check(state: GinGoState) -> None:
    if state.hand_number:
        assert sorted(state.all_cards()) == sorted(full_deck(state.jokers)), "every card exactly once"
    tally = state.tally
    for side in (0, 1):
        expected = tally["melded"][side] + tally["captured"][side] - tally["own"][side] - tally["bumped"][side]
        assert state.board.count(side) == expected, "chips = cards melded/captured - repeats - bumped"


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from((2, 4)),
    jokers=st.sampled_from(("on", "off")),
    link=st.sampled_from(("zigzag", "orthogonal")),
    cards=st.sampled_from(("auto", 1, 3, 9)),
)
def test_random_playouts_keep_every_card_and_chip(
    seed: int, players: int, jokers: str, link: str, cards: object
) -> None:
    state = GAME.new_state(players, seed, {"jokers": jokers, "link": link, "cards": cards})
    assert isinstance(state, GinGoState)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < 20000
        seat = rng.choice(state.waiting_on())
        state.act(seat, state.random_move(seat, rng))
        check(state)
        if steps % 11 == 0:
            again = GAME.load(state.to_json())
            assert again.to_json() == state.to_json()
            assert again.view(seat) == state.view(seat)
    assert state.outcome() is not None


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from((2, 4)))
def test_computer_players_only_make_legal_moves(seed: int, players: int) -> None:
    state = GAME.new_state(players, seed)
    kinds = [GinGoPlayer, GreedyPlayer, RandomPlayer]
    seats = [kinds[(seed + s) % 3](seed + s) for s in range(players)]
    while not state.is_over:
        seat = state.waiting_on()[0]
        state.act(seat, seats[seat].choose(state.view(seat)))
        check(state)  # type: ignore[arg-type]
