"""Sentences more than one part of Gin-jon-tan's rules says, each a :class:`~engine.words.Text`
(said later in a reader's language), with seats written "Seat 1", "Seat 2"… for
:func:`~engine.core.name_seats` to name.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core import listed
from engine.gin_jon_tan.cards import Card
from engine.words import Text, Whole

__all__ = [
    "HAND_GROUP",
    "NOT_NOW",
    "RESERVE_GROUP",
    "exchanged",
    "give_prompt",
    "place_label",
    "seat_name",
    "seat_names",
    "signed",
    "valued",
]

#: A move the game has but the seat may not make now, said the game's way.
NOT_NOW = {
    "swap": Text("You can't swap now."),
    "set_active": Text("You can't set active now."),
    "exchange": Text("You can't exchange now."),
    "trim": Text("You can't trim now."),
    "declare": Text("You can't declare now."),
    "clash": Text("You can't clash now."),
    "ask": Text("You can't ask now."),
    "give": Text("You can't give now."),
    "gin": Text("You can't gin now."),
    "reveal": Text("You can't reveal now."),
    "kat_oh": Text("You can't kat oh now."),
}

#: The headings of an exchange's options (the computer players tell the two apart by them).
HAND_GROUP = Text("Hand")
RESERVE_GROUP = Text("Reserve")


def seat_name(seat: int) -> str:
    """How a sentence names a seat: "Seat 1" (:func:`~engine.core.name_seats` puts the player's name in)."""
    return f"Seat {seat + 1}"


def seat_names(seats: list[int]) -> str:
    """Seats one after another, "Seat 1, Seat 3" (for :func:`~engine.core.name_seats` to name)."""
    return listed([seat_name(s) for s in seats])


@lru_cache(maxsize=8192)
def valued(card: Card) -> Text:
    """A card as an option names it: "White Water 1 (v 1)", made once per card."""
    return Text("{card} (v {value})", card=card.label, value=Whole(card.value))


def signed(who: str, points: int) -> Text:
    """A seat and what its score gained or lost: "Seat 1 +1,234", "Seat 2 -56"."""
    if points >= 0:
        return Text("{who} +{points}", who=who, points=Whole(points))
    return Text("{who} {points}", who=who, points=Whole(points))


def give_prompt(most: int, target: str, place: str) -> Text:
    """What an asker gives: 1 to ``most`` hand cards, for as many from the target's hand or reserve."""
    if most == 1 and place == "hand":
        return Text("Give 1 hand card; you take as many at random from {who}'s hand.", who=target)
    if most == 1:
        return Text("Give 1 hand card; you take as many at random from {who}'s reserve.", who=target)
    if place == "hand":
        return Text.plural(
            "Give 1 to {count} hand cards; you take as many at random from {who}'s hand.",
            "Give 1 to {count} hand cards; you take as many at random from {who}'s hand.",
            most,
            who=target,
        )
    return Text.plural(
        "Give 1 to {count} hand cards; you take as many at random from {who}'s reserve.",
        "Give 1 to {count} hand cards; you take as many at random from {who}'s reserve.",
        most,
        who=target,
    )


def place_label(who: str, place: str, count: int) -> Text:
    """Whose cards an ask takes from: "Seat 2's hand (3 cards)"."""
    if place == "hand":
        return Text.plural("{who}'s hand ({count} card)", "{who}'s hand ({count} cards)", count, who=who)
    return Text.plural("{who}'s reserve ({count} card)", "{who}'s reserve ({count} cards)", count, who=who)


def exchanged(seat: int, count: int) -> Text:
    """A seat exchanged ``count`` cards between its hand and its reserve."""
    return Text.plural(
        "{who} exchanges {count} card with the reserve.",
        "{who} exchanges {count} cards with the reserve.",
        count,
        who=seat_name(seat),
    )
