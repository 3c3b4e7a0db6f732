"""Twenty-One's pictures: each seat's face-up cards as boxes, the seat's own cards in its hand picture."""

from __future__ import annotations

from collections.abc import Sequence

from render.common import FELT, GOLD, INK, PAPER, WHITE, new_canvas, text, to_png
from tests.games.engine.twenty_one import TwentyOneView

ROW = 64


def _draw(view: TwentyOneView, names: Sequence[str], own: tuple[int, ...]) -> bytes:
    rows = len(view.shown) + (1 if own else 0)
    image, draw = new_canvas(480, 20 + ROW * rows, FELT)
    for seat, cards in enumerate(view.shown):
        y = 10 + ROW * seat
        marker = "> " if seat in view.waiting_on else ""
        text(draw, (12, y + 18), f"{marker}{names[seat]}"[:18], 20, GOLD if marker else WHITE)
        for i, card in enumerate(cards):
            x = 220 + 44 * i
            draw.rounded_rectangle((x, y, x + 38, y + 52), 6, fill=PAPER, outline=INK)
            text(draw, (x + 8, y + 14), str(card), 20, INK)
    if own:
        y = 10 + ROW * len(view.shown)
        text(draw, (12, y + 18), f"Yours: {' + '.join(map(str, own))} = {sum(own)}", 20, WHITE)
    return to_png(image)


def table_picture(view: TwentyOneView, *, names: Sequence[str]) -> bytes:
    return _draw(view, names, ())


def hand_picture(view: TwentyOneView, *, names: Sequence[str]) -> bytes:
    return _draw(view, names, view.hand)
