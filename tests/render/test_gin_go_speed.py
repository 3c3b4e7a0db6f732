"""Gin-Go's board is put together from pieces drawn once (render.gin_go.draw_board): the pictures
must be the very ones the whole board drawn large and scaled down makes."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from functools import partial

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine.gin_go import GAME, GinGoState
from render import gin_go
from render.common import SMALL
from render.gin_go import COLUMNS, ROWS, SCALE, Look, Marks, Square

NAMES = ["Ana", "Ярослав", "李小龍", "Ελένη 🎲"]
LOOKS = (gin_go.TABLE_BOARD, gin_go.HAND_BOARD)


def _whole_board(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x0: float,
    y0: float,
    board: Sequence[int | None],
    column_suits: Sequence[Sequence[str] | None],
    links: Sequence[Sequence[int] | None],
    look: Look,
    marks: Marks,
    *,
    viewer: int = 0,
    hidden: str = "suit row secret",
) -> None:
    """The board as it was drawn before its pieces were cached: all of it large, then scaled down."""
    layer = gin_go._empty_board(look, viewer).copy()
    d = ImageDraw.Draw(layer)
    for side, suits in enumerate(column_suits):
        for col in range(COLUMNS):
            if suits:
                gin_go._suit_in_band(d, look, viewer, side, col, suits[gin_go._board_x(col, viewer) - 1])
    shown = gin_go._squares(board, marks)
    centres = [(x * SCALE, y * SCALE) for x, y in (look.centre(sq, viewer) for sq in shown)]
    for (cx, cy), one in zip(centres, shown.values(), strict=True):
        if one.bumped is not None:
            gin_go._bump_cross(d, look, cx, cy, one.bumped)
    r = gin_go._radius(look)
    for side, path in enumerate(links):
        if path:
            points = [(x * SCALE, y * SCALE) for x, y in (look.centre(sq, viewer) for sq in path)]
            d.line(points, fill=gin_go.SIDE_EDGES[side], width=int(r * 0.9), joint="curve")
            d.line(points, fill=gin_go.SIDE_COLOURS[side], width=int(r * 0.55), joint="curve")
    for (cx, cy), one in zip(centres, shown.values(), strict=True):
        gin_go._square_marks(layer, d, look, cx, cy, one)
    image.paste(layer.reduce(SCALE), (round(x0), round(y0)))
    for side, lx in ((viewer, x0 + look.edge / 2), (1 - viewer, x0 + look.width - look.edge / 2)):
        for y in range(1, ROWS + 1):
            rank = gin_go.RANK_LABELS[y - 1] if side == 0 else gin_go.RANK_LABELS[ROWS - y]
            _, cy = look.centre(gin_go.square(1, y), viewer)
            gin_go.text(draw, (lx, y0 + cy), rank, SMALL, gin_go.SIDE_EDGES[side], anchor="mm", bold=True)
    for sq, number in (marks.claims or {}).items():
        if board[sq] is None:
            cx, cy = look.centre(sq, viewer)
            colour = gin_go.SIDE_EDGES[marks.claimant]
            gin_go.text(draw, (x0 + cx, y0 + cy), number, SMALL, colour, anchor="mm", bold=True)
    for side, label_y in ((1 - viewer, y0), (viewer, y0 + look.band + ROWS * look.cell_h)):
        if column_suits[side] is None:
            colour = gin_go.SIDE_EDGES[side]
            gin_go.text(draw, (x0 + look.width / 2, label_y + look.band / 2), hidden, SMALL, colour, anchor="mm")


def _pictures(players: int, seed: int) -> Iterator[tuple[str, partial[bytes]]]:
    """The table and every seat's hand every fifth move of a computer game, and at its end."""
    state = GAME.new_state(players, seed)
    assert isinstance(state, GinGoState)
    computers = [GAME.computer_player(seat) for seat in range(players)]
    moves = 0
    while True:
        if moves % 5 == 0 or state.is_over:
            yield f"{players}p seed {seed} table {moves}", partial(gin_go.table_picture, state.view(None), names=NAMES)
            for seat in range(players):
                label = f"{players}p seed {seed} hand {seat} {moves}"
                yield label, partial(gin_go.hand_picture, state.view(seat), names=NAMES)
        if state.is_over:
            return
        seat = state.waiting_on()[0]
        state.act(seat, computers[seat].choose(state.view(seat)))
        moves += 1


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 4), (4, 2)])
def test_pictures_are_the_ones_of_the_whole_board_drawn_large(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    pictures = list(_pictures(players, seed))
    pieced = [draw() for _, draw in pictures]
    for module in (gin_go.table, gin_go.hand, gin_go.rules):  # each picture module draws the board
        monkeypatch.setattr(module, "draw_board", _whole_board)
    whole = [draw() for _, draw in pictures]
    for (label, _), one, two in zip(pictures, pieced, whole, strict=True):
        assert one == two, label


def test_the_rules_board_with_its_link_is_the_whole_board_drawn_large(monkeypatch: pytest.MonkeyPatch) -> None:
    pieced = gin_go.rules_picture.__wrapped__()
    for module in (gin_go.table, gin_go.hand, gin_go.rules):  # each picture module draws the board
        monkeypatch.setattr(module, "draw_board", _whole_board)
    assert pieced == gin_go.rules_picture.__wrapped__()


def _every_square_look(look: Look) -> Iterator[Square]:
    rings = (False, True) if gin_go._ring_fits(look) else (False,)
    for holder in (None, 0, 1):
        for bumped in (None, 0, 1):
            if holder is None:
                for ghost in (None, 0, 1):
                    if bumped is not None or ghost is not None:
                        yield Square(None, bumped, ghost, False, False)
            else:
                for ring in rings:
                    for crossed in (False, True):
                        yield Square(holder, bumped, None, ring, crossed)


@pytest.mark.parametrize("look", LOOKS)
def test_every_square_stays_in_its_square_and_its_tile_is_it_drawn_there(look: Look) -> None:
    """What a square shows, drawn large, changes no pixel outside the square: so squares drawn
    alone and scaled down alone make the whole board scaled down. Every look on every square."""
    assert gin_go._ring_fits(look) == (look == gin_go.TABLE_BOARD)
    empty = gin_go._empty_board(look, 0)
    w, h = look.cell_w * SCALE, look.cell_h * SCALE
    for sq in range(COLUMNS * ROWS):
        cx, cy = (v * SCALE for v in look.centre(sq))
        box = (round(cx - w / 2), round(cy - h / 2), round(cx + w / 2), round(cy + h / 2))
        assert all(v % 2 == 0 for v in box), "a square must start on an even pixel to be scaled down alone"
        for one in _every_square_look(look):
            layer = empty.copy()
            draw = ImageDraw.Draw(layer)
            if one.bumped is not None:
                gin_go._bump_cross(draw, look, cx, cy, one.bumped)
            gin_go._square_marks(layer, draw, look, cx, cy, one)
            changed = ImageChops.difference(layer, empty).getbbox()
            assert changed is not None
            assert box[0] < changed[0] and box[1] < changed[1] and changed[2] < box[2] and changed[3] < box[3], (
                sq,
                one,
            )
            tile = gin_go._square_tile(look, cx, cy, one)
            small = layer.reduce(SCALE).crop((box[0] // 2, box[1] // 2, box[2] // 2, box[3] // 2))
            assert tile.tobytes() == small.tobytes(), (sq, one)


@pytest.mark.parametrize("look", LOOKS)
def test_every_suit_stays_in_its_cell_and_its_tile_is_it_drawn_there(look: Look) -> None:
    """A suit row's shape, drawn large, changes no pixel outside its cell: so each suit scaled down
    alone, pasted on the empty board, makes the whole board scaled down. Every look, viewer, row,
    column and suit."""
    for viewer in (0, 1):
        empty = gin_go._empty_board(look, viewer)
        for side in (0, 1):
            for col in range(COLUMNS):
                box = gin_go._band_cell(look, viewer, side, col)
                assert all(v % SCALE == 0 for v in box), "a cell must start on an even pixel to be scaled down alone"
                for suit in "shdc":
                    layer = empty.copy()
                    gin_go._suit_in_band(ImageDraw.Draw(layer), look, viewer, side, col, suit)
                    changed = ImageChops.difference(layer, empty).getbbox()
                    assert changed is not None
                    inside = box[0] < changed[0] and box[1] < changed[1] and changed[2] < box[2] and changed[3] < box[3]
                    assert inside, (viewer, side, col, suit)
                    small = layer.reduce(SCALE).crop(
                        (box[0] // SCALE, box[1] // SCALE, box[2] // SCALE, box[3] // SCALE)
                    )
                    tile = gin_go._suit_tile(look, viewer, side, col, suit, gin_go.suit_colour(suit))
                    assert tile.tobytes() == small.tobytes(), (viewer, side, col, suit)


@pytest.mark.parametrize("viewer", [0, 1])
def test_boards_of_many_suit_orders_are_the_whole_board_drawn_large(viewer: int) -> None:
    """A game deals each side's suit row in one of 24 orders: boards of many orders, with rows
    shown, secret and not set yet, are the ones the whole board drawn large makes."""
    orders = list(itertools.permutations("shdc"))
    board: list[int | None] = [None] * (COLUMNS * ROWS)
    board[7], board[20] = 0, 1
    rows: list[tuple[Sequence[str] | None, Sequence[str] | None]] = [
        (orders[i], orders[(5 * i + 3) % len(orders)]) for i in range(len(orders))
    ]
    rows += [(orders[4], None), (None, orders[9]), (None, None), ((), ())]
    for look in LOOKS:
        marks = Marks(new=frozenset({7}) if gin_go._ring_fits(look) else frozenset(), bumped={9: 1})
        for column_suits in rows:
            for hidden in ("suit row secret", "suit row not set yet"):
                pictures = []
                for draw_board in (gin_go.draw_board, _whole_board):
                    image, draw = gin_go.new_canvas(480, 400)
                    draw_board(
                        image,
                        draw,
                        12.5,
                        30.25,
                        board,
                        column_suits,
                        (None, None),
                        look,
                        marks,
                        viewer=viewer,
                        hidden=hidden,
                    )
                    pictures.append(image.tobytes())
                assert pictures[0] == pictures[1], (look, column_suits, hidden)


def test_a_ring_that_would_reach_past_its_square_is_refused() -> None:
    """On the hand's small board a ring reaches past its square (the hand shows no ring): refused."""
    image, draw = gin_go.new_canvas(480, 600)
    board: list[int | None] = [None] * (COLUMNS * ROWS)
    board[5] = 0
    marks = Marks(new=frozenset({5}))
    with pytest.raises(ValueError, match="ring"):
        gin_go.draw_board(image, draw, 12, 12, board, (None, None), (None, None), gin_go.HAND_BOARD, marks)
    gin_go.draw_board(image, draw, 12, 12, board, (None, None), (None, None), gin_go.TABLE_BOARD, marks)
