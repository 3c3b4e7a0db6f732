"""Gin-jon-tan's hand picture: one seat's cards and what it must decide."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.core import name_seats
from engine.gin_jon_tan.views import GinJonTanView
from engine.words import ENGLISH, Words
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
def hand_picture(
    view: GinJonTanView, *, names: Sequence[str], owner: str | None = None, words: Words = ENGLISH
) -> bytes:
    """The seat's own cards: the decision in words, the duel the seat is fighting (public), the hand
    (its best combination marked, with its value), the active cards set aside, the reserve."""
    seat = view.seat if view.seat is not None else 0
    image, draw = canvas(TABLE, TALL)
    said = {"number": view.round_no, "total": view.rounds}
    if owner:
        title = words.say("{name}'s cards · round {number} of {total}", name=owner, **said)
    else:
        title = words.say("Your cards · round {number} of {total}", **said)
    text(draw, (MARGIN, MARGIN), title, TITLE, GOLD, bold=True, max_width=ROOM)
    y: float = MARGIN + line_height(TITLE) + 4
    text(draw, (MARGIN, y), names[seat], BODY, WHITE, bold=True, max_width=ROOM)
    y += line_height(BODY)
    score = words.say("Score")
    text(draw, (MARGIN, y), score, BODY, MUTED)
    y = draw_amount(draw, MARGIN + text_width(score + " ", BODY), y, view.scores[seat], BODY, GOLD, ROOM - 60)
    y = _paragraph(draw, y + 2, _decision_words(view, names, words), BODY, WHITE if view.decisions else MUTED) + 6
    duel = view.duel
    if duel is not None and view.phase == "duel" and seat in (duel.starter, duel.defender) and not duel.over:
        y = _section(draw, words.say("Your duel, face up for everyone"), y)
        y = _duel(image, duel, None, names, y, words)
    evaluation = view.hand_evaluation
    heading = words.plural("Hand · {count} card", "Hand · {count} cards", len(view.hand))
    y = _section(draw, heading, y)
    if evaluation is not None and view.hand:
        label = words.say(evaluation.label)
        shown = {"label": label[:1].upper() + label[1:], "value": amount(evaluation.value)}
        if evaluation.members:
            best = words.say("{label}: worth {value} (gold border)", **shown)
        else:
            best = words.say("{label}: worth {value}", **shown)
        y = _paragraph(draw, y, best, SMALL, WHITE)
        y += 2
    marked = (*evaluation.members, *evaluation.bonuses) if evaluation is not None else ()
    if view.hand:
        y = _cards(image, view.hand, y, marked, words)
    else:
        y = _paragraph(draw, y, words.say("No cards in hand."), SMALL, MUTED)
    if view.active:
        y = _section(draw, words.say("Active cards, set aside in secret · {count}", count=len(view.active)), y + 4)
        y = _cards(image, view.active, y, words=words)
    reserve = words.plural(
        "Reserve · {count} card · only you see it", "Reserve · {count} cards · only you see it", len(view.reserve)
    )
    y = _section(draw, reserve, y + 4)
    if view.reserve:
        y = _cards(image, view.reserve, y, words=words)
    else:
        y = _paragraph(draw, y, words.say("Empty."), SMALL, MUTED)
    draw_pile = view.pile_sizes[seat] if view.pile_sizes else 0
    pile = words.plural("Draw pile: {count} card, face down.", "Draw pile: {count} cards, face down.", draw_pile)
    y = _paragraph(draw, y + 2, pile, SMALL, MUTED)
    return to_png(cut(image, int(y) + MARGIN))


def _decision_words(view: GinJonTanView, names: Sequence[str], words: Words = ENGLISH) -> str:
    """What this seat must decide now, in one sentence with the players' names."""
    kinds = {decision.kind for decision in view.decisions}
    if not kinds:
        if view.outcome is not None:
            return words.say("The game is over.")
        return words.say("Nothing to decide right now.")
    if "swap" in kinds:
        return words.say("Swap your whole hand with your whole reserve, or keep it: in secret.")
    if "declare" in kinds:
        return words.say("Declare the symbol your Universal acts as in this duel.")
    if "reveal" in kinds:
        return words.say("Evaluation: reveal your hand, or say Kat oh! to give up this round safely.")
    if "gin" in kinds and len(kinds) > 1:
        return words.say("Your turn: say Gin jon tan!, exchange 1–3 cards with your reserve, or ask another player.")
    if "gin" in kinds:
        return words.say("Your turn: you said Gin jon tan! and may only say it again until someone asks you.")
    return " ".join(name_seats(words.say(decision.prompt), names) for decision in view.decisions)


def _section(draw: ImageDraw.ImageDraw, heading: str, y: float) -> float:
    text(draw, (MARGIN, y), heading, BODY, GOLD, bold=True, max_width=ROOM)
    return y + line_height(BODY) + 2
