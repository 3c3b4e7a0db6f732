"""Gin-Go's table picture: the board, each side's panel, the melds and the discard pile."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.gin_go.cards import is_joker
from engine.gin_go.view import GinGoView
from engine.words import ENGLISH, Words
from render.common import (
    ACTIVE,
    BODY,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    SCORE,
    SMALL,
    TITLE,
    WHITE,
    WIDTH,
    active_tab_width,
    canvas,
    card_back,
    cut,
    deck_pictures,
    fitted,
    seat_panel,
    text,
    text_width,
    to_png,
)
from render.gin_go.board import _board_marks, _hidden, chip_icon, draw_board
from render.gin_go.cards import CARD, STEP, fan, fan_width
from render.gin_go.look import JOKER_BADGE, JOKER_INK, TABLE_BOARD
from render.gin_go.words import _doing, _name, _paragraph, tab_word
from render.text import line_height, wrap


@deck_pictures
@fitted
def table_picture(view: GinGoView, *, names: Sequence[str], words: Words = ENGLISH) -> bytes:
    """The board with both sides' panels beside it, then the melds, the discard pile and the turn."""
    image, draw = canvas()
    y = _header(draw, view, words)
    look = TABLE_BOARD
    draw_board(
        image,
        draw,
        MARGIN,
        y,
        view.board,
        view.column_suits,
        view.links,
        look,
        _board_marks(view),
        hidden=_hidden(view, words),
    )
    x = MARGIN + look.width + 10
    _column(image, draw, view, names, x, y, WIDTH - MARGIN - x, look.height, words)
    y += look.height + 10
    if view.hand_number == 0:  # the suit-row set-up: the cards turned are all there is to see
        turned = words.say("Cards turned until all four suits showed")
        text(draw, (MARGIN, y), turned, BODY, WHITE, bold=True, max_width=WIDTH - 2 * MARGIN)
        y = _wrapped_groups(image, [(view.setup_cards, None)], y + line_height(BODY) + 2)
    else:
        y = _melds(image, draw, view, y, words)
        y = _discards(image, draw, view, y, words)
    return to_png(cut(image, int(y) + MARGIN))


def _header(draw: ImageDraw.ImageDraw, view: GinGoView, words: Words) -> float:
    title = words.say("Gin-Go · hand {number} of {total}", number=view.hand_number, total=view.hand_limit)
    if view.phase == "over":
        title = words.say("Gin-Go · game over")
    elif view.hand_number == 0:
        title = words.say("Gin-Go · setting up the suit rows")
    text(draw, (MARGIN, MARGIN), title, TITLE, GOLD, bold=True, max_width=WIDTH - 2 * MARGIN)
    if view.orthogonal_only:
        how = words.say("Link your A row to your K row, orthogonal only.")
    else:
        how = words.say("Link your A row to your K row, straight or zigzag.")
    y: float = MARGIN + 28
    for line in wrap(how, SMALL, WIDTH - 2 * MARGIN, max_lines=2):  # German takes a second line
        text(draw, (MARGIN, y), line, SMALL, MUTED)
        y += line_height(SMALL)
    return y + 6


def _column(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GinGoView,
    names: Sequence[str],
    x: float,
    y: float,
    w: float,
    h: float,
    words: Words = ENGLISH,
) -> None:
    """Beside the board: side B's panel at the top (north), side A's at the bottom, the turn between."""
    top_h = _panel_height(view, 1)
    _side_panel(image, draw, view, names, 1, (x, y, x + w, y + top_h), words)
    bottom_h = _panel_height(view, 0)
    _side_panel(image, draw, view, names, 0, (x, y + h - bottom_h, x + w, y + h), words)
    mid = y + top_h + 10
    if view.hand_number and view.phase != "over":
        card_back(draw, x + 2, mid, 34, 48)
        text(draw, (x + 44, mid + 2), words.say("Draw pile"), SMALL, MUTED, max_width=w - 44)
        cards = words.plural("{count} card", "{count} cards", view.draw_size)
        text(draw, (x + 44, mid + 20), cards, BODY, WHITE, bold=True, max_width=w - 44)
        mid += 58
    colour = GOLD if view.phase != "over" else ACTIVE
    mid = _paragraph(draw, x, mid, _doing(view, names, words), BODY, colour, w, bold=True, max_lines=4) + 4
    if view.turn is not None and view.phase != "over":
        after = _name(names, (view.turn + 1) % view.num_players, words)
        mid = _paragraph(draw, x, mid, words.say("Then {name}.", name=after), SMALL, MUTED, w, max_lines=2) + 4
    if view.last_hand and (view.phase == "over" or (not view.melds and len(view.discard_pile) <= 2)):
        mid = _paragraph(draw, x, mid, _hand_end_words(view, names, words), SMALL, MUTED, w, max_lines=3) + 4
    legend_y = y + h - bottom_h - 2 * line_height(SMALL) - 10
    if legend_y > mid:
        _legend(image, draw, x, legend_y, words, w)


def _hand_end_words(view: GinGoView, names: Sequence[str], words: Words) -> str:
    last = view.last_hand
    assert last is not None
    if last.went_out is None:
        return words.say("Hand {number}: the draw pile ran out. The board keeps every chip.", number=last.number)
    said = {"number": last.number, "name": _name(names, last.went_out, words)}
    if view.phase == "over":
        return words.plural(
            "Hand {number}: {name} went out and captured {count} card.",
            "Hand {number}: {name} went out and captured {count} cards.",
            len(last.captured),
            **said,
        )
    return words.plural(
        "Hand {number}: {name} went out and captured {count} card. No link yet: the board stays.",
        "Hand {number}: {name} went out and captured {count} cards. No link yet: the board stays.",
        len(last.captured),
        **said,
    )


def _legend(
    image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, words: Words = ENGLISH, w: float = 200
) -> None:
    """What a ring and a cross on the board mean."""
    r = 7
    chip_icon(image, 0, x + 9, y + 9, r)
    draw.ellipse((x + 9 - r - 3, y + 9 - r - 3, x + 9 + r + 3, y + 9 + r + 3), outline=WHITE, width=2)
    text(draw, (x + 24, y + 1), words.say("new chip"), SMALL, MUTED, max_width=w - 24)
    y += line_height(SMALL) + 4
    for sign in (1, -1):
        draw.line((x + 2, y + 9 - sign * 7, x + 16, y + 9 + sign * 7), fill=WHITE, width=3)
    text(draw, (x + 24, y + 1), words.say("chip bumped"), SMALL, MUTED, max_width=w - 24)


def _panel_height(view: GinGoView, side: int) -> int:
    return 72 + 20 * len(view.teams[side])


def _side_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GinGoView,
    names: Sequence[str],
    side: int,
    box: tuple[float, float, float, float],
    words: Words = ENGLISH,
) -> None:
    """One side: its chip, where it sits, its players with their cards, its chips big; the side to act marked."""
    x0, y0, x1, y1 = box
    acting = [s for s in view.teams[side] if s in view.waiting_on and view.phase != "over"]
    word = tab_word(view.phase, words) if acting else None
    if view.phase == "over" and view.winner == side:
        word = words.say("winner")
    seat_panel(draw, box, active_word=word)
    chip_icon(image, side, x0 + 18, y0 + 18, 8)
    head = side_name(view, side, words)
    room = x1 - x0 - 40 - (active_tab_width(word) if word else 8)
    text(draw, (x0 + 32, y0 + 10), head, SMALL, MUTED, max_width=room)
    y = y0 + 32
    for seat in view.teams[side]:
        marker = "▶ " if seat in acting and len(view.teams[side]) > 1 else ""
        cards = words.plural("{count} card", "{count} cards", view.hand_sizes[seat])
        cards_w = text(draw, (x1 - 10, y + 3), cards, SMALL, MUTED, anchor="ra")
        name = marker + _name(names, seat, words)
        text(draw, (x0 + 12, y), name, BODY, WHITE, bold=True, max_width=x1 - x0 - 30 - cards_w)
        y += line_height(BODY) + 2
    chips = str(view.chips[side])
    number_w = text(draw, (x0 + 12, y1 - 8), chips, SCORE, GOLD, anchor="ld", bold=True)
    pill_w = text_width("GIN!", BODY, bold=True) + 16 if view.links[side] else 0
    chips_word = words.plural("chip", "chips", view.chips[side])
    room = x1 - x0 - 28 - number_w - pill_w
    text(draw, (x0 + 18 + number_w, y1 - 12), chips_word, SMALL, MUTED, anchor="ld", max_width=room)
    if view.links[side]:  # a complete link: "Gin!" in a gold pill, beside the chips
        pill = (x1 - 10 - pill_w, y1 - 12 - line_height(BODY) - 2, x1 - 10, y1 - 10)
        draw.rounded_rectangle(pill, radius=8, fill=GOLD)
        text(draw, ((pill[0] + pill[2]) / 2, (pill[1] + pill[3]) / 2), "GIN!", BODY, INK, anchor="mm", bold=True)


def side_name(view: GinGoView, side: int, words: Words = ENGLISH) -> str:
    """``Side A``, ``Team B``: a side of one player or a team of two."""
    if len(view.teams[side]) == 1:
        return words.say("Side A") if side == 0 else words.say("Side B")
    return words.say("Team A") if side == 0 else words.say("Team B")


def _melds(image: Image.Image, draw: ImageDraw.ImageDraw, view: GinGoView, y: float, words: Words) -> float:
    """Every meld on the table, wrapped across the picture; Jokers show the card they name."""
    room = WIDTH - 2 * MARGIN
    if not view.melds:
        text(draw, (MARGIN, y), words.say("No melds on the table yet."), SMALL, MUTED, max_width=room)
        return y + line_height(SMALL) + 8
    head = words.say("Melds on the table · {count}", count=len(view.melds))
    text(draw, (MARGIN, y), head, BODY, WHITE, bold=True, max_width=room)
    y += line_height(BODY) + 2
    y = _wrapped_groups(image, [(m.cards, m.names) for m in view.melds], y)
    if any(is_joker(card) for m in view.melds for card in m.cards):
        _joker_legend(image, draw, y - 2, words)
        y += line_height(SMALL) + 2
    return y


def _joker_legend(image: Image.Image, draw: ImageDraw.ImageDraw, y: float, words: Words) -> None:
    """What the purple "Jk" badge on a card means."""
    draw.rounded_rectangle((MARGIN, y + 1, MARGIN + 19, y + JOKER_BADGE), radius=3, fill=JOKER_INK)
    text(draw, (MARGIN + 9.5, y + JOKER_BADGE - 1), "Jk", SMALL, WHITE, anchor="md", bold=True)
    legend = words.say("a Joker, shown as the card it stands for")
    text(draw, (MARGIN + 26, y + 2), legend, SMALL, MUTED, max_width=WIDTH - 2 * MARGIN - 26)


def _wrapped_groups(
    image: Image.Image, groups: Sequence[tuple[Sequence[str], Sequence[str] | None]], y: float, gap: int = 12
) -> float:
    x: float = MARGIN
    row_h = CARD[1] + 8
    for cards, named in groups:
        span = fan_width(len(cards))
        if x > MARGIN and x + span > WIDTH - MARGIN:
            x, y = MARGIN, y + row_h
        fan(image, x, y, cards, named)
        x += span + gap
    return y + row_h + 4


def _discards(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: GinGoView, y: float, words: Words = ENGLISH
) -> float:
    """The spread discard pile, oldest first, wrapped to rows; the top card outlined."""
    pile = view.discard_pile
    if len(pile) > 1:
        head = words.plural(
            "Discard pile · {count} card, oldest first", "Discard pile · {count} cards, oldest first", len(pile)
        )
    else:
        head = words.plural("Discard pile · {count} card", "Discard pile · {count} cards", len(pile))
    text(draw, (MARGIN, y), head, BODY, WHITE, bold=True, max_width=WIDTH - 2 * MARGIN)
    y += line_height(BODY) + 2
    if not pile:
        text(draw, (MARGIN, y), words.say("Empty."), SMALL, MUTED)
        y += line_height(SMALL) + 4
    per_row = max(1, (WIDTH - 2 * MARGIN - CARD[0]) // STEP + 1)
    for start in range(0, len(pile), per_row):
        row = pile[start : start + per_row]
        outlines = {len(row) - 1: GOLD} if start + len(row) == len(pile) else {}
        end = fan(image, MARGIN, y, row, outlines=outlines)
        top = words.say("◀ top")
        if outlines and end + max(36, 6 + text_width(top, SMALL, bold=True)) < WIDTH - MARGIN:
            text(draw, (end + 6, y + CARD[1] / 2), top, SMALL, GOLD, anchor="lm", bold=True)
        y += CARD[1] + 6
    if view.taken and view.seat is None and view.phase in ("use_taken", "lay_off_taken"):  # face up until used
        if view.phase == "use_taken":
            taken = words.say("Taken from the pile this turn, to be used now:")
        else:
            taken = words.say("Taken from the pile this turn, one more to be laid off:")
        text(draw, (MARGIN, y), taken, SMALL, GOLD, max_width=WIDTH - 2 * MARGIN)
        fan(image, MARGIN, y + line_height(SMALL) + 2, view.taken, outlines={0: GOLD})
        y += line_height(SMALL) + CARD[1] + 8
    return y + 2
