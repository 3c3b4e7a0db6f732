"""The Gin-Go board: chips, suit rows and squares, put together from tiles drawn once."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.gin_go.board import COLUMNS, ROWS, square
from engine.gin_go.cards import RANK_LABELS
from engine.gin_go.view import GinGoView
from engine.words import ENGLISH, Words
from render.common import (
    FELT,
    INK,
    SMALL,
    SUIT_COLOURS,
    WHITE,
    WIDTH,
    Colour,
    new_canvas,
    regular_polygon,
    stamp,
    suit_colour,
    suit_shape,
    text,
)
from render.gin_go.look import (
    BOARD,
    BOARD_BAND,
    BOARD_STRIPE,
    GRID,
    JOKER_INK,
    SCALE,
    SIDE_COLOURS,
    SIDE_EDGES,
    SIDE_TINTS,
    Look,
    Marks,
)


def _chip(draw: ImageDraw.ImageDraw, side: int, cx: float, cy: float, r: float, *, ghost: bool = False) -> None:
    """A stone (side A, round) or a tile (side B, square) of radius ``r``; a ghost is an outline."""
    fill = SIDE_TINTS[side] if ghost else SIDE_COLOURS[side]
    edge = SIDE_COLOURS[side] if ghost else SIDE_EDGES[side]
    w = max(2, round(r / 6))
    if side == 0:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=w)
        if not ghost:  # a soft highlight: a stone, not a dot
            h = r * 0.38
            draw.ellipse(
                (cx - r * 0.5 - h / 2, cy - r * 0.5 - h / 2, cx - r * 0.5 + h / 2, cy - r * 0.5 + h / 2),
                fill=(120, 160, 235),
            )
    else:
        s = r * 0.9
        draw.rounded_rectangle((cx - s, cy - s, cx + s, cy + s), radius=r * 0.25, fill=fill, outline=edge, width=w)
        if not ghost:
            draw.line((cx - s * 0.55, cy - s * 0.55, cx + s * 0.1, cy - s * 0.55), fill=(240, 160, 90), width=w)


def _board_chip(image: Image.Image, side: int, cx: float, cy: float, r: float, *, ghost: bool = False) -> None:
    """:func:`_chip` on the large board, pasted from a tile drawn once (see :func:`render.common.stamp`)."""
    reach = math.ceil(r)
    stamp(image, cx - reach, cy - reach, (2 * reach, 2 * reach), _chip_at, side, r, ghost)


def _chip_at(image: Image.Image, x: float, y: float, side: int, r: float, ghost: bool) -> None:
    """:func:`_chip` with its centre at (x, y) + ``ceil(r)``: the top left of its box, for :func:`_board_chip`."""
    reach = math.ceil(r)
    _chip(ImageDraw.Draw(image), side, x + reach, y + reach, r, ghost=ghost)


def chip_icon(image: Image.Image, side: int, cx: float, cy: float, r: float) -> None:
    """One smooth chip of ``side``, radius ``r``, pasted onto a picture (for panels and legends)."""
    paste_icon(image, str(side), cx, cy, 2 * r / 0.9)


@lru_cache(maxsize=8)
def _empty_board(look: Look, viewer: int) -> Image.Image:
    """The board without chips and suits, drawn large (cached: two looks, two viewers)."""
    s = SCALE
    layer = Image.new("RGB", (look.width * s, look.height * s), FELT)
    d = ImageDraw.Draw(layer)
    d.rounded_rectangle((0, 0, look.width * s - 1, look.height * s - 1), radius=10 * s, fill=BOARD_BAND)
    left, top = look.edge * s, look.band * s
    cw, ch = look.cell_w * s, look.cell_h * s
    right, bottom = left + COLUMNS * cw, top + ROWS * ch
    d.rectangle((left, top, right, bottom), fill=BOARD)
    for row in range(1, ROWS, 2):  # every other row a shade darker, to follow a row across
        d.rectangle((left, top + row * ch, right, top + (row + 1) * ch), fill=BOARD_STRIPE)
    for i in range(COLUMNS + 1):
        d.line((left + i * cw, top, left + i * cw, bottom), fill=GRID, width=s)
    for j in range(ROWS + 1):
        d.line((left, top + j * ch, right, top + j * ch), fill=GRID, width=s)
    # Suit rows: the viewer's at the bottom, the other side's at the top (both read from the viewer's
    # end); their suits are pasted on (_suit_tile).
    for side in (1 - viewer, viewer):
        band_y = _band_top(look, viewer, side)
        d.rectangle((left, band_y + 3 * s, right, band_y + look.band * s - 3 * s), fill=SIDE_TINTS[side])
    return layer


def _band_top(look: Look, viewer: int, side: int) -> int:
    """The top of ``side``'s suit row on the large board: the viewer's at the bottom."""
    return (look.band + ROWS * look.cell_h) * SCALE if side == viewer else 0


def _band_cell(look: Look, viewer: int, side: int, col: int) -> tuple[int, int, int, int]:
    """The box of screen column ``col`` of ``side``'s suit row on the large board."""
    left, top = (look.edge + col * look.cell_w) * SCALE, _band_top(look, viewer, side)
    return left, top, left + look.cell_w * SCALE, top + look.band * SCALE


def _suit_in_band(
    d: ImageDraw.ImageDraw, look: Look, viewer: int, side: int, col: int, suit: str, colour: Colour | None = None
) -> None:
    """The suit shape of screen column ``col`` of ``side``'s suit row, large."""
    s = SCALE
    left, cw = look.edge * s, look.cell_w * s
    band_y = _band_top(look, viewer, side)
    suit_shape(d, suit, left + (col + 0.5) * cw, band_y + look.band * s / 2, look.band * s * 0.5, fill=colour)


#: A suit row's shapes, in every column of every row of every look (4 suits, 4 columns, 2 rows,
#: 2 viewers, 2 looks): 128 tiles of 2.6–3.8 KB.
@lru_cache(maxsize=256)
def _suit_tile(look: Look, viewer: int, side: int, col: int, suit: str, colour: Colour) -> Image.Image:
    """One cell of a suit row with its suit, scaled down (cached). Drawn on the whole empty board
    where it lies, so that the shape is the very one drawn there; its cell starts on an even pixel,
    so scaled down alone it is the whole board scaled down there."""
    layer = _empty_board(look, viewer).copy()
    _suit_in_band(ImageDraw.Draw(layer), look, viewer, side, col, suit, colour)
    return layer.crop(_band_cell(look, viewer, side, col)).reduce(SCALE)


def draw_board(
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
    """The 4×13 board at (x0, y0) as side ``viewer`` sees it: its labels on the left, its suit row
    at the bottom. Shapes are drawn large and scaled down, then labels drawn at full size.

    Drawing the board large and scaling it down is the costly part of a Gin-Go picture, so it is
    put together from pieces drawn once per process: the empty board with its labels
    (:func:`_board_base`), each suit of the suit rows (:func:`_suit_tile`: a game deals its rows in
    one of 576 orders, too many for a base per order in a worker serving many tables) and each
    square that shows something (:func:`_square_tile`). Scaling
    down averages 2×2 blocks and every square starts on an even pixel, so a square scaled down
    alone is the whole board scaled down there. A link's band crosses squares: the squares it
    spans are drawn together, large, as the whole board was (:func:`_large_board`)."""
    s = SCALE
    left, top = round(x0), round(y0)
    shown_rows = (column_suits[0] is not None, column_suits[1] is not None)
    layer = _board_base(look, shown_rows, viewer, hidden, (x0 - left, y0 - top)).copy()
    for side, suits in enumerate(column_suits):
        if not suits:
            continue
        for col in range(COLUMNS):
            cell = _band_cell(look, viewer, side, col)
            suit = suits[_board_x(col, viewer) - 1]
            layer.paste(_suit_tile(look, viewer, side, col, suit, suit_colour(suit)), (cell[0] // s, cell[1] // s))
    shown = _squares(board, marks)
    if not _ring_fits(look) and any(one.ring for one in shown.values()):
        raise ValueError(f"a ring reaches past a square of {look}: its tile would cut it (the hand shows none)")
    centres = _centres(look, viewer)
    # The squares the links' bands cross: the band stays within the rectangle of its chips' squares.
    linked = [centres[sq] for path in links if path for sq in path]
    span = (
        (
            round(min(x for x, _ in linked) - look.cell_w / 2),
            round(min(y for _, y in linked) - look.cell_h / 2),
            round(max(x for x, _ in linked) + look.cell_w / 2),
            round(max(y for _, y in linked) + look.cell_h / 2),
        )
        if linked
        else (0, 0, 0, 0)
    )
    inside: dict[int, Square] = {}
    for sq, one in shown.items():
        cx, cy = centres[sq]
        if span[0] < cx < span[2] and span[1] < cy < span[3]:
            inside[sq] = one
        else:
            layer.paste(
                _square_tile(look, cx * s, cy * s, one), (round(cx - look.cell_w / 2), round(cy - look.cell_h / 2))
            )
    if linked:
        big = _large_board(look, tuple(centres[sq] for sq in inside), tuple(inside.values()), links, viewer)
        layer.paste(big.crop((span[0] * s, span[1] * s, span[2] * s, span[3] * s)).reduce(s), span[:2])
    image.paste(layer, (left, top))
    claims = marks.claims or {}
    for sq, number in claims.items():
        if board[sq] is None:
            cx, cy = look.centre(sq, viewer)
            text(draw, (x0 + cx, y0 + cy), number, SMALL, SIDE_EDGES[marks.claimant], anchor="mm", bold=True)


@lru_cache(maxsize=8)
def _centres(look: Look, viewer: int) -> tuple[tuple[float, float], ...]:
    """Each square's centre, as :meth:`Look.centre` (cached: every board drawn asks for all of them)."""
    return tuple(look.centre(sq, viewer) for sq in range(COLUMNS * ROWS))


class Square(NamedTuple):
    """What one square shows on the empty board: the key of its drawing (see :func:`_square_tile`)."""

    holder: int | None
    #: The side whose chip was bumped here in the last turn (a cross).
    bumped: int | None
    #: The side a claim would put a chip here for (a ghost chip on a free square).
    ghost: int | None
    #: A ring: the chip was placed in the last turn.
    ring: bool
    #: A white cross: a claim would bump this chip.
    crossed: bool


def _squares(board: Sequence[int | None], marks: Marks) -> dict[int, Square]:
    """Each square that shows something, and what."""
    claims = marks.claims or {}
    bumped = marks.bumped or {}
    return {
        sq: Square(
            holder,
            bumped.get(sq),
            marks.claimant if sq in claims and holder is None else None,
            sq in marks.new and holder is not None,
            sq in claims and holder is not None and holder != marks.claimant,
        )
        for sq, holder in enumerate(board)
        if holder is not None or sq in bumped or sq in claims
    }


@lru_cache(maxsize=32)
def _board_base(
    look: Look, shown: tuple[bool, bool], viewer: int, hidden: str, offset: tuple[float, float]
) -> Image.Image:
    """The empty board scaled down without its suits, with its rank labels and the words of a
    suit row not ``shown``, their text placed ``offset`` (the board's place less the whole pixel
    it is pasted at) from the top left. Drawn on a canvas as wide as a picture, so its text is
    noted as a picture's. No text reaches a suit row that is shown: its suits are pasted on after."""
    canvas, draw = new_canvas(WIDTH, look.height)
    canvas.paste(_empty_board(look, viewer).reduce(SCALE))
    x0, y0 = offset
    # Labels at full size: the viewer's ranks on the left (its A at the bottom), the other side's on the right.
    for side, lx in ((viewer, x0 + look.edge / 2), (1 - viewer, x0 + look.width - look.edge / 2)):
        for y in range(1, ROWS + 1):
            rank = RANK_LABELS[y - 1] if side == 0 else RANK_LABELS[ROWS - y]
            _, cy = look.centre(square(1, y), viewer)
            text(draw, (lx, y0 + cy), rank, SMALL, SIDE_EDGES[side], anchor="mm", bold=True)
    bands: tuple[tuple[int, float], ...] = ((1 - viewer, y0), (viewer, y0 + look.band + ROWS * look.cell_h))
    for side, label_y in bands:
        if not shown[side]:
            centre = (x0 + look.width / 2, label_y + look.band / 2)
            text(draw, centre, hidden, SMALL, SIDE_EDGES[side], anchor="mm", max_width=look.width - 8)
    return canvas.crop((0, 0, look.width, look.height))


#: About 40 squares show something in a picture, in a few looks each: a square's tile is 4 KB.
@lru_cache(maxsize=4096)
def _square_tile(look: Look, cx: float, cy: float, one: Square) -> Image.Image:
    """The square centred on (cx, cy) of the large board, with what it shows, scaled down (cached).

    Drawn on the whole empty board where it lies, so that each shape is the very one drawn there."""
    layer = _empty_board(look, 0).copy()
    draw = ImageDraw.Draw(layer)
    if one.bumped is not None:
        _bump_cross(draw, look, cx, cy, one.bumped)
    _square_marks(layer, draw, look, cx, cy, one)
    w, h = look.cell_w * SCALE, look.cell_h * SCALE
    box = (round(cx - w / 2), round(cy - h / 2), round(cx + w / 2), round(cy + h / 2))
    return layer.crop(box).reduce(SCALE)


def _large_board(
    look: Look,
    centres: Sequence[tuple[float, float]],
    shown: Sequence[Square],
    links: Sequence[Sequence[int] | None],
    viewer: int,
) -> Image.Image:
    """The board's grid drawn large with the squares ``shown`` (centred on ``centres``) and the
    links: the crosses of bumped chips under the links under the chips."""
    s = SCALE
    layer = _empty_board(look, 0).copy()
    draw = ImageDraw.Draw(layer)
    for (cx, cy), one in zip(centres, shown, strict=True):
        if one.bumped is not None:
            _bump_cross(draw, look, cx * s, cy * s, one.bumped)
    r = _radius(look)
    for side, path in enumerate(links):  # the link: a band through its chips, under them
        if path:
            points = [(x * s, y * s) for x, y in (look.centre(sq, viewer) for sq in path)]
            draw.line(points, fill=SIDE_EDGES[side], width=int(r * 0.9), joint="curve")
            draw.line(points, fill=SIDE_COLOURS[side], width=int(r * 0.55), joint="curve")
    for (cx, cy), one in zip(centres, shown, strict=True):
        _square_marks(layer, draw, look, cx * s, cy * s, one)
    return layer


def _ring_fits(look: Look) -> bool:
    """Whether a new chip's ring stays inside its square (on the table's board; the hand's is too small)."""
    return _radius(look) + 3.5 * SCALE + 1 <= min(look.cell_w, look.cell_h) * SCALE / 2


def _radius(look: Look) -> float:
    """A chip's radius on the large board."""
    return min(look.cell_w * SCALE, look.cell_h * SCALE) * 0.38


def _bump_cross(draw: ImageDraw.ImageDraw, look: Look, cx: float, cy: float, side: int) -> None:
    """A cross in the colour of the chip bumped from the square centred on (cx, cy), large."""
    s = SCALE
    a, b = look.cell_w * s / 2 - 3 * s, look.cell_h * s / 2 - 3 * s
    for sign in (1, -1):
        draw.line((cx - a, cy - sign * b, cx + a, cy + sign * b), fill=SIDE_EDGES[side], width=5 * s)
        draw.line((cx - a, cy - sign * b, cx + a, cy + sign * b), fill=SIDE_COLOURS[side], width=2 * s)


def _square_marks(layer: Image.Image, draw: ImageDraw.ImageDraw, look: Look, cx: float, cy: float, one: Square) -> None:
    """A square's ghost chip or chip, its ring, and the cross of a claim that would bump it, large."""
    s = SCALE
    r = _radius(look)
    if one.ghost is not None:
        _board_chip(layer, one.ghost, cx, cy, r, ghost=True)
    if one.holder is not None:
        _board_chip(layer, one.holder, cx, cy, r)
    if one.ring:
        ring = r + 3.5 * s
        draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), outline=INK, width=int(2.5 * s))
    if one.crossed:
        a = r * 0.8  # the chip this claim would bump
        for sign in (1, -1):
            draw.line((cx - a, cy - sign * a, cx + a, cy + sign * a), fill=WHITE, width=5 * s)
            draw.line((cx - a, cy - sign * a, cx + a, cy + sign * a), fill=INK, width=2 * s)


def _board_x(col: int, viewer: int) -> int:
    """The board column x (1..4) drawn at screen column ``col`` (0..3) for ``viewer``."""
    return col + 1 if viewer == 0 else COLUMNS - col


def _hidden(view: GinGoView, words: Words = ENGLISH) -> str:
    """What an unknown suit row says: secret (Secrecy) or not chosen yet."""
    return words.say("suit row secret") if view.setup_mode == "secrecy" else words.say("suit row not set yet")


def _board_marks(view: GinGoView) -> Marks:
    """The chips placed and bumped in the last turn and in the turn so far."""
    new = frozenset(view.last_turn_chips) | frozenset(view.this_turn_chips)
    bumped = {sq: side for sq, side in (*view.last_turn_bumps, *view.this_turn_bumps)}
    return Marks(new=new, bumped=bumped)


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    outer = regular_polygon(cx, cy, r, 5)
    inner = regular_polygon(cx, cy, r * 0.45, 5, rotation=-math.pi / 2 + math.pi / 5)
    draw.polygon([p for pair in zip(outer, inner, strict=True) for p in pair], fill=JOKER_INK)


@lru_cache(maxsize=128)
def _icon(kind: str, size: int) -> Image.Image:
    """A suit ("c d h s"), a Joker's star ("*") or a side's chip ("0", "1"; a ghost "g0", "g1"),
    drawn four times larger and scaled down so that small shapes stay crisp (cached)."""
    big = size * 4
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    if kind in SUIT_COLOURS:
        suit_shape(d, kind, big / 2, big / 2, big * 0.92)
    elif kind == "*":
        _star(d, big / 2, big / 2, big * 0.48)
    else:
        _chip(d, int(kind[-1]), big / 2, big / 2, big * 0.45, ghost=kind.startswith("g"))
    return layer.reduce(4)


def paste_icon(image: Image.Image, kind: str, cx: float, cy: float, size: float) -> None:
    """A smooth suit, star or chip (see :func:`_icon`) centred on (cx, cy), ``size`` pixels across."""
    icon = _icon(kind, max(4, round(size)))
    image.paste(icon, (round(cx - icon.width / 2), round(cy - icon.height / 2)), icon)
