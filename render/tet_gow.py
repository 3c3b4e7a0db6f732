"""Tet-Gow pictures: Decktet cards, the round so far, a hand by Tier, the Sets and Tiers table.

Every card shows its name, rank, both suits as drawn shapes (each suit its own
shape and colour) and a strip with its Set and Tier, so a new player can learn
the game from the pictures alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import ImageDraw

from engine.tet_gow.deck import CARDS, SETS, SUITS, tier_table
from engine.tet_gow.rules import Play, TetGowView
from render.common import (
    FELT,
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
    to_png,
)

__all__ = ["draw_card", "hand_picture", "sets_and_tiers_picture", "suit_symbol", "table_picture"]

CARD_W, CARD_H = 92, 128
GAP = 6

SUIT_COLOURS: dict[str, Colour] = {
    "M": (95, 105, 175),  # Moons: slate blue crescent
    "S": (230, 140, 15),  # Suns: orange disc with rays
    "W": (20, 135, 200),  # Waves: blue wavy lines
    "L": (45, 145, 60),  # Leaves: green leaf
    "Y": (190, 40, 50),  # Wyrms: red serpent
    "K": (140, 65, 150),  # Knots: purple loops
}
SET_COLOURS: dict[str, Colour] = {"Suits": (60, 60, 70), "Cycle": (20, 120, 120), "Inter": (150, 70, 40)}


def suit_symbol(draw: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, size: float, bg: Colour = PAPER) -> None:
    """Draw a Decktet suit (``M S W L Y K``) centred on (cx, cy), about ``size`` pixels across."""
    colour = SUIT_COLOURS[suit]
    r = size / 2
    w = max(2, round(size / 9))
    if suit == "M":  # a crescent: a disc with a disc of the background cut out
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
        off = r * 0.45
        draw.ellipse((cx - r + off, cy - r - off * 0.3, cx + r + off, cy + r - off * 0.3), fill=bg)
    elif suit == "S":  # a disc with eight rays
        for i in range(8):
            a = i * math.pi / 4
            draw.line(
                (cx + r * 0.55 * math.cos(a), cy + r * 0.55 * math.sin(a), cx + r * math.cos(a), cy + r * math.sin(a)),
                fill=colour,
                width=w,
            )
        draw.ellipse((cx - r * 0.5, cy - r * 0.5, cx + r * 0.5, cy + r * 0.5), fill=colour)
    elif suit == "W":  # three wavy lines
        for row in (-0.55, 0.0, 0.55):
            points = [
                (cx - r + 2 * r * i / 12, cy + row * r + 0.22 * r * math.sin(i / 12 * 2 * math.pi * 1.5))
                for i in range(13)
            ]
            draw.line(points, fill=colour, width=w, joint="curve")
    elif suit == "L":  # a pointed leaf with a vein and a stem
        points = []
        for i in range(13):
            t = i / 12
            points.append((cx - r + 2 * r * t, cy - 0.55 * r * math.sin(math.pi * t)))
        for i in range(12, -1, -1):
            t = i / 12
            points.append((cx - r + 2 * r * t, cy + 0.55 * r * math.sin(math.pi * t)))
        rotated = [_rotate(p, cx, cy, -0.6) for p in points]
        draw.polygon(rotated, fill=colour)
        draw.line(
            [_rotate((cx - r * 0.8, cy), cx, cy, -0.6), _rotate((cx + r * 0.8, cy), cx, cy, -0.6)], fill=bg, width=1
        )
    elif suit == "Y":  # a zigzag serpent with a head
        points = [(cx - r + 2 * r * i / 5, cy + (0.45 * r if i % 2 else -0.45 * r)) for i in range(6)]
        draw.line(points, fill=colour, width=w + 1, joint="curve")
        hx, hy = points[-1]
        draw.ellipse((hx - w * 1.6, hy - w * 1.6, hx + w * 1.6, hy + w * 1.6), fill=colour)
    elif suit == "K":  # two interlaced loops
        lr = r * 0.55
        for dx in (-r * 0.42, r * 0.42):
            draw.ellipse((cx + dx - lr, cy - lr, cx + dx + lr, cy + lr), outline=colour, width=w)
        draw.line((cx - r * 0.12, cy - lr * 0.7, cx + r * 0.12, cy + lr * 0.7), fill=colour, width=w)
    else:
        raise ValueError(f"unknown suit {suit!r}")


def _rotate(p: tuple[float, float], cx: float, cy: float, angle: float) -> tuple[float, float]:
    x, y = p[0] - cx, p[1] - cy
    return (cx + x * math.cos(angle) - y * math.sin(angle), cy + x * math.sin(angle) + y * math.cos(angle))


# -- one card ---------------------------------------------------------------------------------------------
def draw_card(draw: ImageDraw.ImageDraw, card_id: str, x: float, y: float, w: int = CARD_W, h: int = CARD_H) -> None:
    """A Decktet card face: rank, name, its suit shapes, and a Set · Tier strip."""
    card = CARDS[card_id]
    s = w / CARD_W
    card_box(draw, x, y, w, h)
    rank = {"Ace": "A", "Crown": "♛"}.get(card.rank, card.rank)
    rank = "C" if rank == "♛" else rank
    text(draw, (x + 6 * s, y + 4 * s), rank, round(18 * s), INK)
    # The suits down the right edge of the corner, as in a real Decktet index.
    for i, suit in enumerate(card.suits):
        suit_symbol(draw, suit, x + w - 12 * s, y + 13 * s + i * 18 * s, 14 * s)
    # The suits large in the middle.
    mid = y + h * 0.44
    if len(card.suits) == 1:
        suit_symbol(draw, card.suits[0], x + w / 2, mid, 36 * s)
    else:
        suit_symbol(draw, card.suits[0], x + w * 0.32, mid, 28 * s)
        suit_symbol(draw, card.suits[1], x + w * 0.68, mid, 28 * s)
    # The name, on one or two lines.
    size = round(11 * s)
    lines = _wrap(card.name if card.rank != "Ace" else f"Ace of {SUITS[card.suits[0]]}", size, w - 6)
    top = y + h * (0.68 if len(lines) == 1 else 0.62)
    for i, line in enumerate(lines):
        text(draw, (x + w / 2, top + i * (size + 1)), line, size, INK, anchor="mt")
    # The Set and Tier strip.
    strip = h * 0.15
    draw.rounded_rectangle(
        (x + 3, y + h - strip - 3, x + w - 3, y + h - 3), radius=max(2, round(4 * s)), fill=SET_COLOURS[card.set]
    )
    text(draw, (x + w / 2, y + h - 3 - strip / 2), f"{card.set} · T{card.tier}", round(11 * s), WHITE, anchor="mm")


def _wrap(content: str, size: int, width: float) -> list[str]:
    if text_width(content, size) <= width or " " not in content:
        return [content]
    first, _, rest = content.rpartition(" ")
    return [first, rest]


def _backs(draw: ImageDraw.ImageDraw, count: int, x: float, y: float) -> float:
    """``count`` face-down cards, overlapped; returns the x after them."""
    step = 22
    for i in range(count):
        card_back(draw, x + i * step, y, CARD_W, CARD_H)
    return x + (count - 1) * step + CARD_W


def _cards(draw: ImageDraw.ImageDraw, cards: Sequence[str], x: float, y: float) -> float:
    for i, card in enumerate(cards):
        draw_card(draw, card, x + i * (CARD_W + GAP), y)
    return x + len(cards) * (CARD_W + GAP)


# -- the table ---------------------------------------------------------------------------------------------
LABEL_W = 150
ROW_H = CARD_H + 14


def table_picture(view: TetGowView, *, names: Sequence[str]) -> bytes:
    """The round so far (face-up plays in order, passes as backs), tricks and scores."""
    plays, title = _round_to_show(view, names)
    widest = max([1, *(p.count for p in plays)])
    width = max(640, LABEL_W + 16 + widest * (CARD_W + GAP))
    height = 48 + max(1, len(plays)) * ROW_H + 40 + 26 * (view.num_players + 1) + 40
    image, draw = new_canvas(width, height, FELT)
    header = f"Tet-Gow · game {view.game_no} of {view.games} · round {view.round_no}"
    text(draw, (16, 12), header, 20, GOLD)
    text(draw, (16, 40), title, 15, MUTED)
    y = 64
    if not plays:
        text(draw, (16, y + 20), f"{names[view.leader]} is about to lead.", 18, WHITE)
    for play in plays:
        _play_row(draw, play, names, 16, y, winner=play.seat == view.last_winner and plays is not view.plays)
        y += ROW_H
    y += 12
    _scoreboard(draw, view, names, 16, y)
    return to_png(image)


def _round_to_show(view: TetGowView, names: Sequence[str]) -> tuple[tuple[Play, ...], str]:
    if view.plays:
        rule = f"lead of {view.lead_size}: beat Tier {view.best_tier} with the same Sets, or pass"
        if view.final_round:
            rule += " · last round: 2 tricks needed to win"
        return view.plays, "This round: " + rule
    if view.last_plays and view.last_winner is not None:
        return view.last_plays, f"Last round, won by {names[view.last_winner]}"
    return (), "A new game"


def _play_row(
    draw: ImageDraw.ImageDraw, play: Play, names: Sequence[str], x: float, y: float, winner: bool = False
) -> None:
    colour = GOLD if winner else WHITE
    text(draw, (x, y + 8), names[play.seat][:16], 17, colour)
    if play.face_up:
        text(draw, (x, y + 32), f"Tier {play.tier}", 14, MUTED)
        _cards(draw, play.cards, x + LABEL_W - 16, y)
    else:
        noun = "card" if play.count == 1 else "cards"
        text(draw, (x, y + 32), f"passed {play.count} {noun}", 14, MUTED)
        _backs(draw, play.count, x + LABEL_W - 16, y)


def _scoreboard(draw: ImageDraw.ImageDraw, view: TetGowView, names: Sequence[str], x: float, y: float) -> None:
    columns = [("Player", 0), ("Cards", 190), ("Tricks", 270), ("Score", 350)]
    for label, dx in columns:
        text(draw, (x + dx, y), label, 15, MUTED)
    for seat in range(view.num_players):
        yy = y + 26 * (seat + 1)
        turn = "> " if seat == view.turn else ""
        mark = " (leads)" if seat == view.leader else ""
        text(draw, (x, yy), f"{turn}{names[seat][:14]}{mark}", 16, GOLD if seat == view.turn else WHITE)
        text(draw, (x + 190, yy), str(view.hand_sizes[seat]), 16, WHITE)
        text(draw, (x + 270, yy), str(view.tricks[seat]), 16, WHITE)
        score = view.outcome.points[seat] if view.outcome else view.scores[seat]
        text(draw, (x + 350, yy), str(score), 16, WHITE)
    yy = y + 26 * (view.num_players + 1) + 6
    if view.outcome:
        winners = ", ".join(names[s] for s in view.outcome.winners)
        text(draw, (x, yy), f"Final: {winners} wins.", 17, GOLD)
    else:
        text(draw, (x, yy), "Score: 1 per trick, +5 for the last round's winner.", 14, MUTED)


# -- a hand ------------------------------------------------------------------------------------------------
def hand_picture(view: TetGowView, *, names: Sequence[str]) -> bytes:
    """One seat's hand grouped by Tier, with the round's lead and the decision in words."""
    groups: dict[int, list[str]] = {}
    for card in view.hand:
        groups.setdefault(CARDS[card].tier, []).append(card)
    group_gap = 18
    cards_w = sum(len(g) * (CARD_W + GAP) for g in groups.values()) + group_gap * max(0, len(groups) - 1)
    lines = _hand_lines(view, names)
    width = max(560, 32 + cards_w)
    height = 48 + 24 + CARD_H + 24 + 22 * len(lines) + 10
    image, draw = new_canvas(width, height, FELT)
    seat = view.seat if view.seat is not None else 0
    text(draw, (16, 12), f"{names[seat]}'s hand: {len(view.hand)} cards by Tier (Tier 1 is the strongest)", 18, GOLD)
    x, y = 16, 48
    for tier, cards in groups.items():
        span = len(cards) * (CARD_W + GAP) - GAP
        draw.line((x, y + 18, x + span, y + 18), fill=MUTED, width=1)
        text(draw, (x + span / 2, y), f"Tier {tier}", 15, WHITE, anchor="mt")
        _cards(draw, cards, x, y + 24)
        x += span + GAP + group_gap
    if not view.hand:
        text(draw, (16, y + 40), "No cards left.", 18, WHITE)
    y += 24 + CARD_H + 16
    for line in lines:
        text(draw, (16, y), line, 15, WHITE)
        y += 22
    return to_png(image)


def _hand_lines(view: TetGowView, names: Sequence[str]) -> list[str]:
    lines = []
    for play in view.plays:
        if play.face_up:
            shown = ", ".join(CARDS[c].name for c in play.cards)
            lines.append(f"{names[play.seat]}: {shown} (Tier {play.tier})")
        else:
            lines.append(f"{names[play.seat]}: passed {play.count} face down")
    tricks = " · ".join(f"{names[s]} {t}" for s, t in enumerate(view.tricks))
    lines.append(f"Tricks: {tricks}")
    lines.extend(d.prompt for d in view.decisions)
    return lines


# -- the Sets and Tiers table ----------------------------------------------------------------------------
@lru_cache(maxsize=1)
def sets_and_tiers_picture() -> bytes:
    """The Sets and Tiers table of the rules, every card drawn (for a help command; drawn once)."""
    w, h = 68, 94
    cell = 3 * (w + 4) + 12
    left = 70
    table = tier_table()
    width = left + 3 * cell + 16
    height = 86 + 6 * (h + 10) + 36
    image, draw = new_canvas(width, height, FELT)
    text(draw, (16, 10), "Tet-Gow: Sets and Tiers", 20, GOLD)
    text(
        draw, (16, 36), "Suit order: Moons > Suns > Waves > Leaves > Wyrms > Knots. Tier 1 is the strongest.", 13, MUTED
    )
    for i, set_name in enumerate(SETS):
        text(draw, (left + i * cell + cell / 2, 62), f"Set of {set_name}", 15, WHITE, anchor="mt")
    for row, tier in enumerate(range(1, 7)):
        y = 86 + row * (h + 10)
        text(draw, (16, y + h / 2), f"Tier {tier}", 16, GOLD, anchor="lm")
        for i, set_name in enumerate(SETS):
            for j, card in enumerate(table[tier][set_name]):
                draw_card(draw, card, left + i * cell + j * (w + 4), y, w, h)
    text(draw, (16, height - 26), "Three players use only the Cycle and Inter cards.", 13, MUTED)
    return to_png(image)


#: The reference picture /rules shows for Tet-Gow.
rules_picture = sets_and_tiers_picture
