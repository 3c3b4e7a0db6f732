"""Saying a service's sentence to its reader, and the figures in it, in the reader's language.

A service (settings, collections, replays) does not know who will read its refusal: it raises or
returns a :class:`~engine.words.Text` (an English ``str`` that keeps its template and values), and
the edge says it with :func:`told` in the reader's language. A whole number in such a sentence is a
:class:`Whole`: English reads it grouped as before (``1,440``), :func:`told` writes it the reader's
way (``1.440``, ``1 440``); a plain ``int`` (a table's number, ``#1234``) is written as it is.

Spans of time, short dates and lists come from Babel's CLDR data (:func:`span`, :func:`short_day`,
:func:`listed`); English keeps Parlour's own short forms (``2 d 4 h``, ``3 Jun``), as it always wrote
them. In the pseudo-language (:data:`~bot.i18n.languages.PSEUDO`), CLDR's words are English ones:
they come out marked ⟦like this⟧ too, since they are the language's own and not English left behind.

>>> told("en", Text("{name} must be a whole number from {low} to {high}.", name="x", low=Whole(1), high=Whole(1440)))
'x must be a whole number from 1 to 1,440.'
>>> told("de", Text("{low} to {high}", low=Whole(1), high=Whole(1440)))
'1 to 1.440'
>>> span("en", timedelta(days=2, hours=4)), span("de", timedelta(days=2, hours=4))
('2 d 4 h', '2 Tg., 4 Std.')
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta
from typing import Any

from babel.dates import format_date, format_skeleton
from babel.lists import format_list
from babel.units import format_unit

from bot.i18n import _, n_, number
from bot.i18n.formats import babel_locale
from bot.i18n.languages import ENGLISH, PSEUDO
from engine.words import Text, Whole

__all__ = ["Whole", "listed", "long_day", "month_name", "short_day", "signed", "span", "told"]


def told(language: str, text: str) -> str:
    """``text`` in ``language``: a :class:`Text` through its template (its :class:`Whole` values
    written the language's way), or a fixed sentence through the catalog. A sentence the catalog
    does not know (someone else's, not yet marked) is said as it is; "" stays "".
    """
    if not text:
        return ""
    if not isinstance(text, Text):
        return _(language, text)
    values = {key: _value(language, value) for key, value in text.values.items()}
    if text.plural_template is not None and text.plural_count is not None:
        return n_(language, text.template, text.plural_template, text.plural_count, **values)
    return _(language, text.template, **values)


def _value(language: str, value: Any) -> Any:
    if isinstance(value, Text):
        return told(language, value)
    if isinstance(value, Whole):
        return number(language, int(value))
    return value


def _cldr(language: str, text: str) -> str:
    """Words from CLDR: the pseudo-language marks them as the language's own."""
    return f"⟦{text}⟧" if language == PSEUDO else text


def signed(language: str, value: int) -> str:
    """A change with its sign: ``+120``, ``-5``, ``+0`` (digits grouped the language's way)."""
    return ("+" if value >= 0 else "-") + number(language, abs(value))


def span(language: str, amount: timedelta) -> str:
    """A span of time, short, in at most two units: ``2 d 4 h``, ``5 h 20 min`` (English, as Parlour
    always wrote it), ``2 Tg., 4 Std.`` (German), ``2日4時間``-like in each language's CLDR words."""
    if language == ENGLISH:
        from bot.pace import duration_text  # bot.pace imports render; keep bot.i18n light to import

        return duration_text(amount)
    minutes = int(amount.total_seconds() // 60)
    locale = babel_locale(language)
    if minutes <= 0:
        return _(language, "less than a minute")
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days:
        parts = [(days, "duration-day"), (hours, "duration-hour")]
    elif hours:
        parts = [(hours, "duration-hour"), (minutes, "duration-minute")]
    else:
        parts = [(minutes, "duration-minute")]
    units = [format_unit(n, unit, length="short", locale=locale) for i, (n, unit) in enumerate(parts) if n or i == 0]
    return _cldr(language, format_list(units, style="unit-short", locale=locale))


def short_day(language: str, when: date | datetime) -> str:
    """A day without its year: ``3 Jun`` (English, as Parlour wrote it), ``3. Juni``, ``6月3日``."""
    if language == ENGLISH:
        return format_date(when, "d MMM", locale="en")
    return _cldr(language, format_skeleton("MMMd", when, locale=babel_locale(language)))


def long_day(language: str, when: date | datetime) -> str:
    """A day with its year: ``1 Jan 2027`` (English, as Parlour wrote it), ``1. Jan. 2027``, ``2027年1月1日``."""
    if language == ENGLISH:
        return format_date(when, "d MMM y", locale="en")
    return _cldr(language, format_skeleton("yMMMd", when, locale=babel_locale(language)))


def month_name(language: str, when: date | datetime, *, year: bool = False) -> str:
    """A month's short name (``Mar``), with its year when asked (``Mar 2026``, ``2026年3月``)."""
    skeleton = "yMMM" if year else "MMM"
    return _cldr(language, format_skeleton(skeleton, when, locale=babel_locale(language)))


def listed(language: str, items: Sequence[str], style: str = "standard") -> str:
    """``A, B and C`` (en), ``A, B y C`` (es), ``A、B、C`` (ja); ``style="or"`` for alternatives.

    >>> listed("en", ["1", "2", "3"], "or"), listed("es", ["A", "B", "C"])
    ('1, 2 or 3', 'A, B y C')
    """
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if language == ENGLISH:  # as Parlour's English always wrote lists: no serial comma
        return ", ".join(items[:-1]) + (" or " if style == "or" else " and ") + items[-1]
    said = format_list(list(items), style=style, locale=babel_locale(language))  # type: ignore[arg-type]
    return _cldr(language, said)
