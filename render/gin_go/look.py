"""Gin-Go's look: the sides' colours and words, the board's sizes and marks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.gin_go.board import COLUMNS, ROWS, xy
from render.common import (
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    MUTED,
    PAPER,
    SMALL,
    SUIT_COLOURS,
    WHITE,
    Colour,
)

#: Each side's chips: side A (south) round blue stones, side B (north) square orange tiles.
SIDE_COLOURS: tuple[Colour, Colour] = ((28, 84, 196), (196, 88, 0))
SIDE_EDGES: tuple[Colour, Colour] = ((14, 40, 104), (110, 46, 0))
SIDE_TINTS: tuple[Colour, Colour] = ((214, 226, 250), (252, 226, 200))
SIDE_WORDS = (("A", "south", "round"), ("B", "north", "square"))
BOARD: Colour = (242, 228, 196)
BOARD_BAND: Colour = (233, 215, 178)
BOARD_STRIPE: Colour = (236, 220, 186)
GRID: Colour = (178, 150, 104)
JOKER_TINT: Colour = (236, 226, 252)
JOKER_INK: Colour = (110, 50, 170)
#: The height of the "Jk" badge on a Joker that names a card.
JOKER_BADGE = SMALL + 3
#: The legend under melds, hands and piles that hold a named Joker.
JOKER_LEGEND = "Jk: a Joker, shown as the card it stands for"
#: Colours a player must tell apart, checked under colour blindness. The two sides' chips also
#: differ by shape (round and square), so only their contrast with the board is checked here.
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    ("side A's chip on the board", SIDE_COLOURS[0], BOARD),
    ("side B's chip on the board", SIDE_COLOURS[1], BOARD),
    ("side A's labels on the board's edge", SIDE_EDGES[0], BOARD_BAND),
    ("side B's labels on the board's edge", SIDE_EDGES[1], BOARD_BAND),
    ("a ring around a new chip", INK, BOARD),
    ("red suit on the board's edge", SUIT_COLOURS["h"], BOARD_BAND),
    ("black suit on the board's edge", SUIT_COLOURS["s"], BOARD_BAND),
    ("a Joker's mark on its card", JOKER_INK, JOKER_TINT),
    ("red suit on a card", SUIT_COLOURS["h"], PAPER),
    ("text on the table", WHITE, FELT),
    ("quiet text on a panel", MUTED, FELT_DARK),
    ("chip count on a panel", GOLD, FELT_DARK),
    ("the word GIN! on its gold pill", INK, GOLD),
    ("a claim's number on a free square", SIDE_EDGES[0], SIDE_TINTS[0]),
    ("a claim's number on a free square (side B)", SIDE_EDGES[1], SIDE_TINTS[1]),
)

SCALE = 2  # shapes are drawn this much larger, then scaled down: smooth edges


@dataclass(frozen=True)
class Look:
    """The size of one board drawing: cells, the label edges left and right, the suit bands."""

    cell_w: int
    cell_h: int
    edge: int
    band: int

    @property
    def width(self) -> int:
        return 2 * self.edge + COLUMNS * self.cell_w

    @property
    def height(self) -> int:
        return 2 * self.band + ROWS * self.cell_h

    def centre(self, sq: int, viewer: int = 0) -> tuple[float, float]:
        """The centre of a square from the drawing's top left, as side ``viewer`` sees the board
        (side B's view is side A's turned half round)."""
        x, y = xy(sq)
        if viewer == 1:
            x, y = COLUMNS + 1 - x, ROWS + 1 - y
        return self.edge + (x - 0.5) * self.cell_w, self.band + (ROWS - y + 0.5) * self.cell_h


TABLE_BOARD = Look(cell_w=42, cell_h=34, edge=22, band=30)
HAND_BOARD = Look(cell_w=34, cell_h=27, edge=20, band=26)


@dataclass(frozen=True)
class Marks:
    """What the board shows beyond its chips."""

    new: frozenset[int] = frozenset()
    #: square -> the side whose chip was bumped there.
    bumped: Mapping[int, int] | None = None
    #: square -> a claim's number (hand picture): where the player's pending move would put chips.
    claims: Mapping[int, str] | None = None
    claimant: int = 0
