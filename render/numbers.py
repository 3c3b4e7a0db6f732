"""Huge numbers in words people read: "6.4 trillion", "-1.48 billion" (exact ints of any size).

Gin-jon-tan's scores pass 10^17; "7.01 × 10^19" asks a reader to count powers of ten. Up to
a decillion the short form names the scale; past it a power of ten is the only word left.
Three significant figures, rounded by integer arithmetic (exact for any size), trailing zeros
dropped. Wherever there is room the exact figure stands beside or under it.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.words import ENGLISH, Words

__all__ = ["number_words"]

#: The powers of a thousand from a million up, each as the reader's language says it (English's short
#: scale: a billion is 10^9; each language writes the same quantity its own way).
SCALES: tuple[Callable[[Words, str], str], ...] = (
    lambda words, number: words.say("{number} million", number=number),
    lambda words, number: words.say("{number} billion", number=number),
    lambda words, number: words.say("{number} trillion", number=number),
    lambda words, number: words.say("{number} quadrillion", number=number),
    lambda words, number: words.say("{number} quintillion", number=number),
    lambda words, number: words.say("{number} sextillion", number=number),
    lambda words, number: words.say("{number} septillion", number=number),
    lambda words, number: words.say("{number} octillion", number=number),
    lambda words, number: words.say("{number} nonillion", number=number),
    lambda words, number: words.say("{number} decillion", number=number),
)


def number_words(value: int, words: Words = ENGLISH) -> str:
    """Exact up to a million, then three figures and the scale's name (a power of ten past a decillion).

    >>> number_words(12345), number_words(-7), number_words(6_400_000_000_000)
    ('12,345', '-7', '6.4 trillion')
    >>> number_words(-1_482_000_001), number_words(70_123_456_789_012_345_678), number_words(999_999_999)
    ('-1.48 billion', '70.1 quintillion', '1 billion')
    >>> number_words(7 * 10**40)
    '7 × 10^40'
    """
    if abs(value) < 1_000_000:
        return words.number(value)
    digits = str(abs(value))
    exponent = len(digits) - 1
    mantissa = (int(digits[:4]) + 5) // 10  # three figures, rounded half up
    if mantissa >= 1000:
        mantissa //= 10
        exponent += 1
    sign = "-" if value < 0 else ""
    scale = exponent // 3 - 2
    point = decimal_mark(words)
    if scale >= len(SCALES):
        return f"{sign}{_figures(mantissa, 1, point)} × 10^{exponent}"
    return SCALES[scale](words, f"{sign}{_figures(mantissa, exponent % 3 + 1, point)}")


def decimal_mark(words: Words) -> str:
    """The reader's decimal mark: a comma where digits are grouped with points or spaces (1.234,5)."""
    grouped = words.number(1_234_567)
    return "." if grouped[1:2] == "," else ","


def _figures(mantissa: int, whole: int, point: str = ".") -> str:
    """Three figures ``mantissa`` with ``whole`` of them before the point, trailing zeros dropped."""
    shown = str(mantissa)
    head, tail = shown[:whole], shown[whole:].rstrip("0")
    return f"{head}{point}{tail}" if tail else head
