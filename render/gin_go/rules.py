"""Gin-Go's rules picture: a worked link on the board."""

from __future__ import annotations

from functools import lru_cache

from engine.gin_go.board import COLUMNS, ROWS, square
from engine.marks import N_
from engine.words import ENGLISH, Words
from render.common import (
    BODY,
    GOLD,
    MARGIN,
    MUTED,
    SMALL,
    TITLE,
    WHITE,
    WIDTH,
    new_canvas,
    text,
    to_png,
)
from render.gin_go.board import chip_icon, draw_board
from render.gin_go.look import TABLE_BOARD, Marks
from render.gin_go.words import _paragraph

#: A worked zigzag link for side A, from its A row (bottom) to its K row (top), as (x, y).
_WORKED_LINK = (
    (2, 1),
    (2, 2),
    (3, 3),
    (3, 4),
    (2, 5),
    (1, 6),
    (1, 7),
    (2, 8),
    (3, 9),
    (4, 10),
    (4, 11),
    (3, 12),
    (3, 13),
)
_WORKED_B = ((1, 2), (4, 3), (2, 4), (4, 6), (3, 7), (2, 10), (1, 12), (4, 12), (3, 8))


@lru_cache(maxsize=16)  # once a language: bot.i18n.words keeps one Words a language
def rules_picture(words: Words = ENGLISH) -> bytes:
    """The board with a worked link and a short caption (for /rules, in the reader's language)."""
    board: list[int | None] = [None] * (COLUMNS * ROWS)
    link = tuple(square(*at) for at in _WORKED_LINK)
    for sq in link:
        board[sq] = 0
    for at in _WORKED_B:
        board[square(*at)] = 1
    suits = ("s", "h", "c", "d")
    image, draw = new_canvas(WIDTH, 1200)
    text(draw, (MARGIN, MARGIN), words.say("Gin-Go: the board and a link"), TITLE, GOLD, bold=True)
    y: float = MARGIN + 30
    look = TABLE_BOARD
    marks = Marks(new=frozenset({square(4, 10)}), bumped={square(4, 10): 1})
    draw_board(image, draw, MARGIN, y, board, (suits, tuple(reversed(suits))), (link, None), look, marks)
    x = MARGIN + look.width + 12
    w = WIDTH - MARGIN - x
    lines = (
        (BODY, WHITE, True, N_("Each card you meld or hit puts your chip on its square.")),
        (
            SMALL,
            MUTED,
            False,
            N_(
                "Your suit row gives the column, the card's rank the row, counted A to K from "
                "your end. Side A (round stones) sits at the bottom, side B (square tiles) at the top."
            ),
        ),
        (BODY, WHITE, True, N_("A chip on an opposing chip bumps it.")),
        (
            SMALL,
            MUTED,
            False,
            N_(
                "Here side A's 10♦ (the ♦ column, row 10) bumped a side B tile: a ring marks the new chip, "
                "a cross the bumped one."
            ),
        ),
        (BODY, GOLD, True, N_("Link your A row to your K row.")),
        (
            SMALL,
            MUTED,
            False,
            N_(
                "Each chip touches the next straight or diagonally (zigzag). Side A's link, drawn "
                "as a band, wins the hand: Gin-Go!"
            ),
        ),
    )
    for size, colour, bold, content in lines:
        y = _paragraph(draw, x, y, words.say(content), size, colour, w, bold=bold, max_lines=6) + (2 if bold else 8)
    chip_icon(image, 0, x + 9, y + 9, 8)
    side_a = text(draw, (x + 24, y + 1), words.say("side A"), SMALL, WHITE)
    chip_icon(image, 1, x + 24 + side_a + 14, y + 9, 8)
    text(draw, (x + 24 + side_a + 29, y + 1), words.say("side B"), SMALL, WHITE)
    bottom = max(y + 30, MARGIN + 30 + look.height + 10)
    return to_png(image.crop((0, 0, WIDTH, int(bottom) + MARGIN)))
