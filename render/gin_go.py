"""Gin-Go pictures: the board (the face of the bot), a hand with what it can claim, the rules board.

The board is drawn the way side A (south) sees it: 4 suit columns, 13 rank rows, side A's
labels on the left and its suit row at the bottom, side B's on the right and at the top.
Chips differ by shape as well as colour — side A plays round blue stones, side B square
orange tiles — so that no player needs colour to tell them apart. A ring marks a chip
placed in the last turn, a cross in a side's colour a chip of that side just bumped, and a
complete link is drawn as a band joining its chips. The shapes are drawn twice as large and
scaled down, so the round stones are smooth; text is drawn at full size on top.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.gin_go.board import COLUMNS, ROWS, square, xy
from engine.gin_go.cards import RANK_LABELS, is_joker, label, rank_of, suit_of
from engine.gin_go.claims import Claim, claims
from engine.gin_go.view import GinGoView
from render.common import (
    ACTIVE,
    BODY,
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PAPER,
    SCORE,
    SMALL,
    SUIT_COLOURS,
    TITLE,
    WHITE,
    WIDTH,
    Colour,
    active_tab_width,
    canvas,
    card_back,
    card_box,
    cut,
    deck_pictures,
    fitted,
    new_canvas,
    paste_suit,
    plural,
    regular_polygon,
    seat_panel,
    stamp,
    suit_colour,
    suit_shape,
    text,
    text_width,
    to_png,
)
from render.text import line_height, wrap

__all__ = ["COLOUR_PAIRS", "hand_picture", "rules_picture", "table_picture"]

#: Each side's chips: side A (south) round blue stones, side B (north) square orange tiles.
SIDE_COLOURS: tuple[Colour, Colour] = ((28, 84, 196), (196, 88, 0))
SIDE_EDGES: tuple[Colour, Colour] = ((14, 40, 104), (110, 46, 0))
SIDE_TINTS: tuple[Colour, Colour] = ((214, 226, 250), (252, 226, 200))
SIDE_WORDS = (("A", "south", "round"), ("B", "north", "square"))
BOARD: Colour = (242, 228, 196)
BOARD_BAND: Colour = (233, 215, 178)
BOARD_STRIPE: Colour = (236, 220, 186)
GRID: Colour = (178, 150, 104)
JOKER_TINT: Colour = (236, 226, 252)
JOKER_INK: Colour = (110, 50, 170)
#: The height of the "Jk" badge on a Joker that names a card.
JOKER_BADGE = SMALL + 3
#: The legend under melds, hands and piles that hold a named Joker.
JOKER_LEGEND = "Jk: a Joker, shown as the card it stands for"
#: Colours a player must tell apart, checked under colour blindness. The two sides' chips also
#: differ by shape (round and square), so only their contrast with the board is checked here.
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    ("side A's chip on the board", SIDE_COLOURS[0], BOARD),
    ("side B's chip on the board", SIDE_COLOURS[1], BOARD),
    ("side A's labels on the board's edge", SIDE_EDGES[0], BOARD_BAND),
    ("side B's labels on the board's edge", SIDE_EDGES[1], BOARD_BAND),
    ("a ring around a new chip", INK, BOARD),
    ("red suit on the board's edge", SUIT_COLOURS["h"], BOARD_BAND),
    ("black suit on the board's edge", SUIT_COLOURS["s"], BOARD_BAND),
    ("a Joker's mark on its card", JOKER_INK, JOKER_TINT),
    ("red suit on a card", SUIT_COLOURS["h"], PAPER),
    ("text on the table", WHITE, FELT),
    ("quiet text on a panel", MUTED, FELT_DARK),
    ("chip count on a panel", GOLD, FELT_DARK),
    ("the word GIN! on its gold pill", INK, GOLD),
    ("a claim's number on a free square", SIDE_EDGES[0], SIDE_TINTS[0]),
    ("a claim's number on a free square (side B)", SIDE_EDGES[1], SIDE_TINTS[1]),
)

SCALE = 2  # shapes are drawn this much larger, then scaled down: smooth edges


@dataclass(frozen=True)
class Look:
    """The size of one board drawing: cells, the label edges left and right, the suit bands."""

    cell_w: int
    cell_h: int
    edge: int
    band: int

    @property
    def width(self) -> int:
        return 2 * self.edge + COLUMNS * self.cell_w

    @property
    def height(self) -> int:
        return 2 * self.band + ROWS * self.cell_h

    def centre(self, sq: int, viewer: int = 0) -> tuple[float, float]:
        """The centre of a square from the drawing's top left, as side ``viewer`` sees the board
        (side B's view is side A's turned half round)."""
        x, y = xy(sq)
        if viewer == 1:
            x, y = COLUMNS + 1 - x, ROWS + 1 - y
        return self.edge + (x - 0.5) * self.cell_w, self.band + (ROWS - y + 0.5) * self.cell_h


TABLE_BOARD = Look(cell_w=42, cell_h=34, edge=22, band=30)
HAND_BOARD = Look(cell_w=34, cell_h=27, edge=20, band=26)


@dataclass(frozen=True)
class Marks:
    """What the board shows beyond its chips."""

    new: frozenset[int] = frozenset()
    #: square -> the side whose chip was bumped there.
    bumped: Mapping[int, int] | None = None
    #: square -> a claim's number (hand picture): where the player's pending move would put chips.
    claims: Mapping[int, str] | None = None
    claimant: int = 0


# -- chips and the board --------------------------------------------------------------------------------
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
            text(draw, (x0 + look.width / 2, label_y + look.band / 2), hidden, SMALL, SIDE_EDGES[side], anchor="mm")
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


def _hidden(view: GinGoView) -> str:
    """What an unknown suit row says: secret (Secrecy) or not chosen yet."""
    return "suit row secret" if view.setup_mode == "secrecy" else "suit row not set yet"


def _board_marks(view: GinGoView) -> Marks:
    """The chips placed and bumped in the last turn and in the turn so far."""
    new = frozenset(view.last_turn_chips) | frozenset(view.this_turn_chips)
    bumped = {sq: side for sq, side in (*view.last_turn_bumps, *view.this_turn_bumps)}
    return Marks(new=new, bumped=bumped)


# -- small cards ----------------------------------------------------------------------------------------
CARD = (34, 48)
STEP = 23


def small_card(
    image: Image.Image,
    x: float,
    y: float,
    card: str,
    named: str | None = None,
    size: tuple[int, int] = CARD,
    outline: Colour = INK,
) -> None:
    """A card: rank over suit in its left strip (what a fan shows), a big suit when there is room.
    A Joker is tinted and starred, and shows the card it names, if any."""
    w, h = size
    joker = is_joker(card)
    shown = named if joker else card
    colour = suit_colour(suit_of(shown)) if shown is not None else INK
    stamp(image, x, y, size, _small_card_box, size, joker, outline, shown, colour)
    if shown is None:
        paste_icon(image, "*", x + w / 2, y + h * 0.4, w * 0.62)


def _small_card_box(
    image: Image.Image,
    x: float,
    y: float,
    size: tuple[int, int],
    joker: bool,
    outline: Colour,
    shown: str | None,
    colour: Colour,
) -> None:
    """A card's box, rank and suits ("Jk" for a Joker naming no card), what :func:`small_card` stamps.
    A Joker's stars are left to :func:`small_card`: they are centred on half pixels, which round
    to even, so they would not move exactly with the card."""
    draw = ImageDraw.Draw(image)
    w, h = size
    card_box(draw, x, y, w, h, fill=JOKER_TINT if joker else PAPER, outline=outline, width=2)
    if shown is None:
        text(draw, (x + w / 2, y + h - 3), "Jk", SMALL, JOKER_INK, anchor="md", bold=True)
        return
    rank = RANK_LABELS[rank_of(shown) - 1]
    size_px = SMALL + 2 if len(rank) == 1 else SMALL
    text(draw, (x + 3, y + 2), rank, size_px, colour, bold=True)
    paste_suit(image, suit_of(shown), x + 4 + size_px * 0.42, y + 9 + size_px * 1.2, size_px * 0.95, colour)
    if w >= 44:
        paste_suit(image, suit_of(shown), x + w * 0.62, y + h * 0.64, w * 0.5, colour)
    if joker:  # a Joker naming a card: a badge in the strip a fan leaves in sight, and a legend below
        draw.rounded_rectangle((x + 2, y + h - JOKER_BADGE - 2, x + 21, y + h - 3), radius=3, fill=JOKER_INK)
        text(draw, (x + 11.5, y + h - 4), "Jk", SMALL, WHITE, anchor="md", bold=True)


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


def fan(
    image: Image.Image,
    x: float,
    y: float,
    cards: Sequence[str],
    names: Sequence[str] | None = None,
    step: int = STEP,
    size: tuple[int, int] = CARD,
    outlines: Mapping[int, Colour] | None = None,
) -> float:
    """Cards overlapping left to right; returns the x after the last."""
    for i, card in enumerate(cards):
        named = names[i] if names is not None and is_joker(card) else None
        small_card(image, x + i * step, y, card, named, size, (outlines or {}).get(i, INK))
    return x + (size[0] + step * (len(cards) - 1) if cards else 0)


def fan_width(count: int, step: int = STEP, size: tuple[int, int] = CARD) -> int:
    return size[0] + step * (count - 1) if count else 0


# -- words ----------------------------------------------------------------------------------------------
def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def _side_names(view: GinGoView, names: Sequence[str], side: int) -> str:
    return " and ".join(_name(names, s) for s in view.teams[side])


def _verb(view: GinGoView, side: int, singular: str, plural_form: str) -> str:
    return singular if len(view.teams[side]) == 1 else plural_form


TAB_WORDS = {
    "draw": "to draw",
    "use_taken": "to use",
    "lay_off_taken": "to lay off",
    "play": "to play",
    "name_joker": "naming",
    "capture_joker": "capturing",
    "setup_mode": "to choose",
    "arrange": "arranging",
}


def _doing(view: GinGoView, names: Sequence[str]) -> str:
    """Whose turn it is and what they do, as a sentence."""
    if view.phase == "over":
        return _final_words(view, names)
    if view.phase == "arrange":
        return "Secrecy: both sides arrange their suit rows in secret."
    if view.phase == "setup_mode":
        who = _name(names, view.waiting_on[0]) if view.waiting_on else "The dealer"
        return f"A Joker showed: {who} chooses the suit-row set-up."
    seat = view.turn if view.turn is not None else 0
    who = _name(names, seat)
    if view.phase == "draw":
        return f"{who} to draw, or take from the discard pile."
    if view.phase == "use_taken" and view.taken:
        taken = "a Joker" if is_joker(view.taken[0]) else label(view.taken[0])
        return f"{who} took {taken} and must meld it or lay it off."
    if view.phase == "lay_off_taken":
        return f"{who} must lay off one more card they took from the discard pile."
    if view.phase == "name_joker":
        return f"{who} is naming a Joker."
    if view.phase == "capture_joker":
        return f"{who} went out and lays off a captured Joker."
    return f"{who} to meld, hit or discard."


def _final_words(view: GinGoView, names: Sequence[str]) -> str:
    """Who won and why, with names (the engine's sentence says "Seat 1")."""
    winner = view.winner
    chips = view.chips
    if winner is None:
        return f"A draw: the hand limit is reached with {plural(chips[0], 'chip')} each."
    who = _side_names(view, names, winner)
    wins = _verb(view, winner, "wins", "win")
    if view.links[winner] and view.links[1 - winner]:
        out = view.last_hand.went_out if view.last_hand else None
        went = f"; {_name(names, out)} went out" if out is not None else ""
        return f"Both sides are linked{went}: {who} {wins}. Gin-Go!"
    if view.links[winner]:
        return f"{who} {wins} with a link from A to K: Gin-Go!"
    return f"{who} {wins} on chips at the hand limit, {chips[winner]} to {chips[1 - winner]}."


def _paragraph(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    content: str,
    size: int,
    fill: Colour,
    room: float,
    bold: bool = False,
    max_lines: int = 3,
) -> float:
    for line in wrap(content, size, room, bold, max_lines):
        text(draw, (x, y), line, size, fill, bold=bold)
        y += line_height(size)
    return y


# -- the table ------------------------------------------------------------------------------------------
@deck_pictures
@fitted
def table_picture(view: GinGoView, *, names: Sequence[str]) -> bytes:
    """The board with both sides' panels beside it, then the melds, the discard pile and the turn."""
    image, draw = canvas()
    y = _header(draw, view)
    look = TABLE_BOARD
    draw_board(
        image,
        draw,
        MARGIN,
        y,
        view.board,
        view.column_suits,
        view.links,
        look,
        _board_marks(view),
        hidden=_hidden(view),
    )
    x = MARGIN + look.width + 10
    _column(image, draw, view, names, x, y, WIDTH - MARGIN - x, look.height)
    y += look.height + 10
    if view.hand_number == 0:  # the suit-row set-up: the cards turned are all there is to see
        text(draw, (MARGIN, y), "Cards turned until all four suits showed", BODY, WHITE, bold=True)
        y = _wrapped_groups(image, [(view.setup_cards, None)], y + line_height(BODY) + 2)
    else:
        y = _melds(image, draw, view, y)
        y = _discards(image, draw, view, y)
    return to_png(cut(image, int(y) + MARGIN))


def _header(draw: ImageDraw.ImageDraw, view: GinGoView) -> float:
    title = f"Gin-Go · hand {view.hand_number} of {view.hand_limit}"
    if view.phase == "over":
        title = "Gin-Go · game over"
    elif view.hand_number == 0:
        title = "Gin-Go · setting up the suit rows"
    text(draw, (MARGIN, MARGIN), title, TITLE, GOLD, bold=True)
    how = "orthogonal only" if view.orthogonal_only else "straight or zigzag"
    text(draw, (MARGIN, MARGIN + 28), f"Link your A row to your K row, {how}.", SMALL, MUTED)
    return MARGIN + 28 + line_height(SMALL) + 6


def _column(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GinGoView,
    names: Sequence[str],
    x: float,
    y: float,
    w: float,
    h: float,
) -> None:
    """Beside the board: side B's panel at the top (north), side A's at the bottom, the turn between."""
    top_h = _panel_height(view, 1)
    _side_panel(image, draw, view, names, 1, (x, y, x + w, y + top_h))
    bottom_h = _panel_height(view, 0)
    _side_panel(image, draw, view, names, 0, (x, y + h - bottom_h, x + w, y + h))
    mid = y + top_h + 10
    if view.hand_number and view.phase != "over":
        card_back(draw, x + 2, mid, 34, 48)
        text(draw, (x + 44, mid + 2), "Draw pile", SMALL, MUTED)
        text(draw, (x + 44, mid + 20), plural(view.draw_size, "card"), BODY, WHITE, bold=True)
        mid += 58
    colour = GOLD if view.phase != "over" else ACTIVE
    mid = _paragraph(draw, x, mid, _doing(view, names), BODY, colour, w, bold=True, max_lines=4) + 4
    if view.turn is not None and view.phase != "over":
        after = _name(names, (view.turn + 1) % view.num_players)
        mid = _paragraph(draw, x, mid, f"Then {after}.", SMALL, MUTED, w, max_lines=2) + 4
    if view.last_hand and (view.phase == "over" or (not view.melds and len(view.discard_pile) <= 2)):
        mid = _paragraph(draw, x, mid, _hand_end_words(view, names), SMALL, MUTED, w, max_lines=3) + 4
    legend_y = y + h - bottom_h - 2 * line_height(SMALL) - 10
    if legend_y > mid:
        _legend(image, draw, x, legend_y)


def _hand_end_words(view: GinGoView, names: Sequence[str]) -> str:
    last = view.last_hand
    assert last is not None
    if last.went_out is None:
        return f"Hand {last.number}: the draw pile ran out. The board keeps every chip."
    went = (
        f"Hand {last.number}: {_name(names, last.went_out)} went out and captured {plural(len(last.captured), 'card')}."
    )
    return went if view.phase == "over" else f"{went} No link yet: the board stays."


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """What a ring and a cross on the board mean."""
    r = 7
    chip_icon(image, 0, x + 9, y + 9, r)
    draw.ellipse((x + 9 - r - 3, y + 9 - r - 3, x + 9 + r + 3, y + 9 + r + 3), outline=WHITE, width=2)
    text(draw, (x + 24, y + 1), "new chip", SMALL, MUTED)
    y += line_height(SMALL) + 4
    for sign in (1, -1):
        draw.line((x + 2, y + 9 - sign * 7, x + 16, y + 9 + sign * 7), fill=WHITE, width=3)
    text(draw, (x + 24, y + 1), "chip bumped", SMALL, MUTED)


def _panel_height(view: GinGoView, side: int) -> int:
    return 72 + 20 * len(view.teams[side])


def _side_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GinGoView,
    names: Sequence[str],
    side: int,
    box: tuple[float, float, float, float],
) -> None:
    """One side: its chip, where it sits, its players with their cards, its chips big; the side to act marked."""
    x0, y0, x1, y1 = box
    acting = [s for s in view.teams[side] if s in view.waiting_on and view.phase != "over"]
    word = TAB_WORDS.get(view.phase, "to play") if acting else None
    if view.phase == "over" and view.winner == side:
        word = "winner"
    seat_panel(draw, box, active_word=word)
    chip_icon(image, side, x0 + 18, y0 + 18, 8)
    head = f"{'Side' if len(view.teams[side]) == 1 else 'Team'} {SIDE_WORDS[side][0]}"
    room = x1 - x0 - 40 - (active_tab_width(word) if word else 8)
    text(draw, (x0 + 32, y0 + 10), head, SMALL, MUTED, max_width=room)
    y = y0 + 32
    for seat in view.teams[side]:
        marker = "▶ " if seat in acting and len(view.teams[side]) > 1 else ""
        cards = plural(view.hand_sizes[seat], "card")
        cards_w = text(draw, (x1 - 10, y + 3), cards, SMALL, MUTED, anchor="ra")
        text(draw, (x0 + 12, y), marker + _name(names, seat), BODY, WHITE, bold=True, max_width=x1 - x0 - 30 - cards_w)
        y += line_height(BODY) + 2
    chips = str(view.chips[side])
    number_w = text(draw, (x0 + 12, y1 - 8), chips, SCORE, GOLD, anchor="ld", bold=True)
    text(draw, (x0 + 18 + number_w, y1 - 12), "chips" if view.chips[side] != 1 else "chip", SMALL, MUTED, anchor="ld")
    if view.links[side]:  # a complete link: "Gin!" in a gold pill, beside the chips
        pill_w = text_width("GIN!", BODY, bold=True) + 16
        pill = (x1 - 10 - pill_w, y1 - 12 - line_height(BODY) - 2, x1 - 10, y1 - 10)
        draw.rounded_rectangle(pill, radius=8, fill=GOLD)
        text(draw, ((pill[0] + pill[2]) / 2, (pill[1] + pill[3]) / 2), "GIN!", BODY, INK, anchor="mm", bold=True)


def _melds(image: Image.Image, draw: ImageDraw.ImageDraw, view: GinGoView, y: float) -> float:
    """Every meld on the table, wrapped across the picture; Jokers show the card they name."""
    if not view.melds:
        text(draw, (MARGIN, y), "No melds on the table yet.", SMALL, MUTED)
        return y + line_height(SMALL) + 8
    text(draw, (MARGIN, y), f"Melds on the table · {len(view.melds)}", BODY, WHITE, bold=True)
    y += line_height(BODY) + 2
    y = _wrapped_groups(image, [(m.cards, m.names) for m in view.melds], y)
    if any(is_joker(card) for m in view.melds for card in m.cards):
        _joker_legend(image, draw, y - 2)
        y += line_height(SMALL) + 2
    return y


def _joker_legend(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
    """What the purple "Jk" badge on a card means."""
    draw.rounded_rectangle((MARGIN, y + 1, MARGIN + 19, y + JOKER_BADGE), radius=3, fill=JOKER_INK)
    text(draw, (MARGIN + 9.5, y + JOKER_BADGE - 1), "Jk", SMALL, WHITE, anchor="md", bold=True)
    text(draw, (MARGIN + 26, y + 2), JOKER_LEGEND.split(": ", 1)[1], SMALL, MUTED, max_width=WIDTH - 2 * MARGIN - 26)


def _wrapped_groups(
    image: Image.Image, groups: Sequence[tuple[Sequence[str], Sequence[str] | None]], y: float, gap: int = 12
) -> float:
    x: float = MARGIN
    row_h = CARD[1] + 8
    for cards, named in groups:
        span = fan_width(len(cards))
        if x > MARGIN and x + span > WIDTH - MARGIN:
            x, y = MARGIN, y + row_h
        fan(image, x, y, cards, named)
        x += span + gap
    return y + row_h + 4


def _discards(image: Image.Image, draw: ImageDraw.ImageDraw, view: GinGoView, y: float) -> float:
    """The spread discard pile, oldest first, wrapped to rows; the top card outlined."""
    pile = view.discard_pile
    head = f"Discard pile · {plural(len(pile), 'card')}" + (", oldest first" if len(pile) > 1 else "")
    text(draw, (MARGIN, y), head, BODY, WHITE, bold=True, max_width=WIDTH - 2 * MARGIN)
    y += line_height(BODY) + 2
    if not pile:
        text(draw, (MARGIN, y), "Empty.", SMALL, MUTED)
        y += line_height(SMALL) + 4
    per_row = max(1, (WIDTH - 2 * MARGIN - CARD[0]) // STEP + 1)
    for start in range(0, len(pile), per_row):
        row = pile[start : start + per_row]
        outlines = {len(row) - 1: GOLD} if start + len(row) == len(pile) else {}
        end = fan(image, MARGIN, y, row, outlines=outlines)
        if outlines and end + 36 < WIDTH - MARGIN:
            text(draw, (end + 6, y + CARD[1] / 2), "◀ top", SMALL, GOLD, anchor="lm", bold=True)
        y += CARD[1] + 6
    if view.taken and view.seat is None and view.phase in ("use_taken", "lay_off_taken"):  # face up until used
        what = "to be used now" if view.phase == "use_taken" else "one more to be laid off"
        text(draw, (MARGIN, y), f"Taken from the pile this turn, {what}:", SMALL, GOLD)
        fan(image, MARGIN, y + line_height(SMALL) + 2, view.taken, outlines={0: GOLD})
        y += line_height(SMALL) + CARD[1] + 8
    return y + 2


# -- the hand -------------------------------------------------------------------------------------------
@deck_pictures
@fitted
def hand_picture(view: GinGoView, *, names: Sequence[str], owner: str | None = None) -> bytes:
    """The player's cards wrapped to rows, then the board small with the squares their possible
    melds and hits would take (numbered), each move listed beside it, and the discard pile.

    ``owner``: whose hand the title names (a replay's "Zoë's hand"); by default "Your hand"."""
    seat = view.seat if view.seat is not None else 0
    side = view.sides[seat]
    image, draw = canvas()
    whose = f"{owner}'s hand" if owner else "Your hand"
    title = f"{whose} · {plural(len(view.hand), 'card')}"
    text(draw, (MARGIN, MARGIN), title, TITLE, GOLD, bold=True, max_width=WIDTH - 2 * MARGIN)
    y: float = MARGIN + 30
    letter, where, shape = SIDE_WORDS[side]
    chip_icon(image, side, MARGIN + 8, y + 9, 8)
    kind = "side" if len(view.teams[side]) == 1 else "team"
    partner = [s for s in view.teams[side] if s != seat]
    who = f"{_name(names, seat)} · {kind} {letter}, {where}, {shape} chips"
    if partner:
        who += f", with {_name(names, partner[0])}"
    text(draw, (MARGIN + 22, y), who, SMALL, WHITE, max_width=WIDTH - 2 * MARGIN - 22)
    y += line_height(SMALL) + 6
    y = _hand_cards(image, draw, view, y)
    found = claims(view)
    look = HAND_BOARD
    numbered = {sq: str(i + 1) for i, c in reversed(list(enumerate(found))) for sq in c.squares}
    marks = Marks(new=frozenset(), bumped={}, claims=numbered, claimant=side)
    text(draw, (MARGIN, y), "What you can claim now" if found else "Your board", BODY, WHITE, bold=True)
    y += line_height(BODY) + 2
    draw_board(
        image,
        draw,
        MARGIN,
        y,
        view.board,
        view.column_suits,
        view.links,
        look,
        marks,
        viewer=side,
        hidden=_hidden(view),
    )
    x = MARGIN + look.width + 12
    _claim_list(image, draw, view, found, x, y, WIDTH - MARGIN - x)
    y += look.height + 10
    for decision in view.decisions:
        y = _paragraph(draw, MARGIN, y, decision.prompt, SMALL, MUTED, WIDTH - 2 * MARGIN, max_lines=2)
    y = _paragraph(draw, MARGIN, y + 2, _doing(view, names), BODY, GOLD, WIDTH - 2 * MARGIN, bold=True) + 6
    if view.phase != "over" and view.hand_number:
        y = _discards(image, draw, view, y)
    return to_png(cut(image, int(y) + MARGIN))


HAND_CARD = (46, 64)


def _hand_cards(image: Image.Image, draw: ImageDraw.ImageDraw, view: GinGoView, y: float) -> float:
    """The hand, one card beside the next, wrapped; cards just taken from the pile are outlined."""
    if not view.hand:
        text(draw, (MARGIN, y), "No cards in your hand.", BODY, WHITE)
        return y + line_height(BODY) + 8
    gap = 5
    per_row = max(1, (WIDTH - 2 * MARGIN + gap) // (HAND_CARD[0] + gap))
    for i, card in enumerate(view.hand):
        row, col = divmod(i, per_row)
        taken = card in view.taken
        small_card(
            image,
            MARGIN + col * (HAND_CARD[0] + gap),
            y + row * (HAND_CARD[1] + gap),
            card,
            None,
            HAND_CARD,
            GOLD if taken else INK,
        )
    rows = -(-len(view.hand) // per_row)
    y += rows * (HAND_CARD[1] + gap)
    if view.taken:
        must = f"Gold edge: taken from the pile; use {label(view.taken[0])} now."
        y = _paragraph(draw, MARGIN, y, must, SMALL, GOLD, WIDTH - 2 * MARGIN)
    return y + 6


def _claim_list(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: GinGoView, found: Sequence[Claim], x: float, y: float, w: float
) -> None:
    """Each possible move: its number (as on the board), its cards, and what it gains."""
    side = view.sides[view.seat if view.seat is not None else 0]
    if not found:
        hint = "No meld or hit in your hand yet." if view.phase != "over" else "The game is over."
        _paragraph(draw, x, y, hint, SMALL, MUTED, w)
        y += 2 * line_height(SMALL) + 6
    step, size = 20, (30, 42)
    for i, one in enumerate(found):
        badge = (x, y, x + 22, y + 22)
        draw.rounded_rectangle(badge, radius=5, fill=SIDE_TINTS[side], outline=SIDE_COLOURS[side], width=2)
        text(draw, (x + 11, y + 11), str(i + 1), SMALL, SIDE_EDGES[side], anchor="mm", bold=True)
        fan(image, x + 28, y, one.cards, one.names, step, size)
        target = next((m for m in view.melds if m.id == one.target), None)
        what = "new meld" if target is None else f"hit on {' '.join(label(n) for n in target.names)}"
        gains = f"{what} · {plural(one.new, 'new chip')}" + (f", bumps {one.bumps}" if one.bumps else "")
        y += size[1] + 2
        y = _paragraph(draw, x + 28, y, gains, SMALL, MUTED, w - 28, max_lines=2)
        if one.jokers and one.names is None:
            jokers = "a Joker" if one.jokers == 1 else f"{one.jokers} Jokers"
            y = _paragraph(draw, x + 28, y, f"+ {jokers}: you name where", SMALL, MUTED, w - 28)
        y += 6
    y += 4
    _legend(image, draw, x, y) if not found else _claim_legend(image, draw, side, x, y)


def _claim_legend(image: Image.Image, draw: ImageDraw.ImageDraw, side: int, x: float, y: float) -> None:
    paste_icon(image, f"g{side}", x + 9, y + 9, 18)
    text(draw, (x + 24, y + 1), "a square it takes", SMALL, MUTED)


# -- the rules picture ----------------------------------------------------------------------------------
#: A worked zigzag link for side A, from its A row (bottom) to its K row (top), as (x, y).
_WORKED_LINK = (
    (2, 1),
    (2, 2),
    (3, 3),
    (3, 4),
    (2, 5),
    (1, 6),
    (1, 7),
    (2, 8),
    (3, 9),
    (4, 10),
    (4, 11),
    (3, 12),
    (3, 13),
)
_WORKED_B = ((1, 2), (4, 3), (2, 4), (4, 6), (3, 7), (2, 10), (1, 12), (4, 12), (3, 8))


@lru_cache(maxsize=1)
def rules_picture() -> bytes:
    """The board with a worked link and a short caption (for /rules; drawn once)."""
    board: list[int | None] = [None] * (COLUMNS * ROWS)
    link = tuple(square(*at) for at in _WORKED_LINK)
    for sq in link:
        board[sq] = 0
    for at in _WORKED_B:
        board[square(*at)] = 1
    suits = ("s", "h", "c", "d")
    image, draw = new_canvas(WIDTH, 1200)
    text(draw, (MARGIN, MARGIN), "Gin-Go: the board and a link", TITLE, GOLD, bold=True)
    y: float = MARGIN + 30
    look = TABLE_BOARD
    marks = Marks(new=frozenset({square(4, 10)}), bumped={square(4, 10): 1})
    draw_board(image, draw, MARGIN, y, board, (suits, tuple(reversed(suits))), (link, None), look, marks)
    x = MARGIN + look.width + 12
    w = WIDTH - MARGIN - x
    lines = (
        (BODY, WHITE, True, "Each card you meld or hit puts your chip on its square."),
        (
            SMALL,
            MUTED,
            False,
            "Your suit row gives the column, the card's rank the row, counted A to K from "
            "your end. Side A (round stones) sits at the bottom, side B (square tiles) at the top.",
        ),
        (BODY, WHITE, True, "A chip on an opposing chip bumps it."),
        (
            SMALL,
            MUTED,
            False,
            "Here side A's 10♦ (the ♦ column, row 10) bumped a side B tile: a ring marks the new chip, "
            "a cross the bumped one.",
        ),
        (BODY, GOLD, True, "Link your A row to your K row."),
        (
            SMALL,
            MUTED,
            False,
            "Each chip touches the next straight or diagonally (zigzag). Side A's link, drawn "
            "as a band, wins the hand: Gin-Go!",
        ),
    )
    for size, colour, bold, content in lines:
        y = _paragraph(draw, x, y, content, size, colour, w, bold=bold, max_lines=6) + (2 if bold else 8)
    chip_icon(image, 0, x + 9, y + 9, 8)
    text(draw, (x + 24, y + 1), "side A", SMALL, WHITE)
    chip_icon(image, 1, x + 94, y + 9, 8)
    text(draw, (x + 109, y + 1), "side B", SMALL, WHITE)
    bottom = max(y + 30, MARGIN + 30 + look.height + 10)
    return to_png(image.crop((0, 0, WIDTH, int(bottom) + MARGIN)))
