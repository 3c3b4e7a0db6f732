"""Gin-Go's small cards and icons, and fans of them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.gin_go.cards import RANK_LABELS, is_joker, rank_of, suit_of
from render.common import (
    INK,
    PAPER,
    SMALL,
    WHITE,
    Colour,
    card_box,
    paste_suit,
    stamp,
    suit_colour,
    text,
)
from render.gin_go.board import paste_icon
from render.gin_go.look import JOKER_BADGE, JOKER_INK, JOKER_TINT

CARD = (34, 48)
STEP = 23


def small_card(
    image: Image.Image,
    x: float,
    y: float,
    card: str,
    named: str | None = None,
    size: tuple[int, int] = CARD,
    outline: Colour = INK,
) -> None:
    """A card: rank over suit in its left strip (what a fan shows), a big suit when there is room.
    A Joker is tinted and starred, and shows the card it names, if any."""
    w, h = size
    joker = is_joker(card)
    shown = named if joker else card
    colour = suit_colour(suit_of(shown)) if shown is not None else INK
    stamp(image, x, y, size, _small_card_box, size, joker, outline, shown, colour)
    if shown is None:
        paste_icon(image, "*", x + w / 2, y + h * 0.4, w * 0.62)


def _small_card_box(
    image: Image.Image,
    x: float,
    y: float,
    size: tuple[int, int],
    joker: bool,
    outline: Colour,
    shown: str | None,
    colour: Colour,
) -> None:
    """A card's box, rank and suits ("Jk" for a Joker naming no card), what :func:`small_card` stamps.
    A Joker's stars are left to :func:`small_card`: they are centred on half pixels, which round
    to even, so they would not move exactly with the card."""
    draw = ImageDraw.Draw(image)
    w, h = size
    card_box(draw, x, y, w, h, fill=JOKER_TINT if joker else PAPER, outline=outline, width=2)
    if shown is None:
        text(draw, (x + w / 2, y + h - 3), "Jk", SMALL, JOKER_INK, anchor="md", bold=True)
        return
    rank = RANK_LABELS[rank_of(shown) - 1]
    size_px = SMALL + 2 if len(rank) == 1 else SMALL
    text(draw, (x + 3, y + 2), rank, size_px, colour, bold=True)
    paste_suit(image, suit_of(shown), x + 4 + size_px * 0.42, y + 9 + size_px * 1.2, size_px * 0.95, colour)
    if w >= 44:
        paste_suit(image, suit_of(shown), x + w * 0.62, y + h * 0.64, w * 0.5, colour)
    if joker:  # a Joker naming a card: a badge in the strip a fan leaves in sight, and a legend below
        draw.rounded_rectangle((x + 2, y + h - JOKER_BADGE - 2, x + 21, y + h - 3), radius=3, fill=JOKER_INK)
        text(draw, (x + 11.5, y + h - 4), "Jk", SMALL, WHITE, anchor="md", bold=True)


def fan(
    image: Image.Image,
    x: float,
    y: float,
    cards: Sequence[str],
    names: Sequence[str] | None = None,
    step: int = STEP,
    size: tuple[int, int] = CARD,
    outlines: Mapping[int, Colour] | None = None,
) -> float:
    """Cards overlapping left to right; returns the x after the last."""
    for i, card in enumerate(cards):
        named = names[i] if names is not None and is_joker(card) else None
        small_card(image, x + i * step, y, card, named, size, (outlines or {}).get(i, INK))
    return x + (size[0] + step * (len(cards) - 1) if cards else 0)


def fan_width(count: int, step: int = STEP, size: tuple[int, int] = CARD) -> int:
    return size[0] + step * (count - 1) if count else 0
