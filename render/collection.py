"""A page of a Gin-jon-tan collection or deck: the owner, the sort, the cards as their faces.

Drawn for a phone (480 px wide, text readable at 400 px) with the card faces of
:mod:`render.gin_jon_tan`. Each card carries its number on the page (``#1`` …), the number
the select menus of ``/deck`` use, and a gold border when it is marked (in the active deck,
or picked for a new one). Pure: a view in, PNG bytes out.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.gin_jon_tan.cards import Card
from engine.words import ENGLISH, Words
from render.common import BODY, GOLD, MARGIN, MUTED, SMALL, TITLE, WHITE, WIDTH, grid, new_canvas, text, to_png
from render.gin_jon_tan import CARD_H, CARD_W, PANEL, TABLE, draw_card
from render.text import line_height, wrap

__all__ = ["COLOUR_PAIRS", "PER_PAGE", "CollectionView", "ShownCard", "collection_picture"]

GAP = 4
PER_ROW = grid(5, CARD_W, GAP, WIDTH - 2 * MARGIN)
#: Cards on one page (four rows of five).
PER_PAGE = 4 * PER_ROW
TAG_H = line_height(SMALL) + 2

COLOUR_PAIRS = (
    ("text on the collection", WHITE, TABLE),
    ("quiet text on the collection", MUTED, TABLE),
    ("a marked card's tag", GOLD, TABLE),
    ("text on the heading", WHITE, PANEL),
)


@dataclass(frozen=True)
class ShownCard:
    """One card of the page: ``marked`` draws a gold border (what it means is the view's ``mark_word``)."""

    card: Card
    marked: bool = False


@dataclass(frozen=True)
class CollectionView:
    """One page of a collection or deck, as its owner or a visitor sees it."""

    title: str  # "Ada's collection": the name in any script
    cards: tuple[ShownCard, ...]  # this page's cards, in order
    total: int  # cards in the whole collection (or deck)
    page: int  # 0-based
    pages: int
    sort: str  # "value", "symbol" or "colour"
    #: What a gold border means ("in the active deck", "picked"), and how many are marked on every page.
    mark_word: str = "in the active deck"
    marked: int = 0
    #: A line under the heading (what to do next), or "".
    note: str = ""


def _sorted_by(sort: str, words: Words) -> str:
    if sort == "value":
        return words.say("by value")
    if sort == "symbol":
        return words.say("by symbol")
    if sort == "colour":
        return words.say("by colour")
    return words.say("by {sort}", sort=sort)


def collection_picture(view: CollectionView, *, words: Words = ENGLISH) -> bytes:
    """The page: a heading panel (title, count, sort, page, what gold means) and a grid of card faces."""
    rows = max(1, -(-len(view.cards) // PER_ROW))
    note_lines = wrap(view.note, SMALL, WIDTH - 2 * MARGIN, max_lines=3) if view.note else []
    heading = MARGIN + line_height(TITLE) + 2 * line_height(SMALL) + len(note_lines) * line_height(SMALL) + MARGIN
    height = heading + MARGIN + rows * (CARD_H + TAG_H + GAP) + MARGIN
    image, draw = new_canvas(WIDTH, height, TABLE)
    draw.rounded_rectangle((MARGIN // 2, MARGIN // 2, WIDTH - MARGIN // 2, heading), radius=8, fill=PANEL)
    y = MARGIN
    text(draw, (MARGIN, y), view.title, TITLE, WHITE, bold=True, max_width=WIDTH - 2 * MARGIN)
    y += line_height(TITLE)
    room = WIDTH - 2 * MARGIN
    cards = words.plural("{count} card", "{count} cards", view.total)
    page = words.say("page {number} of {total}", number=view.page + 1, total=view.pages)
    text(draw, (MARGIN, y), f"{cards} · {_sorted_by(view.sort, words)} · {page}", SMALL, WHITE, max_width=room)
    y += line_height(SMALL)
    gold = words.say("Gold border: {meaning} ({count})", meaning=view.mark_word, count=words.number(view.marked))
    text(draw, (MARGIN, y), gold, SMALL, GOLD, max_width=room)
    y += line_height(SMALL)
    for line in note_lines:
        text(draw, (MARGIN, y), line, SMALL, MUTED)
        y += line_height(SMALL)
    y = heading + MARGIN
    if not view.cards:
        text(draw, (MARGIN, y), words.say("No cards here."), BODY, MUTED, max_width=room)
    first = view.page * PER_PAGE
    for i, shown in enumerate(view.cards):
        row, col = divmod(i, PER_ROW)
        x = MARGIN + col * (CARD_W + GAP)
        top = y + row * (CARD_H + TAG_H + GAP)
        draw_card(image, shown.card, x, top, marked=shown.marked, words=words)
        tag = f"#{first + i + 1}" + (" ✓" if shown.marked else "")
        text(draw, (x + CARD_W / 2, top + CARD_H + 1), tag, SMALL, GOLD if shown.marked else MUTED, anchor="ma")
    return to_png(image)
