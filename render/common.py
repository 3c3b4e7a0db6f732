"""Drawing helpers every picture shares: fonts, colours, card boxes, suit shapes, PNG.

Text goes through :mod:`render.text` (the shipped fonts, with a fallback per character),
and suits are shapes drawn here, so pictures look the same on every machine with no
system fonts. Everything in render/ is a pure function of the view it is given.
"""

from __future__ import annotations

import io
import math

from PIL import Image, ImageDraw

from render import text as _text

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

#: Discord shows images about 400–550 px wide on phones; we draw at this scale.
CARD_W, CARD_H = 72, 104


def new_canvas(width: int, height: int, colour: Colour = FELT) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


def to_png(image: Image.Image) -> bytes:
    """PNG bytes through a fast octree palette: cards have few colours, and it keeps pictures small and quick."""
    buffer = io.BytesIO()
    image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=3
    )
    return buffer.getvalue()


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


def suit_shape(
    draw: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, size: float, fill: Colour | None = None
) -> None:
    """Draw a club, diamond, heart or spade (``c d h s``) centred on (cx, cy)."""
    colour = fill or SUIT_COLOURS[suit]
    r = size / 2
    if suit == "d":
        draw.polygon([(cx, cy - r), (cx + r * 0.72, cy), (cx, cy + r), (cx - r * 0.72, cy)], fill=colour)
    elif suit == "h":
        _heart(draw, cx, cy, r, colour)
    elif suit == "s":
        _heart(draw, cx, cy - r * 0.1, r * 0.9, colour, upside_down=True)
        _stem(draw, cx, cy, r, colour)
    elif suit == "c":
        lobe = r * 0.42
        for dx, dy in ((0, -r * 0.45), (-r * 0.48, r * 0.1), (r * 0.48, r * 0.1)):
            draw.ellipse((cx + dx - lobe, cy + dy - lobe, cx + dx + lobe, cy + dy + lobe), fill=colour)
        _stem(draw, cx, cy, r, colour)
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
