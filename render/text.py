"""Text in every picture: the shipped fonts, a fallback font per character, fitting to a width.

Names on Discord hold accents, Cyrillic, Greek, CJK, emoji, and Arabic, Hebrew, the scripts
of India and Sri Lanka (Devanagari, Bengali, Gujarati, Gurmukhi, Tamil, Telugu, Kannada,
Malayalam, Sinhala), of South-East Asia (Thai, Lao, Khmer, Myanmar), Armenian, Georgian or
Ethiopic. Each character is drawn with the first shipped font that has a glyph for it (DejaVu
Sans, then Droid Sans Fallback for CJK, Symbola for emoji and symbols, then Noto Sans for each
of those scripts); a character that no font has is drawn as ``?``, never as a box. The fonts
live in ``render/fonts/`` (package data): no system font, no network.

Consecutive characters of one font form a run, and each run is shaped whole by Pillow's raqm
layout: Arabic letters join, Indic scripts form conjuncts, Khmer and Myanmar stack consonants,
marks sit on their letters. Which runs go right to left, and in what order the runs stand on
the line, is the Unicode bidirectional algorithm of :mod:`render.bidi` (a line with any
left-to-right letter in it stays left to right: the pictures speak English, and names sit
inside their sentences).
A Pillow without raqm still draws everything, letter by letter (unjoined Arabic,
right-to-left runs reversed by hand).

Use :func:`draw_text` for every line of a picture and give it ``max_width`` where the text
may be long (a name): it is cut with an ellipsis so that it never runs into its neighbour.
Every call is noted in :func:`recording`, so tests can check the sizes a picture uses.

>>> fit("Bartholomew the Magnificent", 16, 120)
'Bartholome…'
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from itertools import groupby, pairwise
from operator import itemgetter
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont, features

from render import bidi

Colour = tuple[int, int, int]

FONT_DIR = Path(__file__).parent / "fonts"
#: The scripts that need shaping or run right to left, after the others: they share no letters.
_NOTO = (
    "NotoSansArabicUI",
    "NotoSansHebrew",
    "NotoSansDevanagariUI",
    "NotoSansBengaliUI",
    "NotoSansTamilUI",
    "NotoSansThaiUI",
    "NotoSansGujaratiUI",
    "NotoSansGurmukhiUI",
    "NotoSansTeluguUI",
    "NotoSansKannadaUI",
    "NotoSansMalayalamUI",
    "NotoSansSinhalaUI",
    "NotoSansArmenian",
    "NotoSansGeorgian",
    "NotoSansKhmerUI",
    "NotoSansLaoUI",
    "NotoSansMyanmarUI",
    "NotoSansEthiopic",
)
#: Fallback order: the first font with a glyph for a character draws it.
REGULAR = ("DejaVuSans.ttf", "DroidSansFallback-CJK.ttf", "Symbola-Emoji.ttf", *(f"{n}-Regular.ttf" for n in _NOTO))
BOLD = ("DejaVuSans-Bold.ttf", "DroidSansFallback-CJK.ttf", "Symbola-Emoji.ttf", *(f"{n}-Bold.ttf" for n in _NOTO))
ELLIPSIS = "…"
MISSING = "?"
#: raqm shapes (joins, conjuncts, marks) and lays out right to left; basic layout is the fallback.
LAYOUT = ImageFont.Layout.RAQM if features.check_feature("raqm") else ImageFont.Layout.BASIC
#: Characters that shape emoji sequences but draw nothing on their own (we draw each emoji alone).
_INVISIBLE = {0xFE0E, 0xFE0F, 0x20E3, *range(0x1F3FB, 0x1F400), *range(0xE0020, 0xE0080)}
#: Zero-width non-joiner and joiner: between letters they choose Arabic and Indic forms (kept there).
_JOINERS = "\u200c\u200d"
#: First Strong Isolate and Pop Directional Isolate (:func:`isolate`): kept by :func:`clean`, never drawn.
_ISOLATES = "\u2068\u2069"
#: Signs that join the next consonant into one cluster (a conjunct or a stacked consonant): the
#: viramas of Devanagari to Malayalam and Sinhala's al-lakuna, Khmer's coeng, Myanmar's stacker.
#: (Killers that only end a syllable, such as Tamil's pulli or Myanmar's asat, do not.)
_LINKERS = "\u094d\u09cd\u0a4d\u0acd\u0b4d\u0c4d\u0ccd\u0d4d\u0dca\u17d2\u1039"
#: Thai and Lao vowels written before their consonant, and Malayalam's dot reph (cut only with it).
_LEADING = "\u0e40\u0e41\u0e42\u0e43\u0e44\u0ec0\u0ec1\u0ec2\u0ec3\u0ec4\u0d4e"
#: Brackets that a right-to-left run shows mirrored (raqm mirrors them itself).
_MIRRORED = str.maketrans("()[]{}<>«»‹›", ")(][}{><»«›‹")
#: Where a run is cut into words: at each stretch of spaces (kept, as a piece of its own).
_SPACES = re.compile("( +)")

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


@lru_cache(maxsize=256)
def font(size: int, file: str = REGULAR[0]) -> ImageFont.FreeTypeFont:
    """One shipped font at ``size`` pixels (cached)."""
    return ImageFont.truetype(str(FONT_DIR / file), size, layout_engine=LAYOUT)


def _shapes(file: str, size: int) -> bool:
    """Whether this font is laid out by raqm (shaped, right to left on request)."""
    return font(size, file).layout_engine == ImageFont.Layout.RAQM


@lru_cache(maxsize=32)
def _plain(file: str) -> ImageFont.FreeTypeFont:
    """The font at 24 px in basic layout: it draws a character alone, unshaped.

    Whether a font has a mark is asked of it so: raqm would set a mark the font lacks on a
    dotted circle (if the font has one, as DejaVu does), which looks like a glyph of its own."""
    return ImageFont.truetype(str(FONT_DIR / file), 24, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=64)
def _notdef(file: str, plain: bool = False) -> tuple[tuple[int, int], bytes]:
    """The missing-glyph rendering of a font: what it draws for a character it lacks."""
    return _mask(file, "\U0010fffd", plain)


def _mask(file: str, char: str, plain: bool = False) -> tuple[tuple[int, int], bytes]:
    mask = (_plain(file) if plain else font(24, file)).getmask(char)
    return mask.size, bytes(mask)


@lru_cache(maxsize=65536)
def has_glyph(file: str, char: str) -> bool:
    """Whether ``file`` draws ``char`` with a glyph of its own (not its missing-glyph box).

    Spaces and joiners draw nothing and miss nothing: any font will do for them. A mark is
    looked up unshaped (:func:`_plain`)."""
    if char.isspace() or char in _JOINERS:
        return True
    plain = unicodedata.category(char)[0] == "M"
    drawn = _mask(file, char, plain)
    return drawn != _notdef(file, plain) and any(drawn[1])


@lru_cache(maxsize=64)
def _has_space(file: str) -> bool:
    """Whether ``file`` has a space of its own (a subset may not: it would draw its box)."""
    return not any(_mask(file, " ")[1])


@lru_cache(maxsize=4096)
def _is_mark(char: str) -> bool:
    """A combining mark (accent, vowel sign, virama) or joiner: it belongs to the letter before it."""
    return unicodedata.category(char)[0] == "M" or char in _JOINERS


#: The most stacking marks (accents above or below) one letter keeps. Words of any script need no
#: more (Thai, Hebrew and Devanagari stack two, Burmese and Tibetan three: နို့); a flood of them
#: ("zalgo") would climb out of its row over the rows above and below.
MAX_MARKS = 3


def clean(content: str) -> str:
    """Composed characters (NFC), no control characters, no emoji joiners or modifiers, and at
    most :data:`MAX_MARKS` stacking marks on a letter.

    A zero-width joiner or non-joiner stays where it stands between two letters or marks:
    there it picks an Arabic or Indic letter's form (Persian words need the non-joiner)."""
    if content.isascii() and content.isprintable():  # most names and labels: nothing to do
        return content
    content = unicodedata.normalize("NFC", content)
    kept: list[str] = []
    marks = 0  # stacking marks on the letter before
    for i, char in enumerate(content):
        if ord(char) in _INVISIBLE:
            continue
        category = unicodedata.category(char)
        if category in ("Cc", "Cf", "Cs", "Co", "Cn"):
            joiner = char in _JOINERS and kept and _between_letters(kept[-1], content[i + 1 : i + 2])
            if joiner or char in _ISOLATES:
                kept.append(char)
            continue
        if category in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        kept.append(char)
    return "".join(kept)


def _between_letters(before: str, after: str) -> bool:
    """Whether a joiner between these two characters joins letters (or their marks)."""
    return bool(after) and unicodedata.category(before)[0] in "LM" and unicodedata.category(after)[0] in "LM"


@lru_cache(maxsize=4096)
def font_for(char: str, bold: bool = False) -> str:
    """The file of the first font that has ``char`` ("" if none has it)."""
    for file in BOLD if bold else REGULAR:
        if has_glyph(file, char):
            return file
    return ""


@lru_cache(maxsize=8192)
def _character(char: str, bold: bool) -> tuple[str, bool, bool]:
    """What :func:`_fonted` asks of each character (cached): its font, whether it is a mark,
    whether it may run right to left."""
    return font_for(char, bold), _is_mark(char), unicodedata.bidirectional(char) in ("R", "AL", "AN")


def _fonted(content: str, bold: bool) -> tuple[list[tuple[str, str]], bool]:
    """Each character of ``content`` (cleaned) with the font that draws it, ``?`` where none can;
    and whether any of it may run right to left.

    A mark goes with its letter's font when that font has it, so that the two are shaped
    together. Spaces between two characters of one font stay in that font (when it has a
    space): an Arabic or Thai name of several words is then shaped, stamped and measured once.
    """
    result: list[tuple[str, str]] = []
    rtl = False
    for char in clean(content):
        if char in _ISOLATES:
            continue
        file, mark, backwards = _character(char, bold)
        if mark and result and has_glyph(result[-1][1], char):
            file = result[-1][1]
        elif not file:
            char, file, backwards = MISSING, font_for(MISSING, bold), False
        rtl = rtl or backwards
        result.append((char, file))
    if len({file for _, file in result}) > 1:
        after, following = "", [""] * len(result)  # the font of the next character that is not a space
        for i in reversed(range(len(result))):
            following[i] = after
            after = after if result[i][0].isspace() else result[i][1]
        before = ""
        for i, (char, file) in enumerate(result):
            if not char.isspace():
                before = file
            elif before == following[i] != file and _has_space(before):
                result[i] = (char, before)
    return result, rtl


_second = itemgetter(1)


def _grouped(chars: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """Characters with their fonts as (font file, text) runs, one per stretch of one font."""
    return tuple((file, "".join(char for char, _ in group)) for file, group in groupby(chars, _second))


@lru_cache(maxsize=16384)
def runs(content: str, bold: bool = False) -> tuple[tuple[str, str], ...]:
    """``content`` split into (font file, text) runs in logical order; characters no font has become ``?``.

    Cached, like the widths and stamps below: the same words come back in every picture."""
    return _grouped(_fonted(content, bold)[0])


def isolate(name: str) -> str:
    """A name set apart from the line around it (Unicode's First Strong Isolate), as HTML's ``<bdi>``:
    "Tricks: Zoë 0 · محمد 0" keeps each number beside its own name, whatever the name's script."""
    return f"{bidi.FSI}{name}{bidi.PDI}"


@lru_cache(maxsize=16384)
def _visual(content: str, bold: bool = False) -> tuple[tuple[str, str, bool], ...]:
    """``content`` as (font file, text, right to left) runs in the order they stand, left to right.

    A run is one font at one bidi level (:mod:`render.bidi`); each is shaped whole, and a
    right-to-left run is laid out so by raqm. Text with nothing right to left in it (Latin,
    CJK, emoji, Indic, Thai) is :func:`runs` as they are, in their order. Isolated names
    (:func:`isolate`) are laid out on their own."""
    if bidi.FSI in content:
        parts = content.split(bidi.FSI)
        kept = bidi.FSI.join(bidi.PDI.join(clean(piece) for piece in part.split(bidi.PDI)) for part in parts)
        drawn, line_levels = bidi.isolated_levels(kept)
        chars, rtl = _fonted(drawn, bold)
        if len(chars) != len(line_levels):  # cleaning again changed the text: no isolates then
            line_levels = bidi.levels("".join(char for char, _ in chars))
    else:
        chars, rtl = _fonted(content, bold)
        line_levels = ()
    if not rtl:
        return tuple((file, part, False) for file, part in _grouped(chars))
    drawn = "".join(char for char, _ in chars)
    line_levels = line_levels or bidi.levels(drawn)
    levelled = [(char, (file, level)) for (char, file), level in zip(chars, line_levels, strict=True)]
    pieces = [(*key, "".join(char for char, _ in group)) for key, group in groupby(levelled, _second)]
    order = bidi.visual_order([level for _, level, _ in pieces])
    return tuple((pieces[i][0], pieces[i][2], pieces[i][1] % 2 == 1) for i in order)


@lru_cache(maxsize=16384)
def width(content: str, size: int, bold: bool = False) -> float:
    """The drawn width of ``content`` in pixels."""
    return sum(_length(file, size, part, rtl) for file, part, rtl in _visual(content, bold))


def _layout(file: str, size: int, part: str, rtl: bool) -> tuple[str, str | None]:
    """The text and direction to give Pillow for one run.

    raqm is told the run's direction; basic layout cannot be, so a right-to-left run is
    handed over reversed (cluster by cluster, brackets mirrored)."""
    if _shapes(file, size):
        return part, "rtl" if rtl else "ltr"
    if rtl:
        starts = [*_cluster_starts(part), len(part)]
        part = "".join(part[a:b] for a, b in reversed(list(pairwise(starts))))
        part = part.translate(_MIRRORED)
    return part, None


@lru_cache(maxsize=16384)
def _length(file: str, size: int, part: str, rtl: bool = False) -> float:
    """The advance of one run of one font, shaped as it is drawn (word by word: :func:`_words`)."""
    words = _words(part, rtl)
    if len(words) > 1:
        return sum(_length(file, size, word) for word in words)
    laid, direction = _layout(file, size, part, rtl)
    return font(size, file).getlength(laid, direction=direction)


def _words(part: str, rtl: bool) -> list[str]:
    """A left-to-right run as its words and the spaces between them (each kept on its own).

    A run is drawn and measured word by word: the same words come back in every picture, in
    lines that are new each time (a sentence with a score in it, a name in a paragraph), so
    each word is rasterised once and stamped wherever it stands. No shaping reaches across a
    space, so the words' advances add up to the line's. A right-to-left run stays whole."""
    if rtl or " " not in part:
        return [part]
    return [word for word in _SPACES.split(part) if word]


def _cluster_starts(content: str) -> list[int]:
    """Where each cluster of ``content`` starts: a letter with its marks, joiners and conjunct.

    Text is only ever cut here (:func:`fit`): a cut between a letter and its vowel sign, or
    inside a conjunct (consonant, virama, consonant), would draw a broken cluster."""
    if content.isascii():
        return list(range(len(content)))
    starts, linked = [], False  # linked: the next letter belongs to this cluster
    for i, char in enumerate(content):
        if i and (_is_mark(char) or char in "\u0e33\u0eb3"):  # and Thai, Lao sara am (spacing marks)
            linked = char in _LINKERS or (linked and char in _JOINERS)
            continue
        if not (linked and unicodedata.category(char) == "Lo"):
            starts.append(i)
        linked = char in _LEADING
    return starts


@lru_cache(maxsize=8192)
def fit(content: str, size: int, max_width: float, bold: bool = False) -> str:
    """``content`` as drawn, cut with an ellipsis so that it is at most ``max_width`` wide.

    The cut falls between clusters (:func:`_cluster_starts`), never inside one."""
    content = clean(content)
    if width(content, size, bold) <= max_width:
        return content
    cuts = _cluster_starts(content)
    low, high = 0, len(cuts) - 1
    while low < high:  # the longest cut that still fits with its ellipsis
        middle = (low + high + 1) // 2
        if width(content[: cuts[middle]].rstrip() + ELLIPSIS, size, bold) <= max_width:
            low = middle
        else:
            high = middle - 1
    return content[: cuts[low]].rstrip() + ELLIPSIS if low else ELLIPSIS


#: Chinese characters and Japanese kana: a line may break between any two of them (no spaces there).
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
#: Marks that never begin a line (they stay with the character before them).
_NO_LINE_START = set("、。，．・：；！？）」』】〕ー々ゃゅょっャュョッ…")


def _pieces(word: str) -> list[str]:
    """Where a word may be cut across lines: whole, or between any two characters of Chinese or
    Japanese (written without spaces), punctuation kept with the character before it."""
    if not _CJK.search(word):
        return [word]
    pieces: list[str] = []
    for char in word:
        if pieces and (
            char in _NO_LINE_START or _is_mark(char) or (not _CJK.match(char) and not _CJK.match(pieces[-1][-1]))
        ):
            pieces[-1] += char
        else:
            pieces.append(char)
    return pieces


def wrap(content: str, size: int, max_width: float, bold: bool = False, max_lines: int = 3) -> list[str]:
    """Words on lines no wider than ``max_width`` (Chinese and Japanese break between characters);
    the last line is cut with an ellipsis."""
    lines: list[str] = []
    line = ""
    for word in clean(content).split():
        for i, piece in enumerate(_pieces(word)):
            candidate = (f"{line} {piece}" if i == 0 else line + piece) if line else piece
            if not line or width(candidate, size, bold) <= max_width:
                line = candidate
            else:
                lines.append(line)
                line = piece
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
    return [fit(one, size, max_width, bold) for one in lines]


def wrap_whole(
    content: str, sizes: tuple[int, ...], max_width: float, bold: bool = False, max_lines: int = 2
) -> tuple[int, list[str]]:
    """The first of ``sizes`` at which ``content`` wraps on at most ``max_lines`` lines with no word
    cut, and those lines; at the last size, whatever :func:`wrap` gives (cut if it must be).

    For a label in a narrow place (beside or on a card): a word longer in the reader's language
    takes a second line, then a smaller size (callers give none under :func:`min_size`).

    >>> wrap_whole("Mucchio 1", (16, 14), 72, bold=True)
    (14, ['Mucchio', '1'])
    """
    for size in sizes:
        lines = wrap(content, size, max_width, bold, max_lines)
        if not any(line.endswith(ELLIPSIS) and not content.endswith(ELLIPSIS) for line in lines):
            return size, lines
    return sizes[-1], lines


def wrap_parts(parts: list[str], size: int, max_width: float, bold: bool = False, max_lines: int = 3) -> list[str]:
    """Facts joined with " · " on lines no wider than ``max_width``, each fact kept whole on one
    line where it fits (a line breaks between facts first, inside one only if it is too long).

    A line of facts ("12 points · 2 in hand · 16 won below") grows in other languages; it takes a
    second line rather than losing its last fact to an ellipsis.

    >>> wrap_parts(["-12 Punkte", "2 auf der Hand", "16 gewonnen (unten)", "hat gewählt"], 14, 380)
    ['-12 Punkte · 2 auf der Hand · 16 gewonnen (unten)', 'hat gewählt']
    """
    joined = " · ".join(parts)
    if width(clean(joined), size, bold) <= max_width:
        return [clean(joined)]
    lines: list[str] = []
    for part in parts:
        candidate = f"{lines[-1]} · {part}" if lines else part
        if lines and width(clean(candidate), size, bold) <= max_width:
            lines[-1] = candidate
        else:
            lines += wrap(part, size, max_width, bold, max_lines)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " · ".join(lines[max_lines - 1 :])]
    return [fit(line, size, max_width, bold) for line in lines]


# -- what a picture drew, for tests ----------------------------------------------------------------
@dataclass(frozen=True)
class Drawn:
    """One line of text as drawn: for tests of sizes and glyphs."""

    content: str
    size: int
    picture_width: int
    bold: bool
    #: Where the line's ink may reach: (left, top, right, bottom) in the picture's pixels, from the
    #: main font's ascent to its descent.
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    #: The text as asked for, before ``max_width`` cut it with an ellipsis.
    asked: str = ""
    #: Which canvas it was drawn on (a number per drawing surface) and that canvas's size: a card or
    #: tile drawn apart and pasted has its own.
    canvas: int = 0
    canvas_size: tuple[int, int] = (0, 0)


_records: list[list[Drawn]] = []
#: While recording, each drawing surface seen, by identity, with its number (held so that no
#: identity is reused by a later surface while a recording is under way).
_canvases: dict[int, tuple[Any, int]] = {}
_canvas_numbers = itertools.count(1)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Note every line of text drawn inside the ``with`` block."""
    found: list[Drawn] = []
    _records.append(found)
    try:
        yield found
    finally:
        _records.remove(found)
        if not _records:
            _canvases.clear()


def recorded() -> list[int]:
    """How many lines each :func:`recording` under way holds now (see :func:`forget_recorded`)."""
    return [len(found) for found in _records]


def forget_recorded(marks: list[int]) -> None:
    """Forget the lines recorded since :func:`recorded` gave ``marks`` (a picture drawn again)."""
    for found, mark in zip(_records, marks, strict=False):
        del found[mark:]


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
    asked = content
    if max_width is not None:
        content = fit(content, size, max_width, bold)
    parts = _visual(content, bold)
    total = width(content, size, bold)
    ascent, descent = font(size, BOLD[0] if bold else REGULAR[0]).getmetrics()
    x, y = xy
    x -= {"l": 0.0, "m": total / 2, "r": total}[anchor[0]]
    baseline = {"a": y + ascent, "t": y + ascent, "m": y + (ascent - descent) / 2, "s": y}.get(anchor[1], y - descent)
    if _records:
        box = (x, baseline - ascent, x + total, baseline + descent)
        surface = draw.im
        if id(surface) not in _canvases:
            _canvases[id(surface)] = (surface, next(_canvas_numbers))
        canvas, canvas_size = _canvases[id(surface)][1], tuple(surface.size)
        for found in _records:
            found.append(Drawn(content, size, draw.im.size[0], bold, box, asked, canvas, canvas_size))
    ink = _ink(draw, fill)
    for file, part, rtl in parts:
        for word in _words(part, rtl):
            if not word.isspace():
                _stamp_text(draw, ink, x, baseline, file, size, word, rtl)
            x += _length(file, size, word, rtl)
    return total


#: Sub-pixel positions a stamp is kept for: a quarter of a pixel each way is finer than the eye.
_STEPS = 4


def _ink(draw: ImageDraw.ImageDraw, fill: Colour) -> int:
    """``fill`` as the drawing's ink, worked out once for all the stamps of a line."""
    ink, _ = draw._getink(fill)
    assert ink is not None
    return ink


def _stamp_text(
    draw: ImageDraw.ImageDraw, ink: int, x: float, baseline: float, file: str, size: int, word: str, rtl: bool
) -> None:
    """Draw ``word`` with its left end on the baseline at (x, baseline), from a cached stamp.

    The same words (names, labels, card ranks, scores) come back in every picture, and
    rasterising them is most of what a picture costs, so each is rasterised once and then
    stamped: the drawing is the one ``ImageDraw.text`` makes at that quarter pixel. The stamp
    goes straight to Pillow's drawing core (what ``ImageDraw.bitmap`` ends in): a picture
    stamps hundreds of words, and the checks ``bitmap`` makes each time would add up.
    """
    column, row = math.floor(x), math.floor(baseline)
    dx = math.floor((x - column) * _STEPS) / _STEPS
    dy = math.floor((baseline - row) * _STEPS) / _STEPS
    mask, (left, top) = _stamp(file, size, word, rtl, dx, dy)
    if mask is not None:
        draw.draw.draw_bitmap((column + left, row + top), mask, ink)


@lru_cache(maxsize=16384)
def _stamp(file: str, size: int, part: str, rtl: bool, dx: float, dy: float) -> tuple[Any, tuple[int, int]]:
    """The anti-aliased mask of ``part`` (shaped whole) drawn at sub-pixel offset (dx, dy), as
    Pillow's core image (None if it draws nothing), and where it goes."""
    laid, direction = _layout(file, size, part, rtl)
    core, offset = font(size, file).getmask2(laid, "L", direction=direction, anchor="ls", start=(dx, dy))
    if not (core.size[0] and core.size[1]):
        return None, offset
    return Image.frombytes("L", core.size, bytes(core)).im, offset


def clear_caches() -> None:
    """Forget every cached font, glyph, run, width and stamp: for tests that switch :data:`LAYOUT`."""
    for cached in (font, _plain, _notdef, has_glyph, _has_space, font_for, _character, runs, _visual, width, _length):
        cached.cache_clear()
    fit.cache_clear()
    _stamp.cache_clear()


def line_height(size: int) -> int:
    """The distance between two lines of ``size`` pixels."""
    return round(size * 1.25)
