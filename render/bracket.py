"""The bracket of an elimination tournament (single or double), drawn for a phone in pages.

Pure: a :class:`BracketView` in, PNG bytes out, one picture per page. A bracket of 64 is too
wide to draw as a tree a phone can read, so each round is a heading and its tables are cards,
two to a row (one for tables of more than two): on each card the players with their seeds, the
one who went on in bold gold with a filled marker, those who dropped or went out muted with a
hollow one, and the table's state (to come, playing, played, bye) in words. Rounds follow each
other in the order they are played; a page holds what fits in :data:`PAGE_HEIGHT` and says
which page it is.

>>> table = BracketTable("Table 1", (BracketSeat("Ann", 1, WENT_ON),), 2, "bye")
>>> view = BracketView("Gin Rummy #3", "Round 2", (BracketRound("Winners' round 1", (table,)),))
>>> bracket_pages(view), page_count(view)
([["Winners' round 1"]], 1)
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
    MARGIN,
    MUTED,
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

__all__ = [
    "COLOUR_PAIRS",
    "OUT",
    "PAGE_HEIGHT",
    "WENT_ON",
    "BracketRound",
    "BracketSeat",
    "BracketTable",
    "BracketView",
    "bracket_pages",
    "bracket_picture",
    "page_count",
    "page_showing",
]

#: A seat's outcome: went on (won the table, or the top half), out of this bracket, or not yet known.
WENT_ON, OUT, OPEN = "on", "out", ""
#: The tallest page (a phone shows it 400 px wide, scrolled: like the standings picture).
PAGE_HEIGHT = 1200
CARD_GAP = 6
SEAT_ROW = 22
LABEL_ROW = line_height(SMALL) + 2
OUT_INK: Colour = (170, 190, 178)
EMPTY_INK: Colour = (150, 175, 160)
PLAYING: Colour = (255, 214, 90)
CARD: Colour = FELT_DARK
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    ("a player who went on", GOLD, CARD),
    ("a player who is still to play", WHITE, CARD),
    ("a player who went out", OUT_INK, CARD),
    ("an empty seat", EMPTY_INK, CARD),
    ("a table being played", PLAYING, CARD),
    ("a round's heading", GOLD, FELT),
)


def state_word(state: str, words: Words = ENGLISH) -> str:
    """A table's state as its card says it."""
    if state == "waiting":
        return words.say("to come")
    if state == "playing":
        return words.say("playing")
    if state == "played":
        return words.say("played")
    if state == "bye":
        return words.say("bye")
    return state


@dataclass(frozen=True)
class BracketSeat:
    """One player at a table: their name, seed (None: not shown) and outcome there."""

    name: str
    seed: int | None = None
    outcome: str = OPEN


@dataclass(frozen=True)
class BracketTable:
    """One table of a round: its label ("Table 3"), who is known to sit there, its size and state."""

    label: str
    seats: tuple[BracketSeat, ...]
    size: int = 2
    state: str = "waiting"  # waiting, playing, played or bye


@dataclass(frozen=True)
class BracketRound:
    title: str  # "Winners' round 1", "Losers' round 3", "Grand final"
    tables: tuple[BracketTable, ...]


@dataclass(frozen=True)
class BracketView:
    title: str  # "Gin Rummy tournament #3 · double elimination"
    status: str  # "After round 4" / "Final bracket"
    rounds: tuple[BracketRound, ...]


def _card_height(table: BracketTable) -> int:
    return 4 + LABEL_ROW + SEAT_ROW * max(table.size, len(table.seats)) + 4


def _per_row(round_: BracketRound) -> int:
    return 2 if all(t.size <= 2 for t in round_.tables) else 1


@dataclass(frozen=True)
class _Block:
    """A heading, or a row of cards, as laid out on a page."""

    height: int
    heading: str | None = None
    cards: tuple[BracketTable, ...] = ()


def _blocks(view: BracketView) -> list[_Block]:
    heading_h = line_height(BODY + 2) + 6
    blocks: list[_Block] = []
    for round_ in view.rounds:
        blocks.append(_Block(heading_h, heading=round_.title))
        per_row = _per_row(round_)
        for start in range(0, len(round_.tables), per_row):
            row = round_.tables[start : start + per_row]
            blocks.append(_Block(max(_card_height(t) for t in row) + CARD_GAP, cards=row))
    return blocks


def _header_height() -> int:
    return MARGIN + line_height(BODY) + 2 + line_height(TITLE) + 8


def _paginate(view: BracketView, words: Words = ENGLISH) -> list[list[_Block]]:
    """Blocks cut into pages; a heading never ends a page (its round goes on overleaf, marked)."""
    room = PAGE_HEIGHT - _header_height() - MARGIN
    pages: list[list[_Block]] = [[]]
    used = 0
    current_heading: str | None = None
    blocks = _blocks(view)
    for index, block in enumerate(blocks):
        if block.heading is not None:
            current_heading = block.heading
            after = blocks[index + 1].height if index + 1 < len(blocks) and blocks[index + 1].cards else 0
            if used and used + block.height + after > room:
                pages.append([])
                used = 0
        elif used + block.height > room and used:
            pages.append([])
            used = 0
            assert current_heading is not None
            heading = words.say("{heading} (continued)", heading=current_heading)
            continued = _Block(line_height(BODY + 2) + 6, heading=heading)
            pages[-1].append(continued)
            used += continued.height
        pages[-1].append(block)
        used += block.height
    return pages


def bracket_pages(view: BracketView) -> list[list[str]]:
    """The round headings on each page (what :func:`bracket_picture` will draw where)."""
    return [[b.heading for b in page if b.heading is not None] for page in _paginate(view)]


def page_count(view: BracketView) -> int:
    return len(_paginate(view))


def page_showing(view: BracketView, state: str = "playing") -> int:
    """The first page with a table in ``state`` (the round being played), else the last page."""
    pages = _paginate(view)
    for number, page in enumerate(pages):
        if any(t.state == state for block in page for t in block.cards):
            return number
    return len(pages) - 1


def bracket_picture(view: BracketView, page: int = 0, *, words: Words = ENGLISH) -> bytes:
    """Page ``page`` (0-based; past the end: the last) of the bracket (its title, status, round
    titles and table labels are the caller's, in the reader's language)."""
    pages = _paginate(view, words)
    page = max(0, min(page, len(pages) - 1))
    blocks = pages[page]
    height = _header_height() + sum(b.height for b in blocks) + MARGIN
    image, draw = new_canvas(WIDTH, height, FELT)
    room = WIDTH - 2 * MARGIN
    text(draw, (MARGIN, MARGIN), view.title, BODY, MUTED, bold=True, max_width=room)
    y = MARGIN + line_height(BODY) + 2
    if len(pages) == 1:
        status = view.status
    else:
        status = f"{view.status} · {words.say('page {number} of {total}', number=page + 1, total=len(pages))}"
    text(draw, (MARGIN, y), status, TITLE, GOLD, bold=True, max_width=room)
    y = _header_height()
    for block in blocks:
        if block.heading is not None:
            text(draw, (MARGIN, y + 2), block.heading, BODY + 2, GOLD, bold=True, max_width=room)
        else:
            count = len(block.cards)
            per_row = 2 if count == 2 or all(t.size <= 2 for t in block.cards) else 1
            card_w = (room - CARD_GAP * (per_row - 1)) / per_row
            for column, table in enumerate(block.cards):
                _card(draw, table, MARGIN + column * (card_w + CARD_GAP), y, card_w, words)
        y += block.height
    return to_png(image)


def _card(draw: ImageDraw.ImageDraw, table: BracketTable, x: float, y: float, w: float, words: Words) -> None:
    h = _card_height(table)
    playing = table.state == "playing"
    draw.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=CARD, outline=PLAYING if playing else None, width=2)
    state = state_word(table.state, words)
    label_w = text(draw, (x + 8, y + 4), table.label, SMALL, MUTED, max_width=w / 2)
    ink = PLAYING if playing else MUTED
    # the state takes what the label leaves ("do rozegrania" is wider than half a card)
    text(draw, (x + w - 8, y + 4), state, SMALL, ink, anchor="ra", bold=playing, max_width=w - 26 - label_w)
    row_y = y + 4 + LABEL_ROW
    shown = list(table.seats) + [None] * max(0, table.size - len(table.seats))
    for seat in shown:
        cy = row_y + SEAT_ROW / 2
        if seat is None:
            text(draw, (x + 26, cy), "—", BODY, EMPTY_INK, anchor="lm")
        else:
            _seat(draw, seat, x, cy, w)
        row_y += SEAT_ROW


def _seat(draw: ImageDraw.ImageDraw, seat: BracketSeat, x: float, cy: float, w: float) -> None:
    """The marker (filled: went on; hollow: out; none: open), the seed, the name."""
    colour = GOLD if seat.outcome == WENT_ON else OUT_INK if seat.outcome == OUT else WHITE
    marker = (x + 9, cy - 5, x + 19, cy + 5)
    if seat.outcome == WENT_ON:
        draw.polygon([(marker[0], marker[1]), (marker[2], cy), (marker[0], marker[3])], fill=GOLD)
    elif seat.outcome == OUT:
        draw.ellipse(marker, outline=OUT_INK, width=2)
    left = x + 26
    if seat.seed is not None:
        left += text(draw, (left, cy), str(seat.seed), SMALL, MUTED, anchor="lm") + 6
    text(
        draw, (left, cy), seat.name, BODY, colour, anchor="lm", bold=seat.outcome == WENT_ON, max_width=x + w - 8 - left
    )
