"""Tet-Gow random games: cards are conserved and passed cards never reach any view."""

from __future__ import annotations

import random
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import dumps
from engine.tet_gow import CARDS, TetGowState, TetGowView
from engine.tet_gow import GAME as TET_GOW
from engine.tet_gow.deck import deck


def cards_in(view: TetGowView) -> set[str]:
    """Every card id a view shows anywhere (follow ids hold cards two characters each)."""
    shown = set(view.hand) | set(view.seen)
    # In round 1 the last round shown is the previous game's, whose cards were dealt again.
    last = view.last_plays if view.round_no > 1 else ()
    for play in (*view.plays, *last):
        shown |= set(play.cards)
    for decision in view.decisions:
        for option in decision.options:
            shown |= {option.id[i : i + 2] for i in range(0, len(option.id), 2)}
    return shown


def names_in(view: TetGowView) -> set[str]:
    # Only this game's events: earlier games showed cards that were dealt again.
    starts = [i for i, line in enumerate(view.events) if line.startswith(f"Game {view.game_no}:")]
    events = view.events[starts[-1] :] if starts else view.events
    text = dumps(events) + dumps([d.to_dict() for d in view.decisions])
    return {c for c in CARDS if re.search(rf"\b{re.escape(CARDS[c].name)}\b", text)}


def check(state: TetGowState, ever_passed: set[str]) -> None:
    # Conservation: every card of this game is in a hand, face up on the record, or passed.
    everything = Counter(c for h in state.hands for c in h) + Counter(state.seen) + Counter(state.passed)
    assert everything == Counter(deck(state.num_players))
    if not state.plays:
        assert len({len(h) for h in state.hands}) == 1  # a round starts with equal hands
    for seat in (None, *range(state.num_players)):
        view = state.view(seat)
        assert not cards_in(view) & ever_passed
        assert not names_in(view) & ever_passed
        for play in view.plays:
            assert play.face_up == bool(play.cards)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4]), games=st.integers(1, 2))
def test_random_games_conserve_cards_and_hide_passes(seed: int, players: int, games: int) -> None:
    state = TET_GOW.new_state(players, seed, {"games": games})
    assert isinstance(state, TetGowState)
    rng = random.Random(seed)
    bots = [TET_GOW.computer_player(seed + s) for s in range(players)]
    baseline = [TET_GOW.baselines["random"](seed + s) for s in range(players)]
    game_no, passed = 1, set()
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < 200
        seat = state.waiting_on()[0]
        player = rng.choice([bots[seat], baseline[seat], None])
        move = player.choose(state.view(seat)) if player else state.random_move(seat, rng)
        state.act(seat, move)
        if state.game_no != game_no:
            game_no, passed = state.game_no, set()
        passed |= set(state.passed)
        check(state, passed)
    assert sum(sum(points) for points in state.game_results) == games * (len(deck(players)) // players + 5)
