"""Gin-jon-tan pictures: cards, the table (the duel that just happened, the evaluation), a seat's
cards, and the clash table for /rules.

A card face shows its symbol as a drawn motif (one small vector shape per symbol, no font
glyphs), its colour as a band that also names the colour (colour-blind safe), its copy number
and, in the dark footer, its value v. Values and scores are exact integers of any size: they
are drawn in full, or, where the full number is too wide for a score's big digits, as a short
form in words ("≈ 72.3 quadrillion") with the exact value on the line below. Nothing is rounded
silently.

The table picture is always drawn from a spectator's view, so it can only show what is public:
unfolded duel cards, turned reserve cards and revealed hands; hands and reserves as counts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from engine.core import name_seats
from engine.gin_jon_tan.cards import COLOURS, MULTIPLIER, SYMBOL_VALUE, SYMBOLS, Card
from engine.gin_jon_tan.clash import BEATS
from engine.gin_jon_tan.views import Clash, DuelView, EvaluationEntry, GinJonTanView, HeldCard
from render import text as _text
from render.common import (
    BODY,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PAPER,
    SCORE,
    SMALL,
    TITLE,
    WHITE,
    WIDTH,
    Colour,
    active_tab_width,
    canvas,
    card_box,
    cut,
    deck_pictures,
    fitted,
    grid,
    new_canvas,
    plural,
    regular_polygon,
    seat_panel,
    suit_shape,
    text,
    to_png,
)
from render.numbers import number_words
from render.text import line_height

__all__ = [
    "COLOUR_PAIRS",
    "amount",
    "card_face",
    "draw_card",
    "draw_mini",
    "hand_picture",
    "mini_face",
    "rules_picture",
    "short_amount",
    "symbol_motif",
    "table_picture",
]

# -- colours -----------------------------------------------------------------------------------------
TABLE: Colour = (36, 33, 62)  # the night-blue table of an "ancient Shaal card game"
PANEL: Colour = (24, 22, 44)
SPENT: Colour = (196, 196, 200)  # a spent card's face in a duel
LOST: Colour = (235, 120, 120)
#: Each card colour's band, and the ink of the band's word on it.
BANDS: dict[str, tuple[Colour, Colour]] = {
    "White": ((228, 226, 218), INK),
    "Red": ((196, 38, 48), WHITE),
    "Orange": ((240, 140, 30), INK),
    "Yellow": ((246, 212, 50), INK),
    "Green": ((36, 130, 64), WHITE),
    "Blue": ((36, 92, 196), WHITE),
    "Violet": ((122, 58, 170), WHITE),
}
#: Colours a player must tell apart (text or shape on its background), checked under colour blindness.
#: A card's colour is also written on its band, so the bands need only contrast with their words.
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    *((f"the word on a {name} band", ink, band) for name, (band, ink) in BANDS.items()),
    ("a symbol on a card", INK, PAPER),
    ("a symbol on a spent card", INK, SPENT),
    ("a card's value in its footer", WHITE, INK),
    ("text on the table", WHITE, TABLE),
    ("quiet text on the table", MUTED, TABLE),
    ("quiet text on a panel", MUTED, PANEL),
    ("score on a panel", GOLD, PANEL),
    ("a lost clash's word", LOST, TABLE),
    ("a symbol on the clash table", WHITE, PANEL),
)

#: Measuring text is most of a picture's time, and the same lines recur all game long: measure each once.
wrap = lru_cache(maxsize=8192)(_text.wrap)
text_width = lru_cache(maxsize=8192)(_text.width)

CARD_W, CARD_H = 88, 104
#: Rows of the first canvas of a table or a hand: six players' evaluation runs to some 1,800.
TALL = 2000
MINI_W, MINI_H = 46, 62
GAP = 4
ROOM = WIDTH - 2 * MARGIN
PER_ROW = grid(9, CARD_W, GAP, ROOM)
MINIS_PER_ROW = grid(9, MINI_W, GAP, ROOM)


# -- numbers of any size ------------------------------------------------------------------------------


def amount(value: int, *, signed: bool = False) -> str:
    """An exact integer with thousands separators: ``amount(-1234567)`` is ``'-1,234,567'``."""
    return f"{value:+,}" if signed else f"{value:,}"


def short_amount(value: int) -> str:
    """A readable short form that says it is not exact, in words (:func:`render.numbers.number_words`).

    >>> short_amount(72_345_678_901_234_567), short_amount(-(10**30) - 7)
    ('≈ 72.3 quadrillion', '≈ -1 nonillion')
    """
    return f"≈ {number_words(value)}"


def draw_amount(
    draw: ImageDraw.ImageDraw, x: float, y: float, value: int, size: int, fill: Colour, room: float
) -> float:
    """``value`` in full at ``size`` if it fits in ``room``; else its short form and, on the line
    below, the exact value. Returns the y below."""
    full = amount(value)
    if text_width(full, size, bold=True) <= room:
        text(draw, (x, y), full, size, fill, bold=True)
        return y + line_height(size)
    text(draw, (x, y), short_amount(value), size, fill, bold=True)
    y += line_height(size)
    for line in _exact_lines(value, room):
        text(draw, (x, y), line, SMALL, WHITE)
        y += line_height(SMALL)
    return y


def _exact_lines(value: int, room: float) -> list[str]:
    """``exactly 1,234,…`` cut after thousands separators onto as many lines as it needs."""
    groups = amount(value).split(",")
    lines = [f"exactly {groups[0]}"]
    for group in groups[1:]:
        if text_width(f"{lines[-1]},{group}", SMALL) <= room:
            lines[-1] += f",{group}"
        else:
            lines[-1] += ","
            lines.append(group)
    return lines


# -- the symbols, drawn -------------------------------------------------------------------------------
def symbol_motif(
    draw: ImageDraw.ImageDraw, symbol: str, cx: float, cy: float, size: float, fill: Colour = INK, bg: Colour = PAPER
) -> None:
    """Draw ``symbol``'s motif centred on (cx, cy), about ``size`` pixels across."""
    MOTIFS[symbol](draw, cx, cy, size / 2, max(2, round(size / 11)), fill, bg)


Motif = Callable[[ImageDraw.ImageDraw, float, float, float, int, Colour, Colour], None]
Box = tuple[float, float, float, float]


def _disc(cx: float, cy: float, r: float) -> Box:
    return (cx - r, cy - r, cx + r, cy + r)


def _scales(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.line((cx, cy - r * 0.85, cx, cy + r * 0.8), fill=ink, width=w)
    d.line((cx - r * 0.45, cy + r * 0.85, cx + r * 0.45, cy + r * 0.85), fill=ink, width=w)
    d.line((cx - r * 0.85, cy - r * 0.55, cx + r * 0.85, cy - r * 0.55), fill=ink, width=w)
    for sx in (cx - r * 0.62, cx + r * 0.62):
        d.line((sx, cy - r * 0.55, sx - r * 0.3, cy + r * 0.15), fill=ink, width=1)
        d.line((sx, cy - r * 0.55, sx + r * 0.3, cy + r * 0.15), fill=ink, width=1)
        d.pieslice((sx - r * 0.36, cy - r * 0.15, sx + r * 0.36, cy + r * 0.45), 0, 180, fill=ink)


def _flame(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.ellipse((cx - r * 0.62, cy - r * 0.05, cx + r * 0.62, cy + r * 0.95), fill=ink)
    tongues = [(-0.62, 0.45), (-0.55, -0.3), (-0.3, -0.05), (-0.12, -0.75), (0.08, -1.0), (0.22, -0.4), (0.45, -0.7)]
    d.polygon([(cx + a * r, cy + b * r) for a, b in [*tongues, (0.62, 0.45)]], fill=ink)
    d.ellipse((cx - r * 0.26, cy + r * 0.35, cx + r * 0.26, cy + r * 0.8), fill=bg)
    d.polygon([(cx - r * 0.24, cy + r * 0.52), (cx, cy + r * 0.02), (cx + r * 0.24, cy + r * 0.52)], fill=bg)


def _heart(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    suit_shape(d, "h", cx, cy, r * 2, fill=ink)


def _apple(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.ellipse((cx - r * 0.78, cy - r * 0.5, cx + r * 0.78, cy + r * 0.9), fill=ink)
    d.ellipse(_disc(cx + r * 0.82, cy + r * 0.1, r * 0.32), fill=bg)  # the bite
    d.line((cx, cy - r * 0.45, cx + r * 0.12, cy - r * 0.95), fill=ink, width=w)
    d.ellipse((cx + r * 0.15, cy - r * 0.98, cx + r * 0.6, cy - r * 0.7), fill=ink)


def _drop(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.ellipse((cx - r * 0.62, cy - r * 0.15, cx + r * 0.62, cy + r * 0.95), fill=ink)
    d.polygon([(cx - r * 0.58, cy + r * 0.2), (cx, cy - r), (cx + r * 0.58, cy + r * 0.2)], fill=ink)
    d.arc((cx - r * 0.4, cy + r * 0.05, cx + r * 0.4, cy + r * 0.75), 110, 190, fill=bg, width=w)


def _wind(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    for dy, left, right in ((-0.55, -0.9, 0.45), (0.0, -0.7, 0.7), (0.55, -0.95, 0.25)):
        y = cy + dy * r
        end = cx + right * r
        d.line((cx + left * r, y, end, y), fill=ink, width=w)
        d.arc((end - r * 0.25, y - r * 0.5, end + r * 0.25, y), 270, 150, fill=ink, width=w)


def _stars(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.polygon(_star(cx - r * 0.15, cy + r * 0.1, r * 0.8, r * 0.34, 5), fill=ink)
    d.polygon(_star(cx + r * 0.68, cy - r * 0.62, r * 0.34, r * 0.1, 4), fill=ink)
    d.polygon(_star(cx + r * 0.72, cy + r * 0.7, r * 0.24, r * 0.07, 4), fill=ink)


def _road(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.polygon(
        [(cx - r * 0.25, cy - r), (cx + r * 0.25, cy - r), (cx + r * 0.9, cy + r), (cx - r * 0.9, cy + r)], fill=ink
    )
    for top, bottom in ((-0.85, -0.45), (-0.2, 0.25), (0.5, 0.95)):
        half = r * (0.04 + 0.06 * (bottom + 1))
        d.polygon(
            [
                (cx - half * 0.6, cy + top * r),
                (cx + half * 0.6, cy + top * r),
                (cx + half, cy + bottom * r),
                (cx - half, cy + bottom * r),
            ],
            fill=bg,
        )


def _rainbow(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    for k in (1.0, 0.68, 0.36):
        d.arc((cx - r * k, cy - r * k + r * 0.4, cx + r * k, cy + r * k + r * 0.4), 180, 360, fill=ink, width=w + 1)
    d.line((cx - r, cy + r * 0.55, cx + r, cy + r * 0.55), fill=ink, width=w)


def _globe(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.ellipse(_disc(cx, cy, r * 0.92), outline=ink, width=w)
    d.ellipse((cx - r * 0.4, cy - r * 0.92, cx + r * 0.4, cy + r * 0.92), outline=ink, width=max(1, w - 1))
    d.line((cx - r * 0.92, cy, cx + r * 0.92, cy), fill=ink, width=max(1, w - 1))
    for dy in (-0.48, 0.48):
        half = r * 0.92 * math.sqrt(1 - dy * dy / 0.8464)
        d.line((cx - half, cy + dy * r, cx + half, cy + dy * r), fill=ink, width=1)


def _sun(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    for i in range(8):
        a = i * math.pi / 4
        d.line(
            (cx + r * 0.6 * math.cos(a), cy + r * 0.6 * math.sin(a), cx + r * math.cos(a), cy + r * math.sin(a)),
            fill=ink,
            width=w,
        )
    d.ellipse(_disc(cx, cy, r * 0.45), fill=ink)


def _spiral(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    points = []
    for i in range(61):
        t = i / 60 * 3.2 * math.pi
        radius = r * (0.95 - 0.85 * i / 60)
        points.append((cx + radius * math.cos(t), cy + radius * math.sin(t)))
    d.line(points, fill=ink, width=w, joint="curve")
    d.ellipse(_disc(cx, cy, r * 0.14), fill=ink)


def _crescent(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.ellipse(_disc(cx, cy, r * 0.92), fill=ink)
    d.ellipse(_disc(cx + r * 0.42, cy - r * 0.22, r * 0.78), fill=bg)


def _rocket(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    body = [
        (cx, cy - r),
        (cx + r * 0.32, cy - r * 0.5),
        (cx + r * 0.32, cy + r * 0.5),
        (cx - r * 0.32, cy + r * 0.5),
        (cx - r * 0.32, cy - r * 0.5),
    ]
    d.polygon(body, fill=ink)
    for side in (-1, 1):
        d.polygon(
            [
                (cx + side * r * 0.3, cy + r * 0.05),
                (cx + side * r * 0.72, cy + r * 0.75),
                (cx + side * r * 0.3, cy + r * 0.5),
            ],
            fill=ink,
        )
    d.polygon([(cx - r * 0.2, cy + r * 0.55), (cx + r * 0.2, cy + r * 0.55), (cx, cy + r)], fill=ink)
    d.ellipse(_disc(cx, cy - r * 0.3, r * 0.15), fill=bg)


def _ankh(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.ellipse((cx - r * 0.36, cy - r, cx + r * 0.36, cy - r * 0.15), outline=ink, width=w + 1)
    d.line((cx, cy - r * 0.2, cx, cy + r), fill=ink, width=w + 2)
    d.line((cx - r * 0.7, cy - r * 0.05, cx + r * 0.7, cy - r * 0.05), fill=ink, width=w + 1)


def _burst(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.polygon(_star(cx, cy, r, r * 0.32, 8), fill=ink)
    d.ellipse(_disc(cx, cy, r * 0.16), fill=bg)


def _axe(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.line((cx - r * 0.55, cy + r, cx + r * 0.25, cy - r * 0.9), fill=ink, width=w + 1)
    d.pieslice((cx - r * 0.2, cy - r * 1.05, cx + r * 1.0, cy + r * 0.15), 285, 75, fill=ink)


def _bars(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.rectangle((cx - r * 0.82, cy - r * 0.82, cx + r * 0.82, cy + r * 0.82), outline=ink, width=w + 1)
    for k in (-0.4, 0.0, 0.4):
        d.line((cx + k * r, cy - r * 0.8, cx + k * r, cy + r * 0.8), fill=ink, width=w)
    d.line((cx - r * 0.8, cy, cx + r * 0.8, cy), fill=ink, width=max(1, w - 1))


def _boat(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.polygon(
        [(cx - r, cy + r * 0.4), (cx + r, cy + r * 0.4), (cx + r * 0.6, cy + r * 0.9), (cx - r * 0.6, cy + r * 0.9)],
        fill=ink,
    )
    d.line((cx, cy - r, cx, cy + r * 0.45), fill=ink, width=w)
    d.polygon([(cx + r * 0.12, cy - r * 0.9), (cx + r * 0.8, cy + r * 0.25), (cx + r * 0.12, cy + r * 0.25)], fill=ink)
    d.polygon([(cx - r * 0.12, cy - r * 0.55), (cx - r * 0.6, cy + r * 0.25), (cx - r * 0.12, cy + r * 0.25)], fill=ink)


def _skull(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.ellipse((cx - r * 0.8, cy - r, cx + r * 0.8, cy + r * 0.5), fill=ink)
    d.rounded_rectangle((cx - r * 0.45, cy + r * 0.2, cx + r * 0.45, cy + r * 0.95), radius=r * 0.15, fill=ink)
    for ex in (cx - r * 0.34, cx + r * 0.34):
        d.ellipse(_disc(ex, cy - r * 0.2, r * 0.22), fill=bg)
    d.polygon([(cx, cy + r * 0.05), (cx - r * 0.12, cy + r * 0.3), (cx + r * 0.12, cy + r * 0.3)], fill=bg)
    for tx in (-0.2, 0.0, 0.2):
        d.line((cx + tx * r, cy + r * 0.62, cx + tx * r, cy + r * 0.95), fill=bg, width=1)


def _snowflake(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    for i in range(6):
        a = i * math.pi / 3 + math.pi / 2
        ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
        d.line((cx, cy, ex, ey), fill=ink, width=w)
        mx, my = cx + r * 0.58 * math.cos(a), cy + r * 0.58 * math.sin(a)
        for turn in (-0.7, 0.7):
            d.line((mx, my, mx + r * 0.3 * math.cos(a + turn), my + r * 0.3 * math.sin(a + turn)), fill=ink, width=w)


def _empty(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    for i in range(10):
        d.arc(_disc(cx, cy, r * 0.9), i * 36, i * 36 + 20, fill=ink, width=w + 1)
    d.ellipse(_disc(cx, cy, r * 0.12), fill=ink)


def _sword(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.polygon(
        [
            (cx, cy - r),
            (cx + r * 0.14, cy - r * 0.8),
            (cx + r * 0.14, cy + r * 0.35),
            (cx - r * 0.14, cy + r * 0.35),
            (cx - r * 0.14, cy - r * 0.8),
        ],
        fill=ink,
    )
    d.line((cx - r * 0.5, cy + r * 0.4, cx + r * 0.5, cy + r * 0.4), fill=ink, width=w + 1)
    d.line((cx, cy + r * 0.4, cx, cy + r * 0.8), fill=ink, width=w)
    d.ellipse(_disc(cx, cy + r * 0.88, r * 0.14), fill=ink)


def _black_hole(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.ellipse((cx - r, cy - r * 0.34, cx + r, cy + r * 0.34), outline=ink, width=w)
    d.ellipse(_disc(cx, cy, r * 0.52), fill=ink)
    d.arc((cx - r, cy - r * 0.34, cx + r, cy + r * 0.34), 20, 160, fill=ink, width=w)
    d.arc(_disc(cx, cy, r * 0.72), 200, 340, fill=ink, width=1)


def _compass(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.ellipse(_disc(cx, cy, r * 0.92), outline=ink, width=w)
    d.polygon(_star(cx, cy, r * 0.78, r * 0.2, 4), fill=ink)


def _coin(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.ellipse(_disc(cx, cy, r * 0.9), fill=ink)
    arm, thick = r * 0.55, max(2, r * 0.18)
    d.rectangle((cx - arm, cy - thick, cx + arm, cy + thick), fill=bg)
    d.rectangle((cx - thick, cy - arm, cx + thick, cy + arm), fill=bg)


def _flag(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int, ink: Colour, bg: Colour) -> None:
    d.line((cx - r * 0.6, cy - r, cx - r * 0.6, cy + r), fill=ink, width=w + 1)
    top = [(cx - r * 0.6 + r * 1.5 * i / 8, cy - r * 0.9 + r * 0.12 * math.sin(i / 8 * 2 * math.pi)) for i in range(9)]
    bottom = [(x, y + r * 0.9) for x, y in reversed(top)]
    d.polygon([*top, *bottom], fill=bg, outline=ink, width=w)


def _star(cx: float, cy: float, outer: float, inner: float, points: int) -> list[tuple[float, float]]:
    spikes = regular_polygon(cx, cy, outer, points)
    valleys = regular_polygon(cx, cy, inner, points, rotation=-math.pi / 2 + math.pi / points)
    return [p for pair in zip(spikes, valleys, strict=True) for p in pair]


#: One motif per symbol (a Universal acting as another symbol shows its own motif and the word "as …").
MOTIFS: dict[str, Motif] = {
    "Righteous": _scales,
    "Fire": _flame,
    "Love": _heart,
    "Sin": _apple,
    "Water": _drop,
    "Air": _wind,
    "Night": _stars,
    "Path": _road,
    "Hope": _rainbow,
    "Earth": _globe,
    "Sun": _sun,
    "Abyss": _spiral,
    "Moon": _crescent,
    "Space ship": _rocket,
    "Life": _ankh,
    "Supernova": _burst,
    "Executioner": _axe,
    "Prisoner": _bars,
    "Boat": _boat,
    "Death": _skull,
    "Coldness": _snowflake,
    "Vacuum": _empty,
    "Weapon": _sword,
    "Black hole": _black_hole,
    "Universal": _compass,
    "Bonus": _coin,
    "Defeat": _flag,
}


# -- cards ---------------------------------------------------------------------------------------------
def draw_card(image: Image.Image, card: Card, x: float, y: float, *, marked: bool = False, spent: bool = False) -> None:
    """A card face at (x, y): see :func:`card_face`."""
    image.paste(card_face(card, marked, spent), (round(x), round(y)), _box_mask(CARD_W, CARD_H, 4 if marked else 2))


def draw_mini(image: Image.Image, card: Card, x: float, y: float) -> None:
    """A small card at (x, y): see :func:`mini_face`."""
    image.paste(mini_face(card), (round(x), round(y)), _box_mask(MINI_W, MINI_H, 1))


@lru_cache(maxsize=8)
def _box_mask(w: int, h: int, border: int) -> Image.Image:
    """The pixels a face's card box covers, the same for every face of its size and border (its
    corners are see-through): pasting through this 1-bit mask copies them, cheaper than through the
    face's alpha."""
    box = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    card_box(ImageDraw.Draw(box), 0, 0, w - 1, h - 1, width=border)
    return box.getchannel("A").convert("1", dither=Image.Dither.NONE)


#: Card faces kept drawn. There are 6,237 cards, each plain, marked or spent, and a worker under
#: load shows thousands of them in turn: most faces are drawn again, from the parts they share.
FACES_KEPT = 2048


@lru_cache(maxsize=FACES_KEPT)
def card_face(card: Card, marked: bool = False, spent: bool = False) -> Image.Image:
    """A card face: the colour band with its name, the number, the symbol's motif and name, the value.

    ``marked`` gives it a thick gold border (the best combination, the latest clash);
    ``spent`` greys its face (it clashed in this duel). Faces are drawn once and pasted
    (with see-through corners). A face is put together from the parts it shares with other faces,
    each drawn once: its colour's box and band (:func:`_face_top`) and its symbol's motif and name
    (:func:`_face_symbol`); only the number and the value are drawn for the card itself.
    """
    image = _face_top(card.colour, marked, spent).copy()
    draw = ImageDraw.Draw(image)
    text(draw, (6, 24), str(card.number), TITLE, INK, bold=True)
    symbol, covered = _face_symbol(card.symbol, marked, spent)
    image.paste(symbol, (0, 0), covered)
    text(draw, (CARD_W / 2, CARD_H - 14), amount(card.value), SMALL, WHITE, anchor="mm", bold=True)
    return image.crop((0, 0, CARD_W, CARD_H))


@lru_cache(maxsize=4)
def _face_box(marked: bool, spent: bool) -> Image.Image:
    """A face's box: its colour (greyed when spent), its border (thick gold when marked)."""
    image = Image.new("RGBA", (WIDTH, CARD_H), (0, 0, 0, 0))  # as wide as a picture: text sizes read as in one
    outline, width = (GOLD, 4) if marked else (INK, 2)
    card_box(
        ImageDraw.Draw(image),
        0,
        0,
        CARD_W - 1,
        CARD_H - 1,
        fill=SPENT if spent else PAPER,
        outline=outline,
        width=width,
    )
    return image


@lru_cache(maxsize=32)
def _face_top(colour: str, marked: bool, spent: bool) -> Image.Image:
    """The box, the colour band (with the colour's name) and the value's bar of every face of a
    colour and look."""
    image = _face_box(marked, spent).copy()
    draw = ImageDraw.Draw(image)
    band, ink = BANDS[colour]
    draw.rounded_rectangle((4, 4, CARD_W - 5, 22), radius=4, fill=band, outline=INK, width=1)
    text(draw, (CARD_W / 2, 13), colour, SMALL, ink, anchor="mm", bold=True)
    draw.rounded_rectangle((4, CARD_H - 23, CARD_W - 5, CARD_H - 5), radius=4, fill=INK)
    return image


@lru_cache(maxsize=128)
def _face_symbol(symbol: str, marked: bool, spent: bool) -> tuple[Image.Image, Image.Image]:
    """A symbol's motif and name as its faces of a look show them (drawn on the face's box: a long
    name's edge blends into the border), and the pixels they cover (a 1-bit mask to paste through)."""
    box = _face_box(marked, spent)
    image = box.copy()
    draw = ImageDraw.Draw(image)
    symbol_motif(draw, symbol, CARD_W * 0.64, 43, 34, bg=SPENT if spent else PAPER)
    text(draw, (CARD_W / 2, 70), symbol, SMALL, INK, anchor="mm", max_width=CARD_W - 4)
    changed = ImageChops.difference(image, box).split()  # any channel: a faint edge of a letter counts
    covered = ImageChops.lighter(ImageChops.lighter(changed[0], changed[1]), ImageChops.lighter(changed[2], changed[3]))
    mask = covered.point(lambda v: 255 if v else 0).convert("1", dither=Image.Dither.NONE)
    return image.crop((0, 0, CARD_W, CARD_H)), mask.crop((0, 0, CARD_W, CARD_H))


@lru_cache(maxsize=2048)
def mini_face(card: Card) -> Image.Image:
    """A small card: the colour's band and initial, the number and the motif (the rest of a hand, turned cards)."""
    image = Image.new("RGBA", (WIDTH, MINI_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    card_box(draw, 0, 0, MINI_W - 1, MINI_H - 1, width=1)
    band, ink = BANDS[card.colour]
    draw.rounded_rectangle((3, 3, MINI_W - 4, 20), radius=3, fill=band, outline=INK, width=1)
    text(draw, (MINI_W / 2, 11.5), card.colour[0], SMALL, ink, anchor="mm", bold=True)
    text(draw, (MINI_W / 2, 22), str(card.number), SMALL, INK, anchor="ma", bold=True)
    symbol_motif(draw, card.symbol, MINI_W / 2, 49, 20)
    return image.crop((0, 0, MINI_W, MINI_H))


def _cards(image: Image.Image, cards: Sequence[HeldCard], y: float, marked: Sequence[int] = ()) -> float:
    """Cards wrapped to rows of the picture's width; returns the y below."""
    for i, held in enumerate(cards):
        row, col = divmod(i, PER_ROW)
        draw_card(image, held.card, MARGIN + col * (CARD_W + GAP), y + row * (CARD_H + GAP), marked=i in marked)
    return y + max(1, -(-len(cards) // PER_ROW)) * (CARD_H + GAP)


def _minis(image: Image.Image, cards: Sequence[Card], x: float, y: float) -> float:
    per_row = grid(len(cards), MINI_W, GAP, WIDTH - MARGIN - x)
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        draw_mini(image, card, x + col * (MINI_W + GAP), y + row * (MINI_H + GAP))
    return y + max(1, -(-len(cards) // per_row)) * (MINI_H + GAP)


def _paragraph(
    draw: ImageDraw.ImageDraw, y: float, content: str, size: int, fill: Colour, bold: bool = False, x: float = MARGIN
) -> float:
    for line in wrap(content, size, WIDTH - MARGIN - x, bold, max_lines=4):
        text(draw, (x, y), line, size, fill, bold=bold)
        y += line_height(size)
    return y


def _ordinal(place: int) -> str:
    return f"{place}{'th' if 10 <= place % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th')}"


# -- the table -----------------------------------------------------------------------------------------
@deck_pictures
@fitted
def table_picture(view: GinJonTanView, *, names: Sequence[str]) -> bytes:
    """The public table: what is happening, the duel that just happened or the evaluation, then a
    panel per player in turn order with the score (exact), the counts of their cards and the
    reserve cards they turned."""
    image, draw = canvas(TABLE, TALL)
    if view.outcome is not None:
        title = f"Gin-jon-tan · game over after {plural(view.rounds, 'round')}"
    else:
        title = f"Gin-jon-tan · round {view.round_no} of {view.rounds}"
    text(draw, (MARGIN, MARGIN), title, TITLE, GOLD, bold=True, max_width=ROOM)
    y = _paragraph(draw, MARGIN + line_height(TITLE) + 4, _situation(view, names), BODY, WHITE) + 6
    if _shows_evaluation(view):
        y = _evaluation(image, view, names, y)
    elif view.duel is not None and view.phase in ("duel", "exchange"):
        y = _duel(image, view.duel, view.last_clash, names, y)
    y = _panels(image, view, names, y + 4)
    return to_png(cut(image, int(y) + MARGIN))


def _situation(view: GinJonTanView, names: Sequence[str]) -> str:
    """What is going on, in a sentence or two."""
    phase = view.phase
    if view.outcome is not None:
        winners = view.outcome.winners
        best = view.outcome.points[winners[0]] if winners else 0
        who = " and ".join(names[s] for s in winners)
        others = [p for s, p in enumerate(view.outcome.points) if s not in winners]
        lead = f", ahead by {amount(best - max(others))}" if others else ""
        return f"{who} {'win' if len(winners) > 1 else 'wins'} with {amount(best)} points{lead}."
    waiting = ", ".join(names[s] for s in view.waiting_on)
    if phase == "swap":
        return (
            "Cards dealt: 9 in hand, 9 in reserve, 15 in the draw pile. In secret, each may swap hand and "
            f"reserve. Waiting on {waiting}."
        )
    if phase == "activate":
        return f"Everyone sets aside 3 active cards in secret. Waiting on {waiting}."
    if phase == "duel" and view.duel is not None:
        duel = view.duel
        return f"Duel {duel.number} of {duel.total}: {names[duel.starter]} (starter) against {names[duel.defender]}."
    if phase == "exchange":
        return (
            f"All duels are done. In secret, each may exchange up to 9 cards with their reserve. Waiting on {waiting}."
        )
    if phase == "trim":
        return f"Reserves back to 9: the players over 9 choose what goes to the draw pile. Waiting on {waiting}."
    if phase == "combine":
        turn = min(view.combination_turn + 1, view.combination_turns)
        return (
            f"Combination round, turn {turn} of at most {view.combination_turns}. {waiting}'s turn: say "
            "Gin jon tan!, exchange 1–3 cards with the reserve, or take cards from another player."
        )
    return f"Evaluation in turn order: reveal the hand or say Kat oh! {waiting} decides."


def _shows_evaluation(view: GinJonTanView) -> bool:
    """The evaluation is shown while it runs, at the game's end, and while the next round's swap is chosen."""
    return bool(view.evaluation) and view.phase in ("evaluate", "over", "swap")


# -- the duel --------------------------------------------------------------------------------------------
def _duel(image: Image.Image, duel: DuelView, last_clash: Clash | None, names: Sequence[str], y: float) -> float:
    """The clash that just happened with its sentence, then both sides' unfolded cards and every clash."""
    draw = ImageDraw.Draw(image)
    latest = duel.clashes[-1] if duel.clashes else last_clash
    if latest is not None:
        y = _clash_banner(image, latest, names, y, earlier=not duel.clashes)
    label = f"Duel {min(duel.number, duel.total)} of {duel.total}" + (" · over" if duel.over else "")
    text(draw, (MARGIN, y), label, SMALL, MUTED, bold=True)
    y += line_height(SMALL) + 2
    for seat, role in ((duel.starter, "starter"), (duel.defender, "defender")):
        y = _duel_side(image, duel, seat, role, names, y, latest if duel.clashes else None)
    for i, clash in enumerate(duel.clashes, 1):
        line = f"{i}. {clash.sentence}: {names[clash.winner_seat]} scores {amount(clash.points)}"
        y = _paragraph(draw, y, line, SMALL, WHITE)
    if duel.over and not duel.clashes:
        y = _paragraph(draw, y, "No card could beat another: no clash in this duel.", SMALL, MUTED)
    return y + 6


def _clash_banner(image: Image.Image, clash: Clash, names: Sequence[str], y: float, earlier: bool) -> float:
    """``Water quenches Fire`` big, the two cards with an arrow between them, and who scored what."""
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + CARD_H + 62), radius=10, fill=PANEL)
    heading = "The last clash" if earlier else "The clash that just happened"
    text(draw, (MARGIN + 10, y + 6), heading, SMALL, MUTED)
    text(draw, (MARGIN + 10, y + 24), clash.sentence, TITLE + 2, GOLD, bold=True, max_width=ROOM - 20)
    top = y + 54
    draw_card(image, clash.winner.card, MARGIN + 10, top, marked=True)
    draw_card(image, clash.loser.card, MARGIN + 10 + CARD_W + 38, top)
    ax = MARGIN + 10 + CARD_W + 6
    draw.polygon(
        [
            (ax, top + 40),
            (ax + 18, top + 40),
            (ax + 18, top + 32),
            (ax + 28, top + 50),
            (ax + 18, top + 68),
            (ax + 18, top + 60),
            (ax, top + 60),
        ],
        fill=GOLD,
    )
    left = MARGIN + 10 + 2 * CARD_W + 48
    ty = _paragraph(draw, top, f"{names[clash.winner_seat]} scores", BODY, WHITE, x=left)
    ty = _paragraph(draw, ty, amount(clash.points, signed=True), TITLE, GOLD, bold=True, x=left)
    parts = [f"{amount(clash.winner.card.value)} + {amount(clash.loser.card.value)}"]
    for seat, held, acts in (
        (clash.winner_seat, clash.winner, clash.winner_as),
        (clash.loser_seat, clash.loser, clash.loser_as),
    ):
        if acts != held.card.symbol:
            parts.append(f"{names[seat]}'s Universal acts as {acts}")
    if clash.black_hole:
        parts.append("The Black hole empties reserves into draw piles.")
    for part in parts:
        ty = _paragraph(draw, ty, part, SMALL, MUTED, x=left)
    return max(y + CARD_H + 62, ty) + 8


def _duel_side(
    image: Image.Image,
    duel: DuelView,
    seat: int,
    role: str,
    names: Sequence[str],
    y: float,
    latest: Clash | None,
) -> float:
    """One side of a duel: name and role on the left, the unfolded cards (spent ones grey) on the right."""
    draw = ImageDraw.Draw(image)
    cards = [c for c in duel.cards if c.seat == seat]
    x0 = WIDTH - MARGIN - 3 * CARD_W - 2 * GAP
    text(draw, (MARGIN, y + 4), names[seat], BODY, WHITE, bold=True, max_width=x0 - MARGIN - 6)
    ly = _paragraph(draw, y + 4 + line_height(BODY), role, SMALL, MUTED)
    if duel.to_act == seat:
        text(draw, (MARGIN, ly), "▶ to clash", SMALL, GOLD, bold=True)
        ly += line_height(SMALL)
    won = sum(c.points for c in duel.clashes if c.winner_seat == seat)
    if won:
        _paragraph(draw, ly, f"won {amount(won)}", SMALL, WHITE, x=MARGIN)
    if not cards:
        text(draw, (x0, y + 20), "nothing unfolded yet", SMALL, MUTED)
        return y + 60
    for i, one in enumerate(cards):
        x = x0 + i * (CARD_W + GAP)
        in_latest = latest is not None and one.held.id in (latest.winner.id, latest.loser.id)
        draw_card(image, one.held.card, x, y, marked=in_latest, spent=one.spent)
        text(
            draw,
            (x + CARD_W / 2, y + CARD_H + 1),
            "spent" if one.spent else "unspent",
            SMALL,
            MUTED if one.spent else WHITE,
            anchor="ma",
        )
        if one.declared:
            text(
                draw,
                (x + CARD_W / 2, y + CARD_H + 1 + line_height(SMALL)),
                f"as {one.declared}",
                SMALL,
                GOLD,
                anchor="ma",
                bold=True,
                max_width=CARD_W + GAP,
            )
    lines = 2 if any(c.declared for c in cards) else 1
    return y + CARD_H + 4 + lines * line_height(SMALL) + 4


# -- the evaluation ------------------------------------------------------------------------------------------
def _evaluation(image: Image.Image, view: GinJonTanView, names: Sequence[str], y: float) -> float:
    """Each seat's part: Kat oh!, Defeat, or the revealed hand with its best combination (big cards,
    gold border) and the rest of the hand small; the value and what it did to the score."""
    draw = ImageDraw.Draw(image)
    round_no = view.round_no - 1 if view.phase == "swap" else view.round_no
    text(draw, (MARGIN, y), f"Round {round_no}: the evaluation", BODY, GOLD, bold=True)
    y += line_height(BODY) + 4
    for entry in view.evaluation:
        y = _entry(image, entry, view, names, y) + 6
    return y


def _entry(image: Image.Image, entry: EvaluationEntry, view: GinJonTanView, names: Sequence[str], y: float) -> float:
    draw = ImageDraw.Draw(image)
    top = y
    result, colour = _entry_result(entry, view)
    result_w = text_width(result, BODY, bold=True)
    x1 = WIDTH - MARGIN
    text(draw, (x1, y + 6), result, BODY, colour, anchor="ra", bold=True)
    text(draw, (MARGIN, y + 6), names[entry.seat], BODY, WHITE, bold=True, max_width=ROOM - result_w - 12)
    y += 6 + line_height(BODY)
    evaluation = entry.evaluation
    if entry.action == "reveal" and evaluation is not None:
        words = f"{evaluation.label[:1].upper()}{evaluation.label[1:]}: worth {amount(evaluation.value)}"
        if entry.defeat:
            words += ". Defeat: back to the round's starting score"
        elif entry.place == 1:
            words += ", added to the score"
        elif entry.delta is not None:
            words += f"; the score loses {(entry.place or 2) - 1}× that: {amount(entry.delta)}"
        y = _paragraph(draw, y, words, SMALL, MUTED if entry.defeat else WHITE)
        best = set(evaluation.members) | set(evaluation.bonuses)
        big = [i for i, held in enumerate(entry.cards) if i in best or held.card.symbol == "Defeat"]
        rest = [held.card for i, held in enumerate(entry.cards) if i not in big]
        y += 4
        if big:
            y = _cards_at(image, [entry.cards[i] for i in big], MARGIN, y, marked=[i in best for i in big])
        if rest:
            y = _minis(image, rest, MARGIN, y)
    elif entry.action == "kat_oh":
        y = _paragraph(draw, y, "Gave up this round: keeps the score, shows nothing.", SMALL, MUTED)
    else:
        y = _paragraph(draw, y, "Still to decide: reveal or Kat oh!", SMALL, MUTED)
    draw.line((MARGIN / 2, top + 4, MARGIN / 2, y - 4), fill=colour, width=3)
    return y


def _entry_result(entry: EvaluationEntry, view: GinJonTanView) -> tuple[str, Colour]:
    if entry.action == "kat_oh":
        return "Kat oh!", MUTED
    if entry.action != "reveal":
        return "to decide", MUTED
    if entry.defeat:
        return "Defeat", LOST
    if entry.place is None:
        return "revealed", WHITE
    return f"{_ordinal(entry.place)} place", GOLD if entry.place == 1 else WHITE


def _cards_at(image: Image.Image, cards: Sequence[HeldCard], x: float, y: float, *, marked: Sequence[bool]) -> float:
    per_row = grid(len(cards), CARD_W, GAP, WIDTH - MARGIN - x)
    for i, held in enumerate(cards):
        row, col = divmod(i, per_row)
        draw_card(image, held.card, x + col * (CARD_W + GAP), y + row * (CARD_H + GAP), marked=marked[i])
    return y + max(1, -(-len(cards) // per_row)) * (CARD_H + GAP)


# -- the players ---------------------------------------------------------------------------------------------
def _panels(image: Image.Image, view: GinJonTanView, names: Sequence[str], y: float) -> float:
    """A panel per player in turn order (seat order before it is known): order, name, exact score,
    what they hold as counts, the reserve cards they turned, and their state."""
    draw = ImageDraw.Draw(image)
    if view.outcome is not None:
        places = view.outcome.places
        for seat in sorted(range(view.num_players), key=lambda s: (places[s], s)):
            y = _panel(image, view, names, seat, places[seat], y) + 6
        return y
    order = list(view.turn_order) or list(range(view.num_players))
    if view.turn_order:
        y = _paragraph(draw, y, "Turn order, from the reserve cards each turned face up:", SMALL, MUTED)
    for position, seat in enumerate(order, 1):
        y = _panel(image, view, names, seat, position if view.turn_order else None, y) + 6
    return y


def _panel(
    image: Image.Image, view: GinJonTanView, names: Sequence[str], seat: int, position: int | None, y: float
) -> float:
    draw = ImageDraw.Draw(image)
    word = _active_word(view, seat)
    x0, x1 = MARGIN, WIDTH - MARGIN
    turned = [held.card for held in view.turned[seat]] if view.turned and view.outcome is None else []
    chips_w = len(turned) * (MINI_W + GAP)
    left = x0 + 12
    badge = ""
    if position is not None:
        badge = _ordinal(position)
    score = view.outcome.points[seat] if view.outcome is not None else view.scores[seat]
    # Measure first (a panel grows for a long score or many facts), then draw.
    lines = _panel_facts(view, seat)
    name_room = x1 - left - 12 - (active_tab_width(word) if word else 0)
    score_room = x1 - left - 12 - chips_w
    height = _panel_height(score, score_room, lines, x1 - left - 12 - chips_w)
    height = max(height, MINI_H + 16 + (SMALL + 10 if word else 0) if turned else 0)
    seat_panel(draw, (x0, y, x1, y + height), active_word=word, fill=PANEL)
    ty = y + 8
    bw = text(draw, (left, ty + 1), badge, SMALL, GOLD, bold=True) + 8 if badge else 0
    text(draw, (left + bw, ty), names[seat], BODY, WHITE, bold=True, max_width=name_room - bw)
    ty += line_height(BODY) + 2
    ty = draw_amount(draw, left, ty, score, SCORE, GOLD, score_room)
    for line in wrap(" · ".join(lines), SMALL, x1 - left - 12 - chips_w, max_lines=3):
        text(draw, (left, ty), line, SMALL, MUTED)
        ty += line_height(SMALL)
    cy = y + height - MINI_H - 8
    for i, card in enumerate(turned):
        draw_mini(image, card, x1 - 10 - (len(turned) - i) * (MINI_W + GAP) + GAP, cy)
    return y + height


def _panel_height(score: int, score_room: float, facts: list[str], facts_room: float) -> float:
    score_lines = line_height(SCORE)
    if text_width(amount(score), SCORE, bold=True) > score_room:
        score_lines += len(_exact_lines(score, score_room)) * line_height(SMALL)
    fact_lines = len(wrap(" · ".join(facts), SMALL, facts_room, max_lines=3)) if facts else 0
    return 8 + line_height(BODY) + 2 + score_lines + fact_lines * line_height(SMALL) + 8


def _panel_facts(view: GinJonTanView, seat: int) -> list[str]:
    if view.outcome is not None:
        place = view.outcome.places[seat]
        return ["WINNER" if place == 1 else f"{_ordinal(place)} place"]
    facts = [
        f"hand {view.hand_sizes[seat]}",
        f"reserve {view.reserve_sizes[seat]}",
        f"draw pile {view.pile_sizes[seat]}",
    ]
    if view.active_sizes[seat]:
        facts.append(f"{view.active_sizes[seat]} active, face down")
    gained = view.scores[seat] - view.round_start_scores[seat]
    if gained:
        facts.append(f"this round {amount(gained, signed=True)}")
    if seat in view.swapped:
        facts.append("swapped hand and reserve")
    if view.phase in ("swap", "activate", "exchange", "trim") and seat in view.decided:
        facts.append("has chosen")
    if view.phase == "combine" and seat in view.satisfied:
        facts.append("Gin jon tan!")
    return facts


def _active_word(view: GinJonTanView, seat: int) -> str | None:
    if view.outcome is not None or seat not in view.waiting_on:
        return None
    if view.phase in ("swap", "activate", "exchange", "trim"):
        return "to choose"
    if view.phase == "duel" and view.duel is not None and view.duel.to_act == seat:
        return "to clash"
    return "to decide" if view.phase == "evaluate" else "to act"


# -- one seat's cards ---------------------------------------------------------------------------------------
@deck_pictures
@fitted
def hand_picture(view: GinJonTanView, *, names: Sequence[str], owner: str | None = None) -> bytes:
    """The seat's own cards: the decision in words, the duel the seat is fighting (public), the hand
    (its best combination marked, with its value), the active cards set aside, the reserve."""
    seat = view.seat if view.seat is not None else 0
    image, draw = canvas(TABLE, TALL)
    whose = f"{owner}'s cards" if owner else "Your cards"
    text(draw, (MARGIN, MARGIN), f"{whose} · round {view.round_no} of {view.rounds}", TITLE, GOLD, bold=True)
    y: float = MARGIN + line_height(TITLE) + 4
    text(draw, (MARGIN, y), names[seat], BODY, WHITE, bold=True, max_width=ROOM)
    y += line_height(BODY)
    text(draw, (MARGIN, y), "Score", BODY, MUTED)
    y = draw_amount(draw, MARGIN + text_width("Score ", BODY), y, view.scores[seat], BODY, GOLD, ROOM - 60)
    y = _paragraph(draw, y + 2, _decision_words(view, names), BODY, WHITE if view.decisions else MUTED) + 6
    duel = view.duel
    if duel is not None and view.phase == "duel" and seat in (duel.starter, duel.defender) and not duel.over:
        y = _section(draw, "Your duel, face up for everyone", y)
        y = _duel(image, duel, None, names, y)
    evaluation = view.hand_evaluation
    heading = f"Hand · {plural(len(view.hand), 'card')}"
    y = _section(draw, heading, y)
    if evaluation is not None and view.hand:
        best = f"{evaluation.label[:1].upper()}{evaluation.label[1:]}: worth {amount(evaluation.value)}"
        y = _paragraph(draw, y, best + (" (gold border)" if evaluation.members else ""), SMALL, WHITE)
        y += 2
    marked = (*evaluation.members, *evaluation.bonuses) if evaluation is not None else ()
    y = _cards(image, view.hand, y, marked) if view.hand else _paragraph(draw, y, "No cards in hand.", SMALL, MUTED)
    if view.active:
        y = _section(draw, f"Active cards, set aside in secret · {len(view.active)}", y + 4)
        y = _cards(image, view.active, y)
    y = _section(draw, f"Reserve · {plural(len(view.reserve), 'card')} · only you see it", y + 4)
    y = _cards(image, view.reserve, y) if view.reserve else _paragraph(draw, y, "Empty.", SMALL, MUTED)
    draw_pile = view.pile_sizes[seat] if view.pile_sizes else 0
    y = _paragraph(draw, y + 2, f"Draw pile: {plural(draw_pile, 'card')}, face down.", SMALL, MUTED)
    return to_png(cut(image, int(y) + MARGIN))


def _decision_words(view: GinJonTanView, names: Sequence[str]) -> str:
    """What this seat must decide now, in one sentence with the players' names."""
    kinds = {decision.kind for decision in view.decisions}
    if not kinds:
        return "The game is over." if view.outcome is not None else "Nothing to decide right now."
    if "swap" in kinds:
        return "Swap your whole hand with your whole reserve, or keep it: in secret."
    if "declare" in kinds:
        return "Declare the symbol your Universal acts as in this duel."
    if "reveal" in kinds:
        return "Evaluation: reveal your hand, or say Kat oh! to give up this round safely."
    if "gin" in kinds and len(kinds) > 1:
        return "Your turn: say Gin jon tan!, exchange 1–3 cards with your reserve, or ask another player."
    if "gin" in kinds:
        return "Your turn: you said Gin jon tan! and may only say it again until someone asks you."
    return " ".join(name_seats(decision.prompt, names) for decision in view.decisions)


def _section(draw: ImageDraw.ImageDraw, heading: str, y: float) -> float:
    text(draw, (MARGIN, y), heading, BODY, GOLD, bold=True, max_width=ROOM)
    return y + line_height(BODY) + 2


# -- the clash table (/rules) -----------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def rules_picture() -> bytes:
    """Which symbol beats which, with each symbol's value and motif; the colours and their multipliers."""
    row_h = 30
    image, draw = new_canvas(WIDTH, 1400, TABLE)
    text(draw, (MARGIN, MARGIN), "Gin-jon-tan: the clash table", TITLE, GOLD, bold=True)
    y = _paragraph(
        draw,
        MARGIN + line_height(TITLE) + 4,
        "Each symbol beats the two on its right. A card's value v = symbol value × number × colour multiplier.",
        SMALL,
        MUTED,
    )
    y += 4
    swatch_w = (ROOM - 6 * GAP) / 7
    for i, colour in enumerate(COLOURS):
        x = MARGIN + i * (swatch_w + GAP)
        band, ink = BANDS[colour]
        draw.rounded_rectangle((x, y, x + swatch_w, y + 40), radius=5, fill=band, outline=INK)
        text(draw, (x + swatch_w / 2, y + 3), colour[0], SMALL, ink, anchor="ma", bold=True)
        text(draw, (x + swatch_w / 2, y + 20), f"×{MULTIPLIER[colour]}", SMALL, ink, anchor="ma", bold=True)
    y += 48
    name_x, value_x, beats_x = MARGIN + 30, MARGIN + 148, MARGIN + 196
    column = (WIDTH - MARGIN - beats_x) / 2
    text(draw, (name_x, y), "symbol", SMALL, MUTED)
    text(draw, (value_x + 28, y), "value", SMALL, MUTED, anchor="ra")
    text(draw, (beats_x, y), "beats", SMALL, MUTED)
    y += line_height(SMALL) + 2
    for index, (symbol, _, _) in enumerate(SYMBOLS):
        if index % 2 == 0:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + row_h), fill=PANEL)
        cy = y + row_h / 2
        bg = PANEL if index % 2 == 0 else TABLE
        symbol_motif(draw, symbol, MARGIN + 14, cy, 20, fill=WHITE, bg=bg)
        text(draw, (name_x, cy), symbol, SMALL, WHITE, anchor="lm", bold=True)
        text(draw, (value_x + 28, cy), str(SYMBOL_VALUE[symbol]), SMALL, GOLD, anchor="rm", bold=True)
        losers = sorted(BEATS.get(symbol, ()), key=lambda s: [n for n, _, _ in SYMBOLS].index(s))
        if losers:
            for j, loser in enumerate(losers):
                x = beats_x + j * column
                symbol_motif(draw, loser, x + 10, cy, 18, fill=WHITE, bg=bg)
                text(draw, (x + 24, cy), loser, SMALL, WHITE, anchor="lm", max_width=column - 26)
        else:
            text(draw, (beats_x, cy), _SPECIAL[symbol], SMALL, MUTED, anchor="lm", max_width=WIDTH - MARGIN - beats_x)
        y += row_h
    y = _paragraph(
        draw,
        y + 8,
        "When a Black hole wins a clash, the opponents' reserves go into their draw piles. "
        "Bonus and Defeat never clash; Defeat revealed at the evaluation loses the round.",
        SMALL,
        MUTED,
    )
    return to_png(image.crop((0, 0, WIDTH, int(y) + MARGIN)))


_SPECIAL = {
    "Black hole": "every card, a Black hole too",
    "Universal": "as the symbol it is declared",
    "Bonus": "nothing (triples a hand)",
    "Defeat": "nothing (v is always 0)",
}
