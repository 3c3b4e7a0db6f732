"""Tournament standings and the final podium, drawn for a phone (480 px wide, text ≥ 11 px there).

Pure: a :class:`StandingsView` in, PNG bytes out. Each line shows the place, the name (any
script, through the shared font set), the points, then the tie-breaks in the order they
count (game points, Buchholz, head to head) and the rounds played. The scoring rule is
written under the title, so no one has to ask how the table is ranked.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

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
from render.text import fit, line_height, width, wrap, wrap_parts

__all__ = ["COLOUR_PAIRS", "StandingLine", "StandingsView", "podium_picture", "standings_picture"]

OTHER_PLACE: Colour = (150, 185, 165)
DROPPED: Colour = (150, 160, 150)
ROW = 56
#: More lines than this are summed up in one line ("and 12 more").
MAX_LINES = 40
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    *((f"place {place} on its medal", INK, colour) for place, colour in MEDALS.items()),
    ("a later place on its disc", INK, OTHER_PLACE),
    ("a name on its row", WHITE, FELT_DARK),
    ("points on a row", GOLD, FELT_DARK),
    ("tie-breaks on a row", MUTED, FELT_DARK),
    ("the rule", MUTED, FELT),
)


@dataclass(frozen=True)
class StandingLine:
    """One player's line: the numbers already written as people read them."""

    place: int
    name: str
    points: str
    game_points: int
    buchholz: str
    head_to_head: int
    played: int
    dropped: bool = False


@dataclass(frozen=True)
class StandingsView:
    """What the standings picture shows."""

    title: str  # "Nin Jan tournament #4"
    status: str  # "After round 2 of 3" / "Final standings"
    rule: str
    lines: tuple[StandingLine, ...]


def tie_breaks(line: StandingLine, words: Words = ENGLISH) -> str:
    """The tie-breaks in the order they count, and the rounds played.

    >>> tie_breaks(StandingLine(1, "Ann", "9", 1234, "4½", 1, 3))
    'game pts 1,234 · Buchholz 4½ · h2h +1 · 3 rounds'
    """
    return " · ".join(tie_break_parts(line, words))


def tie_break_parts(line: StandingLine, words: Words = ENGLISH) -> list[str]:
    """:func:`tie_breaks` one by one (a row breaks its line between them)."""
    parts = [
        words.say("game pts {points}", points=words.number(line.game_points)),
        words.say("Buchholz {score}", score=line.buchholz),
    ]
    if line.head_to_head:
        parts.append(words.say("h2h {score}", score=f"{line.head_to_head:+d}"))
    parts.append(words.plural("{count} round", "{count} rounds", line.played))
    if line.dropped:
        parts.append(words.say("dropped"))
    return parts


def standings_picture(view: StandingsView, *, words: Words = ENGLISH) -> bytes:
    """The standings: a title, the rule, then one panel per player, best first (the title, status and
    rule are the caller's, in the reader's language)."""
    shown = view.lines[:MAX_LINES]
    room = WIDTH - 2 * MARGIN
    image, draw = new_canvas(WIDTH, 200 + (ROW + line_height(SMALL)) * (len(shown) + 1) + 80, FELT)
    y = _heading(draw, view, room)
    for line in shown:
        y += _row(draw, line, y, words)
    if len(view.lines) > len(shown):
        more = len(view.lines) - len(shown)
        text(draw, (MARGIN, y + 4), words.say("… and {count} more", count=words.number(more)), BODY, MUTED)
        y += line_height(BODY) + 4
    return to_png(image.crop((0, 0, WIDTH, int(y) + MARGIN)))


def _heading(draw: ImageDraw.ImageDraw, view: StandingsView, room: float) -> float:
    text(draw, (MARGIN, MARGIN), view.title, BODY, MUTED, bold=True, max_width=room)
    y = MARGIN + line_height(BODY) + 2
    text(draw, (MARGIN, y), view.status, TITLE + 2, GOLD, bold=True, max_width=room)
    y += line_height(TITLE + 2)
    for part in wrap(view.rule, SMALL, room, max_lines=4):
        text(draw, (MARGIN, y), part, SMALL, MUTED)
        y += line_height(SMALL)
    return y + 8


def _row(draw: ImageDraw.ImageDraw, line: StandingLine, y: float, words: Words) -> float:
    """One player's panel; returns its height (taller where the tie-breaks take two lines)."""
    points_w = width(fit(line.points, SCORE, 120, bold=True), SCORE, bold=True)
    left = MARGIN + 50
    room = WIDTH - MARGIN - 18 - points_w - left
    # "direkter Vergleich", "личные встречи": the tie-breaks go on over a second line, not cut
    details = wrap_parts(tie_break_parts(line, words), SMALL, room, max_lines=2)
    more = (len(details) - 1) * line_height(SMALL)
    height = ROW + more
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + height - 6), radius=8, fill=FELT_DARK)
    cy = y + (height - 6) / 2
    disc = MEDALS.get(line.place, OTHER_PLACE) if not line.dropped else DROPPED
    draw.ellipse((MARGIN + 8, cy - 16, MARGIN + 40, cy + 16), fill=disc)
    text(draw, (MARGIN + 24, cy), str(line.place), BODY if line.place < 100 else SMALL, INK, anchor="mm", bold=True)
    text(draw, (WIDTH - MARGIN - 10, cy), line.points, SCORE, GOLD, anchor="rm", bold=True, max_width=120)
    name_y = cy - 2 - more / 2
    colour = WHITE if not line.dropped else DROPPED
    text(draw, (left, name_y), line.name, BODY + 2, colour, anchor="ls", max_width=room)
    for i, detail in enumerate(details):
        text(draw, (left, name_y + 6 + i * line_height(SMALL)), detail, SMALL, MUTED, anchor="la")
    return height


def podium_picture(view: StandingsView, *, words: Words = ENGLISH) -> bytes:
    """The top three on a podium (second left, first in the middle, third right), with their points."""
    image, draw = new_canvas(WIDTH, 330, FELT)
    room = WIDTH - 2 * MARGIN
    text(draw, (WIDTH / 2, MARGIN), view.title, BODY, MUTED, anchor="ma", bold=True, max_width=room)
    podium = words.say("Podium")
    text(
        draw,
        (WIDTH / 2, MARGIN + line_height(BODY) + 2),
        podium,
        TITLE + 4,
        GOLD,
        anchor="ma",
        bold=True,
        max_width=room,
    )
    step_w = (WIDTH - 2 * MARGIN - 16) / 3
    floor = 310
    heights = {1: 140, 2: 112, 3: 92}
    top = [line for line in view.lines if line.place <= 3 and not line.dropped][:3]
    for column, index in enumerate((1, 0, 2)):
        if index >= len(top):
            continue
        line = top[index]
        x = MARGIN + column * (step_w + 8)
        height = heights.get(line.place, 70)
        colour = MEDALS.get(line.place, OTHER_PLACE)
        draw.rounded_rectangle((x, floor - height, x + step_w, floor), radius=6, fill=colour)
        text(draw, (x + step_w / 2, floor - height + 10), str(line.place), SCORE + 6, INK, anchor="ma", bold=True)
        points = words.say("{points} pts", points=line.points)
        text(draw, (x + step_w / 2, floor - 14), points, BODY, INK, anchor="ms", max_width=step_w - 8)
        names = wrap(line.name, BODY + 1, step_w - 4, bold=True, max_lines=2)
        name_y = floor - height - 8 - line_height(BODY + 1) * len(names)
        for part in names:
            text(draw, (x + step_w / 2, name_y), part, BODY + 1, WHITE, anchor="ma", bold=True)
            name_y += line_height(BODY + 1)
    return to_png(image)
