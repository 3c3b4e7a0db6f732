"""Gin Rummy pictures: the table (public) and one player's hand grouped into melds.

Drawn at 720 px wide, for phones. Card faces are the rank in Pillow's bundled font and
a suit drawn as a shape; nothing here needs a system font.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import ImageDraw

from engine.gin_rummy.cards import sorted_cards
from engine.gin_rummy.rules import GinRummyView, HandResult
from render.common import (
    BACK,
    FELT_DARK,
    GOLD,
    INK,
    MUTED,
    PAPER,
    SUIT_COLOURS,
    WHITE,
    Colour,
    card_back,
    card_box,
    new_canvas,
    suit_shape,
    text,
    to_png,
)

__all__ = ["hand_picture", "table_picture"]

WIDTH = 720
MARGIN = 16
#: Cards of the hand picture and of the reveal.
BIG = (64, 92)
SMALL = (46, 66)
GROUP_GAP = 18
#: One seat's row in the reveal, and the whole reveal panel.
SEAT_HEIGHT = 20 + 17 + SMALL[1] + 10
REVEAL_HEIGHT = 26 + 2 * SEAT_HEIGHT + 6
#: Where the best discard and the card just taken are outlined.
BEST_DISCARD: Colour = GOLD
JUST_TAKEN: Colour = BACK


# -- cards --------------------------------------------------------------------------------
def card_face(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    card: str,
    size: tuple[int, int] = BIG,
    mark: Colour | None = None,
) -> None:
    """One card: the rank and a small suit in the corner (visible when fanned), a big suit.

    ``mark`` outlines the card in a colour (the best discard, the card just taken).
    """
    w, h = size
    card_box(draw, x, y, w, h, fill=PAPER, outline=mark or INK, width=4 if mark else 2)
    colour = SUIT_COLOURS[card[1]]
    rank = "10" if card[0] == "T" else card[0]
    rank_size = max(14, int(h * 0.25))
    text(draw, (x + 5, y + 3), rank, rank_size, colour)
    suit_shape(draw, card[1], x + 5 + rank_size * 0.35, y + 7 + rank_size * 1.25, rank_size * 0.7)
    suit_shape(draw, card[1], x + w * 0.62, y + h * 0.64, w * 0.5)


def fan_width(count: int, size: tuple[int, int], step: int) -> int:
    return 0 if count == 0 else size[0] + step * (count - 1)


def draw_fan(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    cards: Sequence[str],
    size: tuple[int, int],
    step: int,
    marked: Mapping[str, Colour] | None = None,
) -> float:
    """Cards overlapping left to right; returns the x after the last card."""
    for i, card in enumerate(cards):
        card_face(draw, x + i * step, y, card, size, (marked or {}).get(card))
    return x + fan_width(len(cards), size, step)


def draw_groups(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    groups: Sequence[tuple[str, Sequence[str]]],
    size: tuple[int, int],
    marked: Mapping[str, Colour] | None = None,
    max_width: int = WIDTH - 2 * MARGIN,
) -> None:
    """Labelled groups of fanned cards in one row, squeezed to fit ``max_width``."""
    groups = [(name, cards) for name, cards in groups if cards]
    count = sum(len(cards) for _, cards in groups)
    if not count:
        return
    gaps = GROUP_GAP * (len(groups) - 1)
    overlaps = count - len(groups)
    room = max_width - gaps - size[0] * len(groups)
    step = min(int(size[0] * 0.72), room // overlaps) if overlaps else size[0]
    for name, cards in groups:
        text(draw, (x, y), name, 13, MUTED)
        x = draw_fan(draw, x, y + 17, cards, size, step, marked) + GROUP_GAP


def draw_backs(draw: ImageDraw.ImageDraw, x: float, y: float, count: int, size: tuple[int, int]) -> float:
    step = 12
    for i in range(count):
        card_back(draw, x + i * step, y, *size)
    return x + fan_width(count, size, step)


# -- words ------------------------------------------------------------------------------------
def _name(names: Sequence[str], seat: int) -> str:
    name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
    return name if len(name) <= 18 else name[:16] + ".."


def _whose_turn(view: GinRummyView, names: Sequence[str]) -> str:
    if view.final is not None or view.turn is None:
        return "Game over"
    doing = {"upcard": "take the upcard or pass", "draw": "draw", "discard": "discard, knock or go Gin"}
    return f"{_name(names, view.turn)} to {doing.get(view.phase, 'play')}"


def _result_line(result: HandResult, names: Sequence[str]) -> str:
    if result.kind == "draw":
        return f"Hand {result.number} was a draw: no score."
    assert result.knocker is not None and result.winner is not None
    knocker, winner = _name(names, result.knocker), _name(names, result.winner)
    if result.kind == "gin":
        return f"Hand {result.number}: {knocker} went Gin: {winner} scores {result.points}."
    if result.kind == "big_gin":
        return f"Hand {result.number}: {knocker} declared Big Gin: {winner} scores {result.points}."
    dw = result.deadwood
    if result.kind == "undercut":
        return (
            f"Hand {result.number}: {knocker} knocked with {dw[result.knocker]}, undercut! "
            f"{winner} scores {result.points}."
        )
    other = 1 - result.knocker
    return f"Hand {result.number}: {knocker} knocked, {dw[result.knocker]} against {dw[other]}, scores {result.points}."


def _scores(draw: ImageDraw.ImageDraw, view: GinRummyView, names: Sequence[str], y: float) -> None:
    target = f"to {view.target_score}" if view.target_score else "single hand"
    text(
        draw,
        (MARGIN, y),
        f"Gin Rummy · hand {view.hand_number} · {target} · knock at {view.knock_card}",
        16,
        GOLD,
    )
    parts = []
    for seat in (0, 1):
        dealer = " (deals)" if seat == view.dealer and view.final is None else ""
        parts.append(f"{_name(names, seat)}{dealer}: {view.scores[seat]} pts, {view.hands_won[seat]} won")
    text(draw, (MARGIN, y + 24), "   ·   ".join(parts), 15, WHITE)


def _show_reveal(view: GinRummyView) -> bool:
    """The last hand's reveal stays up until a card moves in the new hand."""
    result = view.last_hand
    if result is None or result.kind == "draw":
        return False
    if view.final is not None:
        return True
    untouched = not any(view.picked) and not any(view.discarded) and view.stock_size == 31
    return untouched and result.number == view.hand_number - 1


def _draw_reveal(draw: ImageDraw.ImageDraw, result: HandResult, names: Sequence[str], y: float) -> float:
    """Both hands as laid down: melds, lay-offs, deadwood; returns the y below."""
    draw.rounded_rectangle((MARGIN - 6, y - 6, WIDTH - MARGIN + 6, y + REVEAL_HEIGHT), radius=10, fill=FELT_DARK)
    text(draw, (MARGIN, y), _result_line(result, names), 15, GOLD)
    y += 26
    laid = [card for card, _ in result.layoffs]
    for seat in (result.knocker, 1 - result.knocker) if result.knocker is not None else (0, 1):
        role = "knocked" if seat == result.knocker else "laid down"
        text(draw, (MARGIN, y), f"{_name(names, seat)} {role}: deadwood {result.deadwood[seat]}", 14, WHITE)
        groups: list[tuple[str, Sequence[str]]] = [("meld", meld) for meld in result.melds[seat]]
        if seat != result.knocker and laid:
            groups.append(("laid off", sorted_cards(laid)))
        groups.append((f"deadwood {result.deadwood[seat]}", result.deadwood_cards[seat]))
        if seat == result.knocker and result.face_down:
            groups.append(("face down", (result.face_down,)))
        draw_groups(draw, MARGIN, y + 20, groups, SMALL)
        y += SEAT_HEIGHT
    return y + 10


# -- the pictures -----------------------------------------------------------------------------
def table_picture(view: GinRummyView, *, names: Sequence[str]) -> bytes:
    """The public table: scores, both hands as backs, stock and discard, whose turn; after a
    knock, the reveal of both hands; at the end, the final score with its bonuses."""
    reveal = _show_reveal(view)
    image, draw = new_canvas(WIDTH, 1000)
    _scores(draw, view, names, MARGIN)
    y = 70.0
    if view.final is None:
        for seat in (0, 1):
            text(draw, (MARGIN, y), f"{_name(names, seat)} · {view.hand_sizes[seat]} cards", 14, WHITE)
            draw_backs(draw, MARGIN + 180, y - 4, view.hand_sizes[seat], (30, 44))
            y += 50
        _draw_piles(draw, view, MARGIN, y + 4)
        text(draw, (MARGIN + 340, y + 30), _whose_turn(view, names), 17, GOLD)
        y += 100
    if reveal and view.last_hand is not None:
        y = _draw_reveal(draw, view.last_hand, names, y + 10)
    if view.final is not None:
        final = view.final
        text(
            draw,
            (MARGIN, y + 8),
            f"{_name(names, final.winner)} wins: game bonus {final.game_bonus}, line bonus {final.line_bonus};"
            f" final {final.totals[0]} to {final.totals[1]}",
            16,
            GOLD,
        )
        y += 40
    return to_png(image.crop((0, 0, WIDTH, int(y) + MARGIN)))


def _draw_piles(draw: ImageDraw.ImageDraw, view: GinRummyView, x: float, y: float) -> None:
    card_back(draw, x, y, *SMALL)
    text(draw, (x + SMALL[0] / 2, y + SMALL[1] + 4), f"stock {view.stock_size}", 13, WHITE, anchor="ma")
    if view.discard_top:
        card_face(draw, x + 80, y, view.discard_top, SMALL)
    else:
        draw.rounded_rectangle((x + 80, y, x + 80 + SMALL[0], y + SMALL[1]), radius=5, outline=MUTED)
    text(draw, (x + 80 + SMALL[0] / 2, y + SMALL[1] + 4), "discard", 13, WHITE, anchor="ma")
    below = view.discard_pile[-6:-1][::-1]
    if below:
        text(draw, (x + 150, y - 2), "under it", 12, MUTED)
        draw_fan(draw, x + 150, y + 14, below, (34, 48), 22)


def hand_picture(view: GinRummyView, *, names: Sequence[str]) -> bytes:
    """One player's hand grouped into its best melds, deadwood apart, with the table around it."""
    seat = view.seat if view.seat is not None else 0
    reveal = _show_reveal(view)
    image, draw = new_canvas(WIDTH, 1000)
    _scores(draw, view, names, MARGIN)
    y = 66.0
    if view.hand:
        count = f"deadwood {view.deadwood}"
        if view.best_discard:
            count += " after the best discard (gold edge)"
        text(draw, (MARGIN, y), f"Your hand · {count}", 18, WHITE)
        groups: list[tuple[str, Sequence[str]]] = [("meld", meld) for meld in view.melds]
        groups.append(("deadwood", sorted_cards(view.deadwood_cards)))
        marked: dict[str, Colour] = {}
        if view.best_discard:
            marked[view.best_discard] = BEST_DISCARD
        if view.just_taken:
            marked[view.just_taken] = JUST_TAKEN
        draw_groups(draw, MARGIN, y + 28, groups, BIG, marked)
        y += 28 + 17 + BIG[1] + 16
        if view.just_taken:
            text(
                draw,
                (MARGIN, y - 8),
                "Blue edge: just taken from the pile, not to be discarded now.",
                13,
                MUTED,
            )
            y += 12
    opponent = 1 - seat
    text(draw, (MARGIN, y + 6), f"{_name(names, opponent)} · {view.hand_sizes[opponent]} cards", 14, WHITE)
    draw_backs(draw, MARGIN + 180, y + 2, view.hand_sizes[opponent], (30, 44))
    y += 56
    _draw_piles(draw, view, MARGIN, y)
    text(draw, (MARGIN + 340, y + 30), _whose_turn(view, names), 17, GOLD)
    y += SMALL[1] + 26
    if reveal and view.last_hand is not None:
        y = _draw_reveal(draw, view.last_hand, names, y + 10)
    return to_png(image.crop((0, 0, WIDTH, int(y) + MARGIN)))
