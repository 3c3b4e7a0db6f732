"""Tet-Gow pictures: valid PNGs, small enough for Discord, drawn from views at every stage."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.tet_gow import GAME as TET_GOW
from engine.tet_gow import TetGowState
from render import pictures_for
from render.tet_gow import hand_picture, sets_and_tiers_picture, table_picture

NAMES = ["Ann", "Ben", "Cat", "Dov"]
LIMIT = 300 * 1024


def check_png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) < LIMIT
    image = Image.open(io.BytesIO(data))
    image.verify()
    image = Image.open(io.BytesIO(data))
    assert image.width <= 1200 and image.height <= 1200
    return image


@pytest.mark.parametrize("players", [3, 4])
def test_pictures_at_every_step_of_a_game(players: int) -> None:
    state = TET_GOW.new_state(players, seed=4, options={"games": 2})
    assert isinstance(state, TetGowState)
    bots = [TET_GOW.computer_player(s) for s in range(players)]
    steps = 0
    while not state.is_over:
        seat = state.waiting_on()[0]
        if steps % 3 == 0:
            check_png(table_picture(state.view(None), names=NAMES))
            check_png(hand_picture(state.view(seat), names=NAMES))
        state.act(seat, bots[seat].choose(state.view(seat)))
        steps += 1
    check_png(table_picture(state.view(None), names=NAMES))
    check_png(hand_picture(state.view(0), names=NAMES))


def test_the_table_shows_passes_as_backs_without_the_cards() -> None:
    state = TET_GOW.new_state(4, seed=2)
    lead = state.legal_moves(state.turn)[0]
    state.act(state.turn, lead)
    seat = state.turn
    passed = next(m for m in state.legal_moves(seat) if m.kind == "pass")
    state.act(seat, passed)
    view = state.view(None)
    assert view.plays[1].cards == ()
    check_png(table_picture(view, names=NAMES))


def test_sets_and_tiers_picture_and_module_lookup() -> None:
    image = check_png(sets_and_tiers_picture())
    assert image.width == 480
    assert pictures_for("tet_gow").table_picture is table_picture


def test_a_hand_of_six_to_nine_cards_is_compact_and_each_trick_count_stands_by_its_name() -> None:
    from render.text import _visual, recording

    names = ["Zoë", "محمد علي", "王小明", "Дмитрий"]
    for players, seed in ((4, 2), (3, 5), (4, 9), (3, 1)):
        state = TET_GOW.new_state(players, seed)
        seat = state.waiting_on()[0]
        view = state.view(seat)
        with recording() as drawn:
            data = hand_picture(view, names=names[:players])
        height = Image.open(io.BytesIO(data)).height
        assert 6 <= len(view.hand) <= 9 and height <= 640, (len(view.hand), height)  # it was 942–1,048 px
        [tricks] = [d.content for d in drawn if d.content.startswith("Tricks")]
        runs = [part for _, part, _ in _visual(tricks)]
        arabic = next(i for i, part in enumerate(runs) if "محمد" in part)
        assert runs[arabic + 1].startswith(" 0"), runs  # "محمد علي 0", not "0 محمد علي"


def test_tricks_beside_a_score_of_0_say_they_count_when_the_game_ends() -> None:
    from render.text import recording

    state = TET_GOW.new_state(3, 4)
    computers = [TET_GOW.computer_player(seat) for seat in range(3)]
    while not any(state.view(None).tricks):
        seat = state.waiting_on()[0]
        state.act(seat, computers[seat].choose(state.view(seat)))
    with recording() as drawn:
        table_picture(state.view(None), names=["Zoë", "محمد علي", "王小明"])
    words = " ".join(d.content for d in drawn)
    assert "tricks this game" in words or "trick this game" in words
    assert "The big number is the score so far" in words
