"""Drawing helpers every picture shares: fonts, colours, card boxes, suit shapes, PNG.

Text goes through :mod:`render.text` (the shipped fonts, with a fallback per character),
and suits are shapes drawn here, so pictures look the same on every machine with no
system fonts. Everything in render/ is a pure function of the view it is given.
"""

from __future__ import annotations

import contextvars
import functools
import itertools
import math
import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache, wraps
from typing import Any, NamedTuple, ParamSpec

from PIL import Image, ImageChops, ImageDraw

from render import text as _text
from render.palette import PALETTE
from render.png import palette_png

Colour = tuple[int, int, int]

FELT: Colour = (28, 92, 60)
FELT_DARK: Colour = (20, 70, 45)
INK: Colour = (25, 25, 30)
PAPER: Colour = (250, 248, 240)
WHITE: Colour = (255, 255, 255)
GOLD: Colour = (235, 190, 70)
MUTED: Colour = (200, 210, 200)
RED: Colour = (200, 30, 45)
BACK: Colour = (60, 70, 150)
#: The discs of the first three places (results, standings, leaderboards); the number on a disc
#: says the place, so colour is never the only sign.
MEDALS: dict[int, Colour] = {1: GOLD, 2: (192, 192, 200), 3: (205, 127, 50)}

#: Discord shows images about 400–550 px wide on phones; we draw at this scale.
CARD_W, CARD_H = 72, 104

# -- the phone layout every picture uses ----------------------------------------------------------
#: Every picture is drawn this wide; Discord shows it 400–550 px wide on a phone.
WIDTH = 480
MARGIN = 12
#: The smallest text (11 px when the picture is shown 400 px wide), body text, titles, scores.
SMALL = _text.min_size(WIDTH)
BODY = SMALL + 2
TITLE = SMALL + 6
SCORE = SMALL + 12
#: What marks the seat to act: a thick border, a tab with an arrow and a word.
ACTIVE: Colour = (255, 214, 90)
#: Colours a player must tell apart, checked under colour blindness by the tests.
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    ("the active seat's border on the table", ACTIVE, FELT),
    ("the active seat's word on its tab", INK, ACTIVE),
    ("the back of a card on the table", WHITE, BACK),
)


def new_canvas(width: int, height: int, colour: Colour = FELT) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


# -- pictures as tall as they need -----------------------------------------------------------------------
#: Rows of the canvas the first table or hand picture of its kind is drawn on: more than nearly all
#: of them need (a picture is cut to the rows it drew; the next of its kind are drawn on canvases as
#: tall as the tallest so far needed, :func:`canvas`): filling a canvas of the thousands of rows the
#: tallest could need for every picture would be wasted work (``benchmarks.picture_stream``).
FIRST_HEIGHT = 1200

#: The rows of the canvas of a picture being drawn again (unset: a first drawing, see :func:`canvas`).
_height: contextvars.ContextVar[int] = contextvars.ContextVar("picture_height")

#: Rows a canvas keeps below the tallest picture of its kind drawn so far (see :func:`canvas`).
SPARE_ROWS = 96
#: The kind of :func:`fitted` picture being drawn (its function), whose canvas is being made or cut.
_kind: contextvars.ContextVar[str] = contextvars.ContextVar("picture_kind")
#: For each kind of picture, the rows the tallest one drawn in this process so far needed.
_tallest: dict[str, int] = {}


class _TooShort(Exception):
    """The picture reaches past its canvas: it is drawn again on a canvas of ``height`` rows."""

    def __init__(self, height: int) -> None:
        super().__init__(height)
        self.height = height


P = ParamSpec("P")


def fitted(picture: Callable[P, bytes]) -> Callable[P, bytes]:
    """A picture drawn on a :func:`canvas` (:data:`FIRST_HEIGHT` rows for the first of its kind, then
    as tall as the tallest of its kind so far) and cut with :func:`cut`, drawn again on a canvas as
    tall as it needs when it reaches further."""

    kind = f"{picture.__module__}.{picture.__qualname__}"

    @functools.wraps(picture)
    def drawn(*args: P.args, **kwargs: P.kwargs) -> bytes:
        recorded = _text.recorded()
        this_kind = _kind.set(kind)
        try:
            return picture(*args, **kwargs)
        except _TooShort as short:
            _text.forget_recorded(recorded)  # the lines of the first canvas: drawn again
            taller = _height.set(short.height)
            try:
                return picture(*args, **kwargs)
            finally:
                _height.reset(taller)
        finally:
            _kind.reset(this_kind)

    return drawn


def canvas(colour: Colour = FELT, rows: int | None = None) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """The canvas of a :func:`fitted` picture, :data:`WIDTH` wide and ``rows`` tall (by default
    :data:`FIRST_HEIGHT`: give more where nearly every picture of the kind could need more).

    Once a picture of its kind has been drawn, the canvas is no taller than the tallest of them so
    far (and :data:`SPARE_ROWS`): most need half of ``rows``, and rows nobody draws on are filled
    for nothing. The picture is the same whatever its canvas (:func:`cut`)."""
    again = _height.get(None)
    if again is not None:
        return new_canvas(WIDTH, again, colour)
    first = rows or FIRST_HEIGHT
    tallest = _tallest.get(_kind.get(""))
    return new_canvas(WIDTH, first if tallest is None else min(first, tallest + SPARE_ROWS), colour)


def cut(image: Image.Image, height: int) -> Image.Image:
    """The top ``height`` rows of a :func:`fitted` picture's canvas (its picture is drawn again on a
    taller canvas if this one is shorter), under the band of :func:`band_on_top` if one is asked."""
    kind = _kind.get("")
    if kind and height > _tallest.get(kind, 0):
        _tallest[kind] = height
    if height > image.height:
        raise _TooShort(height)
    picture = image.crop((0, 0, image.width, height))
    band = _band.get()
    if band is None:
        return picture
    rows, paint = band
    whole = Image.new("RGB", (picture.width, rows + height), FELT_DARK)
    paint(whole)
    whole.paste(picture, (0, rows))
    return whole


#: A band drawn above the picture being cut: its rows and what paints them (see :func:`band_on_top`).
_band: ContextVar[tuple[int, Callable[[Image.Image], None]] | None] = ContextVar("band", default=None)


@contextmanager
def band_on_top(rows: int, paint: Callable[[Image.Image], None]) -> Iterator[None]:
    """The pictures cut inside the block get a band ``rows`` tall on top, drawn by ``paint`` on the
    whole picture's top rows (a turn-based table's clocks, :mod:`render.clocks`): every game's table
    picture ends in :func:`cut`, so one place adds it to all of them."""
    token = _band.set((rows, paint))
    try:
        yield
    finally:
        _band.reset(token)


def seat_panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    *,
    active_word: str | None = None,
    fill: Colour = FELT_DARK,
) -> None:
    """A player's panel. The seat to act gets a thick light border and a tab "▶ <word>" at the
    top right, so it stands out by shape and words as well as by colour."""
    _, y0, x1, _ = box
    if not active_word:
        draw.rounded_rectangle(box, radius=8, fill=fill)
        return
    draw.rounded_rectangle(box, radius=8, fill=fill, outline=ACTIVE, width=4)
    tab_w = _text.width(active_word, SMALL, bold=True) + SMALL + 18
    tab = (x1 - tab_w, y0, x1, y0 + SMALL + 10)
    draw.rounded_rectangle(tab, radius=6, fill=ACTIVE)
    cx, cy, r = tab[0] + 6 + SMALL / 3, (tab[1] + tab[3]) / 2, SMALL / 3
    draw.polygon([(cx - r * 0.8, cy - r), (cx + r, cy), (cx - r * 0.8, cy + r)], fill=INK)
    _text.draw_text(draw, (tab[0] + 12 + SMALL * 0.66, cy), active_word, SMALL, INK, anchor="lm", bold=True)


def active_tab_width(word: str) -> float:
    """How much of a panel's top right the active tab covers (keep other text left of it)."""
    return _text.width(word, SMALL, bold=True) + SMALL + 24


def grid(count: int, item_w: float, gap: float, room: float) -> int:
    """How many items of ``item_w`` fit on one row of ``room`` pixels (at least 1)."""
    return max(1, int((room + gap) // (item_w + gap))) if count else 1


def rows_of(items: list[str] | tuple[str, ...], per_row: int) -> list[list[str]]:
    """``items`` cut into rows of ``per_row``."""
    return [list(items[i : i + per_row]) for i in range(0, len(items), per_row)] or [[]]


#: A coarse 4×4×4 colour cube, the end of :data:`render.palette.PALETTE`: a colour no picture
#: had when the palette was made still keeps its hue.
CUBE = [channel for rgb in itertools.product((0, 85, 170, 255), repeat=3) for channel in rgb]

_palettes = threading.local()


def _palette() -> Image.Image:
    """The palette image, one per thread: Pillow keeps the nearest-colour cache it fills while
    mapping a picture inside it, so later pictures find most colours already looked up."""
    palette = getattr(_palettes, "image", None)
    if palette is None:
        palette = _palettes.image = Image.new("P", (1, 1))
        palette.putpalette(PALETTE)
    return palette


def to_png(image: Image.Image) -> bytes:
    """PNG bytes of an RGB picture through one fixed palette (:mod:`render.palette`): small files,
    same look.

    One fixed palette, made from every game's pictures, rather than one made per picture: building
    a palette and its nearest-colour cache for each picture costs about as much as the rest, for
    about the same error, also on pictures the palette was not made from
    (``python -m benchmarks.png_encoding``). The file is deflated with ISA-L (:mod:`render.png`).
    """
    return palette_png(image.quantize(palette=_palette(), dither=Image.Dither.NONE))


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    content: str,
    size: int = 16,
    fill: Colour = WHITE,
    anchor: str = "la",
    *,
    bold: bool = False,
    max_width: float | None = None,
) -> float:
    """One line of text (see :func:`render.text.draw_text`); returns its width."""
    return _text.draw_text(draw, xy, content, size, fill, anchor=anchor, bold=bold, max_width=max_width)


def text_width(content: str, size: int, bold: bool = False) -> float:
    return _text.width(content, size, bold)


# -- elements drawn once per process, then pasted ---------------------------------------------------
#: Room around an element's size for the strokes and text that reach past it.
_TILE_PAD = 8


def stamp(
    image: Image.Image, x: float, y: float, size: tuple[int, int], paint: Callable[..., None], *args: Hashable
) -> None:
    """``paint(image, x, y, *args)``, an element about ``size`` big with its top left at (x, y),
    pasted from a tile drawn once per process (:func:`element_tile`).

    Card boxes and their words come back in every picture, so each is drawn once and pasted
    after. ``paint`` must be a module-level function whose drawing depends
    only on its arguments (with ``size`` they are the cache's key) and moves exactly with (x, y):
    rounded boxes and text do, their corners and advances being whole or 1/64 pixels. A shape placed
    with a factor (``x + w * 0.64``) is rounded in floating point, and may fall on the other pixel
    elsewhere: draw it after the stamp, or test every place it is stamped at (Gin-Go's chips).
    """
    at = (_stand_in(x), _stand_in(y))
    if at[0] is None or at[1] is None:  # not a multiple of 1/256 px: moving it is not exact
        paint(image, x, y, *args)
        return
    tile = element_tile(paint, size, (at[0], at[1]), args)
    image.paste(tile.pixels, (tile.left + round(x - at[0]), tile.top + round(y - at[1])), tile.mask)


def _stand_in(v: float) -> float | None:
    """Where a tile for position ``v`` is drawn: ``v`` moved by whole pixels near the tile's corner,
    by an even number for a half (Python rounds halves to even); None if moving ``v`` is not exact."""
    if v * 256 % 1:
        return None
    fraction = v % 1
    return _TILE_PAD + (v % 2 if fraction == 0.5 else fraction)


class Tile(NamedTuple):
    """An element drawn once: its pixels, which of them it draws (a 1-bit mask: pasting through it
    copies them, cheaper than through an alpha channel) and where their top left is."""

    pixels: Image.Image
    mask: Image.Image
    left: int
    top: int


#: Tiles take 5 bytes a pixel, 3–52 KB, 20 KB on average: about 20 MB when the cache is full. Four
#: computer games of every game drew about 800 looks (a card has a few: sizes, outlines, fractions).
@lru_cache(maxsize=1024)
def element_tile(
    paint: Callable[..., None], size: tuple[int, int], at: tuple[float, float], args: tuple[Hashable, ...]
) -> Tile:
    """:func:`stamp`'s element drawn at ``at``, in the top left of a canvas as wide as a picture
    (so that its text is noted as a picture's, see :func:`render.text.recording`).

    It is drawn twice, on black and on white: the pixels that agree are the element's. A pixel
    that differs otherwise blends with what lies under it, so it could not be pasted: ValueError.
    """
    width, height = size[0] + 2 * _TILE_PAD + 2, size[1] + 2 * _TILE_PAD + 2
    if width > WIDTH:
        raise ValueError(f"an element {size[0]} px wide is too wide for a tile")
    layers = []
    for background in ((0, 0, 0), WHITE):
        layer = Image.new("RGB", (WIDTH, height), background)
        paint(layer, *at, *args)
        layers.append(layer.crop((0, 0, width, height)))
    shows = ImageChops.difference(*layers).convert("L")  # 255 where the background shows
    if any(shows.histogram()[1:255]):
        raise ValueError(f"{paint.__name__}{args} blends with what lies under it: it cannot be pasted")
    mask = ImageChops.invert(shows)
    box = mask.getbbox()
    if box is None:  # it draws nothing
        return Tile(Image.new("RGB", (1, 1)), Image.new("1", (1, 1)), 0, 0)
    if 0 in box[:2] or box[2] == width or box[3] == height:
        raise ValueError(f"{paint.__name__}{args} reaches more than {_TILE_PAD} px past its size {size}")
    return Tile(layers[0].crop(box), mask.crop(box).convert("1", dither=Image.Dither.NONE), box[0], box[1])


def card_box(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    w: int = CARD_W,
    h: int = CARD_H,
    fill: Colour = PAPER,
    outline: Colour = INK,
    width: int = 2,
) -> None:
    draw.rounded_rectangle((x, y, x + w, y + h), radius=max(4, w // 10), fill=fill, outline=outline, width=width)


def card_back(draw: ImageDraw.ImageDraw, x: float, y: float, w: int = CARD_W, h: int = CARD_H) -> None:
    card_box(draw, x, y, w, h, fill=BACK, outline=WHITE)
    inset = max(4, w // 8)
    draw.rounded_rectangle((x + inset, y + inset, x + w - inset, y + h - inset), radius=4, outline=(150, 160, 230))


# -- the four French suits, drawn as shapes ---------------------------------
SUIT_COLOURS: dict[str, Colour] = {"c": INK, "s": INK, "h": RED, "d": RED}
#: The four-colour deck online card rooms offer: clubs green, diamonds blue (shapes still tell suits apart).
FOUR_COLOURS: dict[str, Colour] = {"c": (16, 120, 48), "s": INK, "h": RED, "d": (28, 78, 196)}
_four_colour: ContextVar[bool] = ContextVar("four_colour", default=False)


def suit_colour(suit: str) -> Colour:
    """A suit's colour in the deck being drawn (see :func:`four_colour_deck`)."""
    return (FOUR_COLOURS if _four_colour.get() else SUIT_COLOURS)[suit]


@contextmanager
def four_colour_deck(on: bool = True) -> Iterator[None]:
    """Draw the cards of the pictures inside the block in four colours (or in two: ``on=False``)."""
    token = _four_colour.set(on)
    try:
        yield
    finally:
        _four_colour.reset(token)


def deck_pictures(picture: Callable[..., bytes]) -> Callable[..., bytes]:
    """A game's picture that takes ``four_colour=True`` (a server's setting) to draw its French-suited
    cards in four colours. Every game's pictures take the keyword; games without such cards ignore it."""

    @wraps(picture)
    def drawn(*args: Any, four_colour: bool = False, **kwargs: Any) -> bytes:
        with four_colour_deck(four_colour):
            return picture(*args, **kwargs)

    return drawn


@lru_cache(maxsize=512)
def _suit_icon(suit: str, size: int, colour: Colour) -> Image.Image:
    """A suit drawn four times larger and scaled down, so that a club's three lobes and a spade's
    point stay apart even at a card's index size (cached)."""
    big = size * 4
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    suit_shape(ImageDraw.Draw(layer), suit, big / 2, big / 2, big * 0.92, fill=colour)
    return layer.reduce(4)


def paste_suit(image: Image.Image, suit: str, cx: float, cy: float, size: float, colour: Colour | None = None) -> None:
    """A smooth suit ``size`` pixels across centred on (cx, cy), in the deck's colour unless given."""
    icon = _suit_icon(suit, max(4, round(size)), colour or suit_colour(suit))
    image.paste(icon, (round(cx - icon.width / 2), round(cy - icon.height / 2)), icon)


def suit_shape(
    draw: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, size: float, fill: Colour | None = None
) -> None:
    """Draw a club, diamond, heart or spade (``c d h s``) centred on (cx, cy)."""
    colour = fill or suit_colour(suit)
    r = size / 2
    if suit == "d":
        draw.polygon([(cx, cy - r), (cx + r * 0.72, cy), (cx, cy + r), (cx - r * 0.72, cy)], fill=colour)
    elif suit == "h":
        _heart(draw, cx, cy, r, colour)
    elif suit == "s":
        _heart(draw, cx, cy - r * 0.1, r * 0.9, colour, upside_down=True)
        _stem(draw, cx, cy, r, colour)
    elif suit == "c":
        # Three round lobes with notches between them and a narrow stem: at a card's index size a
        # club must not melt into the blob a spade's broad heart makes.
        lobe = r * 0.37
        for dx, dy in ((0, -r * 0.55), (-r * 0.55, r * 0.08), (r * 0.55, r * 0.08)):
            draw.ellipse((cx + dx - lobe, cy + dy - lobe, cx + dx + lobe, cy + dy + lobe), fill=colour)
        draw.polygon([(cx, cy - r * 0.3), (cx - r * 0.16, cy + r * 0.2), (cx + r * 0.16, cy + r * 0.2)], fill=colour)
        draw.polygon([(cx, cy - r * 0.05), (cx - r * 0.3, cy + r), (cx + r * 0.3, cy + r)], fill=colour)
    else:
        raise ValueError(f"unknown suit {suit!r}")


def _heart(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: Colour, upside_down: bool = False
) -> None:
    sign = -1 if upside_down else 1
    lobe = r * 0.5
    top = cy - sign * r * 0.35
    for dx in (-lobe, lobe):
        draw.ellipse((cx + dx - lobe, top - lobe, cx + dx + lobe, top + lobe), fill=colour)
    point = cy + sign * r
    draw.polygon(
        [(cx - r * 0.98, top + sign * lobe * 0.25), (cx + r * 0.98, top + sign * lobe * 0.25), (cx, point)],
        fill=colour,
    )


def _stem(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: Colour) -> None:
    draw.polygon([(cx, cy + r * 0.1), (cx - r * 0.35, cy + r), (cx + r * 0.35, cy + r)], fill=colour)


def regular_polygon(
    cx: float, cy: float, r: float, sides: int, rotation: float = -math.pi / 2
) -> list[tuple[float, float]]:
    """Corner points of a regular polygon (for suit and sign symbols)."""
    return [
        (
            cx + r * math.cos(rotation + 2 * math.pi * i / sides),
            cy + r * math.sin(rotation + 2 * math.pi * i / sides),
        )
        for i in range(sides)
    ]
