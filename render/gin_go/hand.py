"""Gin-Go's hand picture: the hand, and the board with the squares its claims would take."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.gin_go.cards import label
from engine.gin_go.claims import Claim, claims
from engine.gin_go.view import GinGoView
from engine.words import ENGLISH, Words
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
    text,
    to_png,
)
from render.gin_go.board import _hidden, chip_icon, draw_board, paste_icon
from render.gin_go.cards import fan, small_card
from render.gin_go.look import HAND_BOARD, SIDE_COLOURS, SIDE_EDGES, SIDE_TINTS, Marks
from render.gin_go.table import _discards, _legend
from render.gin_go.words import _doing, _name, _paragraph
from render.text import line_height


@deck_pictures
@fitted
def hand_picture(view: GinGoView, *, names: Sequence[str], owner: str | None = None, words: Words = ENGLISH) -> bytes:
    """The player's cards wrapped to rows, then the board small with the squares their possible
    melds and hits would take (numbered), each move listed beside it, and the discard pile.

    ``owner``: whose hand the title names (a replay's "Zoë's hand"); by default "Your hand"."""
    seat = view.seat if view.seat is not None else 0
    side = view.sides[seat]
    image, draw = canvas()
    cards = words.plural("{count} card", "{count} cards", len(view.hand))
    if owner:
        title = words.say("{name}'s hand · {cards}", name=owner, cards=cards)
    else:
        title = words.say("Your hand · {cards}", cards=cards)
    text(draw, (MARGIN, MARGIN), title, TITLE, GOLD, bold=True, max_width=WIDTH - 2 * MARGIN)
    y: float = MARGIN + 30
    chip_icon(image, side, MARGIN + 8, y + 9, 8)
    partner = [s for s in view.teams[side] if s != seat]
    who = words.say("{name} · {side}", name=_name(names, seat, words), side=_where(view, side, words))
    if partner:
        who = words.say("{name}, with {partner}", name=who, partner=_name(names, partner[0], words))
    text(draw, (MARGIN + 22, y), who, SMALL, WHITE, max_width=WIDTH - 2 * MARGIN - 22)
    y += line_height(SMALL) + 6
    y = _hand_cards(image, draw, view, y, words)
    found = claims(view)
    look = HAND_BOARD
    numbered = {sq: str(i + 1) for i, c in reversed(list(enumerate(found))) for sq in c.squares}
    marks = Marks(new=frozenset(), bumped={}, claims=numbered, claimant=side)
    board = words.say("What you can claim now") if found else words.say("Your board")
    text(draw, (MARGIN, y), board, BODY, WHITE, bold=True, max_width=WIDTH - 2 * MARGIN)
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
        hidden=_hidden(view, words),
    )
    x = MARGIN + look.width + 12
    _claim_list(image, draw, view, found, x, y, WIDTH - MARGIN - x, words)
    y += look.height + 10
    for decision in view.decisions:
        prompt = words.say(decision.prompt)
        y = _paragraph(draw, MARGIN, y, prompt, SMALL, MUTED, WIDTH - 2 * MARGIN, max_lines=2)
    y = _paragraph(draw, MARGIN, y + 2, _doing(view, names, words), BODY, GOLD, WIDTH - 2 * MARGIN, bold=True) + 6
    if view.phase != "over" and view.hand_number:
        y = _discards(image, draw, view, y, words)
    return to_png(cut(image, int(y) + MARGIN))


def _where(view: GinGoView, side: int, words: Words) -> str:
    """A side, where it sits and the shape of its chips: ``side A, south, round chips``."""
    if len(view.teams[side]) == 1:
        if side == 0:
            return words.say("side A, south, round chips")
        return words.say("side B, north, square chips")
    if side == 0:
        return words.say("team A, south, round chips")
    return words.say("team B, north, square chips")


HAND_CARD = (46, 64)


def _hand_cards(image: Image.Image, draw: ImageDraw.ImageDraw, view: GinGoView, y: float, words: Words) -> float:
    """The hand, one card beside the next, wrapped; cards just taken from the pile are outlined."""
    if not view.hand:
        text(draw, (MARGIN, y), words.say("No cards in your hand."), BODY, WHITE, max_width=WIDTH - 2 * MARGIN)
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
        must = words.say("Gold edge: taken from the pile; use {card} now.", card=label(view.taken[0]))
        y = _paragraph(draw, MARGIN, y, must, SMALL, GOLD, WIDTH - 2 * MARGIN)
    return y + 6


def _claim_list(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GinGoView,
    found: Sequence[Claim],
    x: float,
    y: float,
    w: float,
    words: Words = ENGLISH,
) -> None:
    """Each possible move: its number (as on the board), its cards, and what it gains."""
    side = view.sides[view.seat if view.seat is not None else 0]
    if not found:
        hint = words.say("No meld or hit in your hand yet.") if view.phase != "over" else words.say("The game is over.")
        _paragraph(draw, x, y, hint, SMALL, MUTED, w)
        y += 2 * line_height(SMALL) + 6
    step, size = 20, (30, 42)
    for i, one in enumerate(found):
        badge = (x, y, x + 22, y + 22)
        draw.rounded_rectangle(badge, radius=5, fill=SIDE_TINTS[side], outline=SIDE_COLOURS[side], width=2)
        text(draw, (x + 11, y + 11), str(i + 1), SMALL, SIDE_EDGES[side], anchor="mm", bold=True)
        fan(image, x + 28, y, one.cards, one.names, step, size)
        target = next((m for m in view.melds if m.id == one.target), None)
        if target is None:
            what = words.say("new meld")
        else:
            what = words.say("hit on {cards}", cards=" ".join(label(n) for n in target.names))
        chips = words.plural("{count} new chip", "{count} new chips", one.new)
        if one.bumps:
            gains = words.say("{what} · {chips}, bumps {count}", what=what, chips=chips, count=one.bumps)
        else:
            gains = words.say("{what} · {chips}", what=what, chips=chips)
        y += size[1] + 2
        y = _paragraph(draw, x + 28, y, gains, SMALL, MUTED, w - 28, max_lines=2)
        if one.jokers and one.names is None:
            jokers = words.plural("+ a Joker: you name where", "+ {count} Jokers: you name where", one.jokers)
            y = _paragraph(draw, x + 28, y, jokers, SMALL, MUTED, w - 28)
        y += 6
    y += 4
    _legend(image, draw, x, y, words, w) if not found else _claim_legend(image, draw, side, x, y, words, w)


def _claim_legend(
    image: Image.Image, draw: ImageDraw.ImageDraw, side: int, x: float, y: float, words: Words, w: float
) -> None:
    paste_icon(image, f"g{side}", x + 9, y + 9, 18)
    text(draw, (x + 24, y + 1), words.say("a square it takes"), SMALL, MUTED, max_width=w - 24)
