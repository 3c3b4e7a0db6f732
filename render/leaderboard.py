"""The leaderboard picture: rank, name, rating, games, win % and level, for a phone.

Drawn 480 px wide (Discord shows it about 400 px wide on a phone), every text at least
11 px there. Names in any script go through :mod:`render.text` and are cut with an
ellipsis to their column. Colour is never the only signal: the top three have medals
*and* their number, a provisional rating carries a "?" (explained in the footer), a
computer says "computer", and the asking player's row has a thick border and a "you" tab.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.words import ENGLISH, Words
from render.common import MEDALS
from render.numbers import number_words
from render.text import draw_text, fit, line_height, min_size, width

__all__ = ["LeaderRow", "LeaderboardView", "leaderboard_picture", "short_number"]

Colour = tuple[int, int, int]

WIDTH = 480
MARGIN = 12
SMALL = min_size(WIDTH)  # 14 px at 480: 11.7 px on a 400 px phone
BODY = SMALL + 2
TITLE = SMALL + 6
ROW = 46

FELT: Colour = (28, 92, 60)
PANEL: Colour = (20, 70, 45)
WHITE: Colour = (255, 255, 255)
MUTED: Colour = (200, 210, 200)
GOLD: Colour = (235, 190, 70)
INK: Colour = (25, 25, 30)
YOU: Colour = (255, 214, 90)
OTHER: Colour = (150, 185, 165)
#: Text and its background that a player must tell apart (checked for contrast by the tests).
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    ("a name on its row", WHITE, PANEL),
    ("figures on a row", WHITE, PANEL),
    ("quiet words on a row", MUTED, PANEL),
    ("the title", GOLD, FELT),
    *((f"rank {rank} on its medal", INK, colour) for rank, colour in MEDALS.items()),
    ("a later rank on its disc", INK, OTHER),
    ("the you tab", INK, YOU),
)

#: The name starts here; the figures' columns are laid out from the right edge (see :class:`_Columns`).
NAME_X = MARGIN + 48
LEVEL_X = WIDTH - MARGIN - 8
#: Room between two columns, and the most a heading may take beyond its figures' width.
GAP, HEADING_MAX = 12, 96


@dataclass(frozen=True)
class LeaderRow:
    """One player's line."""

    rank: int
    name: str
    rating: int
    provisional: bool
    games: int
    wins: int
    level: int
    points: int
    computer: bool = False
    #: The player who asked for the board.
    you: bool = False


@dataclass(frozen=True)
class LeaderboardView:
    """One page of a leaderboard, ready to draw."""

    game_name: str
    by: str  # "rating", "points" or "wins"
    period: str  # words: "all time", "past 30 days", "past 7 days"
    rows: tuple[LeaderRow, ...]
    page: int  # 0-based
    pages: int
    players: int
    #: The asking player's own row when it is not on this page.
    own: LeaderRow | None = None


def short_number(value: int, words: Words = ENGLISH) -> str:
    """A number short enough for a column, in words past a million (:func:`render.numbers.number_words`).

    >>> short_number(12345), short_number(-7), short_number(70_123_456_789_012_345_678)
    ('12,345', '-7', '70.1 quintillion')
    """
    return number_words(value, words)


def _win_percent(row: LeaderRow, words: Words) -> str:
    return words.percent(row.wins / row.games) if row.games else "–"


def _rating_text(row: LeaderRow, words: Words) -> str:
    return f"{words.number(row.rating)}?" if row.provisional else words.number(row.rating)


@dataclass(frozen=True)
class _Columns:
    """The figures' columns (rating, games, win share, level), right edges and widths, and the
    room left for names, laid out from the right for this page in this language: each column as
    wide as its heading or its widest figure, so a longer heading ("Reyting", "Wertung") moves the
    columns apart instead of being cut or touching its neighbour."""

    rights: tuple[float, float, float, float]
    widths: tuple[float, float, float, float]
    name_room: float

    @classmethod
    def of(cls, rows: list[LeaderRow], headings: tuple[str, str, str, str], by: str, words: Words) -> _Columns:
        figures = (
            [(_rating_text(r, words), by == "rating") for r in rows],
            [(words.number(r.games), False) for r in rows],
            [(_win_percent(r, words), by == "wins") for r in rows],
            [(str(r.level), False) for r in rows],
        )
        rights: list[float] = []
        widths: list[float] = []
        right: float = LEVEL_X
        for heading, column in zip(reversed(headings), reversed(figures), strict=True):
            widest = max((width(text, BODY, bold) for text, bold in column), default=0.0)
            wide = max(widest, min(width(heading, SMALL, bold=True), widest + HEADING_MAX))
            rights.insert(0, right)
            widths.insert(0, wide)
            right -= wide + GAP
        r, w = tuple(rights), tuple(widths)
        return cls((r[0], r[1], r[2], r[3]), (w[0], w[1], w[2], w[3]), right - NAME_X)


def _draw_row(draw: ImageDraw.ImageDraw, y: float, row: LeaderRow, by: str, words: Words, columns: _Columns) -> None:
    box = (MARGIN, y, WIDTH - MARGIN, y + ROW - 6)
    cy = y + (ROW - 6) / 2
    if row.you:
        draw.rounded_rectangle(box, radius=8, fill=PANEL, outline=YOU, width=3)
    else:
        draw.rounded_rectangle(box, radius=8, fill=PANEL)
    disc = MEDALS.get(row.rank, OTHER)
    r = 15
    draw.ellipse((MARGIN + 22 - r, cy - r, MARGIN + 22 + r, cy + r), fill=disc)
    rank = str(row.rank)
    draw_text(draw, (MARGIN + 22, cy), rank, SMALL if len(rank) < 3 else SMALL - 2, INK, anchor="mm", bold=True)
    name_room = columns.name_room
    tags = []
    if row.you:
        tags.append(words.say("you"))
    if row.computer:
        tags.append(words.say("computer"))
    if by == "points":
        tags.append(words.say("{points} pts", points=short_number(row.points, words)))
    top = cy - line_height(BODY) / 2 if tags else cy
    draw_text(draw, (NAME_X, top), row.name, BODY, WHITE, anchor="lm", bold=row.you, max_width=name_room)
    if tags:
        draw_text(
            draw,
            (NAME_X, cy + line_height(SMALL) / 2),
            " · ".join(tags),
            SMALL,
            MUTED,
            anchor="lm",
            max_width=name_room,
        )
    figures = (
        (columns.rights[0], _rating_text(row, words), by == "rating"),
        (columns.rights[1], words.number(row.games), False),
        (columns.rights[2], _win_percent(row, words), by == "wins"),
    )
    for x, value, main in figures:
        draw_text(draw, (x, cy), value, BODY, GOLD if main else WHITE, anchor="rm", bold=main)
    draw_text(draw, (columns.rights[3], cy), str(row.level), BODY, WHITE, anchor="rm")


def _by(by: str, words: Words) -> str:
    if by == "rating":
        return words.say("By rating")
    if by == "points":
        return words.say("By points")
    if by == "wins":
        return words.say("By wins")
    return words.say("By {ranking}", ranking=by)


def leaderboard_picture(view: LeaderboardView, *, words: Words = ENGLISH) -> bytes:
    """The page as a PNG; the asking player's row is added at the bottom when it is not on the page.

    ``view.period`` is the caller's, in the reader's language."""
    rows = list(view.rows)
    height = MARGIN + line_height(TITLE) + line_height(SMALL) + 10 + line_height(SMALL) + 6
    height += ROW * max(1, len(rows)) + (ROW + 22 if view.own else 0) + 2 * line_height(SMALL) + MARGIN
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    room = WIDTH - 2 * MARGIN
    y: float = MARGIN
    title = words.say("{game} leaderboard", game=view.game_name)
    draw_text(draw, (MARGIN, y), title, TITLE, GOLD, bold=True, max_width=room)
    y += line_height(TITLE)
    page = words.say("page {number} of {total}", number=view.page + 1, total=view.pages)
    players = words.plural("{count} player", "{count} players", view.players)
    subtitle = " · ".join((_by(view.by, words), view.period, page, players))
    draw_text(draw, (MARGIN, y), subtitle, SMALL, MUTED, max_width=room)
    y += line_height(SMALL) + 10
    headings = (words.say("Rating"), words.say("Games"), words.say("Win"), words.say("Lv"))
    columns = _Columns.of(rows + ([view.own] if view.own else []), headings, view.by, words)
    for x, heading, anchor, column in (
        (MARGIN + 22, "#", "mm", 30),
        (NAME_X, words.say("Player"), "lm", columns.name_room),
        *(
            (right, text, "rm", wide)
            for right, wide, text in zip(columns.rights, columns.widths, headings, strict=True)
        ),
    ):
        top = y + line_height(SMALL) / 2
        draw_text(draw, (x, top), heading, SMALL, MUTED, anchor=anchor, bold=True, max_width=column)
    y += line_height(SMALL) + 6
    if not rows:
        draw_text(draw, (WIDTH / 2, y + ROW / 2), words.say("No finished games yet."), BODY, WHITE, anchor="mm")
        y += ROW
    for row in rows:
        _draw_row(draw, y, row, view.by, words, columns)
        y += ROW
    if view.own is not None:
        for i in range(3):
            draw.ellipse((WIDTH / 2 - 14 + 14 * i - 2, y + 6, WIDTH / 2 - 14 + 14 * i + 2, y + 10), fill=MUTED)
        y += 22
        _draw_row(draw, y, view.own, view.by, words, columns)
        y += ROW
    y += 4
    notes = " · ".join(
        (words.say("? provisional: fewer than 10 games"), words.say("Lv: level from lifetime points and games"))
    )
    for line in _wrap(notes, SMALL, room):
        draw_text(draw, (MARGIN, y), line, SMALL, MUTED)
        y += line_height(SMALL)
    image = image.crop((0, 0, WIDTH, int(y) + MARGIN))
    buffer = io.BytesIO()
    image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=6
    )
    return buffer.getvalue()


def _wrap(content: str, size: int, room: float) -> list[str]:
    """The footer on one line if it fits, else split at its " · "."""
    if width(content, size) <= room:
        return [content]
    return [fit(part, size, room) for part in content.split(" · ")]
