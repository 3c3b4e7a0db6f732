"""Nin Jan — the rules, read like the rulebook (shared/rules/nin-jan.md).

48 cards: values −6…−1 and 1…10 in three signs, Rock (red), Paper (green) and
Scissors (blue). Three face-up piles sit in the centre; each player holds 9
cards. Each of the 9 rounds:

1. **Choose** — every player picks a card in secret; all are revealed at once.
2. **Resolve** — highest value first (equal values: the sign that beats the
   other goes first; three equal values: Rock, Scissors, Paper). A card that
   beats the top card of a pile *must* take one such pile (its player's choice)
   and becomes a new 1-card pile in its place; otherwise its player puts it on
   any pile.

After round 9 everyone scores the values of the cards they won. Players tied
for first play Rock-Paper-Scissors until one sign beats the others.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from engine.core import (
    Decision,
    GameState,
    IllegalMove,
    Move,
    Option,
    Outcome,
    View,
    listed,
    places_from_points,
    seat_list,
)
from engine.words import Text

__all__ = [
    "BEATS",
    "HAND_SIZE",
    "PILES",
    "ROUNDS",
    "SIGN_NAMES",
    "Card",
    "NinJanState",
    "NinJanView",
    "PlayoffRound",
    "Reveal",
    "full_deck",
    "resolution_order",
]

ROUNDS = 9
HAND_SIZE = 9
PILES = 3
VALUES = (-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
#: The signs in deck order: Rock is red, Paper green, Scissors blue.
SIGNS = ("R", "P", "S")
SIGN_NAMES = {"R": Text("Rock"), "P": Text("Paper"), "S": Text("Scissors")}
#: Which sign each sign beats.
BEATS = {"R": "S", "S": "P", "P": "R"}
#: Three cards of one value resolve Rock, then Scissors, then Paper.
THREE_WAY_ORDER = ("R", "S", "P")


class Card(NamedTuple):
    """One card: its value and its sign (``"R"``, ``"P"`` or ``"S"``).

    >>> Card.parse("-4R").label
    '-4 Rock'
    >>> Card(7, "P").beats(Card(8, "R"))
    True
    """

    value: int
    sign: str

    @property
    def id(self) -> str:
        return f"{self.value}{self.sign}"

    @property
    def label(self) -> str:
        known = _LABELS.get(self)
        if known is None:
            known = _LABELS[self] = self._label()
        return known

    def _label(self) -> str:
        if self.sign == "R":
            return Text("{value} Rock", value=self.value)
        if self.sign == "P":
            return Text("{value} Paper", value=self.value)
        return Text("{value} Scissors", value=self.value)

    def beats(self, other: Card) -> bool:
        """Signs only: the values never matter when a card meets a pile."""
        return BEATS[self.sign] == other.sign

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card with this id; ValueError if there is none. Each card exists once (a state
        loaded for each move makes no new copies of its cards for the garbage collector to walk).

        >>> Card.parse("-4R") is Card.parse("-4R")
        True
        """
        known = _BY_ID.get(text)
        if known is not None:
            return known
        card = cls(int(text[:-1]), text[-1])
        if card.value not in VALUES or card.sign not in SIGNS:
            raise ValueError(f"not a Nin Jan card: {text!r}")
        return _BY_ID[card.id]


#: Each card's label, made once (a Text; decisions list the hand's labels at every moment).
_LABELS: dict[Card, str] = {}


def full_deck() -> list[Card]:
    return list(_BY_ID.values())


#: Each card by its id, in the deck's order: the one object :meth:`Card.parse` and :func:`full_deck` return.
_BY_ID: dict[str, Card] = {card.id: card for card in (Card(value, sign) for sign in SIGNS for value in VALUES)}


def hand_order(card: Card) -> tuple[int, int]:
    return (card.value, SIGNS.index(card.sign))


def resolution_order(plays: list[tuple[int, Card]]) -> list[tuple[int, Card]]:
    """The (seat, card) plays in the order they resolve.

    Highest value first. Two equal values: the card whose sign beats the other's
    goes first. Three equal values (one of each sign): Rock, Scissors, Paper.
    """
    by_value: dict[int, list[tuple[int, Card]]] = {}
    for seat, card in plays:
        by_value.setdefault(card.value, []).append((seat, card))
    order: list[tuple[int, Card]] = []
    for value in sorted(by_value, reverse=True):
        group = by_value[value]
        if len(group) == 2:
            first, second = group
            if second[1].beats(first[1]):
                group = [second, first]
        elif len(group) == 3:
            group = sorted(group, key=lambda play: THREE_WAY_ORDER.index(play[1].sign))
        order.extend(group)
    return order


def pile_value(pile: tuple[Card, ...] | list[Card]) -> int:
    return sum(card.value for card in pile)


@dataclass(frozen=True)
class Reveal:
    """One revealed card of the round and what became of it (public once revealed)."""

    seat: int
    card: Card
    #: ``""`` while waiting to resolve, then ``"take"`` or ``"place"``.
    action: str = ""
    #: The pile (0-based) taken or placed on.
    pile: int | None = None
    #: The cards won by a take.
    taken: tuple[Card, ...] = ()

    def to_list(self) -> list[Any]:
        return [self.seat, self.card.id, self.action, self.pile, [c.id for c in self.taken]]

    @classmethod
    def from_list(cls, data: list[Any]) -> Reveal:
        seat, card, action, pile, taken = data
        return cls(seat, Card.parse(card), action, pile, tuple(Card.parse(c) for c in taken))


@dataclass(frozen=True)
class PlayoffRound:
    """One revealed Rock-Paper-Scissors throw of the play-off: (seat, sign) pairs."""

    throws: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class NinJanView(View):
    """What one seat (or a spectator) sees of a Nin Jan table.

    The set-aside cards and the unrevealed choices are never here.
    """

    #: The round being played, 1..9 (9 also during the play-off and at the end).
    round: int
    #: The three piles, bottom card first, top card last.
    piles: tuple[tuple[Card, ...], ...]
    #: This round's revealed cards in resolution order (the previous round's while choosing).
    revealed: tuple[Reveal, ...]
    #: Index in ``revealed`` of the card resolving now, or None.
    resolving: int | None
    #: The cards each seat has won, in the order won.
    won: tuple[tuple[Card, ...], ...]
    #: Each seat's running total.
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: This seat's hand (empty for spectators).
    hand: tuple[Card, ...]
    #: Seats still in the Rock-Paper-Scissors play-off (empty when there is none).
    playoff_seats: tuple[int, ...]
    #: The play-off throws revealed so far.
    playoff_rounds: tuple[PlayoffRound, ...]


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


class NinJanState(GameState):
    """One moment of a Nin Jan game."""

    hands: list[list[Card]]
    piles: list[list[Card]]
    won: list[list[Card]]
    set_aside: list[Card]
    round: int
    #: Secret picks of the current round (cards stay in hand until the reveal).
    chosen: list[Card | None]
    reveals: list[Reveal]
    #: The round ``reveals`` belong to (0 before the first reveal).
    revealed_round: int
    #: Index of the next reveal to resolve (== len(reveals) when the round is resolved).
    next_reveal: int
    playoff_seats: list[int]
    playoff_signs: list[str | None]
    playoff_rounds: list[PlayoffRound]
    #: Seats knocked out of the play-off, in the order they went out (later = better place).
    playoff_out: list[list[int]]
    finished: bool

    # -- setup ----------------------------------------------------------------
    def _setup(self) -> None:
        deck = full_deck()
        self.rng.shuffle(deck)
        self.piles = [[deck.pop()] for _ in range(PILES)]
        self.hands = [sorted((deck.pop() for _ in range(HAND_SIZE)), key=hand_order) for _ in self.seats]
        self.set_aside = deck
        self.won = [[] for _ in self.seats]
        self.round = 1
        self.chosen = [None] * self.num_players
        self.reveals = []
        self.revealed_round = 0
        self.next_reveal = 0
        self.playoff_seats = []
        self.playoff_signs = [None] * self.num_players
        self.playoff_rounds = []
        self.playoff_out = []
        self.finished = False
        self.log(Text("Round {round} of {rounds}: everyone chooses a card in secret.", round=1, rounds=ROUNDS))

    @property
    def seats(self) -> range:
        return range(self.num_players)

    # -- who decides what -----------------------------------------------------
    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        if self.playoff_seats:
            return "playoff"
        if self.next_reveal < len(self.reveals):
            return "resolve"
        return "choose"

    def decisions(self) -> list[Decision]:
        phase = self.phase
        if phase == "choose":
            return [self._play_decision(seat) for seat in self.seats if self.chosen[seat] is None]
        if phase == "resolve":
            return [self._resolve_decision()]
        if phase == "playoff":
            return [
                Decision(
                    seat,
                    "sign",
                    Text("Play-off: throw Rock, Paper or Scissors in secret."),
                    tuple(Option(sign, SIGN_NAMES[sign]) for sign in SIGNS),
                    simultaneous=True,
                )
                for seat in self.playoff_seats
                if self.playoff_signs[seat] is None
            ]
        return []

    def _play_decision(self, seat: int) -> Decision:
        options = tuple(Option(card.id, card.label) for card in self.hands[seat])
        prompt = Text("Round {round}: choose a card in secret.", round=self.round)
        return Decision(seat, "play", prompt, options, simultaneous=True)

    def _resolve_decision(self) -> Decision:
        reveal = self.reveals[self.next_reveal]
        beatable = self.beatable_piles(reveal.card)
        if beatable:
            prompt = Text("Your {card} beats more than one pile: which do you take?", card=reveal.card.label)
            piles = beatable
            kind = "take"
        else:
            prompt = Text("Your {card} beats no pile: which pile do you put it on?", card=reveal.card.label)
            piles = list(range(PILES))
            kind = "place"
        return Decision(reveal.seat, kind, prompt, tuple(self._pile_option(i) for i in piles))

    def _pile_option(self, index: int) -> Option:
        pile = self.piles[index]
        label = Text.plural(
            "Pile {pile}: {top} on top, {count} card, worth {worth}",
            "Pile {pile}: {top} on top, {count} cards, worth {worth}",
            len(pile),
            pile=index + 1,
            top=pile[-1].label,
            worth=pile_value(pile),
        )
        return Option(f"p{index + 1}", label)

    def decided(self) -> tuple[int, ...]:
        if self.phase == "choose":
            return tuple(seat for seat in self.seats if self.chosen[seat] is not None)
        if self.phase == "playoff":
            return tuple(seat for seat in self.playoff_seats if self.playoff_signs[seat] is not None)
        return ()

    def beatable_piles(self, card: Card) -> list[int]:
        """The piles whose top card this card beats (0-based)."""
        return [i for i, pile in enumerate(self.piles) if card.beats(pile[-1])]

    # -- acting ---------------------------------------------------------------
    def _apply(self, seat: int, decision: Decision, move: Move) -> None:
        pick = move.picks[0]
        if move.kind == "play":
            self.chosen[seat] = Card.parse(pick)
            self.log(Text("{who} has chosen a card.", who=seat_name(seat)))
            if all(self.chosen[s] is not None or not self.hands[s] for s in self.seats):
                self._reveal()
        elif move.kind == "take":
            self._take(int(pick[1:]) - 1)
        elif move.kind == "place":
            self._place(int(pick[1:]) - 1)
        elif move.kind == "sign":
            self.playoff_signs[seat] = pick
            if all(self.playoff_signs[s] is not None for s in self.playoff_seats):
                self._playoff_throw()
        else:  # pragma: no cover - act() only passes kinds of pending decisions
            raise IllegalMove(Text("You can't do that now."))
        self._advance()

    def _reveal(self) -> None:
        """Everyone has chosen: turn all cards over at once, in resolution order."""
        plays = [(seat, card) for seat, card in enumerate(self.chosen) if card is not None]
        for seat, card in plays:
            self.hands[seat].remove(card)
        self.chosen = [None] * self.num_players
        self.reveals = [Reveal(seat, card) for seat, card in resolution_order(plays)]
        self.next_reveal = 0
        self.revealed_round = self.round
        shown = listed([Text("{who}: {card}", who=seat_name(r.seat), card=r.card.label) for r in self.reveals], "; ")
        self.log(Text("Round {round} revealed, in resolution order: {shown}.", round=self.round, shown=shown))

    def _advance(self) -> None:
        """Resolve what needs no choice; start the next round or the end when due."""
        while self.phase == "resolve":
            card = self.reveals[self.next_reveal].card
            beatable = self.beatable_piles(card)
            if len(beatable) == 1:
                self._take(beatable[0])
            else:
                return  # a real choice: several piles to take, or a pile to put it on
        if self.phase == "choose" and self.revealed_round == self.round:
            # This round is fully resolved; its reveals stay on show during the next choice.
            if self.round < ROUNDS:
                self.round += 1
                line = Text(
                    "Round {round} of {rounds}: everyone chooses a card in secret.", round=self.round, rounds=ROUNDS
                )
                self.log(line)
            else:
                self._finish_or_playoff()

    def _take(self, index: int) -> None:
        reveal = self.reveals[self.next_reveal]
        taken = tuple(self.piles[index])
        self.won[reveal.seat].extend(taken)
        self.piles[index] = [reveal.card]
        self.reveals[self.next_reveal] = replace(reveal, action="take", pile=index, taken=taken)
        self.next_reveal += 1
        self.log(
            Text(
                "{who}'s {card} takes pile {pile} ({cards}: {points}).",
                who=seat_name(reveal.seat),
                card=reveal.card.label,
                pile=index + 1,
                cards=listed([c.label for c in taken]),
                points=_points(pile_value(taken)),
            )
        )

    def _place(self, index: int) -> None:
        reveal = self.reveals[self.next_reveal]
        self.piles[index].append(reveal.card)
        self.reveals[self.next_reveal] = replace(reveal, action="place", pile=index)
        self.next_reveal += 1
        self.log(
            Text(
                "{who} puts {card} on pile {pile}.", who=seat_name(reveal.seat), card=reveal.card.label, pile=index + 1
            )
        )

    # -- the end --------------------------------------------------------------
    def scores(self) -> list[int]:
        return [pile_value(cards) for cards in self.won]

    def _finish_or_playoff(self) -> None:
        scores = self.scores()
        best = max(scores)
        tied = [seat for seat in self.seats if scores[seat] == best]
        shown = ", ".join(f"{seat_name(s)} {p}" for s, p in enumerate(scores))
        self.log(Text("Final scores: {scores}.", scores=shown))
        if len(tied) == 1:
            self.finished = True
            self.log(Text("{who} wins.", who=seat_name(tied[0])))
            return
        self.playoff_seats = tied
        self.log(Text("{seats} tie for first: Rock-Paper-Scissors play-off.", seats=seat_list(tied)))

    def _playoff_throw(self) -> None:
        throws = tuple((seat, str(self.playoff_signs[seat])) for seat in self.playoff_seats)
        self.playoff_rounds.append(PlayoffRound(throws))
        self.playoff_signs = [None] * self.num_players
        shown = listed([Text("{who} throws {sign}", who=seat_name(s), sign=SIGN_NAMES[sign]) for s, sign in throws])
        signs = {sign for _, sign in throws}
        if len(signs) != 2:
            self.log(Text("Play-off: {throws}: no one wins, throw again.", throws=shown))
            return
        first, second = sorted(signs)
        winning = first if BEATS[first] == second else second
        out = [s for s, sign in throws if sign != winning]
        self.playoff_out.append(out)
        self.playoff_seats = [s for s, sign in throws if sign == winning]
        if len(self.playoff_seats) == 1:
            winner = self.playoff_seats[0]
            self.playoff_seats = []
            self.finished = True
            self.log(Text("Play-off: {throws}: {who} wins the game.", throws=shown, who=seat_name(winner)))
        else:
            self.log(
                Text("Play-off: {throws}: {seats} throw again.", throws=shown, seats=seat_list(self.playoff_seats))
            )

    def outcome(self) -> Outcome | None:
        if not self.finished:
            return None
        scores = self.scores()
        places = list(places_from_points(scores))
        if self.playoff_out:
            # Knocked out later = placed better: the winner 1, then each group out in reverse.
            place = 2
            for group in reversed(self.playoff_out):
                for seat in group:
                    places[seat] = place
                place += len(group)
            winner = places.index(1)
            tied = sorted([winner, *(seat for group in self.playoff_out for seat in group)])
            reason = Text(
                "{seats} tied for first on {points} points; {winner} won the Rock-Paper-Scissors play-off",
                seats=seat_list(tied),
                points=scores[winner],
                winner=seat_name(winner),
            )
            return Outcome(reason, tuple(scores), tuple(places), termination="play_off")
        first = [seat for seat, place in enumerate(places) if place == 1]
        if len(first) == 1:
            reason = Text("{seats} scored the most points after {rounds} rounds", seats=seat_list(first), rounds=ROUNDS)
        else:
            reason = Text("{seats} share the most points after {rounds} rounds", seats=seat_list(first), rounds=ROUNDS)
        return Outcome(reason, tuple(scores), tuple(places), termination="highest_score")

    # -- what a seat sees -----------------------------------------------------
    def view(self, seat: int | None) -> NinJanView:
        resolving = self.next_reveal if self.phase == "resolve" else None
        return NinJanView(
            **self.base_view_fields(seat),
            round=self.round,
            piles=tuple(tuple(pile) for pile in self.piles),
            revealed=tuple(self.reveals),
            resolving=resolving,
            won=tuple(tuple(cards) for cards in self.won),
            scores=tuple(self.scores()),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            hand=tuple(self.hands[seat]) if seat is not None else (),
            playoff_seats=tuple(self.playoff_seats),
            playoff_rounds=tuple(self.playoff_rounds),
        )

    # -- persistence ----------------------------------------------------------
    def _data(self) -> dict[str, Any]:
        def ids(cards: list[Card]) -> list[str]:
            return [card.id for card in cards]

        return {
            "hands": [ids(hand) for hand in self.hands],
            "piles": [ids(pile) for pile in self.piles],
            "won": [ids(cards) for cards in self.won],
            "set_aside": ids(self.set_aside),
            "round": self.round,
            "chosen": [card.id if card else None for card in self.chosen],
            "reveals": [reveal.to_list() for reveal in self.reveals],
            "revealed_round": self.revealed_round,
            "next_reveal": self.next_reveal,
            "playoff_seats": self.playoff_seats,
            "playoff_signs": self.playoff_signs,
            "playoff_rounds": [[list(t) for t in r.throws] for r in self.playoff_rounds],
            "playoff_out": self.playoff_out,
            "finished": self.finished,
        }

    def _load(self, data: dict[str, Any]) -> None:
        def cards(ids: list[str]) -> list[Card]:
            return [Card.parse(i) for i in ids]

        self.hands = [cards(hand) for hand in data["hands"]]
        self.piles = [cards(pile) for pile in data["piles"]]
        self.won = [cards(w) for w in data["won"]]
        self.set_aside = cards(data["set_aside"])
        self.round = data["round"]
        self.chosen = [Card.parse(c) if c else None for c in data["chosen"]]
        self.reveals = [Reveal.from_list(r) for r in data["reveals"]]
        self.revealed_round = data["revealed_round"]
        self.next_reveal = data["next_reveal"]
        self.playoff_seats = list(data["playoff_seats"])
        self.playoff_signs = list(data["playoff_signs"])
        self.playoff_rounds = [PlayoffRound(tuple((s, sign) for s, sign in r)) for r in data["playoff_rounds"]]
        self.playoff_out = [list(group) for group in data["playoff_out"]]
        self.finished = data["finished"]


def _points(value: int) -> str:
    """``1 point``, ``-3 points``."""
    return Text.plural("{count} point", "{count} points", value)
