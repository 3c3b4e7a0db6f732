"""The end-of-game picture: places and points, the same for every game."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Outcome
from render.common import FELT, FELT_DARK, GOLD, MUTED, WHITE, new_canvas, text, text_width, to_png

ROW = 44
MEDALS = {1: (235, 190, 70), 2: (192, 192, 200), 3: (205, 127, 50)}


def results_picture(outcome: Outcome, *, names: Sequence[str], game_name: str) -> bytes:
    """Players in order of place, with their points; ties share a place."""
    order = sorted(range(len(names)), key=lambda seat: (outcome.places[seat], seat))
    width = 640
    image, draw = new_canvas(width, 96 + ROW * len(order), FELT)
    text(draw, (width / 2, 22), f"{game_name}: results", 26, GOLD, anchor="mt")
    text(draw, (width / 2, 58), outcome.reason, 16, MUTED, anchor="mt")
    for row, seat in enumerate(order):
        y = 88 + row * ROW
        place = outcome.places[seat]
        draw.rounded_rectangle((20, y, width - 20, y + ROW - 6), radius=8, fill=FELT_DARK)
        draw.ellipse((30, y + 5, 58, y + 33), fill=MEDALS.get(place, (90, 130, 110)))
        text(draw, (44, y + 19), str(place), 16, (20, 20, 20), anchor="mm")
        text(draw, (72, y + 19), names[seat][:28], 20, WHITE, anchor="lm")
        points = f"{outcome.points[seat]:,}"
        size = 20 if text_width(points, 20) < 240 else 12
        text(draw, (width - 34, y + 19), points if len(points) < 60 else points[:57] + "...", size, GOLD, anchor="rm")
    return to_png(image)
