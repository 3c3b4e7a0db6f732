"""Tet-Gow pictures: Decktet cards, the round so far, a hand by Tier, the Sets and Tiers table.

Every card shows its name, rank, both suits as drawn shapes (each suit its own
shape and colour) and a strip with its Set and Tier, so a new player can learn
the game from the pictures alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.tet_gow.deck import CARDS, SET_NAMES, SETS, SUITS, tier_table
from engine.tet_gow.rules import Play, TetGowView
from engine.words import ENGLISH, Words
from render.common import (
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
    new_canvas,
    seat_panel,
    stamp,
    text,
    text_width,
    to_png,
)
from render.results import names_and
from render.text import isolate, line_height, wrap, wrap_parts, wrap_whole

__all__ = ["COLOUR_PAIRS", "draw_card", "hand_picture", "sets_and_tiers_picture", "suit_symbol", "table_picture"]

CARD_W, CARD_H = 84, 122
GAP = 6
PER_ROW = (WIDTH - 2 * MARGIN + GAP) // (CARD_W + GAP)
#: The extra room between two Tiers side by side.
GROUP_GAP = 10

SUIT_COLOURS: dict[str, Colour] = {
    "M": (95, 105, 175),  # Moons: slate blue crescent
    "S": (190, 100, 0),  # Suns: orange disc with rays (dark enough to stand out in colour blindness)
    "W": (20, 135, 200),  # Waves: blue wavy lines
    "L": (45, 145, 60),  # Leaves: green leaf
    "Y": (190, 40, 50),  # Wyrms: red serpent
    "K": (140, 65, 150),  # Knots: purple loops
}
SET_COLOURS: dict[str, Colour] = {"Suits": (60, 60, 70), "Cycle": (20, 120, 120), "Inter": (150, 70, 40)}
#: Colours a player must tell apart (text on its background), checked under colour blindness.
#: Suits differ by shape and Sets by their word, so only contrast against the background matters.
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    *((f"suit {suit} on a card", colour, PAPER) for suit, colour in SUIT_COLOURS.items()),
    *((f"Set {name} strip's words", WHITE, colour) for name, colour in SET_COLOURS.items()),
    ("card name", INK, PAPER),
    ("text on the table", WHITE, FELT),
    ("quiet text on a panel", MUTED, FELT_DARK),
    ("score on a panel", GOLD, FELT_DARK),
)


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
def card_name(card_id: str, words: Words = ENGLISH) -> str:
    """A card's name as the reader's language says it (an Ace by its suit: ``Ace of Moons``)."""
    return words.say(CARDS[card_id].name)  # the engine's names are catalog texts (engine.words.Text)


def strip_text(card_id: str, words: Words = ENGLISH) -> str:
    """The strip at a card's foot: its Set and Tier (``Cycle 3``)."""
    card = CARDS[card_id]
    return f"{words.say(SET_NAMES[card.set])} {card.tier}"


def draw_card(image: Image.Image, card_id: str, x: float, y: float, words: Words = ENGLISH) -> None:
    """A Decktet card face: rank, its suit shapes, the name, and a Set · Tier strip (stamped whole:
    its suit shapes were drawn afresh on every card of every picture)."""
    stamp(image, x, y, (CARD_W, CARD_H), _card_face, card_id, card_name(card_id, words), strip_text(card_id, words))


def _card_face(image: Image.Image, x: float, y: float, card_id: str, name: str = "", strip_words: str = "") -> None:
    """A card's box, rank, suits, name and strip: what :func:`draw_card` stamps."""
    draw = ImageDraw.Draw(image)
    card = CARDS[card_id]
    w, h = CARD_W, CARD_H
    card_box(draw, x, y, w, h)
    rank = {"Ace": "A", "Crown": "C"}.get(card.rank, card.rank)
    text(draw, (x + 5, y + 3), rank, 18, INK, bold=True)
    lines = wrap(name or card_name(card_id), SMALL, w - 6, max_lines=2)
    top = y + (66 if len(lines) == 2 else 74)
    for i, line in enumerate(lines):
        text(draw, (x + w / 2, top + i * (SMALL + 2)), line, SMALL, INK, anchor="mt")
    strip = SMALL + 6
    draw.rounded_rectangle((x + 3, y + h - strip - 3, x + w - 3, y + h - 3), radius=4, fill=SET_COLOURS[card.set])
    foot = strip_words or strip_text(card_id)
    text(draw, (x + w / 2, y + h - 3 - strip / 2), foot, SMALL, WHITE, anchor="mm", bold=True, max_width=w - 8)
    for i, suit in enumerate(card.suits):
        suit_symbol(draw, suit, x + w - 12, y + 12 + i * 17, 14)
    mid = y + 38
    if len(card.suits) == 1:
        suit_symbol(draw, card.suits[0], x + w / 2, mid + 4, 28)
    else:
        suit_symbol(draw, card.suits[0], x + w * 0.3, mid + 6, 22)
        suit_symbol(draw, card.suits[1], x + w * 0.62, mid + 6, 22)


def _cards(image: Image.Image, cards: Sequence[str], x: float, y: float, words: Words = ENGLISH) -> float:
    """Cards wrapped to rows of the picture's width; returns the y below."""
    for i, card in enumerate(cards):
        row, col = divmod(i, PER_ROW)
        draw_card(image, card, x + col * (CARD_W + GAP), y + row * (CARD_H + GAP), words)
    return y + max(1, -(-len(cards) // PER_ROW)) * (CARD_H + GAP)


def _set_legend(draw: ImageDraw.ImageDraw, cards: Sequence[str], y: float, words: Words = ENGLISH) -> float:
    """The Sets of ``cards`` whose strip a card cuts ("Enseig… 1": French "Enseignes 1" is wider than a
    card), each whole on its strip's colour under the cards; returns the y below (``y`` if none is cut)."""
    cut_sets = dict.fromkeys(
        CARDS[card].set for card in cards if text_width(strip_text(card, words), SMALL, bold=True) > CARD_W - 8
    )
    x: float = MARGIN
    for set_name in cut_sets:
        said = words.say(SET_NAMES[set_name])
        w = text_width(said, SMALL, bold=True) + 12
        draw.rounded_rectangle((x, y, x + w, y + SMALL + 6), radius=4, fill=SET_COLOURS[set_name])
        text(draw, (x + w / 2, y + (SMALL + 6) / 2), said, SMALL, WHITE, anchor="mm", bold=True)
        x += w + 8
    return y + SMALL + 12 if cut_sets else y


def _tier_groups(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    groups: Sequence[tuple[int, list[str]]],
    y: float,
    words: Words = ENGLISH,
) -> float:
    """Each Tier's cards under its heading, the groups side by side and wrapped to rows (a hand of
    six to nine cards in two or three rows, not one row per Tier); returns the y below."""
    right = WIDTH - MARGIN
    rows: list[list[tuple[float, str, list[str]]]] = [[]]  # each group placed: its x, heading, cards
    x: float = MARGIN
    for tier, cards in groups:
        left = list(cards)
        heading = words.say("Tier {number}", number=tier)
        while left:
            fits = int((right - x + GAP) // (CARD_W + GAP))
            if x > MARGIN and fits < min(len(left), PER_ROW):
                x = MARGIN
                rows.append([])
                continue
            here, left = left[:fits], left[fits:]
            rows[-1].append((x, heading, here))
            x += len(here) * (CARD_W + GAP) + GROUP_GAP
            heading = words.say("Tier {number}, more", number=tier)
            if left:
                x = MARGIN
                rows.append([])
    for row in rows:
        # a heading over one card ("Szczebel 1", "Kademe 1") takes two lines, or a smaller size,
        # rather than a cut word; the row's cards then sit lower
        headings = [
            wrap_whole(heading, (BODY, SMALL), len(here) * (CARD_W + GAP) - GAP, bold=True) for _, heading, here in row
        ]
        head_h = max([line_height(BODY), *(len(lines) * line_height(size) for size, lines in headings)])
        for (x, _, here), (size, lines) in zip(row, headings, strict=True):
            for i, line in enumerate(lines):
                text(draw, (x, y + i * line_height(size)), line, size, WHITE, bold=True)
            _cards(image, here, x, y + head_h, words)
        y += head_h + CARD_H + GAP
    return y


def _backs(draw: ImageDraw.ImageDraw, count: int, x: float, y: float) -> float:
    """``count`` face-down cards, overlapped; returns the y below."""
    for i in range(count):
        card_back(draw, x + i * 18, y, 40, 56)
    return y + 56 + GAP


def _paragraph(draw: ImageDraw.ImageDraw, y: float, content: str, size: int, fill: Colour, bold: bool = False) -> float:
    for line in wrap(content, size, WIDTH - 2 * MARGIN, bold):
        text(draw, (MARGIN, y), line, size, fill, bold=bold)
        y += line_height(size)
    return y


# -- the table ---------------------------------------------------------------------------------------------
@deck_pictures
@fitted
def table_picture(view: TetGowView, *, names: Sequence[str], words: Words = ENGLISH) -> bytes:
    """The round so far (face-up plays in order, passes as backs), then each player: cards, tricks, score."""
    plays, title = _round_to_show(view, names, words)
    image, draw = canvas(FELT)
    if view.outcome is not None and view.games == 1:
        header = words.say("Tet-Gow · game over")
    elif view.outcome is not None:
        header = words.say("Tet-Gow · match of {count} games over", count=view.games)
    else:
        header = words.say(
            "Tet-Gow · game {number} of {total} · round {round}",
            number=view.game_no,
            total=view.games,
            round=view.round_no,
        )
    text(draw, (MARGIN, MARGIN), header, TITLE, GOLD, bold=True, max_width=WIDTH - 2 * MARGIN)
    y = _paragraph(
        draw, MARGIN + 30, title, BODY, WHITE if view.outcome is None else GOLD, bold=view.outcome is not None
    )
    y += 4
    for play in plays:
        y = _play(image, play, names, y, words, won=play.seat == view.last_winner and plays is not view.plays)
    y = _set_legend(draw, [card for play in plays for card in play.cards], y + 2, words) - 2
    y = _scoreboard(draw, view, names, y + 4, words)
    return to_png(cut(image, int(y) + MARGIN))


def _round_to_show(view: TetGowView, names: Sequence[str], words: Words) -> tuple[tuple[Play, ...], str]:
    if view.outcome is not None:
        return view.last_plays, _final_words(view, names, words)
    if view.plays:
        said = {"count": view.lead_size, "tier": view.best_tier}
        if view.final_round:
            return view.plays, words.say(
                "Lead of {count}: beat Tier {tier} with the same Sets, or pass. Last round: 2 tricks needed to win.",
                **said,
            )
        return view.plays, words.say("Lead of {count}: beat Tier {tier} with the same Sets, or pass.", **said)
    leader = names[view.leader]
    if view.last_plays and view.last_winner is not None:
        return view.last_plays, words.say(
            "Last round won by {winner}. {name} is about to lead.", winner=names[view.last_winner], name=leader
        )
    return (), words.say("A new game. {name} is about to lead.", name=leader)


def _points(score: int, words: Words) -> str:
    """``1 point``, ``-1 point``, ``12 points``."""
    return words.plural("{amount} point", "{amount} points", abs(score), amount=words.number(score))


def _final_words(view: TetGowView, names: Sequence[str], words: Words) -> str:
    """Who won, by how much and why, in the words of /rules."""
    assert view.outcome is not None
    points = view.outcome.points
    winners = view.outcome.winners
    best = points[winners[0]]
    others = [p for s, p in enumerate(points) if s not in winners]
    who = names_and([names[s] for s in winners], words)
    said = {"names": who, "points": _points(best, words)}
    if others and len(winners) > 1:
        return words.say(
            "{names} win with {points}, ahead by {lead}: 1 point per trick and 5 for the game's winner.",
            lead=_points(best - max(others), words),
            **said,
        )
    if others:
        return words.say(
            "{names} wins with {points}, ahead by {lead}: 1 point per trick and 5 for the game's winner.",
            lead=_points(best - max(others), words),
            **said,
        )
    if len(winners) > 1:
        return words.say("{names} win with {points}: 1 point per trick and 5 for the game's winner.", **said)
    return words.say("{names} wins with {points}: 1 point per trick and 5 for the game's winner.", **said)


def _passed(count: int, words: Words) -> str:
    return words.plural("passed {count} card face down", "passed {count} cards face down", count)


def _play(
    image: Image.Image, play: Play, names: Sequence[str], y: float, words: Words = ENGLISH, won: bool = False
) -> float:
    """One player's play: their name and what they did, then the cards (or the backs of a pass)."""
    draw = ImageDraw.Draw(image)
    what = words.say("Tier {number}", number=play.tier) if play.face_up else _passed(play.count, words)
    if won:
        what = words.say("{play} · won the round ★", play=what)
    x: float = MARGIN
    x += text(draw, (x, y), names[play.seat], BODY, GOLD if won else WHITE, bold=True, max_width=WIDTH / 2)
    text(draw, (x + 8, y + 2), what, SMALL, GOLD if won else MUTED, max_width=WIDTH - MARGIN - x - 8)
    y += line_height(BODY) + 2
    if play.face_up:
        return _cards(image, play.cards, MARGIN, y, words) + 2
    return _backs(draw, play.count, MARGIN, y) + 2


def _scoreboard(
    draw: ImageDraw.ImageDraw, view: TetGowView, names: Sequence[str], y: float, words: Words = ENGLISH
) -> float:
    """A panel per player: name, cards in hand, tricks this game; the match score big on the right."""
    for seat in range(view.num_players):
        word = None
        if view.outcome is None and seat == view.turn:
            word = words.say("to lead") if not view.plays else words.say("to play")
        x0, x1 = MARGIN, WIDTH - MARGIN
        score = view.outcome.points[seat] if view.outcome else view.scores[seat]
        score_w = text_width(str(score), SCORE, bold=True)
        if view.outcome is not None:
            place = view.outcome.places[seat]
            won = words.say("WINNER") if place == 1 else words.say("place {number}", number=place)
            facts = [won, _points(score, words)]
        else:
            facts = [
                words.plural("{count} card", "{count} cards", view.hand_sizes[seat]),
                words.plural("{count} trick this game", "{count} tricks this game", view.tricks[seat]),
            ]
            if seat == view.leader:
                facts.append(words.say("led this round"))
        fact_lines = wrap_parts(facts, SMALL, x1 - x0 - 36 - score_w, max_lines=2)
        height = 62 + (len(fact_lines) - 1) * line_height(SMALL)  # German takes a second line
        seat_panel(draw, (x0, y, x1, y + height), active_word=word)
        text(draw, (x1 - 12, y + height - 8), str(score), SCORE, GOLD, anchor="rd", bold=True)
        room = x1 - x0 - 24 - (active_tab_width(word) if word else score_w + 12)
        text(draw, (x0 + 12, y + 8), names[seat], BODY, WHITE, bold=True, max_width=room)
        for j, line in enumerate(fact_lines):
            text(draw, (x0 + 12, y + 34 + j * line_height(SMALL)), line, SMALL, MUTED)
        y += height + 6
    if view.outcome is None:
        y = _paragraph(
            draw,
            y + 2,
            words.say(
                "The big number is the score so far; a game's tricks count when it ends: 1 point per trick "
                "and 5 for the game's winner."
            ),
            SMALL,
            MUTED,
        )
    return y


# -- a hand ------------------------------------------------------------------------------------------------
@deck_pictures
@fitted
def hand_picture(view: TetGowView, *, names: Sequence[str], owner: str | None = None, words: Words = ENGLISH) -> bytes:
    """One seat's hand grouped by Tier and wrapped to rows, with the round so far and the decision in words.

    ``owner``: whose hand the title names (a replay's "Zoë's hand"); by default "Your hand"."""
    groups: dict[int, list[str]] = {}
    for card in view.hand:
        groups.setdefault(CARDS[card].tier, []).append(card)
    image, draw = canvas(FELT)
    seat = view.seat if view.seat is not None else 0
    cards = words.plural("{count} card", "{count} cards", len(view.hand))
    if owner:
        title = words.say("{name}'s hand · {cards}", name=owner, cards=cards)
    else:
        title = words.say("Your hand · {cards}", cards=cards)
    text(draw, (MARGIN, MARGIN), title, TITLE, GOLD, bold=True, max_width=WIDTH - 2 * MARGIN)
    y: float = MARGIN + 30
    text(draw, (MARGIN, y), names[seat], BODY, WHITE, max_width=WIDTH - 2 * MARGIN)
    y += line_height(BODY)
    strongest = words.say("By Tier: Tier 1 is the strongest.")
    text(draw, (MARGIN, y), strongest, SMALL, MUTED, max_width=WIDTH - 2 * MARGIN)
    y += line_height(SMALL) + 4
    if groups:
        y = _tier_groups(image, draw, sorted(groups.items()), y, words)
        y = _set_legend(draw, view.hand, y, words)
    if not view.hand:
        y = _paragraph(draw, y, words.say("No cards left."), BODY, WHITE)
    for line, size in _hand_lines(view, names, words):
        y = _paragraph(draw, y + 2, line, size, WHITE)
    return to_png(cut(image, int(y) + MARGIN))


def _hand_lines(view: TetGowView, names: Sequence[str], words: Words) -> list[tuple[str, int]]:
    """The round's plays, the tricks (small) and the seat's decisions, each with its size."""
    lines = []
    for play in view.plays:
        if play.face_up:
            shown = ", ".join(card_name(c, words) for c in play.cards)
            lines.append(
                (words.say("{name}: {cards} (Tier {tier})", name=names[play.seat], cards=shown, tier=play.tier), BODY)
            )
        else:
            lines.append((words.say("{name}: {play}", name=names[play.seat], play=_passed(play.count, words)), BODY))
    tricks = " · ".join(f"{isolate(names[s])} {t}" for s, t in enumerate(view.tricks))
    lines.append((words.say("Tricks: {tricks}", tricks=tricks), SMALL))
    lines.extend((words.say(d.prompt), SMALL if d.prompt.startswith("  ") else BODY) for d in view.decisions)
    return lines


# -- the Sets and Tiers table ----------------------------------------------------------------------------
@lru_cache(maxsize=16)  # once a language: bot.i18n.words keeps one Words a language
def sets_and_tiers_picture(words: Words = ENGLISH) -> bytes:
    """The Sets and Tiers table of the rules as a table of names with their suits (for /rules), in
    the reader's language."""
    table = tier_table()
    label_w = 34
    cell = (WIDTH - 2 * MARGIN - label_w) // 3
    row_h = 3 * line_height(SMALL) + 10
    image, draw = new_canvas(WIDTH, 3000, FELT)
    text(draw, (MARGIN, MARGIN), words.say("Tet-Gow: Sets and Tiers"), TITLE, GOLD, bold=True)
    strongest = words.say("Tier 1 is the strongest. Three players use only the Cycle and Inter cards.")
    y = _paragraph(draw, MARGIN + 30, strongest, SMALL, MUTED)
    order = " > ".join(words.say(name) for name in SUITS.values())
    y = _paragraph(draw, y, words.say("Suits: {order}.", order=order), SMALL, MUTED)
    legend_x: float = MARGIN
    for suit, suit_name in SUITS.items():
        said = words.say(suit_name)
        if legend_x + 18 + text_width(said, SMALL) > WIDTH - MARGIN:  # a longer language: the next line
            legend_x, y = MARGIN, y + line_height(SMALL) + 4
        suit_symbol(draw, suit, legend_x + 8, y + 10, 15, bg=FELT)
        legend_x += 20 + text(draw, (legend_x + 18, y + 2), said, SMALL, WHITE) + 6
    y += line_height(SMALL) + 8
    for i, set_name in enumerate(SETS):
        x = MARGIN + label_w + i * cell
        draw.rounded_rectangle((x + 2, y, x + cell - 2, y + SMALL + 8), radius=4, fill=SET_COLOURS[set_name])
        said = words.say(SET_NAMES[set_name])
        text(draw, (x + cell / 2, y + (SMALL + 8) / 2), said, SMALL, WHITE, anchor="mm", bold=True, max_width=cell - 8)
    y += SMALL + 14
    for tier in range(1, 7):
        # a name too long for its cell ("Chance Meeting", "Zufällige Begegnung") takes two lines
        named = {
            set_name: [(card_id, wrap(card_name(card_id, words), SMALL, cell - 32, max_lines=2)) for card_id in ids]
            for set_name, ids in table[tier].items()
        }
        lines = max(sum(len(name) for _, name in cards) for cards in named.values())
        height = max(row_h, lines * line_height(SMALL) + 10)
        draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + height - 4), radius=6, fill=PAPER)
        text(draw, (MARGIN + label_w / 2, y + height / 2 - 2), str(tier), TITLE, INK, anchor="mm", bold=True)
        for i, set_name in enumerate(SETS):
            x = MARGIN + label_w + i * cell
            ly = y + 5
            for card_id, name in named[set_name]:
                for k, suit in enumerate(CARDS[card_id].suits):
                    suit_symbol(draw, suit, x + 7 + k * 13, ly + SMALL / 2 + 1, 12)
                for line in name:
                    text(draw, (x + 30, ly), line, SMALL, INK)
                    ly += line_height(SMALL)
        y += height
    return to_png(image.crop((0, 0, WIDTH, int(y) + MARGIN)))


#: The reference picture /rules shows for Tet-Gow.
rules_picture = sets_and_tiers_picture
