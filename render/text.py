"""Text in every picture: the shipped fonts, a fallback font per character, fitting to a width.

Names on Discord hold accents, Cyrillic, Greek, CJK and emoji. Each character is drawn with
the first shipped font that has a glyph for it (DejaVu Sans, then Droid Sans Fallback for
CJK, then Symbola for emoji and symbols); a character that no font has is drawn as ``?``,
never as a box. The fonts live in ``render/fonts/`` (package data): no system font, no network.

Use :func:`draw_text` for every line of a picture and give it ``max_width`` where the text
may be long (a name): it is cut with an ellipsis so that it never runs into its neighbour.
Every call is noted in :func:`recording`, so tests can check the sizes a picture uses.

>>> fit("Bartholomew the Magnificent", 16, 120)
'Bartholome…'
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

Colour = tuple[int, int, int]

FONT_DIR = Path(__file__).parent / "fonts"
#: Fallback order: the first font with a glyph for a character draws it.
REGULAR = ("DejaVuSans.ttf", "DroidSansFallback-CJK.ttf", "Symbola-Emoji.ttf")
BOLD = ("DejaVuSans-Bold.ttf", "DroidSansFallback-CJK.ttf", "Symbola-Emoji.ttf")
ELLIPSIS = "…"
MISSING = "?"
#: Characters that shape emoji sequences but draw nothing on their own (we draw each emoji alone).
_INVISIBLE = {0x200D, 0xFE0E, 0xFE0F, 0x20E3, *range(0x1F3FB, 0x1F400), *range(0xE0020, 0xE0080)}

#: Discord shows a picture about 400 px wide on a phone; text that matters must be this tall there.
PHONE_WIDTH = 400
MIN_PHONE_PX = 11.0


def phone_px(size: float, picture_width: int) -> float:
    """How tall text of ``size`` pixels looks when the picture is shown 400 px wide."""
    return size * PHONE_WIDTH / max(picture_width, PHONE_WIDTH)


def min_size(picture_width: int) -> int:
    """The smallest font size that still reads at 11 px on a phone in a picture this wide."""
    size = 1
    while phone_px(size, picture_width) < MIN_PHONE_PX:
        size += 1
    return size


@lru_cache(maxsize=128)
def font(size: int, file: str = REGULAR[0]) -> ImageFont.FreeTypeFont:
    """One shipped font at ``size`` pixels (cached)."""
    return ImageFont.truetype(str(FONT_DIR / file), size)


@lru_cache(maxsize=8)
def _notdef(file: str) -> tuple[tuple[int, int], bytes]:
    """The missing-glyph rendering of a font: what it draws for a character it lacks."""
    return _mask(file, "\U0010fffd")


def _mask(file: str, char: str) -> tuple[tuple[int, int], bytes]:
    mask = font(24, file).getmask(char)
    return mask.size, bytes(mask)


@lru_cache(maxsize=65536)
def has_glyph(file: str, char: str) -> bool:
    """Whether ``file`` draws ``char`` with a glyph of its own (not its missing-glyph box)."""
    if char.isspace():
        return True
    drawn = _mask(file, char)
    return drawn != _notdef(file) and any(drawn[1])


def clean(content: str) -> str:
    """Composed characters (NFC), no control characters, no emoji joiners or modifiers."""
    kept = []
    for char in unicodedata.normalize("NFC", content):
        if ord(char) in _INVISIBLE or unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            continue
        kept.append(char)
    return "".join(kept)


@lru_cache(maxsize=4096)
def font_for(char: str, bold: bool = False) -> str:
    """The file of the first font that has ``char``; a combining mark stays with its letter."""
    for file in BOLD if bold else REGULAR:
        if has_glyph(file, char):
            return file
    return ""


@lru_cache(maxsize=16384)
def runs(content: str, bold: bool = False) -> tuple[tuple[str, str], ...]:
    """``content`` split into (font file, text) runs; characters no font has become ``?``.

    Cached, like the widths and stamps below: the same words come back in every picture."""
    result: list[tuple[str, str]] = []
    for char in clean(content):
        file = font_for(char, bold)
        if unicodedata.combining(char) and result:
            file = result[-1][0]
        elif not file:
            char, file = MISSING, font_for(MISSING, bold)
        if result and result[-1][0] == file:
            result[-1] = (file, result[-1][1] + char)
        else:
            result.append((file, char))
    return tuple(result)


@lru_cache(maxsize=16384)
def width(content: str, size: int, bold: bool = False) -> float:
    """The drawn width of ``content`` in pixels."""
    return sum(_length(file, size, part) for file, part in runs(content, bold))


@lru_cache(maxsize=16384)
def _length(file: str, size: int, part: str) -> float:
    """The advance of one run of one font."""
    return font(size, file).getlength(part)


@lru_cache(maxsize=8192)
def fit(content: str, size: int, max_width: float, bold: bool = False) -> str:
    """``content`` as drawn, cut with an ellipsis so that it is at most ``max_width`` wide."""
    content = clean(content)
    if width(content, size, bold) <= max_width:
        return content
    low, high = 0, len(content)
    while low < high:  # the longest cut that still fits with its ellipsis
        middle = (low + high + 1) // 2
        if width(content[:middle].rstrip() + ELLIPSIS, size, bold) <= max_width:
            low = middle
        else:
            high = middle - 1
    return content[:low].rstrip() + ELLIPSIS if low else ELLIPSIS


def wrap(content: str, size: int, max_width: float, bold: bool = False, max_lines: int = 3) -> list[str]:
    """Words on lines no wider than ``max_width``; the last line is cut with an ellipsis."""
    lines: list[str] = []
    line = ""
    for word in clean(content).split():
        candidate = f"{line} {word}" if line else word
        if not line or width(candidate, size, bold) <= max_width:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
    return [fit(one, size, max_width, bold) for one in lines]


# -- what a picture drew, for tests ----------------------------------------------------------------
@dataclass(frozen=True)
class Drawn:
    """One line of text as drawn: for tests of sizes and glyphs."""

    content: str
    size: int
    picture_width: int
    bold: bool


_records: list[list[Drawn]] = []


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Note every line of text drawn inside the ``with`` block."""
    found: list[Drawn] = []
    _records.append(found)
    try:
        yield found
    finally:
        _records.remove(found)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    content: str,
    size: int,
    fill: Colour,
    *,
    anchor: str = "la",
    bold: bool = False,
    max_width: float | None = None,
) -> float:
    """Draw one line with per-character font fallback; return its width.

    ``anchor`` is Pillow's two letters: ``l m r`` across, ``a t m s d b`` down (top, top,
    middle, baseline, bottom, bottom), measured on the main font so that mixed scripts
    share one baseline. With ``max_width`` the text is cut with an ellipsis to fit.
    """
    if max_width is not None:
        content = fit(content, size, max_width, bold)
    parts = runs(content, bold)
    total = width(content, size, bold)
    for found in _records:
        found.append(Drawn(content, size, draw.im.size[0], bold))
    ascent, descent = font(size, BOLD[0] if bold else REGULAR[0]).getmetrics()
    x, y = xy
    x -= {"l": 0.0, "m": total / 2, "r": total}[anchor[0]]
    baseline = {"a": y + ascent, "t": y + ascent, "m": y + (ascent - descent) / 2, "s": y}.get(anchor[1], y - descent)
    for file, part in parts:
        _stamp_text(draw, x, baseline, file, size, part, fill)
        x += _length(file, size, part)
    return total


#: Sub-pixel positions a stamp is kept for: a quarter of a pixel each way is finer than the eye.
_STEPS = 4


def _stamp_text(
    draw: ImageDraw.ImageDraw, x: float, baseline: float, file: str, size: int, part: str, fill: Colour
) -> None:
    """Draw ``part`` with its left end on the baseline at (x, baseline), from a cached stamp.

    The same words (names, labels, card ranks, scores) come back in every picture, and
    rasterising them is most of what a picture costs, so each is rasterised once and then
    stamped: the drawing is the one ``ImageDraw.text`` makes at that quarter pixel.
    """
    column, row = math.floor(x), math.floor(baseline)
    dx = math.floor((x - column) * _STEPS) / _STEPS
    dy = math.floor((baseline - row) * _STEPS) / _STEPS
    mask, (left, top) = _stamp(file, size, part, dx, dy)
    if mask.width and mask.height:
        draw.bitmap((column + left, row + top), mask, fill=fill)


@lru_cache(maxsize=16384)
def _stamp(file: str, size: int, part: str, dx: float, dy: float) -> tuple[Image.Image, tuple[int, int]]:
    """The anti-aliased mask of ``part`` drawn at sub-pixel offset (dx, dy), and where it goes."""
    core, offset = font(size, file).getmask2(part, "L", anchor="ls", start=(dx, dy))
    return Image.frombytes("L", core.size, bytes(core)), offset


def line_height(size: int) -> int:
    """The distance between two lines of ``size`` pixels."""
    return round(size * 1.25)
