"""Parlour in many languages: gettext catalogs (Babel) and the helpers that read them.

Every helper takes the language explicitly — the reader of a message is known where it is built
(:mod:`bot.i18n.choose` picks it from the interaction), so nothing is kept per request::

    _(lang, "Open a {game} table here.", game=name)
    n_(lang, "{count} player", "{count} players", count)

``N_`` only marks a text for extraction (a text defined before any reader is known); translate it
later with ``_(lang, text)``. The English texts are the message ids; ``python -m bot.i18n extract``
finds them (and the slash commands' names and descriptions) and writes ``locales/parlour.pot``.
"""

from __future__ import annotations

from typing import Any

from bot.i18n.catalogs import translations
from bot.i18n.formats import compact, day, duration, join, moment, number, percent
from bot.i18n.languages import ENGLISH, NATIVE_NAMES, PSEUDO, SHIPPED, from_discord

__all__ = [
    "ENGLISH",
    "NATIVE_NAMES",
    "N_",
    "PSEUDO",
    "SHIPPED",
    "_",
    "compact",
    "day",
    "duration",
    "from_discord",
    "join",
    "moment",
    "n_",
    "number",
    "p_",
    "percent",
]


def _(language: str, message: str, /, **values: Any) -> str:
    """``message`` in ``language``, its ``{placeholders}`` filled from ``values``."""
    text = translations(language).gettext(message)
    return text.format(**values) if values else text


def n_(language: str, singular: str, plural: str, count: int, /, **values: Any) -> str:
    """The form of ``singular``/``plural`` that ``count`` takes in ``language``; ``{count}`` is filled in
    with the language's digit grouping (``1,234``, ``1.234``, ``1 234``)."""
    text = translations(language).ngettext(singular, plural, count)
    return text.format(count=number(language, count), **values)


def p_(language: str, context: str, message: str, /, **values: Any) -> str:
    """``message`` in ``language`` in a context (a command name is not the same word as a sentence)."""
    text = translations(language).pgettext(context, message)
    return text.format(**values) if values else text


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (translate later with ``_``)."""
    return message
