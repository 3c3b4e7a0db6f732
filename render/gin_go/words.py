"""The sentences of Gin-Go's pictures: whose turn, what they are doing, how a hand ended."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.gin_go.cards import is_joker, label
from engine.gin_go.view import GinGoView
from render.common import (
    Colour,
    plural,
    text,
)
from render.text import line_height, wrap


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def _side_names(view: GinGoView, names: Sequence[str], side: int) -> str:
    return " and ".join(_name(names, s) for s in view.teams[side])


def _verb(view: GinGoView, side: int, singular: str, plural_form: str) -> str:
    return singular if len(view.teams[side]) == 1 else plural_form


TAB_WORDS = {
    "draw": "to draw",
    "use_taken": "to use",
    "lay_off_taken": "to lay off",
    "play": "to play",
    "name_joker": "naming",
    "capture_joker": "capturing",
    "setup_mode": "to choose",
    "arrange": "arranging",
}


def _doing(view: GinGoView, names: Sequence[str]) -> str:
    """Whose turn it is and what they do, as a sentence."""
    if view.phase == "over":
        return _final_words(view, names)
    if view.phase == "arrange":
        return "Secrecy: both sides arrange their suit rows in secret."
    if view.phase == "setup_mode":
        who = _name(names, view.waiting_on[0]) if view.waiting_on else "The dealer"
        return f"A Joker showed: {who} chooses the suit-row set-up."
    seat = view.turn if view.turn is not None else 0
    who = _name(names, seat)
    if view.phase == "draw":
        return f"{who} to draw, or take from the discard pile."
    if view.phase == "use_taken" and view.taken:
        taken = "a Joker" if is_joker(view.taken[0]) else label(view.taken[0])
        return f"{who} took {taken} and must meld it or lay it off."
    if view.phase == "lay_off_taken":
        return f"{who} must lay off one more card they took from the discard pile."
    if view.phase == "name_joker":
        return f"{who} is naming a Joker."
    if view.phase == "capture_joker":
        return f"{who} went out and lays off a captured Joker."
    return f"{who} to meld, hit or discard."


def _final_words(view: GinGoView, names: Sequence[str]) -> str:
    """Who won and why, with names (the engine's sentence says "Seat 1")."""
    winner = view.winner
    chips = view.chips
    if winner is None:
        return f"A draw: the hand limit is reached with {plural(chips[0], 'chip')} each."
    who = _side_names(view, names, winner)
    wins = _verb(view, winner, "wins", "win")
    if view.links[winner] and view.links[1 - winner]:
        out = view.last_hand.went_out if view.last_hand else None
        went = f"; {_name(names, out)} went out" if out is not None else ""
        return f"Both sides are linked{went}: {who} {wins}. Gin-Go!"
    if view.links[winner]:
        return f"{who} {wins} with a link from A to K: Gin-Go!"
    return f"{who} {wins} on chips at the hand limit, {chips[winner]} to {chips[1 - winner]}."


def _paragraph(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    content: str,
    size: int,
    fill: Colour,
    room: float,
    bold: bool = False,
    max_lines: int = 3,
) -> float:
    for line in wrap(content, size, room, bold, max_lines):
        text(draw, (x, y), line, size, fill, bold=bold)
        y += line_height(size)
    return y
