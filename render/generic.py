"""Plain pictures for a game without pictures of its own (the test game, for one)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

from engine.core import View
from render.common import FELT, GOLD, WHITE, new_canvas, text, to_png

_COMMON = {f.name for f in fields(View)}


def _lines(view: View, names: Sequence[str]) -> list[str]:
    lines = []
    for field in fields(view):
        if field.name not in _COMMON:
            lines.append(f"{field.name.replace('_', ' ')}: {getattr(view, field.name)}")
    if view.outcome:
        lines.append("Final: " + ", ".join(f"{names[s]} {p}" for s, p in enumerate(view.outcome.points)))
    elif view.waiting_on:
        lines.append("Waiting on: " + ", ".join(names[s] for s in view.waiting_on))
    return lines + list(view.events[-5:])


def table_picture(view: View, *, names: Sequence[str]) -> bytes:
    lines = _lines(view, names)
    image, draw = new_canvas(640, 40 + 24 * len(lines), FELT)
    text(draw, (16, 10), view.game, 18, GOLD)
    for i, line in enumerate(lines):
        text(draw, (16, 36 + 24 * i), line[:80], 16, WHITE)
    return to_png(image)


def hand_picture(view: View, *, names: Sequence[str]) -> bytes:
    return table_picture(view, names=names)
