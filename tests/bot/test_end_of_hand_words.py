"""The end of a hand stays in the table text after the next deal: who knocked or went out, and why."""

from __future__ import annotations

import random
from types import SimpleNamespace

from bot.table import Seat
from cogs.table_ui import table_text
from engine import registry
from engine.core import GameState

NAMES = ["Zoë", "Дмитрий", "王小明", "محمد"]


def table_of(state: GameState, players: int) -> SimpleNamespace:
    seats = [Seat(None, NAMES[s], True) for s in range(players)]
    return SimpleNamespace(
        game=state.game,
        id=7,
        names=NAMES[:players],
        names_in=lambda language: NAMES[:players],
        status="playing",
        seats=seats,
        view=state.view,
        prizes=(),
        clocks=None,
    )


def play_into_the_next_hand(key: str, players: int, seed: int, moves_after: int) -> GameState:
    """A random game until the first hand has ended and ``moves_after`` moves of the next were made."""
    state = registry.get(key).new_state(players, seed)
    rng = random.Random(seed)
    after = None
    while not state.is_over and (after is None or after < moves_after):
        seat = rng.choice(state.waiting_on())
        state.act(seat, state.random_move(seat, rng))
        if state.recap():
            after = 0 if after is None else after + 1
    return state


def test_gin_rummy_says_who_knocked_after_the_next_deal() -> None:
    for seed in range(20):
        state = play_into_the_next_hand("gin_rummy", 2, seed, moves_after=6)
        if state.is_over or "draw" in state.recap():
            continue
        text = table_text(table_of(state, 2))  # type: ignore[arg-type]
        [recap] = [line for line in text.splitlines() if line.startswith("Hand ") and "deadwood" in line]
        assert any(w in recap for w in ("knocked with", "went Gin", "declared Big Gin")), text
        assert "deadwood" in recap and "scored" in recap
        assert "Seat " not in text and any(name in recap for name in NAMES[:2])
        assert recap.startswith(f"Hand {state.hand_number - 1}:")  # type: ignore[attr-defined]  # the next is on
        return
    raise AssertionError("no game reached a second hand after a knock")


def test_gin_go_and_tet_gow_keep_the_last_hand_or_game_in_sight() -> None:
    for key, players, word in (
        ("gin_go", 2, "Hand 1:"),
        ("tet_gow", 3, "Game 1:"),
        ("gin_jon_tan", 3, " evaluated: "),
    ):
        state = play_into_the_next_hand(key, players, 3, moves_after=8)
        text = table_text(table_of(state, players))  # type: ignore[arg-type]
        assert word in text, text
