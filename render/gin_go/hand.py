"""Gin-Go's hand picture: the hand, and the board with the squares its claims would take."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.gin_go.cards import label
from engine.gin_go.claims import Claim, claims
from engine.gin_go.view import GinGoView
from render.common import (
    BODY,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    SMALL,
    TITLE,
    WHITE,
    WIDTH,
    canvas,
    cut,
    deck_pictures,
    fitted,
    plural,
    text,
    to_png,
)
from render.gin_go.board import _hidden, chip_icon, draw_board, paste_icon
from render.gin_go.cards import fan, small_card
from render.gin_go.look import HAND_BOARD, SIDE_COLOURS, SIDE_EDGES, SIDE_TINTS, SIDE_WORDS, Marks
from render.gin_go.table import _discards, _legend
from render.gin_go.words import _doing, _name, _paragraph
from render.text import line_height


@deck_pictures
@fitted
def hand_picture(view: GinGoView, *, names: Sequence[str], owner: str | None = None) -> bytes:
    """The player's cards wrapped to rows, then the board small with the squares their possible
    melds and hits would take (numbered), each move listed beside it, and the discard pile.

    ``owner``: whose hand the title names (a replay's "Zoë's hand"); by default "Your hand"."""
    seat = view.seat if view.seat is not None else 0
    side = view.sides[seat]
    image, draw = canvas()
    whose = f"{owner}'s hand" if owner else "Your hand"
    title = f"{whose} · {plural(len(view.hand), 'card')}"
    text(draw, (MARGIN, MARGIN), title, TITLE, GOLD, bold=True, max_width=WIDTH - 2 * MARGIN)
    y: float = MARGIN + 30
    letter, where, shape = SIDE_WORDS[side]
    chip_icon(image, side, MARGIN + 8, y + 9, 8)
    kind = "side" if len(view.teams[side]) == 1 else "team"
    partner = [s for s in view.teams[side] if s != seat]
    who = f"{_name(names, seat)} · {kind} {letter}, {where}, {shape} chips"
    if partner:
        who += f", with {_name(names, partner[0])}"
    text(draw, (MARGIN + 22, y), who, SMALL, WHITE, max_width=WIDTH - 2 * MARGIN - 22)
    y += line_height(SMALL) + 6
    y = _hand_cards(image, draw, view, y)
    found = claims(view)
    look = HAND_BOARD
    numbered = {sq: str(i + 1) for i, c in reversed(list(enumerate(found))) for sq in c.squares}
    marks = Marks(new=frozenset(), bumped={}, claims=numbered, claimant=side)
    text(draw, (MARGIN, y), "What you can claim now" if found else "Your board", BODY, WHITE, bold=True)
    y += line_height(BODY) + 2
    draw_board(
        image,
        draw,
        MARGIN,
        y,
        view.board,
        view.column_suits,
        view.links,
        look,
        marks,
        viewer=side,
        hidden=_hidden(view),
    )
    x = MARGIN + look.width + 12
    _claim_list(image, draw, view, found, x, y, WIDTH - MARGIN - x)
    y += look.height + 10
    for decision in view.decisions:
        y = _paragraph(draw, MARGIN, y, decision.prompt, SMALL, MUTED, WIDTH - 2 * MARGIN, max_lines=2)
    y = _paragraph(draw, MARGIN, y + 2, _doing(view, names), BODY, GOLD, WIDTH - 2 * MARGIN, bold=True) + 6
    if view.phase != "over" and view.hand_number:
        y = _discards(image, draw, view, y)
    return to_png(cut(image, int(y) + MARGIN))


HAND_CARD = (46, 64)


def _hand_cards(image: Image.Image, draw: ImageDraw.ImageDraw, view: GinGoView, y: float) -> float:
    """The hand, one card beside the next, wrapped; cards just taken from the pile are outlined."""
    if not view.hand:
        text(draw, (MARGIN, y), "No cards in your hand.", BODY, WHITE)
        return y + line_height(BODY) + 8
    gap = 5
    per_row = max(1, (WIDTH - 2 * MARGIN + gap) // (HAND_CARD[0] + gap))
    for i, card in enumerate(view.hand):
        row, col = divmod(i, per_row)
        taken = card in view.taken
        small_card(
            image,
            MARGIN + col * (HAND_CARD[0] + gap),
            y + row * (HAND_CARD[1] + gap),
            card,
            None,
            HAND_CARD,
            GOLD if taken else INK,
        )
    rows = -(-len(view.hand) // per_row)
    y += rows * (HAND_CARD[1] + gap)
    if view.taken:
        must = f"Gold edge: taken from the pile; use {label(view.taken[0])} now."
        y = _paragraph(draw, MARGIN, y, must, SMALL, GOLD, WIDTH - 2 * MARGIN)
    return y + 6


def _claim_list(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: GinGoView, found: Sequence[Claim], x: float, y: float, w: float
) -> None:
    """Each possible move: its number (as on the board), its cards, and what it gains."""
    side = view.sides[view.seat if view.seat is not None else 0]
    if not found:
        hint = "No meld or hit in your hand yet." if view.phase != "over" else "The game is over."
        _paragraph(draw, x, y, hint, SMALL, MUTED, w)
        y += 2 * line_height(SMALL) + 6
    step, size = 20, (30, 42)
    for i, one in enumerate(found):
        badge = (x, y, x + 22, y + 22)
        draw.rounded_rectangle(badge, radius=5, fill=SIDE_TINTS[side], outline=SIDE_COLOURS[side], width=2)
        text(draw, (x + 11, y + 11), str(i + 1), SMALL, SIDE_EDGES[side], anchor="mm", bold=True)
        fan(image, x + 28, y, one.cards, one.names, step, size)
        target = next((m for m in view.melds if m.id == one.target), None)
        what = "new meld" if target is None else f"hit on {' '.join(label(n) for n in target.names)}"
        gains = f"{what} · {plural(one.new, 'new chip')}" + (f", bumps {one.bumps}" if one.bumps else "")
        y += size[1] + 2
        y = _paragraph(draw, x + 28, y, gains, SMALL, MUTED, w - 28, max_lines=2)
        if one.jokers and one.names is None:
            jokers = "a Joker" if one.jokers == 1 else f"{one.jokers} Jokers"
            y = _paragraph(draw, x + 28, y, f"+ {jokers}: you name where", SMALL, MUTED, w - 28)
        y += 6
    y += 4
    _legend(image, draw, x, y) if not found else _claim_legend(image, draw, side, x, y)


def _claim_legend(image: Image.Image, draw: ImageDraw.ImageDraw, side: int, x: float, y: float) -> None:
    paste_icon(image, f"g{side}", x + 9, y + 9, 18)
    text(draw, (x + 24, y + 1), "a square it takes", SMALL, MUTED)
