"""Words a game says, kept so that every reader can hear them in their own language.

The engine writes English. A sentence with parts that vary is a :class:`Text`: a ``str`` (so it
reads, compares and saves as the English sentence it is) that also keeps its template and values.
A reader's :class:`Words` says it again in their language: the template is looked up in the
language's catalog and the values put back in (a value that is itself a :class:`Text` is said
again too, and a :class:`Whole` number is written with the reader's digit grouping: ``1,234,567``
in English, ``1.234.567`` in German; a plain ``int``, a table's number, is written as it is). A
fixed sentence needs no :class:`Text`: its English is its catalog key.

The engine and render stay pure: they never read a catalog. The bot hands render a :class:`Words`
built from a language's catalog (``bot.i18n.words``); everything else uses :data:`ENGLISH`.

Texts are found for the catalog by their calls: ``Text("…")``, ``Text.plural("…", "…", n)``,
``words.say("…")`` and ``words.plural("…", "…", n)`` (``python -m bot.i18n extract``).

>>> line = Text("{who} discards {card}.", who="Seat 1", card="4♦")
>>> line
'Seat 1 discards 4♦.'
>>> Text.from_data(line.to_data()) == line, Text.from_data(line.to_data()).template
(True, '{who} discards {card}.')
>>> ENGLISH.say(Text.plural("{count} card left", "{count} cards left", 3))
'3 cards left'
>>> scored = Text("{who} scores {points}.", who="Seat 2", points=Whole(1234567))
>>> scored, Text.from_data(scored.to_data()).values["points"]
('Seat 2 scores 1,234,567.', 1234567)
>>> Words(number=lambda value: f"{value:_}").say(scored)
'Seat 2 scores 1_234_567.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

__all__ = ["ENGLISH", "Text", "Whole", "Words", "english_number", "english_time"]


class Whole(int):
    """A whole number in a :class:`Text` that a reader reads grouped: ``1,440`` in the English
    sentence, the reader's way (``1.440``, ``1 440``) when :class:`Words` says it. A plain ``int``
    value (a table's number, a round's) is written as it is."""

    def __format__(self, spec: str) -> str:
        return format(int(self), spec or ",")


class Text(str):
    """An English sentence that remembers its template and values (and plural forms, if any)."""

    template: str
    #: The plural template and the count that chose the form (a Text made by :meth:`plural`), else None.
    plural_template: str | None = None
    plural_count: int | None = None
    values: Mapping[str, Any]

    def __new__(cls, template: str, /, **values: Any) -> Text:
        text = super().__new__(cls, template.format(**values) if values else template)
        text.template = template
        text.values = values
        return text

    @classmethod
    def plural(cls, singular: str, plural: str, count: int, /, **values: Any) -> Text:
        """The English form ``count`` takes (``{count}`` is filled in); other languages choose their own."""
        chosen = singular if count == 1 else plural
        text = super().__new__(cls, chosen.format(count=english_number(count), **values))
        text.template = singular
        text.plural_template = plural
        text.plural_count = count
        text.values = values
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        """Sent to another process (a picture worker) as its English and its parts, as they are: no
        data to work out here, no template to fill in there."""
        return (_rebuilt, (str(self), self.template, self.values, self.plural_template, self.plural_count))

    def to_data(self) -> str | dict[str, Any]:
        """JSON-friendly: the plain sentence when nothing varies, else the template and its values.

        Worked out once per Text (a Text never changes; a card's name, say, is one Text that many
        saved lines hold): read it, never change it."""
        known: dict[str, Any] | None = self.__dict__.get("_data")
        if known is not None:
            return known
        if not self.values and self.plural_template is None:
            return self.template
        data: dict[str, Any] = {"text": self.template, "values": {k: _data(v) for k, v in self.values.items()}}
        if self.plural_template is not None:
            data["plural"] = self.plural_template
            data["count"] = self.plural_count
        self.__dict__["_data"] = data
        return data

    @classmethod
    def from_data(cls, data: str | Mapping[str, Any]) -> Text:
        """The :class:`Text` that :meth:`to_data` wrote (a plain string is a fixed sentence)."""
        if isinstance(data, str):
            return cls(data)
        values = {k: _from_data(v) for k, v in data.get("values", {}).items()}
        if "plural" in data:
            return cls.plural(data["text"], data["plural"], int(data["count"]), **values)
        return cls(data["text"], **values)


def _rebuilt(
    english: str, template: str, values: Mapping[str, Any], plural_template: str | None, plural_count: int | None
) -> Text:
    """The :class:`Text` that :meth:`Text.__reduce__` sent."""
    text = str.__new__(Text, english)
    text.template = template
    text.values = values
    if plural_template is not None:
        text.plural_template = plural_template
        text.plural_count = plural_count
    return text


def _data(value: Any) -> Any:
    """A value as JSON-friendly data; a Text inside another stays a Text even when nothing in it
    varies, and a :class:`Whole` stays one (JSON would keep only its digits)."""
    if isinstance(value, Whole):
        return {"whole": int(value)}
    if not isinstance(value, Text):
        return value
    data = value.to_data()
    return {"text": data} if isinstance(data, str) else data


def _from_data(value: Any) -> Any:
    if isinstance(value, dict):
        if "text" in value:
            return Text.from_data(value)
        if "whole" in value:
            return Whole(value["whole"])
    return value


def english_number(value: int) -> str:
    """Digits grouped by commas, as English writes them (``1,234``)."""
    return f"{value:,}"


def english_percent(fraction: float) -> str:
    """A share as a whole percentage, as English writes it, half to even as people reckon it from
    the share's digits (``23 / 40`` -> ``58%``, not the float's 57.4999…).

    >>> english_percent(23 / 40), english_percent(0.125)
    ('58%', '12%')
    """
    return f"{round(Decimal(str(fraction)) * 100)}%"


def english_time(when: datetime) -> str:
    """A day and a time of day, as English writes them short (``28 Nov 18:05``)."""
    return f"{when:%d %b %H:%M}"


def _same(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


@dataclass(frozen=True)
class Words:
    """One reader's language: says a :class:`Text`, a template or a plural in it.

    Built from a catalog's ``gettext``/``ngettext`` by the bot; :data:`ENGLISH` says everything as
    written. Not sent between processes: send the language's code and build it there.
    """

    language: str = "en"
    gettext: Callable[[str], str] = field(default=_same, repr=False)
    ngettext: Callable[[str, str, int], str] = field(default=_english_plural, repr=False)
    number: Callable[[int], str] = field(default=english_number, repr=False)
    #: A share (0 to 1) as a whole percentage, written the language's way (``25 %`` in French, ``%25`` in Turkish).
    percent: Callable[[float], str] = field(default=english_percent, repr=False)
    #: A day and a time of day, short (a picture's "drawn at").
    time: Callable[[datetime], str] = field(default=english_time, repr=False)

    def say(self, text: str, /, **values: Any) -> str:
        """``text`` in this language: a :class:`Text` with its own values, or a template filled from ``values``.

        English as the engine writes it says a Text as it is: the Text is that English already."""
        if isinstance(text, Text):
            if self.gettext is _same and self.number is english_number:
                return str(text)
            said = {k: self._value(v) for k, v in text.values.items()}
            if text.plural_template is not None and text.plural_count is not None:
                return self.plural(text.template, text.plural_template, text.plural_count, **said)
            return self.gettext(text.template).format(**said) if said else self.gettext(text.template)
        return self.gettext(text).format(**values) if values else self.gettext(text)

    def _value(self, value: Any) -> Any:
        """A :class:`Text`'s value in this language: a Text said again, a :class:`Whole` with this
        language's digit grouping, anything else as it is."""
        if isinstance(value, Text):
            return self.say(value)
        return self.number(int(value)) if isinstance(value, Whole) else value

    def plural(self, singular: str, plural: str, count: int, /, **values: Any) -> str:
        """The form ``count`` takes in this language, ``{count}`` written with its digit grouping."""
        return self.ngettext(singular, plural, count).format(count=self.number(count), **values)


#: English as the engine wrote it.
ENGLISH = Words()
