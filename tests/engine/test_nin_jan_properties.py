"""Random Nin Jan games: every card accounted for, no view or log line leaks a secret."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.nin_jan import GAME as NIN_JAN
from engine.nin_jan import Card, NinJanState
from engine.nin_jan.rules import full_deck
from engine.players import ComputerPlayer

PLAYERS: dict[str, type[ComputerPlayer]] = {"default": type(NIN_JAN.computer_player()), **NIN_JAN.baselines}


def cards_in(value: Any) -> Iterator[Card]:
    """Every card anywhere inside a view (any field, however nested)."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from cards_in(item)


def accounted(state: NinJanState) -> Counter[Card]:
    unresolved = [r.card for r in state.reveals[state.next_reveal :]]
    groups = [*state.hands, *state.piles, *state.won, state.set_aside, unresolved]
    return Counter(card for group in groups for card in group)


def names(card: Card) -> re.Pattern[str]:
    """The card's label as a whole word ("4 Rock" must not match inside "-4 Rock")."""
    return re.compile(rf"(?<![\d-]){re.escape(card.label)}\b")


def check(state: NinJanState) -> None:
    assert accounted(state) == Counter(full_deck())
    assert all(pile for pile in state.piles)
    hidden_everywhere = set(state.set_aside)
    log = "\n".join(state.events)
    for card in hidden_everywhere.union(*map(set, state.hands)):
        assert not names(card).search(log), f"the log names the unrevealed {card.label}"
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        own = set(state.hands[seat]) if seat is not None else set()
        secret = hidden_everywhere.union(*(set(h) for s, h in enumerate(state.hands) if s != seat))
        leaked = set(cards_in(view)) & secret
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"
        assert set(view.hand) == own
        assert all(d.seat == seat for d in view.decisions)
        assert set(view.decided) <= set(range(state.num_players))
        assert not set(view.decided) & set(view.waiting_on)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 5),
    kinds=st.lists(st.sampled_from(sorted(PLAYERS)), min_size=5, max_size=5),
)
def test_random_games_keep_every_card_and_every_secret(seed: int, players: int, kinds: list[str]) -> None:
    state = NIN_JAN.new_state(players, seed)
    assert isinstance(state, NinJanState)
    rng = random.Random(seed)
    bots = [PLAYERS[kinds[s]](seed + s) for s in range(players)]
    check(state)
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < 500
        seat = rng.choice(state.waiting_on())
        move = bots[seat].choose(state.view(seat))
        state.act(seat, move)
        check(state)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.points == tuple(state.scores())
    assert outcome.places.count(1) == 1  # the play-off leaves one winner
    assert sum(len(h) for h in state.hands) == 0
    assert NIN_JAN.load(state.to_json()).to_json() == state.to_json()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
def test_replaying_the_history_rebuilds_the_game(seed: int, players: int) -> None:
    state = NIN_JAN.new_state(players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.waiting_on())
        state.act(seat, state.random_move(seat, rng))
    again = NIN_JAN.new_state(players, seed)
    for seat, text in state.history:
        again.act(seat, text)
    assert again.to_json() == state.to_json()
