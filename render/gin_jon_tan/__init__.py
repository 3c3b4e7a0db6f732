"""Gin-jon-tan pictures: cards, the table (the duel that just happened, the evaluation), a seat's
cards, and the clash table for /rules.

A card face shows its symbol as a drawn motif (one small vector shape per symbol, no font
glyphs), its colour as a band that also names the colour (colour-blind safe), its copy number
and, in the dark footer, its value v. Values and scores are exact integers of any size: they
are drawn in full, or, where the full number is too wide for a score's big digits, as a short
form in words ("≈ 72.3 quadrillion") with the exact value on the line below. Nothing is rounded
silently.

The table picture is always drawn from a spectator's view, so it can only show what is public:
unfolded duel cards, turned reserve cards and revealed hands; hands and reserves as counts.

One module per part: :mod:`.look` (colours, sizes), :mod:`.numbers` (numbers of any size),
:mod:`.motifs` (the symbols, drawn), :mod:`.cards` (card faces), :mod:`.table`, :mod:`.hand` and
:mod:`.rules` (the three pictures).
"""

from __future__ import annotations

# Besides the pictures, what the render tests reach to draw a face in one go and compare
# (tests/render/test_tiles.py, test_gin_jon_tan_render.py, test_fitted.py), as in the one module.
from render.common import GOLD as GOLD
from render.common import INK as INK
from render.common import PAPER as PAPER
from render.common import SMALL as SMALL
from render.common import TITLE as TITLE
from render.common import WHITE as WHITE
from render.common import WIDTH as WIDTH
from render.common import card_box as card_box
from render.common import text as text
from render.gin_jon_tan.cards import _face_symbol as _face_symbol
from render.gin_jon_tan.cards import _face_top as _face_top
from render.gin_jon_tan.cards import card_face, draw_card, draw_mini, mini_face
from render.gin_jon_tan.hand import hand_picture
from render.gin_jon_tan.look import BANDS as BANDS
from render.gin_jon_tan.look import CARD_H, CARD_W, COLOUR_PAIRS, PANEL, TABLE
from render.gin_jon_tan.look import SPENT as SPENT
from render.gin_jon_tan.look import TALL as TALL
from render.gin_jon_tan.motifs import symbol_motif
from render.gin_jon_tan.numbers import amount, short_amount
from render.gin_jon_tan.rules import rules_picture
from render.gin_jon_tan.table import table_picture

__all__ = [
    "CARD_H",
    "CARD_W",
    "COLOUR_PAIRS",
    "PANEL",
    "TABLE",
    "amount",
    "card_face",
    "draw_card",
    "draw_mini",
    "hand_picture",
    "mini_face",
    "rules_picture",
    "short_amount",
    "symbol_motif",
    "table_picture",
]
