"""Parlour in many languages: gettext catalogs (Babel) and the helpers that read them.

Every helper takes the language explicitly — the reader of a message is known where it is built
(:mod:`bot.i18n.choose` picks it from the interaction), so nothing is kept per request::

    _(lang, "Open a {game} table here.", game=name)
    n_(lang, "{count} player", "{count} players", count)

A game's sentences are :class:`engine.words.Text` values; ``say(lang, text)`` puts them in a
language, and ``words(lang)`` is the :class:`engine.words.Words` that render draws a picture with.

``N_`` only marks a text for extraction (a text defined before any reader is known); translate it
later with ``_(lang, text)``. The English texts are the message ids; ``python -m bot.i18n extract``
finds them (and the slash commands' names and descriptions) and writes ``locales/parlour.pot``.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from bot.i18n.catalogs import translations
from bot.i18n.formats import compact, day, day_and_time, duration, join, moment, number, percent
from bot.i18n.languages import ENGLISH, NATIVE_NAMES, PSEUDO, SHIPPED, from_discord
from engine.words import Text, Words

__all__ = [
    "ENGLISH",
    "NATIVE_NAMES",
    "N_",
    "PSEUDO",
    "SHIPPED",
    "Text",
    "Words",
    "_",
    "compact",
    "day",
    "drawn_in",
    "duration",
    "from_discord",
    "join",
    "moment",
    "n_",
    "number",
    "p_",
    "percent",
    "say",
    "words",
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


@functools.cache
def words(language: str) -> Words:
    """A language's :class:`~engine.words.Words` (what render and the screens say game texts with)."""
    catalog = translations(language)
    return Words(
        language,
        catalog.gettext,
        catalog.ngettext,
        functools.partial(number, language),
        percent=functools.partial(percent, language),
        time=functools.partial(day_and_time, language),
    )


def say(language: str, text: str, /, **values: Any) -> str:
    """A game's :class:`~engine.words.Text` (or a catalog template and its values) in ``language``.

    In English a Text is already what it says (its template filled with English values), so it is
    not said again: most tables read in English, and their screens say dozens of texts a move."""
    if language == ENGLISH and not values:
        return str(text)
    return words(language).say(text, **values)


def drawn_in(language: str, picture: Callable[..., bytes], /, *args: Any, **kwargs: Any) -> bytes:
    """``picture(*args, **kwargs)`` drawn with ``language``'s words (sent to the picture workers as a
    language code, since a catalog's callables do not travel between processes). English, or a
    picture function that takes no ``words`` (a game kept elsewhere, written before languages), is
    drawn as it always was."""
    if language == ENGLISH or not _takes_words(picture):
        return picture(*args, **kwargs)
    return picture(*args, words=words(language), **kwargs)


@functools.cache
def _takes_words(picture: Callable[..., bytes]) -> bool:
    parameters = inspect.signature(picture).parameters.values()
    return any(p.name == "words" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)
