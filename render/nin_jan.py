"""Nin Jan pictures: the table (piles, this round's reveals, each player's winnings) and a hand.

Colour-blind safe: every card shows its sign as a shape as well as a colour —
a round fist for Rock, a sheet with a folded corner for Paper, open blades for
Scissors — and its value as a number.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.nin_jan.rules import ROUNDS, Card, NinJanView, Reveal, pile_value
from render.common import (
    CARD_H,
    CARD_W,
    FELT_DARK,
    GOLD,
    INK,
    MUTED,
    PAPER,
    WHITE,
    Colour,
    card_back,
    card_box,
    new_canvas,
    text,
    text_width,
)

__all__ = ["hand_picture", "sign_shape", "table_picture"]

FELT_NJ: Colour = (34, 52, 74)
SIGN_COLOURS: dict[str, Colour] = {"R": (196, 44, 52), "P": (36, 140, 72), "S": (40, 96, 200)}
SIGN_TINTS: dict[str, Colour] = {"R": (250, 226, 226), "P": (222, 244, 226), "S": (224, 232, 252)}
SIGN_WORDS = {"R": "Rock", "P": "Paper", "S": "Scissors"}

WIDTH = 940
MARGIN = 16
STRIP = 24  # visible height of a covered card in a pile
CHIP_W, CHIP_H = 30, 40


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """A fixed palette: our colours and the anti-aliasing blends between them.

    Mapping to a fixed palette takes about a millisecond, where computing one per
    picture (render.common.to_png's median cut) takes longer than our 30 ms budget.
    """
    backgrounds = [FELT_NJ, FELT_DARK, PAPER, *SIGN_TINTS.values()]
    foregrounds = [WHITE, GOLD, MUTED, INK, PAPER, *SIGN_COLOURS.values()]
    colours: set[tuple[int, ...]] = set(backgrounds + foregrounds)
    for bg in backgrounds:
        for fg in foregrounds:
            for step in (0.2, 0.4, 0.6, 0.8):
                colours.add(tuple(round(b + (f - b) * step) for b, f in zip(bg, fg, strict=True)))
    flat = [channel for colour in sorted(colours) for channel in colour]
    assert len(flat) <= 768
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(flat) // 3))
    return palette


def to_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.quantize(palette=_palette(), dither=Image.Dither.NONE).save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


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


def draw_card(draw: ImageDraw.ImageDraw, card: Card, x: float, y: float, *, highlight: bool = False) -> None:
    """A full card: the value in the corners, the sign large in the middle, its word below."""
    colour = SIGN_COLOURS[card.sign]
    card_box(draw, x, y, fill=SIGN_TINTS[card.sign], outline=GOLD if highlight else INK, width=4 if highlight else 2)
    text(draw, (x + 7, y + 5), str(card.value), 20, colour)
    sign_shape(draw, card.sign, x + CARD_W / 2, y + CARD_H / 2 + 2, 34)
    text(draw, (x + CARD_W / 2, y + CARD_H - 20), SIGN_WORDS[card.sign], 12, INK, anchor="ma")


def draw_strip(draw: ImageDraw.ImageDraw, card: Card, x: float, y: float) -> None:
    """A covered card in a pile: only its top edge shows, with value and a small sign."""
    card_box(draw, x, y, h=STRIP + 10, fill=SIGN_TINTS[card.sign])
    text(draw, (x + 7, y + 4), str(card.value), 16, SIGN_COLOURS[card.sign])
    sign_shape(draw, card.sign, x + CARD_W - 16, y + 12, 14)


def draw_chip(draw: ImageDraw.ImageDraw, card: Card, x: float, y: float) -> None:
    """A won card, small: value over sign."""
    card_box(draw, x, y, CHIP_W, CHIP_H, fill=SIGN_TINTS[card.sign], width=1)
    text(draw, (x + CHIP_W / 2, y + 3), str(card.value), 12, SIGN_COLOURS[card.sign], anchor="ma")
    sign_shape(draw, card.sign, x + CHIP_W / 2, y + CHIP_H - 11, 14)


def pile_height(size: int, strip: int) -> int:
    return (size - 1) * strip + CARD_H


def _strip_for(piles: tuple[tuple[Card, ...], ...], room: int) -> int:
    """Covered cards get narrower strips when a pile is very tall."""
    tallest = max(len(p) for p in piles)
    if tallest <= 1:
        return STRIP
    return max(12, min(STRIP, (room - CARD_H) // (tallest - 1)))


def draw_piles(draw: ImageDraw.ImageDraw, piles: tuple[tuple[Card, ...], ...], y: int, width: int, strip: int) -> int:
    """The three piles side by side, bottom card first, top card whole and outlined. Returns the bottom."""
    column = width // 3
    bottom = y
    for i, pile in enumerate(piles):
        x = i * column + (column - CARD_W) // 2
        text(draw, (x + CARD_W / 2, y), f"Pile {i + 1} · worth {pile_value(pile)}", 15, WHITE, anchor="ma")
        cy = y + 22
        for card in pile[:-1]:
            if strip >= STRIP:
                draw_strip(draw, card, x, cy)
            else:
                card_box(draw, x, cy, h=strip + 10, fill=SIGN_TINTS[card.sign])
                text(draw, (x + 7, cy + 1), str(card.value), 11, SIGN_COLOURS[card.sign])
                sign_shape(draw, card.sign, x + CARD_W - 14, cy + strip / 2 + 1, min(10, strip - 2))
            cy += strip
        draw_card(draw, pile[-1], x, cy, highlight=True)
        bottom = max(bottom, cy + CARD_H)
    return bottom


def _result(reveal: Reveal) -> str:
    if reveal.action == "take":
        return f"took pile {(reveal.pile or 0) + 1} ({pile_value(reveal.taken):+d})"
    if reveal.action == "place":
        return f"on pile {(reveal.pile or 0) + 1}"
    return "to resolve"


def _fit(label: str, size: int, room: float) -> str:
    while label and text_width(label, size) > room:
        label = label[:-1]
    return label


def draw_reveals(draw: ImageDraw.ImageDraw, view: NinJanView, names: Sequence[str], y: int) -> int:
    title = "Revealed this round, in resolution order"
    if view.phase == "choose" and view.revealed:
        title = f"Round {view.round - 1} revealed, in resolution order"
    text(draw, (MARGIN, y), title, 15, MUTED)
    y += 22
    if not view.revealed:
        text(draw, (MARGIN, y + 10), "No card revealed yet.", 14, WHITE)
        return y + 40
    step = (WIDTH - 2 * MARGIN) // 5
    for i, reveal in enumerate(view.revealed):
        x = MARGIN + i * step + (step - CARD_W) // 2
        draw_card(draw, reveal.card, x, y, highlight=i == view.resolving)
        cx = x + CARD_W / 2
        text(draw, (cx, y + CARD_H + 4), _fit(names[reveal.seat], 14, step - 6), 14, WHITE, anchor="ma")
        colour = GOLD if i == view.resolving else MUTED
        text(draw, (cx, y + CARD_H + 22), _result(reveal), 13, colour, anchor="ma")
    return y + CARD_H + 44


def draw_players(draw: ImageDraw.ImageDraw, view: NinJanView, names: Sequence[str], y: int) -> int:
    """One row per player: name, total, hand size, state, and every card won."""
    row = CHIP_H + 30
    for seat in range(view.num_players):
        top = y + seat * row
        draw.rectangle((MARGIN - 6, top - 2, WIDTH - MARGIN + 6, top + row - 6), fill=FELT_DARK)
        name = _fit(names[seat], 16, 200)
        text(draw, (MARGIN, top + 2), name, 16, GOLD if seat == view.seat else WHITE)
        status = _status(view, seat)
        info = f"{view.scores[seat]:+d} points · {view.hand_sizes[seat]} in hand"
        text(draw, (MARGIN + 215, top + 3), info + (f" · {status}" if status else ""), 14, MUTED)
        won = view.won[seat]
        room = (WIDTH - 2 * MARGIN) // (CHIP_W + 2)
        shown = won if len(won) <= room else won[-(room - 1) :]
        x = MARGIN
        if len(shown) < len(won):
            text(draw, (x, top + 36), f"+{len(won) - len(shown)}", 13, MUTED)
            x += CHIP_W + 2
        for card in shown:
            draw_chip(draw, card, x, top + 22)
            x += CHIP_W + 2
        if not won:
            text(draw, (MARGIN, top + 34), "no cards won yet", 13, MUTED)
    return y + view.num_players * row


def _status(view: NinJanView, seat: int) -> str:
    if view.outcome is not None:
        return "WINNER" if view.outcome.places[seat] == 1 else f"place {view.outcome.places[seat]}"
    if view.phase in ("choose", "playoff") and seat in view.decided:
        return "has chosen"
    if seat in view.waiting_on:
        return {"choose": "choosing", "playoff": "throwing"}.get(view.phase, "deciding")
    return ""


def _headline(view: NinJanView, names: Sequence[str]) -> str:
    if view.outcome is not None:
        winner = names[view.outcome.winners[0]] if view.outcome.winners else "?"
        return f"Nin Jan · game over · {winner} wins"
    if view.phase == "playoff":
        return "Nin Jan · play-off: " + " vs ".join(names[s] for s in view.playoff_seats)
    if view.phase == "resolve" and view.waiting_on:
        return f"Nin Jan · round {view.round} of {ROUNDS} · {names[view.waiting_on[0]]} picks a pile"
    return f"Nin Jan · round {view.round} of {ROUNDS} · choose a card"


def _playoff_line(view: NinJanView, names: Sequence[str]) -> str:
    if not view.playoff_rounds:
        return ""
    last = view.playoff_rounds[-1]
    return "Last throw: " + ", ".join(f"{names[s]} {SIGN_WORDS[sign]}" for s, sign in last.throws)


def table_picture(view: NinJanView, *, names: Sequence[str]) -> bytes:
    """The public table: piles, this round's reveals, every player's winnings and total."""
    strip = _strip_for(view.piles, 420)
    piles_h = 22 + max(pile_height(len(p), strip) for p in view.piles)
    height = 44 + piles_h + 16 + 22 + CARD_H + 50 + view.num_players * (CHIP_H + 30) + 40
    image, draw = new_canvas(WIDTH, height, FELT_NJ)
    text(draw, (MARGIN, 12), _headline(view, names), 20, GOLD)
    y = draw_piles(draw, view.piles, 48, WIDTH, strip) + 16
    y = draw_reveals(draw, view, names, y)
    y = draw_players(draw, view, names, y + 4)
    line = _playoff_line(view, names)
    if line:
        text(draw, (MARGIN, y + 8), line, 14, WHITE)
        y += 30
    return to_png(image.crop((0, 0, WIDTH, min(height, y + 10))))


def hand_picture(view: NinJanView, *, names: Sequence[str]) -> bytes:
    """One seat's hand, with the piles (top cards) for context."""
    hand = view.hand
    gap = 8
    width = max(WIDTH - 200, MARGIN * 2 + max(1, len(hand)) * (CARD_W + gap))
    height = 44 + CARD_H + 30 + 22 + CARD_H + 40
    image, draw = new_canvas(width, height, FELT_NJ)
    seat = view.seat if view.seat is not None else 0
    score = view.scores[seat] if view.scores else 0
    text(draw, (MARGIN, 12), f"{names[seat]} · your hand · {score:+d} points", 20, GOLD)
    y = 48
    if hand:
        for i, card in enumerate(hand):
            draw_card(draw, card, MARGIN + i * (CARD_W + gap), y)
    else:
        card_back(draw, MARGIN, y)
        text(draw, (MARGIN + CARD_W + 12, y + 40), "No cards left in hand.", 16, WHITE)
    y += CARD_H + 14
    prompt = view.decisions[0].prompt if view.decisions else "Nothing to decide right now."
    text(draw, (MARGIN, y), _fit(prompt, 15, width - 2 * MARGIN), 15, WHITE)
    y += 30
    text(draw, (MARGIN, y), "The piles (top cards):", 14, MUTED)
    y += 22
    for i, pile in enumerate(view.piles):
        x = MARGIN + i * (CARD_W + 130)
        draw_card(draw, pile[-1], x, y)
        text(draw, (x + CARD_W + 8, y + 6), f"Pile {i + 1}", 15, WHITE)
        count = f"{len(pile)} card{'s' if len(pile) != 1 else ''}"
        text(draw, (x + CARD_W + 8, y + 28), count, 13, MUTED)
        text(draw, (x + CARD_W + 8, y + 46), f"worth {pile_value(pile)}", 13, MUTED)
    return to_png(image)
