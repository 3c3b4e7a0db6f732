"""Gin-Go pictures: the board (the face of the bot), a hand with what it can claim, the rules board.

The board is drawn the way side A (south) sees it: 4 suit columns, 13 rank rows, side A's
labels on the left and its suit row at the bottom, side B's on the right and at the top.
Chips differ by shape as well as colour — side A plays round blue stones, side B square
orange tiles — so that no player needs colour to tell them apart. A ring marks a chip
placed in the last turn, a cross in a side's colour a chip of that side just bumped, and a
complete link is drawn as a band joining its chips. The shapes are drawn twice as large and
scaled down, so the round stones are smooth; text is drawn at full size on top.

One module per part: :mod:`.look` (colours, sizes, marks), :mod:`.board` (chips, suit rows,
squares, from tiles drawn once), :mod:`.cards` (small cards and fans), :mod:`.words` (the
sentences), :mod:`.table`, :mod:`.hand` and :mod:`.rules` (the three pictures). What a hand can
claim is worked out by the engine (:mod:`engine.gin_go.claims`).
"""

from __future__ import annotations

# Besides the pictures, the pieces the render tests compare with drawing directly
# (tests/render/test_gin_go_speed.py, test_tiles.py): the "_" names, as reachable as in the one module.
from engine.gin_go.board import COLUMNS, ROWS, square
from engine.gin_go.cards import RANK_LABELS
from engine.gin_go.claims import Claim, claims
from render.common import new_canvas, suit_colour, text
from render.gin_go.board import (
    Square,
    chip_icon,
    draw_board,
    paste_icon,
)
from render.gin_go.board import _band_cell as _band_cell
from render.gin_go.board import _board_chip as _board_chip
from render.gin_go.board import _board_x as _board_x
from render.gin_go.board import _bump_cross as _bump_cross
from render.gin_go.board import _chip as _chip
from render.gin_go.board import _empty_board as _empty_board
from render.gin_go.board import _icon as _icon
from render.gin_go.board import _radius as _radius
from render.gin_go.board import _ring_fits as _ring_fits
from render.gin_go.board import _square_marks as _square_marks
from render.gin_go.board import _square_tile as _square_tile
from render.gin_go.board import _squares as _squares
from render.gin_go.board import _suit_in_band as _suit_in_band
from render.gin_go.board import _suit_tile as _suit_tile
from render.gin_go.cards import CARD, fan, small_card
from render.gin_go.cards import _small_card_box as _small_card_box
from render.gin_go.hand import HAND_CARD, hand_picture
from render.gin_go.look import (
    BOARD,
    COLOUR_PAIRS,
    HAND_BOARD,
    JOKER_LEGEND,
    SCALE,
    SIDE_COLOURS,
    SIDE_EDGES,
    TABLE_BOARD,
    Look,
    Marks,
)
from render.gin_go.rules import _WORKED_LINK as _WORKED_LINK
from render.gin_go.rules import rules_picture
from render.gin_go.table import table_picture

__all__ = [
    "BOARD",
    "CARD",
    "COLOUR_PAIRS",
    "COLUMNS",
    "HAND_BOARD",
    "HAND_CARD",
    "JOKER_LEGEND",
    "RANK_LABELS",
    "ROWS",
    "SCALE",
    "SIDE_COLOURS",
    "SIDE_EDGES",
    "TABLE_BOARD",
    "Claim",
    "Look",
    "Marks",
    "Square",
    "chip_icon",
    "claims",
    "draw_board",
    "fan",
    "hand_picture",
    "new_canvas",
    "paste_icon",
    "rules_picture",
    "small_card",
    "square",
    "suit_colour",
    "table_picture",
    "text",
]
