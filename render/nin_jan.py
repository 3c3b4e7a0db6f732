"""Nin Jan pictures: the table (piles, this round's reveals, each player's winnings) and a hand.

Colour-blind safe: every card shows its sign as a shape as well as a colour —
a round fist for Rock, a sheet with a folded corner for Paper, open blades for
Scissors — and its value as a number.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.nin_jan.rules import ROUNDS, Card, NinJanView, Reveal, pile_value
from engine.words import ENGLISH, Words
from render.common import (
    BODY,
    CARD_H,
    CARD_W,
    FELT_DARK,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PAPER,
    SCORE,
    SMALL,
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
    seat_panel,
    stamp,
    text,
    to_png,
)
from render.text import line_height, width, wrap, wrap_parts, wrap_whole

__all__ = ["COLOUR_PAIRS", "hand_picture", "sign_shape", "table_picture"]

FELT_NJ: Colour = (34, 52, 74)
SIGN_COLOURS: dict[str, Colour] = {"R": (196, 44, 52), "P": (36, 140, 72), "S": (40, 96, 200)}
SIGN_TINTS: dict[str, Colour] = {"R": (250, 226, 226), "P": (222, 244, 226), "S": (224, 232, 252)}
SIGN_WORDS = {"R": "Rock", "P": "Paper", "S": "Scissors"}
#: Colours a player must tell apart (text or sign on its background), checked under colour blindness.
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    *((f"{SIGN_WORDS[s]} on its card", SIGN_COLOURS[s], SIGN_TINTS[s]) for s in "RPS"),
    *((f"words on a {SIGN_WORDS[s]} card", INK, SIGN_TINTS[s]) for s in "RPS"),
    ("text on the table", WHITE, FELT_NJ),
    ("quiet text on a panel", MUTED, FELT_DARK),
    ("score on a panel", GOLD, FELT_DARK),
)

STRIP = 24  # visible height of a covered card in a pile
CHIP_W, CHIP_H = 36, 50


def sign_shape(draw: ImageDraw.ImageDraw, sign: str, cx: float, cy: float, size: float) -> None:
    """Rock: a fist (round, with knuckles). Paper: a sheet, corner folded. Scissors: open blades."""
    colour = SIGN_COLOURS[sign]
    r = size / 2
    line = max(1, round(size / 12))
    if sign == "R":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
        for i in (-1, 0, 1):
            x = cx + i * r * 0.42
            draw.line((x, cy - r * 0.75, x, cy - r * 0.15), fill=PAPER, width=line)
    elif sign == "P":
        w, h, fold = r * 0.8, r, r * 0.45
        corner = (cx + w - fold, cy - h)
        draw.polygon(
            [(cx - w, cy - h), corner, (cx + w, cy - h + fold), (cx + w, cy + h), (cx - w, cy + h)], fill=colour
        )
        draw.polygon([corner, (cx + w - fold, cy - h + fold), (cx + w, cy - h + fold)], fill=PAPER)
        for i in range(3):
            y = cy - h * 0.15 + i * h * 0.35
            draw.line((cx - w * 0.6, y, cx + w * 0.6, y), fill=PAPER, width=line)
    elif sign == "S":
        blade = max(2, round(size / 7))
        draw.line((cx - r * 0.75, cy - r, cx + r * 0.35, cy + r * 0.25), fill=colour, width=blade)
        draw.line((cx + r * 0.75, cy - r, cx - r * 0.35, cy + r * 0.25), fill=colour, width=blade)
        ring = r * 0.34
        for x in (cx - r * 0.5, cx + r * 0.5):
            y = cy + r * 0.62
            draw.ellipse((x - ring, y - ring, x + ring, y + ring), outline=colour, width=blade)
    else:
        raise ValueError(f"unknown sign {sign!r}")


def sign_word(sign: str, words: Words = ENGLISH) -> str:
    """A sign's name in the reader's language."""
    if sign == "R":
        return words.say("Rock")
    if sign == "P":
        return words.say("Paper")
    return words.say("Scissors")


def draw_card(
    image: Image.Image, card: Card, x: float, y: float, *, highlight: bool = False, words: Words = ENGLISH
) -> None:
    """A full card: the value in the corners, the sign large in the middle, its word below."""
    stamp(image, x, y, (CARD_W, CARD_H), _card_box, card, highlight, sign_word(card.sign, words))
    sign_shape(ImageDraw.Draw(image), card.sign, x + CARD_W / 2, y + CARD_H / 2, 32)


def _card_box(image: Image.Image, x: float, y: float, card: Card, highlight: bool, word: str) -> None:
    """A card's box and words, what :func:`draw_card` stamps (its sign is drawn on it)."""
    draw = ImageDraw.Draw(image)
    colour = SIGN_COLOURS[card.sign]
    card_box(draw, x, y, fill=SIGN_TINTS[card.sign], outline=GOLD if highlight else INK, width=4 if highlight else 2)
    text(draw, (x + 6, y + 4), str(card.value), 20, colour, bold=True)
    text(draw, (x + CARD_W - 6, y + 5), card.sign, SMALL, colour, anchor="ra", bold=True)
    # the word may use the card's width inside its border ("Ножницы" is 71 px wide, its ink less)
    text(draw, (x + CARD_W / 2, y + CARD_H - 5), word, SMALL, INK, anchor="md", max_width=CARD_W - 1)


def draw_strip(image: Image.Image, card: Card, x: float, y: float, strip: int = STRIP) -> None:
    """A covered card in a pile: only its top edge shows, with value and a small sign (on a narrower
    ``strip``, value and sign's letter)."""
    stamp(image, x, y, (CARD_W, strip + 10), _strip_box, card, strip)
    if strip >= STRIP:
        sign_shape(ImageDraw.Draw(image), card.sign, x + CARD_W - 14, y + 12, 16)


def _strip_box(image: Image.Image, x: float, y: float, card: Card, strip: int) -> None:
    """A strip's box and words, what :func:`draw_strip` stamps."""
    draw = ImageDraw.Draw(image)
    card_box(draw, x, y, h=strip + 10, fill=SIGN_TINTS[card.sign])
    if strip >= STRIP:
        text(draw, (x + 6, y + 3), str(card.value), 16, SIGN_COLOURS[card.sign], bold=True)
    else:
        text(draw, (x + 6, y), str(card.value), SMALL, SIGN_COLOURS[card.sign], bold=True)
        text(draw, (x + CARD_W - 6, y), card.sign, SMALL, INK, anchor="ra", bold=True)


def draw_chip(image: Image.Image, card: Card, x: float, y: float) -> None:
    """A won card, small: its value over its sign's shape, so it reads without colour."""
    stamp(image, x, y, (CHIP_W, CHIP_H), _chip_box, card)
    sign_shape(ImageDraw.Draw(image), card.sign, x + CHIP_W / 2, y + CHIP_H - 13, 20)


def _chip_box(image: Image.Image, x: float, y: float, card: Card) -> None:
    """A won card's box and value, what :func:`draw_chip` stamps."""
    draw = ImageDraw.Draw(image)
    card_box(draw, x, y, CHIP_W, CHIP_H, fill=SIGN_TINTS[card.sign], width=1)
    text(draw, (x + CHIP_W / 2, y + 2), str(card.value), SMALL + 1, SIGN_COLOURS[card.sign], anchor="ma", bold=True)


def pile_height(size: int, strip: int) -> int:
    return (size - 1) * strip + CARD_H


def _strip_for(piles: tuple[tuple[Card, ...], ...], room: int) -> int:
    """Covered cards get narrower strips when a pile is very tall."""
    tallest = max(len(p) for p in piles)
    if tallest <= 1:
        return STRIP
    return max(SMALL + 2, min(STRIP, (room - CARD_H) // (tallest - 1)))


def draw_piles(
    image: Image.Image, piles: tuple[tuple[Card, ...], ...], y: int, width: int, strip: int, words: Words = ENGLISH
) -> int:
    """The three piles side by side, bottom card first, top card whole and outlined. Returns the bottom."""
    draw = ImageDraw.Draw(image)
    column = width // 3
    bottom = y
    for i, pile in enumerate(piles):
        x = i * column + (column - CARD_W) // 2
        pile_name = words.say("Pile {number}", number=i + 1)
        text(draw, (x + CARD_W / 2, y), pile_name, BODY, WHITE, anchor="ma", bold=True, max_width=column - 8)
        worth = words.say("worth {value}", value=pile_value(pile))
        text(draw, (x + CARD_W / 2, y + 20), worth, SMALL, MUTED, anchor="ma", max_width=column - 8)
        cy = y + 42
        for card in pile[:-1]:
            draw_strip(image, card, x, cy, strip)
            cy += strip
        draw_card(image, pile[-1], x, cy, highlight=True, words=words)
        bottom = max(bottom, cy + CARD_H)
    return bottom


def _result(reveal: Reveal, words: Words) -> str:
    if reveal.action == "take":
        value = f"{pile_value(reveal.taken):+d}"
        return words.say("took pile {number} ({value})", number=(reveal.pile or 0) + 1, value=value)
    if reveal.action == "place":
        return words.say("put on pile {number}", number=(reveal.pile or 0) + 1)
    return words.say("to resolve")


def draw_reveals(image: Image.Image, view: NinJanView, names: Sequence[str], y: int, words: Words = ENGLISH) -> int:
    draw = ImageDraw.Draw(image)
    title = words.say("Revealed this round, highest first")
    if view.phase == "choose" and view.revealed:
        title = words.say("Round {number}, revealed highest first", number=view.round - 1)
    text(draw, (MARGIN, y), title, SMALL, MUTED, max_width=WIDTH - 2 * MARGIN)
    y += line_height(SMALL) + 2
    if not view.revealed:
        text(draw, (MARGIN, y + 4), words.say("No card revealed yet."), BODY, WHITE, max_width=WIDTH - 2 * MARGIN)
        return y + 34
    step = (WIDTH - 2 * MARGIN) // max(4, len(view.revealed))
    bottom = y
    for i, reveal in enumerate(view.revealed):
        x = MARGIN + i * step + (step - CARD_W) // 2
        draw_card(image, reveal.card, x, y, highlight=i == view.resolving, words=words)
        cx = x + CARD_W / 2
        # A long name ("محمد (computer)") takes two lines under its card rather than being cut.
        name_lines = wrap(names[reveal.seat], SMALL, step - 4, max_lines=2)
        for j, line in enumerate(name_lines):
            text(draw, (cx, y + CARD_H + 3 + j * line_height(SMALL)), line, SMALL, WHITE, anchor="ma")
        colour = GOLD if i == view.resolving else MUTED
        for j, line in enumerate(wrap(_result(reveal, words), SMALL, step - 4, max_lines=2), start=len(name_lines)):
            text(draw, (cx, y + CARD_H + 3 + j * line_height(SMALL)), line, SMALL, colour, anchor="ma")
            bottom = max(bottom, y + CARD_H + 3 + (j + 1) * line_height(SMALL))
    return bottom + 8


def _active_word(view: NinJanView, seat: int, words: Words) -> str | None:
    if view.outcome is not None or seat not in view.waiting_on:
        return None
    if view.phase == "choose":
        return words.say("choosing")
    if view.phase == "playoff":
        return words.say("throwing")
    if view.phase == "resolve":
        return words.say("picks a pile")
    return words.say("to play")


def points(score: int, words: Words = ENGLISH) -> str:
    """``1 point``, ``-1 point``, ``12 points``: only one (either sign) is singular."""
    return words.plural("{amount} point", "{amount} points", abs(score), amount=words.number(score))


def draw_players(image: Image.Image, view: NinJanView, names: Sequence[str], y: int, words: Words = ENGLISH) -> int:
    """One panel per player: name, total (big), hand size, state, and every card won."""
    draw = ImageDraw.Draw(image)
    per_row = (WIDTH - 2 * MARGIN - 20 + 4) // (CHIP_W + 4)
    for seat in range(view.num_players):
        won = view.won[seat]
        rows = min(2, -(-len(won) // per_row)) if won else 0
        height = 60 + rows * (CHIP_H + 4) + (6 if won else 0)
        word = _active_word(view, seat, words)
        x0, x1 = MARGIN, WIDTH - MARGIN
        score = f"{view.scores[seat]:+d}"
        score_w = width(score, SCORE, bold=True)
        facts = [points(view.scores[seat], words)]
        if view.outcome is None:
            facts.append(words.say("{count} in hand", count=view.hand_sizes[seat]))
        # the cards under this line
        facts.append(words.say("won {count} below", count=len(won)) if won else words.say("none won yet"))
        status = _status(view, seat, words)
        if status:
            facts.append(status)
        fact_lines = wrap_parts(facts, SMALL, x1 - x0 - 36 - score_w, max_lines=2)
        more = (len(fact_lines) - 1) * line_height(SMALL)  # German and French take a second line
        height += more
        seat_panel(draw, (x0, y, x1, y + height), active_word=word)
        text(draw, (x1 - 12, y + 52 + more), score, SCORE, GOLD, anchor="rs", bold=True)
        room = x1 - x0 - 24 - (active_tab_width(word) if word else score_w + 12)
        text(draw, (x0 + 12, y + 8), names[seat], BODY, WHITE, bold=True, max_width=room)
        for j, line in enumerate(fact_lines):
            text(draw, (x0 + 12, y + 34 + j * line_height(SMALL)), line, SMALL, MUTED)
        top = y + 60 + more
        shown = list(won)
        if len(won) > rows * per_row:
            shown = list(won[-(rows * per_row - 1) :])
        for i, card in enumerate(shown):
            row, col = divmod(i, per_row)
            draw_chip(image, card, x0 + 10 + col * (CHIP_W + 4), top + row * (CHIP_H + 4))
        if len(shown) < len(won):
            col = len(shown) % per_row
            cx = x0 + 10 + col * (CHIP_W + 4) + CHIP_W / 2
            text(
                draw,
                (cx, top + (rows - 1) * (CHIP_H + 4) + CHIP_H / 2),
                f"+{len(won) - len(shown)}",
                SMALL,
                WHITE,
                anchor="mm",
            )
        y += height + 6
    return y


def _status(view: NinJanView, seat: int, words: Words) -> str:
    if view.outcome is not None:
        if view.outcome.places[seat] == 1:
            return words.say("WINNER")
        return words.say("place {number}", number=view.outcome.places[seat])
    if view.phase in ("choose", "playoff") and seat in view.decided:
        return words.say("has chosen")
    return ""


def _headline(view: NinJanView, names: Sequence[str], words: Words) -> str:
    if view.outcome is not None:
        return words.say("Nin Jan · game over")
    if view.phase == "playoff":
        return words.say("Nin Jan · Rock-Paper-Scissors play-off")
    return words.say("Nin Jan · round {number} of {total}", number=view.round, total=ROUNDS)


def _subline(view: NinJanView, names: Sequence[str], words: Words) -> str:
    if view.outcome is not None:
        winners = view.outcome.winners
        if not winners:
            return words.say("No winner.")
        winner = winners[0]
        others = [s for s in range(view.num_players) if s != winner]
        lead = view.outcome.points[winner] - max((view.outcome.points[s] for s in others), default=0)
        total = points(view.outcome.points[winner], words)
        if lead == 0:
            return words.say(
                "{name} wins with {points}: won the Rock-Paper-Scissors play-off.", name=names[winner], points=total
            )
        return words.say(
            "{name} wins with {points}: ahead by {lead}.", name=names[winner], points=total, lead=points(lead, words)
        )
    if view.phase == "playoff":
        tied = names[view.playoff_seats[0]] if view.playoff_seats else ""
        for s in view.playoff_seats[1:]:
            tied = words.say("{name} vs {other}", name=tied, other=names[s])
        return words.say("Tied for first: {names}.", names=tied)
    if view.phase == "resolve" and view.waiting_on:
        return words.say("{name} picks a pile.", name=names[view.waiting_on[0]])
    return words.say("Everyone chooses a card in secret.")


def _playoff_line(view: NinJanView, names: Sequence[str], words: Words) -> str:
    if not view.playoff_rounds:
        return ""
    last = view.playoff_rounds[-1]
    throws = ", ".join(f"{names[s]} {sign_word(sign, words)}" for s, sign in last.throws)
    return words.say("Last throw: {throws}", throws=throws)


def _paragraph(draw: ImageDraw.ImageDraw, y: int, content: str, size: int, fill: Colour, bold: bool = False) -> int:
    for line in wrap(content, size, WIDTH - 2 * MARGIN, bold):
        text(draw, (MARGIN, y), line, size, fill, bold=bold)
        y += line_height(size)
    return y


@deck_pictures
@fitted
def table_picture(view: NinJanView, *, names: Sequence[str], words: Words = ENGLISH) -> bytes:
    """The public table: piles, this round's reveals, every player's winnings and total."""
    strip = _strip_for(view.piles, 360)
    image, draw = canvas(FELT_NJ)
    headline = _headline(view, names, words)
    text(draw, (MARGIN, MARGIN), headline, TITLE, GOLD, bold=True, max_width=WIDTH - 2 * MARGIN)
    y = _paragraph(draw, MARGIN + 30, _subline(view, names, words), BODY, WHITE, bold=view.outcome is not None)
    y = draw_piles(image, view.piles, y + 6, WIDTH, strip, words) + 12
    y = draw_reveals(image, view, names, y, words)
    y = draw_players(image, view, names, y, words)
    line = _playoff_line(view, names, words)
    if line:
        y = _paragraph(draw, y + 4, line, BODY, WHITE)
    return to_png(cut(image, y + 6))


@deck_pictures
@fitted
def hand_picture(view: NinJanView, *, names: Sequence[str], owner: str | None = None, words: Words = ENGLISH) -> bytes:
    """One seat's hand wrapped to rows, the decision in words, and the piles' top cards.

    ``owner``: whose hand the title names (a replay's "Zoë's hand"); by default "Your hand"."""
    hand = view.hand
    gap = 8
    per_row = (WIDTH - 2 * MARGIN + gap) // (CARD_W + gap)
    image, draw = canvas(FELT_NJ)
    seat = view.seat if view.seat is not None else 0
    score = view.scores[seat] if view.scores else 0
    whose = words.say("{name}'s hand", name=owner) if owner else words.say("Your hand")
    text(draw, (MARGIN, MARGIN), whose, TITLE, GOLD, bold=True, max_width=WIDTH - 2 * MARGIN - 120)  # the points beside
    text(draw, (WIDTH - MARGIN, MARGIN + 4), points(score, words), BODY, GOLD, anchor="ra", bold=True, max_width=116)
    y = MARGIN + 30
    text(draw, (MARGIN, y), names[seat], BODY, WHITE, max_width=WIDTH - 2 * MARGIN)
    y += line_height(BODY) + 4
    if hand:
        for i, card in enumerate(hand):
            row, col = divmod(i, per_row)
            draw_card(image, card, MARGIN + col * (CARD_W + gap), y + row * (CARD_H + gap), words=words)
        y += (-(-len(hand) // per_row)) * (CARD_H + gap)
    else:
        card_back(draw, MARGIN, y)
        empty = words.say("No cards left in hand.")
        text(draw, (MARGIN + CARD_W + 12, y + 40), empty, BODY, WHITE, max_width=WIDTH - 2 * MARGIN - CARD_W - 12)
        y += CARD_H + gap
    prompt = words.say(view.decisions[0].prompt) if view.decisions else words.say("Nothing to decide right now.")
    y = _paragraph(draw, y + 4, prompt, BODY, WHITE)
    text(draw, (MARGIN, y + 6), words.say("The piles (top cards):"), SMALL, MUTED, max_width=WIDTH - 2 * MARGIN)
    y += 6 + line_height(SMALL) + 2
    column = (WIDTH - 2 * MARGIN) // 3
    bottom = y
    for i, pile in enumerate(view.piles):
        x = MARGIN + i * column
        draw_card(image, pile[-1], x, y, words=words)
        tx = x + CARD_W + 6
        room = column - CARD_W - 8
        # "Stapel 1", "Mucchio 1": a second line, or a smaller size, rather than a cut word
        size, label = wrap_whole(words.say("Pile {number}", number=i + 1), (BODY, SMALL), room, bold=True)
        for j, line in enumerate(label):
            text(draw, (tx, y + 4 + j * line_height(size)), line, size, WHITE, bold=True)
        ty = y + (len(label) - 1) * line_height(size)
        cards = words.plural("{count} card", "{count} cards", len(pile))
        text(draw, (tx, ty + 28), cards, SMALL, MUTED, max_width=room)
        text(draw, (tx, ty + 48), words.say("worth"), SMALL, MUTED, max_width=room)
        text(draw, (tx, ty + 66), str(pile_value(pile)), BODY, WHITE, bold=True)
        bottom = max(bottom, ty + 66 + line_height(BODY))
    return to_png(cut(image, max(y + CARD_H, bottom) + MARGIN))
