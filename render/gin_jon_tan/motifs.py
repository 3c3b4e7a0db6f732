"""Gin-jon-tan's 27 symbols as drawn motifs: one small vector shape each, no font glyphs."""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from render.common import (
    INK,
    PAPER,
    Colour,
    regular_polygon,
    suit_shape,
)


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
