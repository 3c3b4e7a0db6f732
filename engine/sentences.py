"""Sentences the engine writes: seats named in event lines, items listed, and Texts saved and loaded again."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from engine.words import Text

__all__ = [
    "TEXT_LINE",
    "listed",
    "loaded_line",
    "loaded_text",
    "name_seats",
    "saved_line",
    "saved_text",
    "seat_list",
]


#: "Seat 2" wherever a translation puts it: next to a Japanese or Korean letter too (a word boundary
#: would not see it there: those letters are word characters), never inside "Seat 21" or "xSeat 2".
_SEAT_REFERENCE = re.compile(r"(?<![A-Za-z0-9])Seat (\d+)(?!\d)")


def name_seats(line: str, names: Sequence[str]) -> str:
    """Put player names into an event line: engines write seats as "Seat 1", "Seat 2"…

    >>> name_seats("Seat 2 leads Castle.", ["Ann", "Bob"])
    'Bob leads Castle.'
    >>> name_seats("Seat 1が勝ち、Seat 2이(가) 졌다", ["Ann", "Bob"])
    'Annが勝ち、Bob이(가) 졌다'
    """

    if "Seat " not in line:  # most lines a screen says (a card, a prompt) name no seat
        return line

    def name(match: re.Match[str]) -> str:
        index = int(match.group(1)) - 1
        return names[index] if 0 <= index < len(names) else match.group(0)

    return _SEAT_REFERENCE.sub(name, line)


def seat_list(seats: Sequence[int]) -> str:
    """Seats as a sentence names them, for :func:`name_seats` to fill in.

    >>> seat_list([0]), seat_list([0, 2]), seat_list([0, 1, 3])
    ('Seat 1', 'Seat 1 and Seat 3', 'Seat 1, Seat 2 and Seat 4')
    """
    words = [f"Seat {seat + 1}" for seat in seats]
    if len(words) == 1:
        return words[0]
    return Text("{seats} and {last}", seats=", ".join(words[:-1]), last=words[-1])


def saved_text(line: str) -> str | dict[str, Any]:
    """A sentence as JSON-friendly data: a :class:`~engine.words.Text` keeps its template and values
    (orjson would write only its English), a plain string stays as it is."""
    return line.to_data() if isinstance(line, Text) else line


def loaded_text(data: str | Mapping[str, Any]) -> str:
    """The sentence :func:`saved_text` wrote, a :class:`~engine.words.Text` again: a fixed sentence
    (saved as its English, its catalog key) too, so that as a value of another sentence it is still
    said in the reader's language."""
    return Text(data) if isinstance(data, str) else Text.from_data(data)


def listed(items: Sequence[str], separator: str = ", ") -> str:
    """Items one after another ("7 Rock, 3 Paper"), each still a :class:`~engine.words.Text` to say
    in a reader's language (a list joined into one string would keep only its English).

    >>> listed(["A", "B", "C"]), listed(["A", "B"], "; ").template
    ('A, B, C', '{item}; {more}')
    """
    if not items:
        return ""
    text = items[-1]
    for item in reversed(items[:-1]):
        if separator == "; ":
            text = Text("{item}; {more}", item=item, more=text)
        elif separator == " ":
            text = Text("{item} {more}", item=item, more=text)
        else:
            text = Text("{item}, {more}", item=item, more=text)
    return text


#: Starts a saved event line that is a :class:`~engine.words.Text` with values, written as one JSON
#: string: a saved state (read on every move) then holds one string per line, as before Texts, not a
#: tree of objects for orjson to build; the line is read again only when someone reads it. English
#: never starts with this character, so a line saved before Texts is read as the sentence it is.
TEXT_LINE = "\x1e"


def saved_line(line: str) -> str:
    """An event line as saved: a Text with values as :data:`TEXT_LINE` and its JSON, else the sentence."""
    if isinstance(line, Text):
        data = line.to_data()
        if isinstance(data, str):
            return data
        try:  # every move saves its new lines: the fast encoder first (the same compact UTF-8 text)
            return TEXT_LINE + orjson.dumps(data).decode()
        except TypeError:  # an integer beyond 64 bits (Gin-jon-tan's scores): Python's encoder has no limit
            return TEXT_LINE + json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return line


def loaded_line(saved: str | Mapping[str, Any]) -> str:
    """The line :func:`saved_line` wrote (Python's decoder: a value may be an integer past 64 bits)."""
    if isinstance(saved, str):
        return _text_line(saved) if saved.startswith(TEXT_LINE) else saved
    return loaded_text(saved)


@functools.lru_cache(maxsize=8192)
def _text_line(saved: str) -> Text:
    """A saved Text line, read once per process: a table's lines come back with every move's copy
    of its state and with every view, and a Text is never changed, so states share it."""
    return Text.from_data(json.loads(saved[1:]))
