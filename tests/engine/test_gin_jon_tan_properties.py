"""Random Gin-jon-tan games: every card in exactly one place and its owner's, no view leaks, exact JSON,
prizes that conserve cards, and computer players that only make legal moves."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.gin_jon_tan import GAME, GinJonTanState, HeldCard
from engine.gin_jon_tan.cards import FULL_SET


def held_in(value: Any) -> Iterator[HeldCard]:
    """Every card anywhere inside a view (any field, however nested)."""
    if isinstance(value, HeldCard):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from held_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from held_in(item)


def check_cards(state: GinJonTanState) -> None:
    where = state.where()
    n = state.num_players
    assert set(where) == {f"{s}.{i}" for s in range(n) for i in range(33)}
    if state.phase in ("swap", "activate", "duel", "exchange", "trim"):
        # Before the combination round every card is with its owner.
        assert all(int(cid.split(".")[0]) == seat for cid, (_, seat) in where.items())
    assert all(len(deck) == 33 for deck in state.decks)


def check_views(state: GinJonTanState) -> None:
    public: set[str] = {c for cards in state.turned for c in cards}
    if state.duel is not None:
        public |= {c for _, c in state.duel["cards"]}
    if state.last_clash is not None:  # unfolded in an earlier duel of this round: public then
        public |= {state.last_clash[1], state.last_clash[4]}
    for entry in state.evaluation:
        public |= set(entry["cards"])
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        own: set[str] = set()
        if seat is not None:
            own = {*state.hands[seat], *state.reserves[seat], *state.actives[seat]}
            assert [h.id for h in view.hand] == state.hands[seat]
        for held in held_in(view):
            assert held.id in own | public, f"seat {seat} sees {held.id}"
        option_ids = {part for d in view.decisions for o in d.options for part in o.id.split("-")}
        assert not {c for c in option_ids if "." in c} - own - public


def play(state: GinJonTanState, rng: random.Random, check: bool) -> None:
    steps = 0
    while not state.is_over:
        seat = rng.choice(state.waiting_on())
        state.act(seat, state.random_move(seat, rng))
        steps += 1
        if check:
            check_cards(state)
            if steps % 5 == 0:
                check_views(state)
            if steps % 11 == 0:
                assert GAME.load(state.to_json()).to_json() == state.to_json()


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 6]))
def test_random_games_keep_every_card_in_one_place_and_hide_secrets(seed: int, players: int) -> None:
    state = GAME.new_state(players, seed)
    assert isinstance(state, GinJonTanState)
    play(state, random.Random(seed), check=True)
    outcome = state.outcome()
    assert outcome is not None and outcome.transfers == ()
    assert GAME.load(state.to_json()).to_json() == state.to_json()


def profile(rng: random.Random, seat: int) -> dict[str, Any]:
    return {"deck": [{"item": f"u{seat}-{i}", "card": c.id} for i, c in enumerate(rng.sample(FULL_SET, 33))]}


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), computers=st.integers(0, 2))
def test_prizes_move_each_card_once_from_its_owner(seed: int, players: int, computers: int) -> None:
    rng = random.Random(seed)
    profiles = [None if seat < computers else profile(rng, seat) for seat in range(players)]
    state = GAME.new_state(players, seed, {"deck": "personal", "prizes": "on"}, profiles)
    assert isinstance(state, GinJonTanState)
    play(state, rng, check=False)
    outcome = state.outcome()
    assert outcome is not None
    items = [t.item for t in outcome.transfers]
    assert len(items) == len(set(items))
    for t in outcome.transfers:
        assert t.item in state.items[t.from_seat]
        assert outcome.places[t.to_seat] < outcome.places[t.from_seat] <= players
        assert outcome.places[t.to_seat] <= 3
    # After the transfers, the decks together hold exactly the same items as before.
    decks = [set(items) for items in state.items]
    for t in outcome.transfers:
        decks[t.from_seat].remove(t.item)
        decks[t.to_seat].add(t.item)
    assert sum(len(d) for d in decks) == 33 * players
    again = GAME.load(state.to_json()).outcome()
    assert again == outcome


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4, 6]))
def test_computer_players_make_only_legal_moves(seed: int, players: int) -> None:
    kinds = [GAME.computer_player, *GAME.baselines.values()]
    state = GAME.new_state(players, seed)
    seats = [kinds[s % len(kinds)](seed + s) for s in range(players)]
    while not state.is_over:
        seat = state.waiting_on()[0]
        state.act(seat, seats[seat].choose(state.view(seat)))
    assert state.outcome() is not None
