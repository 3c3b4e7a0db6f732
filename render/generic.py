"""Plain pictures for a game without pictures of its own (the test game, for one)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

from engine.core import View, name_seats
from engine.words import ENGLISH, Words
from render.common import (
    BODY,
    FELT,
    GOLD,
    MARGIN,
    MUTED,
    TITLE,
    WHITE,
    WIDTH,
    Colour,
    canvas,
    cut,
    deck_pictures,
    fitted,
    text,
    to_png,
)
from render.text import line_height, wrap

_COMMON = {f.name for f in fields(View)}
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (("text", WHITE, FELT), ("title", GOLD, FELT))


def _lines(view: View, names: Sequence[str], words: Words) -> list[str]:
    """The view's own fields as they are (a game without pictures of its own), then the score or who
    is awaited, then the last events in the reader's language."""
    lines = []
    for field in fields(view):
        if field.name not in _COMMON:
            lines.append(f"{field.name.replace('_', ' ')}: {getattr(view, field.name)}")
    if view.outcome:
        points = ", ".join(f"{names[s]} {words.number(p)}" for s, p in enumerate(view.outcome.points))
        lines.append(words.say("Final: {points}", points=points))
    elif view.waiting_on:
        lines.append(words.say("Waiting on: {names}", names=", ".join(names[s] for s in view.waiting_on)))
    return lines + [name_seats(words.say(line), names) for line in view.events[-5:]]


@deck_pictures
@fitted
def table_picture(view: View, *, names: Sequence[str], words: Words = ENGLISH) -> bytes:
    image, draw = canvas(FELT)
    text(draw, (MARGIN, MARGIN), view.game, TITLE, GOLD, bold=True)
    y = MARGIN + line_height(TITLE) + 4
    for line in _lines(view, names, words):
        for part in wrap(line, BODY, WIDTH - 2 * MARGIN):
            text(draw, (MARGIN, y), part, BODY, WHITE)
            y += line_height(BODY)
    if y > 1900:
        text(draw, (MARGIN, y), "…", BODY, MUTED)
    return to_png(cut(image, min(2000, y + MARGIN)))


@deck_pictures
def hand_picture(view: View, *, names: Sequence[str], owner: str | None = None, words: Words = ENGLISH) -> bytes:
    """The seat's view drawn like the table (it has no title, so ``owner`` changes nothing)."""
    return table_picture(view, names=names, words=words)
