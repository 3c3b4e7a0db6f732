"""Which parts of one line run right to left: a small Unicode bidirectional algorithm (UAX #9).

A name on Discord may mix Arabic or Hebrew with Latin letters, digits and emoji. Drawn in
logical order, ``محمد 2 Ali`` would come out backwards; the Unicode bidirectional algorithm
says what goes where. Pillow's raqm layout applies it within the text it is given, but
:mod:`render.text` hands raqm one run of one font at a time, so the order of the runs on
the line is decided here, once per line.

The one departure from the standard is the line's own direction (rule P2 would take its
first strong character). The pictures speak English and put names into sentences
("محمد is about to lead."), often at the start, and a wrapped line may begin with the name:
so a line is left to right as soon as it holds one left-to-right letter, and only a line
with nothing but right-to-left letters (a name alone, with its digits, emoji and
punctuation) is laid out right to left. A name mixing Arabic and Latin then reads as it is
typed, from the left, each Arabic or Hebrew part right to left within it.

The rest is the algorithm for one paragraph without explicit embeddings
(:func:`render.text.clean` drops the embedding, override and isolate controls): the weak and
neutral rules W1–W7 and N1–N2, the implicit levels I1–I2, trailing whitespace L1 and the
reordering L2 (applied to runs by :func:`visual_order`). Brackets are not paired (rule N0):
they take the direction of their neighbours, which differs only for unbalanced text.

>>> levels("abc")
(0, 0, 0)
>>> levels("אב 12!")
(1, 1, 1, 2, 2, 1)
>>> levels("אב 12 cd")
(1, 1, 1, 2, 2, 0, 0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from unicodedata import bidirectional

_STRONG = {"L": 0, "R": 1, "AL": 1}
#: Types that resolve to their neighbours' direction (after W6 turned ES, ET, CS into ON).
_NEUTRAL = frozenset({"B", "S", "WS", "ON"})
#: Explicit embeddings, overrides and isolates: not expected (cleaned away), read as boundary neutrals.
_EXPLICIT = frozenset({"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI", "BN"})
#: Kept at the paragraph's level when they end a line (rule L1).
_TRAILING = frozenset({"WS", "S", "B", *_EXPLICIT})


def has_rtl(text: str) -> bool:
    """Whether anything in ``text`` could run right to left (a quick test before :func:`levels`)."""
    # Nothing before Hebrew (U+0590) runs right to left: most text is settled without a lookup.
    return max(text, default="") >= "\u0590" and any(bidirectional(char) in ("R", "AL", "AN") for char in text)


def base_level(text: str) -> int:
    """The line's level: 1 (right to left) if it has right-to-left letters and no left-to-right ones."""
    kinds = {bidirectional(char) for char in text}
    return 1 if ("R" in kinds or "AL" in kinds) and "L" not in kinds else 0


def levels(text: str, base: int | None = None) -> tuple[int, ...]:
    """The embedding level of each character: even runs left to right, odd right to left.

    Not cached: :func:`render.text._visual` caches the runs made from it."""
    if base is None:
        base = base_level(text)
    edge = "R" if base else "L"  # sor and eor: one paragraph, no embeddings
    original = [bidirectional(char) or "L" for char in text]
    kinds: list[str] = []
    for kind in original:  # W1 (and X9: a boundary neutral takes its neighbour's place)
        kinds.append((kinds[-1] if kinds else edge) if kind == "NSM" or kind in _EXPLICIT else kind)
    last = edge
    for i, kind in enumerate(kinds):  # W2, W3
        if kind in _STRONG:
            last = kind
        if kind == "EN" and last == "AL":
            kinds[i] = "AN"
        elif kind == "AL":
            kinds[i] = "R"
    for i in range(1, len(kinds) - 1):  # W4
        left, right = kinds[i - 1], kinds[i + 1]
        between_numbers = (kinds[i] == "ES" and left == "EN") or (kinds[i] == "CS" and left in ("EN", "AN"))
        if left == right and between_numbers:
            kinds[i] = left
    for start, end in _spans(kinds, {"ET"}):  # W5
        if (start and kinds[start - 1] == "EN") or (end < len(kinds) and kinds[end] == "EN"):
            kinds[start:end] = ["EN"] * (end - start)
    kinds = ["ON" if kind in ("ES", "ET", "CS") else kind for kind in kinds]  # W6
    last = edge
    for i, kind in enumerate(kinds):  # W7
        if kind in ("L", "R"):
            last = kind
        elif kind == "EN" and last == "L":
            kinds[i] = "L"
    for start, end in _spans(kinds, _NEUTRAL):  # N1, N2
        before = _direction(kinds[start - 1]) if start else edge
        after = _direction(kinds[end]) if end < len(kinds) else edge
        kinds[start:end] = [before if before == after else edge] * (end - start)
    if base:  # I1, I2
        result = [1 if kind == "R" else 2 for kind in kinds]
    else:
        result = [0 if kind == "L" else 1 if kind == "R" else 2 for kind in kinds]
    for i in reversed(range(len(original))):  # L1: trailing whitespace at the paragraph's level
        if original[i] not in _TRAILING:
            break
        result[i] = base
    return tuple(result)


#: First Strong Isolate and Pop Directional Isolate: :func:`render.text.isolate` puts a name between
#: them, so that its direction stays inside ("Tricks: 0 محمد" would put the number on its left).
FSI, PDI = "\u2068", "\u2069"
#: What an isolate stands as in the line around it: one neutral character (rule X5a–X5c, BD9).
_STAND_IN = "\ufffc"


def isolated_levels(text: str, base: int | None = None) -> tuple[str, tuple[int, ...]]:
    """``text`` without its isolate marks, and the level of each character left (isolates honoured).

    An isolate (FSI … PDI; an FSI left open runs to the end, a PDI with no FSI is dropped) is laid
    out on its own, with its own direction, one level above the line's, and counts as one neutral
    in the line around it: the words and numbers outside keep the line's order. Not nested.

    >>> isolated_levels("ab 1 " + FSI + "אב" + PDI + " 2")
    ('ab 1 אב 2', (0, 0, 0, 0, 0, 1, 1, 0, 0))
    >>> levels("ab 1 אב 2")[-1]
    2
    """
    outer, inner = [], []
    i = 0
    while i < len(text):
        char = text[i]
        if char == FSI:
            end = text.find(PDI, i + 1)
            end = len(text) if end < 0 else end
            inner.append(text[i + 1 : end].replace(FSI, ""))
            outer.append(_STAND_IN)
            i = end + 1
            continue
        if char != PDI:
            outer.append(char)
        i += 1
    line = "".join(outer)
    if base is None:
        base = base_level(line.replace(_STAND_IN, "") or "".join(inner))
    outer_levels = levels(line, base)
    chars: list[str] = []
    result: list[int] = []
    pieces = iter(inner)
    for char, level in zip(line, outer_levels, strict=True):
        if char != _STAND_IN:
            chars.append(char)
            result.append(level)
            continue
        piece = next(pieces)
        own = base_level(piece)
        lifted = base + 1 if (base + 1) % 2 == own else base + 2
        chars.append(piece)
        result.extend(lifted + one - own for one in levels(piece, own))
    return "".join(chars), tuple(result)


def _direction(kind: str) -> str:
    """The direction a neutral's neighbour lends it: numbers count as right to left (N1)."""
    return "L" if kind == "L" else "R"


def _spans(kinds: list[str], wanted: set[str] | frozenset[str]) -> list[tuple[int, int]]:
    """The (start, end) of each maximal stretch of ``kinds`` in ``wanted``."""
    spans, start = [], None
    for i, kind in enumerate([*kinds, ""]):
        if kind in wanted and start is None:
            start = i
        elif kind not in wanted and start is not None:
            spans.append((start, i))
            start = None
    return spans


def visual_order(run_levels: Sequence[int]) -> list[int]:
    """The indices of runs at these levels in the order they appear from left to right (L2).

    >>> visual_order([0, 1, 1, 2])
    [0, 3, 2, 1]
    """
    order = list(range(len(run_levels)))
    odd = [level for level in run_levels if level % 2]
    if not odd:
        return order
    for level in range(max(run_levels), min(odd) - 1, -1):
        i = 0
        while i < len(order):
            if run_levels[order[i]] < level:
                i += 1
                continue
            end = i
            while end < len(order) and run_levels[order[end]] >= level:
                end += 1
            order[i:end] = reversed(order[i:end])
            i = end
    return order
