"""Gin-jon-tan's look: the table's colours and the cards' sizes."""

from __future__ import annotations

from functools import lru_cache

from render import text as _text
from render.common import (
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PAPER,
    WHITE,
    WIDTH,
    Colour,
    grid,
)

TABLE: Colour = (36, 33, 62)  # the night-blue table of an "ancient Shaal card game"
PANEL: Colour = (24, 22, 44)
SPENT: Colour = (196, 196, 200)  # a spent card's face in a duel
LOST: Colour = (235, 120, 120)
#: Each card colour's band, and the ink of the band's word on it.
BANDS: dict[str, tuple[Colour, Colour]] = {
    "White": ((228, 226, 218), INK),
    "Red": ((196, 38, 48), WHITE),
    "Orange": ((240, 140, 30), INK),
    "Yellow": ((246, 212, 50), INK),
    "Green": ((36, 130, 64), WHITE),
    "Blue": ((36, 92, 196), WHITE),
    "Violet": ((122, 58, 170), WHITE),
}
#: Colours a player must tell apart (text or shape on its background), checked under colour blindness.
#: A card's colour is also written on its band, so the bands need only contrast with their words.
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    *((f"the word on a {name} band", ink, band) for name, (band, ink) in BANDS.items()),
    ("a symbol on a card", INK, PAPER),
    ("a symbol on a spent card", INK, SPENT),
    ("a card's value in its footer", WHITE, INK),
    ("text on the table", WHITE, TABLE),
    ("quiet text on the table", MUTED, TABLE),
    ("quiet text on a panel", MUTED, PANEL),
    ("score on a panel", GOLD, PANEL),
    ("a lost clash's word", LOST, TABLE),
    ("a symbol on the clash table", WHITE, PANEL),
)

#: Measuring text is most of a picture's time, and the same lines recur all game long: measure each once.
wrap = lru_cache(maxsize=8192)(_text.wrap)
text_width = lru_cache(maxsize=8192)(_text.width)

CARD_W, CARD_H = 88, 104
#: Rows of the first canvas of a table or a hand: six players' evaluation runs to some 1,800.
TALL = 2000
MINI_W, MINI_H = 46, 62
GAP = 4
ROOM = WIDTH - 2 * MARGIN
PER_ROW = grid(9, CARD_W, GAP, ROOM)
MINIS_PER_ROW = grid(9, MINI_W, GAP, ROOM)
