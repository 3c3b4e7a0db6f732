"""Nin Jan pictures: valid PNGs under 300 KB in every phase; signs differ by shape, not only colour."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine.nin_jan import GAME as NIN_JAN
from engine.nin_jan import NinJanState
from render import pictures_for
from render.nin_jan import hand_picture, sign_shape, table_picture

NAMES = ["Ada", "Bartholomew the Magnificent of Somewhere", "Cy", "Dana", "Eve"]
LIMIT = 300 * 1024


def states(players: int, seed: int) -> list[NinJanState]:
    """Snapshots of one random game: the start, a pile choice, a later round, the end."""
    state = NIN_JAN.new_state(players, seed)
    assert isinstance(state, NinJanState)
    rng = random.Random(seed)
    shots: list[NinJanState] = [state.copy()]  # type: ignore[list-item]
    while not state.is_over:
        seat = rng.choice(state.waiting_on())
        state.act(seat, state.random_move(seat, rng))
        first_choice = state.phase == "resolve" and len(shots) == 1
        later = state.round == 7 and len(shots) == 2
        if first_choice or later or state.phase == "playoff":
            shots.append(state.copy())  # type: ignore[arg-type]
    shots.append(state)
    return shots


def check_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < LIMIT
    Image.open(io.BytesIO(data)).verify()
    image = Image.open(io.BytesIO(data))
    assert image.width >= 400 and image.height >= 200
    return image


def test_the_game_has_its_own_pictures() -> None:
    assert pictures_for("nin_jan").table_picture is table_picture


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (5, 2), (3, 3)])
def test_pictures_in_every_phase_are_valid_small_pngs(players: int, seed: int) -> None:
    for state in states(players, seed):
        check_png(table_picture(state.view(None), names=NAMES[:players]))
        for seat in range(players):
            check_png(hand_picture(state.view(seat), names=NAMES[:players]))


def test_a_play_off_and_tall_piles_still_draw() -> None:
    state = NIN_JAN.new_state(3, 9)
    assert isinstance(state, NinJanState)
    # A very tall pile (every set-aside card) must still fit the picture.
    state.piles[0] = state.set_aside + state.piles[0]
    state.playoff_seats = [0, 2]
    image = check_png(table_picture(state.view(None), names=NAMES[:3]))
    assert image.height < 1400


def test_the_three_signs_differ_in_shape_not_only_colour() -> None:
    masks = []
    for sign in "RPS":
        image = Image.new("RGB", (60, 60), (255, 255, 255))
        sign_shape(ImageDraw.Draw(image), sign, 30, 30, 48)
        masks.append(image.convert("L").point(lambda v: 255 if v < 200 else 0))
    for a in range(3):
        for b in range(a + 1, 3):
            difference = ImageChops.difference(masks[a], masks[b])
            changed = difference.histogram()[255]
            assert changed > 300, "two signs would look alike in grey"


def test_names_under_revealed_cards_wrap_whole_and_the_won_cards_are_labelled() -> None:
    from engine.nin_jan import GAME as NIN_JAN
    from render.nin_jan import table_picture as nin_jan_table
    from render.text import recording

    names = ["Zoë", "محمد (computer)", "王小明 (computer)", "Дмитрий", "Ann (computer)"]
    state = NIN_JAN.new_state(5, 3)
    computers = [NIN_JAN.computer_player(seat) for seat in range(5)]
    while not state.is_over:
        seat = state.waiting_on()[0]
        state.act(seat, computers[seat].choose(state.view(seat)))
    with recording() as drawn:
        nin_jan_table(state.view(None), names=names)
    words = [d.content for d in drawn]
    assert not [w for w in words if w.endswith("…")], [w for w in words if w.endswith("…")]  # was "محمد (com…"
    assert "(computer)" in words  # the second line of a wrapped name
    facts = [w for w in words if " points · " in w]
    assert len(facts) == 5 and all(("won " in w and " below" in w) or "none won yet" in w for w in facts), facts
