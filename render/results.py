"""The end-of-game picture, the same for every game: who won, by how much and why, then every place."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Outcome, name_seats
from engine.words import ENGLISH, Words
from render.common import (
    BODY,
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    MARGIN,
    MEDALS,
    MUTED,
    SCORE,
    SMALL,
    TITLE,
    WHITE,
    WIDTH,
    Colour,
    new_canvas,
    text,
    to_png,
)
from render.numbers import number_words
from render.text import line_height, wrap

__all__ = ["COLOUR_PAIRS", "ON_POINTS", "results_picture", "why_words"]

OTHER_PLACE: Colour = (150, 185, 165)
ROW = 58
#: The endings decided on points: the results add how the game scores (``Game.how_won``) to them.
ON_POINTS = frozenset({"highest_score", "target_score"})
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    *((f"place {place} on its medal", INK, colour) for place, colour in MEDALS.items()),
    ("a later place on its disc", INK, OTHER_PLACE),
    ("a name on its row", WHITE, FELT_DARK),
    ("points on a row", GOLD, FELT_DARK),
    ("the reason", MUTED, FELT),
)


def why_words(outcome: Outcome, names: Sequence[str], how_won: str = "", words: Words = ENGLISH) -> str:
    """Why the game ended as it did: who did what (the outcome's reason), then, for an ending on
    points, how the game scores (``Game.how_won``, the words of its /rules).

    >>> end = Outcome("Seat 2 has the most points", (3, 9), (2, 1), termination="highest_score")
    >>> why_words(end, ["Ann", "Bob"], "the highest total wins.")
    'Bob has the most points. The highest total wins.'
    >>> why_words(Outcome("Seat 1 linked A to K", (9, 3), (1, 2), termination="link"), ["Ann", "Bob"], "chips.")
    'Ann linked A to K.'
    """
    stop = full_stop(words)
    reason = name_seats(words.say(outcome.reason), names).strip().rstrip(".。")
    reason = reason[:1].upper() + reason[1:] + ("" if reason.endswith(("!", "?", "！", "？")) else stop)
    if outcome.termination in ON_POINTS and how_won:
        how = words.say(how_won)
        return f"{reason}{'' if stop == '。' else ' '}{how[:1].upper()}{how[1:]}"
    return reason


def full_stop(words: Words) -> str:
    """The mark that ends a sentence in the reader's language (Chinese and Japanese write 。)."""
    return "。" if words.language in ("ja", "zh_CN") else "."


def names_and(names: Sequence[str], words: Words) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann and Bob and Cy`` in the reader's language."""
    joined = names[0] if names else ""
    for name in names[1:]:
        joined = words.say("{name} and {other}", name=joined, other=name)
    return joined


def headline(
    outcome: Outcome, names: Sequence[str], points_name: str = "point", words: Words = ENGLISH
) -> tuple[str, str]:
    """``("Ann wins", "by 12 points: 140 to 128")`` from the points and places; huge margins in words
    ("by 6.4 trillion points": the rows below give the exact figures)."""
    winners = outcome.winners
    if not winners:
        return words.say("No winner"), ""
    who = names_and([names[s] for s in winners], words)
    best = outcome.points[winners[0]]
    others = [p for s, p in enumerate(outcome.points) if s not in winners]
    if not others:
        return words.say("{names} share the win", names=who), words.say(
            "with {amount} each", amount=_amount(best, points_name, words)
        )
    second = max(others)
    won = words.say("{names} win", names=who) if len(winners) > 1 else words.say("{name} wins", name=who)
    if best == second:
        return won, words.say("level on {amount}", amount=_amount(best, points_name, words))
    margin = _amount(best - second, points_name, words)
    if max(abs(best), abs(second)) >= 1_000_000:
        return won, words.say("by {amount}", amount=margin)
    return won, words.say(
        "by {amount}: {best} to {second}", amount=margin, best=words.number(best), second=words.number(second)
    )


def _amount(value: int, noun: str, words: Words = ENGLISH) -> str:
    """``12 points``, ``1 chip``, ``6.4 trillion points``."""
    shown = number_words(value, words)
    if noun == "chip":
        return words.plural("{amount} chip", "{amount} chips", value, amount=shown)
    return words.plural("{amount} point", "{amount} points", value, amount=shown)


def results_picture(
    outcome: Outcome,
    *,
    names: Sequence[str],
    game_name: str,
    points_name: str = "point",
    how_won: str = "",
    words: Words = ENGLISH,
) -> bytes:
    """Who won, by how much and why (``how_won``: the game's ``Game.how_won``); then players in order
    of place with their points (ties share)."""
    order = sorted(range(len(names)), key=lambda seat: (outcome.places[seat], seat))
    image, draw = new_canvas(WIDTH, 400 + ROW * len(order) + 200, FELT)
    room = WIDTH - 2 * MARGIN
    text(draw, (MARGIN, MARGIN), words.say("{game}: results", game=game_name), BODY, MUTED, bold=True, max_width=room)
    y = MARGIN + line_height(BODY) + 4
    who, by = headline(outcome, names, points_name, words)
    for line in wrap(who, TITLE + 4, room, bold=True, max_lines=2):
        text(draw, (MARGIN, y), line, TITLE + 4, GOLD, bold=True)
        y += line_height(TITLE + 4)
    if by:
        text(draw, (MARGIN, y), by, BODY, WHITE, max_width=room)
        y += line_height(BODY)
    for line in wrap(why_words(outcome, names, how_won, words), SMALL, room, max_lines=4):
        text(draw, (MARGIN, y + 2), line, SMALL, MUTED)
        y += line_height(SMALL)
    y += 10
    for seat in order:
        place = outcome.places[seat]
        points = words.number(outcome.points[seat])
        huge = (
            len(f"{outcome.points[seat]:,}") >= 14
        )  # past ten trillion: the words on the row, the exact figure under it
        row_h = ROW + (line_height(SMALL) if huge else 0)
        draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + row_h - 6), radius=8, fill=FELT_DARK)
        cy = y + (ROW - 6) / 2
        draw.ellipse((MARGIN + 8, cy - 16, MARGIN + 40, cy + 16), fill=MEDALS.get(place, OTHER_PLACE))
        text(draw, (MARGIN + 24, cy), str(place), BODY, INK, anchor="mm", bold=True)
        shown = number_words(outcome.points[seat], words) if huge else points
        size = SCORE if len(shown) < 10 else BODY
        points_w = text(draw, (WIDTH - MARGIN - 10, cy), shown, size, GOLD, anchor="rm", bold=True, max_width=room / 2)
        if huge:
            exact = words.say("exactly {points}", points=points)
            text(draw, (WIDTH - MARGIN - 10, cy + 14), exact, SMALL, MUTED, anchor="ra", max_width=room - 60)
        name_room = WIDTH - 2 * MARGIN - 60 - points_w - 16
        text(draw, (MARGIN + 52, cy), names[seat], BODY + 2, WHITE, anchor="lm", max_width=name_room)
        y += row_h
    return to_png(image.crop((0, 0, WIDTH, int(y) + MARGIN)))
