"""Gin Rummy pictures: the table (public) and one player's hand grouped into melds.

Drawn 480 px wide for phones (render.common's layout): each player in a panel with a big
score, the player to act marked by a border, an arrow and a word; cards wrapped to rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.gin_rummy.cards import sorted_cards
from engine.gin_rummy.rules import GinRummyView, HandResult
from render.common import (
    BACK,
    BODY,
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PAPER,
    SCORE,
    SMALL,
    SUIT_COLOURS,
    TITLE,
    WHITE,
    WIDTH,
    Colour,
    active_tab_width,
    canvas,
    card_back,
    card_box,
    cut,
    deck_pictures,
    fitted,
    paste_suit,
    plural,
    seat_panel,
    stamp,
    suit_colour,
    text,
    to_png,
)
from render.text import line_height, width, wrap

__all__ = ["COLOUR_PAIRS", "hand_picture", "table_picture"]

#: Cards of the hand picture, of the reveal, of the piles.
BIG = (62, 88)
MID = (44, 64)
GROUP_GAP = 14
#: Where the best discard and the card just taken are outlined (and tagged with a word).
BEST_DISCARD: Colour = GOLD
JUST_TAKEN: Colour = BACK
#: Colours a player must tell apart (text on its background), checked under colour blindness.
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    ("black suit on a card", INK, PAPER),
    ("red suit on a card", SUIT_COLOURS["h"], PAPER),
    ("text on the table", WHITE, FELT),
    ("quiet text on a panel", MUTED, FELT_DARK),
    ("score on a panel", GOLD, FELT_DARK),
)


# -- cards --------------------------------------------------------------------------------
def card_face(
    image: Image.Image,
    x: float,
    y: float,
    card: str,
    size: tuple[int, int] = BIG,
    mark: Colour | None = None,
    tag: str = "",
) -> None:
    """One card: the rank and a small suit in the corner (visible when fanned), a big suit.

    ``mark`` outlines the card in a colour and ``tag`` writes a word on it, so that a marked
    card stands out by more than colour.
    """
    w, h = size
    rank_size = max(SMALL + 2, int(h * 0.24))
    colour = suit_colour(card[1])
    stamp(image, x, y, size, _face_box, card, size, mark, colour)
    # The index suit as large as the rank's width allows, drawn smooth (a club's lobes stay apart).
    paste_suit(image, card[1], x + 4 + rank_size * 0.42, y + 8 + rank_size * 1.3, rank_size * 0.9, colour)
    paste_suit(image, card[1], x + w * 0.64, y + h * 0.62, w * 0.5, colour)
    if tag:
        card_tag(image, x, y, size, mark, tag)


def card_tag(image: Image.Image, x: float, y: float, size: tuple[int, int], mark: Colour | None, tag: str) -> None:
    """A word on a card's foot ("new", "best"): drawn after the whole fan, so no later card covers it."""
    w, h = size
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((x + 2, y + h - SMALL - 6, x + w - 2, y + h - 2), radius=4, fill=mark or INK)
    text(draw, (x + w / 2, y + h - 4), tag, SMALL, WHITE if mark == JUST_TAKEN else INK, anchor="md", bold=True)


def _face_box(
    image: Image.Image, x: float, y: float, card: str, size: tuple[int, int], mark: Colour | None, colour: Colour
) -> None:
    """A card's box and rank, what :func:`card_face` stamps (its suits are drawn on it)."""
    draw = ImageDraw.Draw(image)
    w, h = size
    card_box(draw, x, y, w, h, fill=PAPER, outline=mark or INK, width=4 if mark else 2)
    rank = "10" if card[0] == "T" else card[0]
    text(draw, (x + 4, y + 3), rank, max(SMALL + 2, int(h * 0.24)), colour, bold=True)


def fan_width(count: int, size: tuple[int, int], step: int) -> int:
    return 0 if count == 0 else size[0] + step * (count - 1)


def draw_fan(
    image: Image.Image,
    x: float,
    y: float,
    cards: Sequence[str],
    size: tuple[int, int],
    step: int,
    marks: Mapping[str, tuple[Colour, str]] | None = None,
) -> float:
    """Cards overlapping left to right; returns the x after the last card."""
    for i, card in enumerate(cards):
        mark, _ = (marks or {}).get(card, (None, ""))
        card_face(image, x + i * step, y, card, size, mark)
    for i, card in enumerate(cards):  # the words last, above the cards fanned over them
        mark, tag = (marks or {}).get(card, (None, ""))
        if tag:
            card_tag(image, x + i * step, y, size, mark, tag)
    return x + fan_width(len(cards), size, step)


def draw_groups(
    image: Image.Image,
    x: float,
    y: float,
    groups: Sequence[tuple[str, Sequence[str]]],
    size: tuple[int, int],
    marks: Mapping[str, tuple[Colour, str]] | None = None,
) -> float:
    """Labelled groups of fanned cards, wrapped to as many rows as they need; returns the y below."""
    draw = ImageDraw.Draw(image)
    step = int(size[0] * 0.62)
    row_h = line_height(SMALL) + size[1] + 8
    left, right = x, WIDTH - MARGIN
    for name, cards in groups:
        if not cards:
            continue
        label_w = width(name, SMALL)
        span = max(fan_width(len(cards), size, step), label_w)
        if x > left and x + span > right:
            x, y = left, y + row_h
        text(draw, (x, y), name, SMALL, MUTED, max_width=right - x)
        draw_fan(image, x, y + line_height(SMALL), cards, size, step, marks)
        x += span + GROUP_GAP
    return y + row_h


def draw_backs(draw: ImageDraw.ImageDraw, x: float, y: float, count: int, size: tuple[int, int]) -> float:
    step = 8
    for i in range(count):
        card_back(draw, x + i * step, y, *size)
    return x + fan_width(count, size, step)


# -- words ------------------------------------------------------------------------------------
def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def _doing(view: GinRummyView) -> str:
    return {"upcard": "take the upcard or pass", "draw": "draw", "discard": "discard, knock or go Gin"}.get(
        view.phase, "play"
    )


def _whose_turn(view: GinRummyView, names: Sequence[str]) -> str:
    if view.final is not None or view.turn is None:
        return "Game over"
    return f"{_name(names, view.turn)} to {_doing(view)}"


def _result_line(result: HandResult, names: Sequence[str]) -> str:
    if result.kind == "draw":
        return f"Hand {result.number} was a draw: no score."
    assert result.knocker is not None and result.winner is not None
    knocker, winner = _name(names, result.knocker), _name(names, result.winner)
    points = plural(result.points, "point")
    if result.kind == "gin":
        return f"Hand {result.number}: {knocker} went Gin. {winner} scores {points}."
    if result.kind == "big_gin":
        return f"Hand {result.number}: {knocker} declared Big Gin. {winner} scores {points}."
    dw = result.deadwood
    if result.kind == "undercut":
        return (
            f"Hand {result.number}: {knocker} knocked with {dw[result.knocker]} and was undercut. "
            f"{winner} scores {points}."
        )
    other = 1 - result.knocker
    return f"Hand {result.number}: {knocker} knocked, {dw[result.knocker]} against {dw[other]}, and scores {points}."


def _paragraph(draw: ImageDraw.ImageDraw, y: float, content: str, size: int, fill: Colour, bold: bool = False) -> float:
    """Wrapped lines across the picture; returns the y below."""
    for line in wrap(content, size, WIDTH - 2 * MARGIN, bold):
        text(draw, (MARGIN, y), line, size, fill, bold=bold)
        y += line_height(size)
    return y


def _header(draw: ImageDraw.ImageDraw, view: GinRummyView) -> float:
    text(draw, (MARGIN, MARGIN), f"Gin Rummy · hand {view.hand_number}", TITLE, GOLD, bold=True)
    target = f"first to {view.target_score} points" if view.target_score else "a single hand"
    text(draw, (MARGIN, MARGIN + 28), f"{target} · knock at {view.knock_card} or less", SMALL, MUTED)
    return MARGIN + 28 + line_height(SMALL) + 6


PANEL_H = 70


def _seat_panel(draw: ImageDraw.ImageDraw, view: GinRummyView, names: Sequence[str], seat: int, y: float) -> float:
    """A player's panel: name, cards held, hands won, dealer; the score big on the right."""
    active = view.final is None and view.turn == seat
    word = _doing(view).split(",")[0].split(" or ")[0] if active else None
    word = {"take the upcard": "take or pass"}.get(word or "", word)
    x0, x1 = MARGIN, WIDTH - MARGIN
    seat_panel(draw, (x0, y, x1, y + PANEL_H), active_word=f"to {word}" if word else None)
    score = str(view.final.totals[seat] if view.final else view.scores[seat])
    score_w = text(draw, (x1 - 12, y + PANEL_H - 8), score, SCORE, GOLD, anchor="rd", bold=True)
    room = x1 - x0 - 24 - (active_tab_width(f"to {word}") if word else 0)
    text(draw, (x0 + 12, y + 10), _name(names, seat), BODY, WHITE, bold=True, max_width=room)
    facts = [plural(view.hand_sizes[seat], "card"), f"{plural(view.hands_won[seat], 'hand')} won"]
    if seat == view.dealer and view.final is None:
        facts.append("deals")
    text(draw, (x0 + 12, y + 40), " · ".join(facts), SMALL, MUTED, max_width=x1 - x0 - 36 - score_w)
    return y + PANEL_H + 8


def _draw_piles(image: Image.Image, view: GinRummyView, y: float) -> float:
    """Stock, discard and the discards under it; returns the y below."""
    draw = ImageDraw.Draw(image)
    x = MARGIN
    card_back(draw, x, y, *MID)
    text(draw, (x + MID[0] / 2, y + MID[1] + 4), f"stock {view.stock_size}", SMALL, WHITE, anchor="ma")
    x += 92
    if view.discard_top:
        card_face(image, x, y, view.discard_top, MID)
    else:
        draw.rounded_rectangle((x, y, x + MID[0], y + MID[1]), radius=5, outline=MUTED)
    text(draw, (x + MID[0] / 2, y + MID[1] + 4), "discard", SMALL, WHITE, anchor="ma")
    below = view.discard_pile[-6:-1][::-1]
    if below:
        x += MID[0] + 28
        text(draw, (x, y - 2), "under it", SMALL, MUTED)
        draw_fan(image, x, y + line_height(SMALL), below, (40, 56), 26)
    return y + MID[1] + 4 + line_height(SMALL) + 8


def _show_reveal(view: GinRummyView) -> bool:
    """The last hand's reveal stays up until a card moves in the new hand."""
    result = view.last_hand
    if result is None or result.kind == "draw":
        return False
    if view.final is not None:
        return True
    untouched = not any(view.picked) and not any(view.discarded) and view.stock_size == 31
    return untouched and result.number == view.hand_number - 1


def _draw_reveal(image: Image.Image, result: HandResult, names: Sequence[str], y: float) -> float:
    """Both hands as laid down: melds, lay-offs, deadwood; returns the y below."""
    draw = ImageDraw.Draw(image)
    top = y
    y = _paragraph(draw, y + 8, _result_line(result, names), BODY, GOLD, bold=True)
    laid = [card for card, _ in result.layoffs]
    for seat in (result.knocker, 1 - result.knocker) if result.knocker is not None else (0, 1):
        role = "knocked" if seat == result.knocker else "laid down"
        line = f"{_name(names, seat)} {role} · deadwood {result.deadwood[seat]}"
        text(draw, (MARGIN + 4, y + 4), line, BODY, WHITE, max_width=WIDTH - 2 * MARGIN - 8)
        groups: list[tuple[str, Sequence[str]]] = [("meld", meld) for meld in result.melds[seat]]
        if seat != result.knocker and laid:
            groups.append(("laid off", sorted_cards(laid)))
        groups.append((f"deadwood {result.deadwood[seat]}", result.deadwood_cards[seat]))
        if seat == result.knocker and result.face_down:
            groups.append(("knock discard", (result.face_down,)))
        y = draw_groups(image, MARGIN + 4, y + 4 + line_height(BODY), groups, MID)
    draw.line((MARGIN, top, WIDTH - MARGIN, top), fill=MUTED, width=1)
    return y + 4


def _draw_final(draw: ImageDraw.ImageDraw, view: GinRummyView, names: Sequence[str], y: float) -> float:
    """Who won, by how much and why, in the words of /rules."""
    assert view.final is not None
    final = view.final
    winner, loser = final.winner, 1 - final.winner
    won = view.hands_won[winner]
    y = _paragraph(draw, y + 6, f"{_name(names, winner)} wins the game", TITLE, GOLD, bold=True)
    margin = final.totals[winner] - final.totals[loser]
    y = _paragraph(
        draw, y, f"{final.totals[winner]} to {final.totals[loser]}: by {plural(margin, 'point')}.", BODY, WHITE
    )
    shutout = " (200 for a shutout)" if final.game_bonus != 100 else ""
    why = (
        f"{_name(names, winner)} reached {view.target_score or 'the end of the hand'} first and adds "
        f"{final.game_bonus} for the game{shutout} and 25 per hand won: {won} × 25 = {final.line_bonus}."
    )
    return _paragraph(draw, y + 2, why, SMALL, MUTED)


# -- the pictures -----------------------------------------------------------------------------
@deck_pictures
@fitted
def table_picture(view: GinRummyView, *, names: Sequence[str]) -> bytes:
    """The public table: both players with their scores, stock and discard, whose turn; after
    a knock, the reveal of both hands; at the end, who won, by how much and why."""
    image, draw = canvas()
    y = _header(draw, view)
    for seat in (0, 1):
        y = _seat_panel(draw, view, names, seat, y)
    if view.final is None:
        y = _draw_piles(image, view, y + 4)
        y = _paragraph(draw, y, _whose_turn(view, names) + ".", BODY, GOLD, bold=True)
    if _show_reveal(view) and view.last_hand is not None:
        y = _draw_reveal(image, view.last_hand, names, y + 6)
    if view.final is not None:
        y = _draw_final(draw, view, names, y)
    return to_png(cut(image, int(y) + MARGIN))


@deck_pictures
@fitted
def hand_picture(view: GinRummyView, *, names: Sequence[str], owner: str | None = None) -> bytes:
    """One player's hand grouped into its best melds, deadwood apart, with the table around it.

    ``owner``: whose hand the title names (a replay's "Zoë's hand"); by default "Your hand"."""
    seat = view.seat if view.seat is not None else 0
    image, draw = canvas()
    y = _header(draw, view)
    if view.hand:
        title = f"{owner}'s hand" if owner else "Your hand"
        title += f" · deadwood {view.deadwood}"
        text(draw, (MARGIN, y), title, BODY, WHITE, bold=True, max_width=WIDTH - 2 * MARGIN)
        y += line_height(BODY)
        if view.best_discard:
            text(draw, (MARGIN, y), "after the best discard (marked best)", SMALL, MUTED)
            y += line_height(SMALL)
        groups: list[tuple[str, Sequence[str]]] = [("meld", meld) for meld in view.melds]
        groups.append(("deadwood", sorted_cards(view.deadwood_cards)))
        marks: dict[str, tuple[Colour, str]] = {}
        if view.best_discard:
            marks[view.best_discard] = (BEST_DISCARD, "best")
        if view.just_taken:
            marks[view.just_taken] = (JUST_TAKEN, "new")
        y = draw_groups(image, MARGIN, y + 4, groups, BIG, marks)
        if view.just_taken:
            y = _paragraph(draw, y, "new: just taken from the pile; it may not be discarded now.", SMALL, MUTED)
        y += 6
    for other in (seat, 1 - seat):
        y = _seat_panel(draw, view, names, other, y)
    if view.final is None:
        y = _draw_piles(image, view, y + 4)
        y = _paragraph(draw, y, _whose_turn(view, names) + ".", BODY, GOLD, bold=True)
    if _show_reveal(view) and view.last_hand is not None:
        y = _draw_reveal(image, view.last_hand, names, y + 6)
    if view.final is not None:
        y = _draw_final(draw, view, names, y)
    return to_png(cut(image, int(y) + MARGIN))
