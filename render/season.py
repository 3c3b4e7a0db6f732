"""A season's board: who gained the most in this season (or scored the most points), for a phone.

Pure: a :class:`SeasonView` in, PNG bytes out. Each line shows the rank on a disc (the top three
on their medals, the number always written), the name, the figure ranked by (a rating gain with
its sign, or points) and, under the name, the games and wins of the season.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.words import ENGLISH, Words
from render.common import (
    BODY,
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    MARGIN,
    MEDALS,
    MUTED,
    SCORE,
    SMALL,
    TITLE,
    WHITE,
    WIDTH,
    Colour,
    new_canvas,
    text,
    to_png,
)
from render.text import line_height

__all__ = ["COLOUR_PAIRS", "SeasonLine", "SeasonView", "season_picture"]

OTHER: Colour = (150, 185, 165)
ROW = 52
MAX_LINES = 25
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    ("a name on its row", WHITE, FELT_DARK),
    ("the figure on its row", GOLD, FELT_DARK),
    ("games and wins", MUTED, FELT_DARK),
    ("a later rank on its disc", INK, OTHER),
)


@dataclass(frozen=True)
class SeasonLine:
    rank: int
    name: str
    figure: str  # "+123" or "1,230 pts"
    detail: str  # "12 games · 5 wins"


@dataclass(frozen=True)
class SeasonView:
    title: str  # "Gin Rummy · season 2026 Q4"
    status: str  # "Ranked by rating gained · ends 1 Jan"
    lines: tuple[SeasonLine, ...]


def season_picture(view: SeasonView, *, words: Words = ENGLISH) -> bytes:
    """A season board: its title and status (the caller's, in the reader's language), then a row per player."""
    shown = view.lines[:MAX_LINES]
    room = WIDTH - 2 * MARGIN
    height = MARGIN + line_height(TITLE) + line_height(SMALL) + 12 + ROW * max(1, len(shown)) + 2 * line_height(BODY)
    image, draw = new_canvas(WIDTH, height, FELT)
    text(draw, (MARGIN, MARGIN), view.title, TITLE, GOLD, bold=True, max_width=room)
    y = MARGIN + line_height(TITLE)
    text(draw, (MARGIN, y), view.status, SMALL, MUTED, max_width=room)
    y += line_height(SMALL) + 12
    if not shown:
        text(draw, (MARGIN, y), words.say("No one has played this season yet."), BODY, WHITE, max_width=room)
        y += line_height(BODY)
    for line in shown:
        draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW - 6), radius=8, fill=FELT_DARK)
        cy = y + (ROW - 6) / 2
        draw.ellipse((MARGIN + 8, cy - 15, MARGIN + 38, cy + 15), fill=MEDALS.get(line.rank, OTHER))
        size = BODY if line.rank < 100 else SMALL
        text(draw, (MARGIN + 23, cy), str(line.rank), size, INK, anchor="mm", bold=True)
        figure_w = text(draw, (WIDTH - MARGIN - 10, cy), line.figure, SCORE - 4, GOLD, anchor="rm", bold=True)
        left = MARGIN + 48
        name_room = WIDTH - MARGIN - 18 - figure_w - left
        text(draw, (left, cy - 2), line.name, BODY + 1, WHITE, anchor="ls", max_width=name_room)
        text(draw, (left, cy + 3), line.detail, SMALL, MUTED, anchor="la", max_width=name_room)
        y += ROW
    if len(view.lines) > len(shown):
        more = words.say("… and {count} more", count=words.number(len(view.lines) - len(shown)))
        text(draw, (MARGIN, y + 4), more, BODY, MUTED, max_width=room)
        y += line_height(BODY) + 4
    return to_png(image.crop((0, 0, WIDTH, int(y) + MARGIN)))
