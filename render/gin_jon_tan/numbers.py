"""Gin-jon-tan's numbers of any size: exact where they fit, in words where they do not."""

from __future__ import annotations

from PIL import ImageDraw

from render.common import (
    SMALL,
    WHITE,
    Colour,
    text,
)
from render.gin_jon_tan.look import text_width
from render.numbers import number_words
from render.text import line_height


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
