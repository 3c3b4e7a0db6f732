"""Gin Rummy pictures: the table (public) and one player's hand grouped into melds.

Drawn 480 px wide for phones (render.common's layout): each player in a panel with a big
score, the player to act marked by a border, an arrow and a word; cards wrapped to rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.gin_rummy.cards import sorted_cards
from engine.gin_rummy.view import GinRummyView, HandResult
from engine.words import ENGLISH, Words
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
    ink = WHITE if mark == JUST_TAKEN else INK
    text(draw, (x + w / 2, y + h - 4), tag, SMALL, ink, anchor="md", bold=True, max_width=w - 6)


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
def _name(names: Sequence[str], seat: int, words: Words) -> str:
    return names[seat] if seat < len(names) else words.say("Seat {number}", number=seat + 1)


def _whose_turn(view: GinRummyView, names: Sequence[str], words: Words) -> str:
    """Who is to do what, as one sentence."""
    if view.final is not None or view.turn is None:
        return words.say("Game over.")
    name = _name(names, view.turn, words)
    if view.phase == "upcard":
        return words.say("{name} to take the upcard or pass.", name=name)
    if view.phase == "draw":
        return words.say("{name} to draw.", name=name)
    if view.phase == "discard":
        return words.say("{name} to discard, knock or go Gin.", name=name)
    return words.say("{name} to play.", name=name)


def _tab_word(view: GinRummyView, words: Words) -> str:
    """The words on the active seat's tab."""
    if view.phase == "upcard":
        return words.say("to take or pass")
    if view.phase == "draw":
        return words.say("to draw")
    if view.phase == "discard":
        return words.say("to discard")
    return words.say("to play")


def _result_line(result: HandResult, names: Sequence[str], words: Words) -> str:
    if result.kind == "draw":
        return words.say("Hand {number} was a draw: no score.", number=result.number)
    assert result.knocker is not None and result.winner is not None
    knocker, winner = _name(names, result.knocker, words), _name(names, result.winner, words)
    said = {"number": result.number, "knocker": knocker, "winner": winner}
    if result.kind == "gin":
        return words.plural(
            "Hand {number}: {knocker} went Gin. {winner} scores {count} point.",
            "Hand {number}: {knocker} went Gin. {winner} scores {count} points.",
            result.points,
            **said,
        )
    if result.kind == "big_gin":
        return words.plural(
            "Hand {number}: {knocker} declared Big Gin. {winner} scores {count} point.",
            "Hand {number}: {knocker} declared Big Gin. {winner} scores {count} points.",
            result.points,
            **said,
        )
    dw = result.deadwood
    if result.kind == "undercut":
        return words.plural(
            "Hand {number}: {knocker} knocked with {deadwood} and was undercut. {winner} scores {count} point.",
            "Hand {number}: {knocker} knocked with {deadwood} and was undercut. {winner} scores {count} points.",
            result.points,
            deadwood=dw[result.knocker],
            **said,
        )
    other = 1 - result.knocker
    return words.plural(
        "Hand {number}: {knocker} knocked, {deadwood} against {other}, and scores {count} point.",
        "Hand {number}: {knocker} knocked, {deadwood} against {other}, and scores {count} points.",
        result.points,
        number=result.number,
        knocker=knocker,
        deadwood=dw[result.knocker],
        other=dw[other],
    )


def _paragraph(draw: ImageDraw.ImageDraw, y: float, content: str, size: int, fill: Colour, bold: bool = False) -> float:
    """Wrapped lines across the picture; returns the y below."""
    for line in wrap(content, size, WIDTH - 2 * MARGIN, bold):
        text(draw, (MARGIN, y), line, size, fill, bold=bold)
        y += line_height(size)
    return y


def _header(draw: ImageDraw.ImageDraw, view: GinRummyView, words: Words) -> float:
    room = WIDTH - 2 * MARGIN
    title = words.say("Gin Rummy · hand {number}", number=view.hand_number)
    text(draw, (MARGIN, MARGIN), title, TITLE, GOLD, bold=True, max_width=room)
    if view.target_score:
        target = words.plural("first to {count} point", "first to {count} points", view.target_score)
    else:
        target = words.say("a single hand")
    knock = words.say("knock at {count} or less", count=view.knock_card)
    text(draw, (MARGIN, MARGIN + 28), f"{target} · {knock}", SMALL, MUTED, max_width=room)
    return MARGIN + 28 + line_height(SMALL) + 6


PANEL_H = 70


def _seat_panel(
    draw: ImageDraw.ImageDraw, view: GinRummyView, names: Sequence[str], seat: int, y: float, words: Words
) -> float:
    """A player's panel: name, cards held, hands won, dealer; the score big on the right."""
    active = view.final is None and view.turn == seat
    word = _tab_word(view, words) if active else None
    x0, x1 = MARGIN, WIDTH - MARGIN
    seat_panel(draw, (x0, y, x1, y + PANEL_H), active_word=word)
    score = str(view.final.totals[seat] if view.final else view.scores[seat])
    score_w = text(draw, (x1 - 12, y + PANEL_H - 8), score, SCORE, GOLD, anchor="rd", bold=True)
    room = x1 - x0 - 24 - (active_tab_width(word) if word else 0)
    text(draw, (x0 + 12, y + 10), _name(names, seat, words), BODY, WHITE, bold=True, max_width=room)
    facts = [
        words.plural("{count} card", "{count} cards", view.hand_sizes[seat]),
        words.plural("{count} hand won", "{count} hands won", view.hands_won[seat]),
    ]
    if seat == view.dealer and view.final is None:
        facts.append(words.say("deals"))
    text(draw, (x0 + 12, y + 40), " · ".join(facts), SMALL, MUTED, max_width=x1 - x0 - 36 - score_w)
    return y + PANEL_H + 8


def _draw_piles(image: Image.Image, view: GinRummyView, y: float, words: Words) -> float:
    """Stock, discard and the discards under it; returns the y below."""
    draw = ImageDraw.Draw(image)
    x = MARGIN
    card_back(draw, x, y, *MID)
    stock = words.say("stock {count}", count=view.stock_size)
    centre = max(x + MID[0] / 2, min(width(stock, SMALL), 88) / 2 + 2)  # a long word stays on the picture
    text(draw, (centre, y + MID[1] + 4), stock, SMALL, WHITE, anchor="ma", max_width=88)
    x += 92
    if view.discard_top:
        card_face(image, x, y, view.discard_top, MID)
    else:
        draw.rounded_rectangle((x, y, x + MID[0], y + MID[1]), radius=5, outline=MUTED)
    text(draw, (x + MID[0] / 2, y + MID[1] + 4), words.say("discard"), SMALL, WHITE, anchor="ma", max_width=88)
    below = view.discard_pile[-6:-1][::-1]
    if below:
        x += MID[0] + 28
        text(draw, (x, y - 2), words.say("under it"), SMALL, MUTED, max_width=WIDTH - MARGIN - x)
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


def _draw_reveal(image: Image.Image, result: HandResult, names: Sequence[str], y: float, words: Words) -> float:
    """Both hands as laid down: melds, lay-offs, deadwood; returns the y below."""
    draw = ImageDraw.Draw(image)
    top = y
    y = _paragraph(draw, y + 8, _result_line(result, names, words), BODY, GOLD, bold=True)
    laid = [card for card, _ in result.layoffs]
    for seat in (result.knocker, 1 - result.knocker) if result.knocker is not None else (0, 1):
        name, deadwood = _name(names, seat, words), result.deadwood[seat]
        if seat == result.knocker:
            line = words.say("{name} knocked · deadwood {count}", name=name, count=deadwood)
        else:
            line = words.say("{name} laid down · deadwood {count}", name=name, count=deadwood)
        text(draw, (MARGIN + 4, y + 4), line, BODY, WHITE, max_width=WIDTH - 2 * MARGIN - 8)
        groups: list[tuple[str, Sequence[str]]] = [(words.say("meld"), meld) for meld in result.melds[seat]]
        if seat != result.knocker and laid:
            groups.append((words.say("laid off"), sorted_cards(laid)))
        groups.append((words.say("deadwood {count}", count=deadwood), result.deadwood_cards[seat]))
        if seat == result.knocker and result.face_down:
            groups.append((words.say("knock discard"), (result.face_down,)))
        y = draw_groups(image, MARGIN + 4, y + 4 + line_height(BODY), groups, MID)
    draw.line((MARGIN, top, WIDTH - MARGIN, top), fill=MUTED, width=1)
    return y + 4


def _draw_final(draw: ImageDraw.ImageDraw, view: GinRummyView, names: Sequence[str], y: float, words: Words) -> float:
    """Who won, by how much and why, in the words of /rules."""
    assert view.final is not None
    final = view.final
    winner, loser = final.winner, 1 - final.winner
    name = _name(names, winner, words)
    y = _paragraph(draw, y + 6, words.say("{name} wins the game", name=name), TITLE, GOLD, bold=True)
    margin = final.totals[winner] - final.totals[loser]
    score = words.plural(
        "{winner} to {loser}: by {count} point.",
        "{winner} to {loser}: by {count} points.",
        margin,
        winner=final.totals[winner],
        loser=final.totals[loser],
    )
    y = _paragraph(draw, y, score, BODY, WHITE)
    said = {
        "name": name,
        "target": view.target_score,
        "bonus": final.game_bonus,
        "won": view.hands_won[winner],
        "line_bonus": final.line_bonus,
    }
    shutout = final.game_bonus != 100
    if view.target_score and shutout:
        why = words.say(
            "{name} reached {target} first and adds {bonus} for the game (200 for a shutout) "
            "and 25 per hand won: {won} × 25 = {line_bonus}.",
            **said,
        )
    elif view.target_score:
        why = words.say(
            "{name} reached {target} first and adds {bonus} for the game and 25 per hand won: "
            "{won} × 25 = {line_bonus}.",
            **said,
        )
    elif shutout:
        why = words.say(
            "{name} reached the end of the hand first and adds {bonus} for the game (200 for a shutout) "
            "and 25 per hand won: {won} × 25 = {line_bonus}.",
            **said,
        )
    else:
        why = words.say(
            "{name} reached the end of the hand first and adds {bonus} for the game and 25 per hand won: "
            "{won} × 25 = {line_bonus}.",
            **said,
        )
    return _paragraph(draw, y + 2, why, SMALL, MUTED)


# -- the pictures -----------------------------------------------------------------------------
@deck_pictures
@fitted
def table_picture(view: GinRummyView, *, names: Sequence[str], words: Words = ENGLISH) -> bytes:
    """The public table: both players with their scores, stock and discard, whose turn; after
    a knock, the reveal of both hands; at the end, who won, by how much and why."""
    image, draw = canvas()
    y = _header(draw, view, words)
    for seat in (0, 1):
        y = _seat_panel(draw, view, names, seat, y, words)
    if view.final is None:
        y = _draw_piles(image, view, y + 4, words)
        y = _paragraph(draw, y, _whose_turn(view, names, words), BODY, GOLD, bold=True)
    if _show_reveal(view) and view.last_hand is not None:
        y = _draw_reveal(image, view.last_hand, names, y + 6, words)
    if view.final is not None:
        y = _draw_final(draw, view, names, y, words)
    return to_png(cut(image, int(y) + MARGIN))


@deck_pictures
@fitted
def hand_picture(
    view: GinRummyView, *, names: Sequence[str], owner: str | None = None, words: Words = ENGLISH
) -> bytes:
    """One player's hand grouped into its best melds, deadwood apart, with the table around it.

    ``owner``: whose hand the title names (a replay's "Zoë's hand"); by default "Your hand"."""
    seat = view.seat if view.seat is not None else 0
    image, draw = canvas()
    y = _header(draw, view, words)
    if view.hand:
        if owner:
            title = words.say("{name}'s hand · deadwood {count}", name=owner, count=view.deadwood)
        else:
            title = words.say("Your hand · deadwood {count}", count=view.deadwood)
        text(draw, (MARGIN, y), title, BODY, WHITE, bold=True, max_width=WIDTH - 2 * MARGIN)
        y += line_height(BODY)
        if view.best_discard:
            best = words.say("after the best discard (marked best)")
            text(draw, (MARGIN, y), best, SMALL, MUTED, max_width=WIDTH - 2 * MARGIN)
            y += line_height(SMALL)
        groups: list[tuple[str, Sequence[str]]] = [(words.say("meld"), meld) for meld in view.melds]
        groups.append((words.say("deadwood"), sorted_cards(view.deadwood_cards)))
        marks: dict[str, tuple[Colour, str]] = {}
        if view.best_discard:
            marks[view.best_discard] = (BEST_DISCARD, words.say("best"))
        if view.just_taken:
            marks[view.just_taken] = (JUST_TAKEN, words.say("new"))
        y = draw_groups(image, MARGIN, y + 4, groups, BIG, marks)
        if view.just_taken:
            taken = words.say("new: just taken from the pile; it may not be discarded now.")
            y = _paragraph(draw, y, taken, SMALL, MUTED)
        y += 6
    for other in (seat, 1 - seat):
        y = _seat_panel(draw, view, names, other, y, words)
    if view.final is None:
        y = _draw_piles(image, view, y + 4, words)
        y = _paragraph(draw, y, _whose_turn(view, names, words), BODY, GOLD, bold=True)
    if _show_reveal(view) and view.last_hand is not None:
        y = _draw_reveal(image, view.last_hand, names, y + 6, words)
    if view.final is not None:
        y = _draw_final(draw, view, names, y, words)
    return to_png(cut(image, int(y) + MARGIN))
