"""Gin-jon-tan's hand picture: one seat's cards and what it must decide."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.core import name_seats
from engine.gin_jon_tan.views import GinJonTanView
from render.common import (
    BODY,
    GOLD,
    MARGIN,
    MUTED,
    SMALL,
    TITLE,
    WHITE,
    canvas,
    cut,
    deck_pictures,
    fitted,
    plural,
    text,
    to_png,
)
from render.gin_jon_tan.cards import _cards, _paragraph
from render.gin_jon_tan.look import ROOM, TABLE, TALL, text_width
from render.gin_jon_tan.numbers import amount, draw_amount
from render.gin_jon_tan.table import _duel
from render.text import line_height


@deck_pictures
@fitted
def hand_picture(view: GinJonTanView, *, names: Sequence[str], owner: str | None = None) -> bytes:
    """The seat's own cards: the decision in words, the duel the seat is fighting (public), the hand
    (its best combination marked, with its value), the active cards set aside, the reserve."""
    seat = view.seat if view.seat is not None else 0
    image, draw = canvas(TABLE, TALL)
    whose = f"{owner}'s cards" if owner else "Your cards"
    text(draw, (MARGIN, MARGIN), f"{whose} · round {view.round_no} of {view.rounds}", TITLE, GOLD, bold=True)
    y: float = MARGIN + line_height(TITLE) + 4
    text(draw, (MARGIN, y), names[seat], BODY, WHITE, bold=True, max_width=ROOM)
    y += line_height(BODY)
    text(draw, (MARGIN, y), "Score", BODY, MUTED)
    y = draw_amount(draw, MARGIN + text_width("Score ", BODY), y, view.scores[seat], BODY, GOLD, ROOM - 60)
    y = _paragraph(draw, y + 2, _decision_words(view, names), BODY, WHITE if view.decisions else MUTED) + 6
    duel = view.duel
    if duel is not None and view.phase == "duel" and seat in (duel.starter, duel.defender) and not duel.over:
        y = _section(draw, "Your duel, face up for everyone", y)
        y = _duel(image, duel, None, names, y)
    evaluation = view.hand_evaluation
    heading = f"Hand · {plural(len(view.hand), 'card')}"
    y = _section(draw, heading, y)
    if evaluation is not None and view.hand:
        best = f"{evaluation.label[:1].upper()}{evaluation.label[1:]}: worth {amount(evaluation.value)}"
        y = _paragraph(draw, y, best + (" (gold border)" if evaluation.members else ""), SMALL, WHITE)
        y += 2
    marked = (*evaluation.members, *evaluation.bonuses) if evaluation is not None else ()
    y = _cards(image, view.hand, y, marked) if view.hand else _paragraph(draw, y, "No cards in hand.", SMALL, MUTED)
    if view.active:
        y = _section(draw, f"Active cards, set aside in secret · {len(view.active)}", y + 4)
        y = _cards(image, view.active, y)
    y = _section(draw, f"Reserve · {plural(len(view.reserve), 'card')} · only you see it", y + 4)
    y = _cards(image, view.reserve, y) if view.reserve else _paragraph(draw, y, "Empty.", SMALL, MUTED)
    draw_pile = view.pile_sizes[seat] if view.pile_sizes else 0
    y = _paragraph(draw, y + 2, f"Draw pile: {plural(draw_pile, 'card')}, face down.", SMALL, MUTED)
    return to_png(cut(image, int(y) + MARGIN))


def _decision_words(view: GinJonTanView, names: Sequence[str]) -> str:
    """What this seat must decide now, in one sentence with the players' names."""
    kinds = {decision.kind for decision in view.decisions}
    if not kinds:
        return "The game is over." if view.outcome is not None else "Nothing to decide right now."
    if "swap" in kinds:
        return "Swap your whole hand with your whole reserve, or keep it: in secret."
    if "declare" in kinds:
        return "Declare the symbol your Universal acts as in this duel."
    if "reveal" in kinds:
        return "Evaluation: reveal your hand, or say Kat oh! to give up this round safely."
    if "gin" in kinds and len(kinds) > 1:
        return "Your turn: say Gin jon tan!, exchange 1–3 cards with your reserve, or ask another player."
    if "gin" in kinds:
        return "Your turn: you said Gin jon tan! and may only say it again until someone asks you."
    return " ".join(name_seats(decision.prompt, names) for decision in view.decisions)


def _section(draw: ImageDraw.ImageDraw, heading: str, y: float) -> float:
    text(draw, (MARGIN, y), heading, BODY, GOLD, bold=True, max_width=ROOM)
    return y + line_height(BODY) + 2
