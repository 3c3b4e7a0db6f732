"""Numbers, durations, dates and lists in a language's own way, through Babel (CLDR data).

Gin-jon-tan's scores grow past any word for them: :func:`compact` says ``1.2M`` / ``120万`` up to
the trillions and switches to scientific notation beyond, where CLDR has no compact form.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from decimal import Decimal, localcontext

from babel.dates import format_date, format_datetime, format_skeleton, format_timedelta
from babel.lists import format_list
from babel.numbers import format_compact_decimal, format_decimal, format_percent, format_scientific

from bot.i18n.languages import BABEL_LOCALES, ENGLISH

#: Above this, compact forms run out of words (CLDR stops at trillions): scientific notation instead.
COMPACT_LIMIT = 10**15


def babel_locale(language: str) -> str:
    """The Babel locale of a language (English for one Parlour does not know)."""
    return BABEL_LOCALES.get(language, BABEL_LOCALES[ENGLISH])


Number = int | float | Decimal


def number(language: str, value: Number) -> str:
    """``12345678`` -> ``12,345,678`` (en), ``12.345.678`` (de), ``12 345 678`` (fr)."""
    if isinstance(value, int):
        return _whole_number(language, value)
    return format_decimal(value, locale=babel_locale(language))


@functools.lru_cache(maxsize=8192)
def _whole_number(language: str, value: int) -> str:
    """Counts and scores repeat: Babel's formatting (some microseconds) is done once per value.

    Exact at any size (Gin-jon-tan's scores pass 10^40): the decimal context gets the digits it needs."""
    with localcontext() as context:
        context.prec = max(context.prec, len(str(abs(value))) + 8)  # Babel quantizes to 3 decimals
        return format_decimal(value, locale=babel_locale(language))


def compact(language: str, value: Number) -> str:
    """A short form for a big number: ``1.2M`` (en), ``1,2 Mio.`` (de), ``120万`` (ja); ``1.23E19`` beyond trillions."""
    locale = babel_locale(language)
    if abs(Decimal(value)) >= COMPACT_LIMIT:
        return format_scientific(value, format="#.##E0", locale=locale)
    return format_compact_decimal(value, format_type="short", fraction_digits=1, locale=locale)


def percent(language: str, fraction: float) -> str:
    """``0.25`` -> ``25%`` (en), ``25 %`` (fr), ``%25`` (tr); from the share's digits, as
    :func:`engine.words.english_percent` (``23 / 40`` is 58%)."""
    return format_percent(Decimal(str(fraction)), locale=babel_locale(language))


def duration(language: str, delta: timedelta, *, threshold: float = 0.85) -> str:
    """A span of time in words: ``5 minutes``, ``5 Minuten``, ``5分``."""
    return format_timedelta(delta, threshold=threshold, format="long", locale=babel_locale(language))


def day(language: str, when: date | datetime) -> str:
    """A date the language's medium way: ``Nov 28, 2026``, ``28.11.2026``, ``2026/11/28``."""
    return format_date(when, format="medium", locale=babel_locale(language))


def moment(language: str, when: datetime) -> str:
    """A date and time the language's short way."""
    return format_datetime(when, format="short", locale=babel_locale(language))


def day_and_time(language: str, when: datetime) -> str:
    """A day of the month and a time of day, short: ``28 Nov 18:05``, ``28. Nov. 18:05``, ``11月28日 18:05``."""
    locale = babel_locale(language)  # the day and the month's short name in the locale's order (CLDR's MMMd)
    return f"{format_skeleton('MMMd', when, locale=locale)} {format_datetime(when, 'HH:mm', locale=locale)}"


def join(language: str, items: Sequence[str], style: str = "standard") -> str:
    """``A, B and C`` (en), ``A, B y C`` (es), ``A、B、C`` (ja); ``style="or"`` for alternatives."""
    return format_list(list(items), style=style, locale=babel_locale(language))  # type: ignore[arg-type]
