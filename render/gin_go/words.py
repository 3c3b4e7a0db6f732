"""The sentences of Gin-Go's pictures: whose turn, what they are doing, how a hand ended."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.gin_go.cards import is_joker, label
from engine.gin_go.view import GinGoView
from engine.words import ENGLISH, Words
from render.common import (
    Colour,
    text,
)
from render.results import names_and
from render.text import line_height, wrap


def _name(names: Sequence[str], seat: int, words: Words = ENGLISH) -> str:
    return names[seat] if seat < len(names) else words.say("Seat {number}", number=seat + 1)


def _side_names(view: GinGoView, names: Sequence[str], side: int, words: Words) -> str:
    return names_and([_name(names, s, words) for s in view.teams[side]], words)


def tab_word(phase: str, words: Words = ENGLISH) -> str:
    """The word on the tab of the side to act, by phase."""
    if phase == "draw":
        return words.say("to draw")
    if phase == "use_taken":
        return words.say("to use")
    if phase == "lay_off_taken":
        return words.say("to lay off")
    if phase == "name_joker":
        return words.say("naming")
    if phase == "capture_joker":
        return words.say("capturing")
    if phase == "setup_mode":
        return words.say("to choose")
    if phase == "arrange":
        return words.say("arranging")
    return words.say("to play")


def _doing(view: GinGoView, names: Sequence[str], words: Words = ENGLISH) -> str:
    """Whose turn it is and what they do, as a sentence."""
    if view.phase == "over":
        return _final_words(view, names, words)
    if view.phase == "arrange":
        return words.say("Secrecy: both sides arrange their suit rows in secret.")
    if view.phase == "setup_mode":
        if not view.waiting_on:
            return words.say("A Joker showed: the dealer chooses the suit-row set-up.")
        return words.say(
            "A Joker showed: {name} chooses the suit-row set-up.", name=_name(names, view.waiting_on[0], words)
        )
    seat = view.turn if view.turn is not None else 0
    who = _name(names, seat, words)
    if view.phase == "draw":
        return words.say("{name} to draw, or take from the discard pile.", name=who)
    if view.phase == "use_taken" and view.taken:
        if is_joker(view.taken[0]):
            return words.say("{name} took a Joker and must meld it or lay it off.", name=who)
        return words.say("{name} took {card} and must meld it or lay it off.", name=who, card=label(view.taken[0]))
    if view.phase == "lay_off_taken":
        return words.say("{name} must lay off one more card they took from the discard pile.", name=who)
    if view.phase == "name_joker":
        return words.say("{name} is naming a Joker.", name=who)
    if view.phase == "capture_joker":
        return words.say("{name} went out and lays off a captured Joker.", name=who)
    return words.say("{name} to meld, hit or discard.", name=who)


def _final_words(view: GinGoView, names: Sequence[str], words: Words = ENGLISH) -> str:
    """Who won and why, with names (the engine's sentence says "Seat 1")."""
    winner = view.winner
    chips = view.chips
    if winner is None:
        return words.plural(
            "A draw: the hand limit is reached with {count} chip each.",
            "A draw: the hand limit is reached with {count} chips each.",
            chips[0],
        )
    who = _side_names(view, names, winner, words)
    one = len(view.teams[winner]) == 1
    if view.links[winner] and view.links[1 - winner]:
        out = view.last_hand.went_out if view.last_hand else None
        if out is not None:
            said = {"names": who, "name": _name(names, out, words)}
            if one:
                return words.say("Both sides are linked; {name} went out: {names} wins. Gin-Go!", **said)
            return words.say("Both sides are linked; {name} went out: {names} win. Gin-Go!", **said)
        if one:
            return words.say("Both sides are linked: {names} wins. Gin-Go!", names=who)
        return words.say("Both sides are linked: {names} win. Gin-Go!", names=who)
    if view.links[winner]:
        if one:
            return words.say("{names} wins with a link from A to K: Gin-Go!", names=who)
        return words.say("{names} win with a link from A to K: Gin-Go!", names=who)
    score = {"chips": chips[winner], "other": chips[1 - winner]}
    if one:
        return words.say("{names} wins on chips at the hand limit, {chips} to {other}.", names=who, **score)
    return words.say("{names} win on chips at the hand limit, {chips} to {other}.", names=who, **score)


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
