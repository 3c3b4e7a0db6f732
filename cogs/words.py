"""Small helpers for sentences people read: counted nouns and the end of a game in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.i18n import ENGLISH, _, n_, number, say
from bot.i18n.told import listed
from engine.core import Outcome, name_seats

#: A sentence's full stop where it is not ".".
FULL_STOPS = {"ja": "。", "zh_CN": "。"}
#: Where a list's comma and semicolon are not ", " and "; " (Japanese and Chinese write them full-width).
COMMAS = {"ja": "、", "zh_CN": "、"}
SEMICOLONS = {"ja": "；", "zh_CN": "；"}


def count(number: int, noun: str, plural: str | None = None) -> str:
    """``1 win``, ``2 wins``, ``1,000 points`` (exact for numbers of any size).

    >>> count(1, "game"), count(3, "win"), count(1, "match", "matches")
    ('1 game', '3 wins', '1 match')
    """
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"


def sentence(clause: str, language: str = ENGLISH) -> str:
    """A clause as one sentence: capitalised, with one full stop (none added after ! or ?), the
    language's own (Japanese and Chinese end a sentence with 。).

    >>> sentence("seat 2 went gin."), sentence("Gin-Go!"), sentence("席2がジンを宣言しました。", "ja")
    ('Seat 2 went gin.', 'Gin-Go!', '席2がジンを宣言しました。')
    """
    clause = clause.strip().rstrip(".。")
    if not clause:
        return ""
    stop = "" if clause[-1] in "!?！？" else FULL_STOPS.get(language, ".")
    return clause[:1].upper() + clause[1:] + stop


def _then(sentence: str, more: str) -> str:
    """Two sentences one after the other: a space between, none after a Japanese or Chinese 。 or ！."""
    return f"{sentence}{'' if sentence.endswith(('。', '！', '？')) else ' '}{more}"


def said(language: str, text: str, names: Sequence[str]) -> str:
    """A game's sentence in ``language`` with the players' names put in (after it is translated:
    a translation keeps "Seat 2" as a value). An empty text stays empty.

    >>> said("en", "Seat 2 went gin", ["Ann", "Bob"])
    'Bob went gin'
    """
    return name_seats(say(language, text), names) if text else ""


def points(language: str, value: int, points_name: str = "point") -> str:
    """``12 points``, ``1 chip`` in ``language`` (a game counts points, or Gin-Go's chips).

    >>> points("en", 1000, "chip"), points("en", 1)
    ('1,000 chips', '1 point')
    """
    if points_name == "chip":
        return n_(language, "{count} chip", "{count} chips", value)
    return n_(language, "{count} point", "{count} points", value)


def game_over(outcome: Outcome, names: Sequence[str], points_name: str = "point", language: str = ENGLISH) -> str:
    """Who won, by how much and why, with names (the reason in the game's own words, in ``language``).

    >>> game_over(Outcome("Seat 2 went gin", (10, 35), (2, 1)), ["Ann", "Bob"])
    'Game over: Bob went gin. Bob wins with 35 points, 25 ahead of Ann.'
    >>> game_over(Outcome("Seat 1 and Seat 2 tie", (5, 5), (1, 1)), ["Ann", "Bob"])
    'Game over: Ann and Bob tie. Ann and Bob win with 5 points each.'
    >>> game_over(Outcome("a draw", (20, 20), (1, 1), termination="draw"), ["Ann", "Bob"], "chip")
    'Game over: A draw. Nobody wins: 20 chips each.'
    """
    winners = list(outcome.winners)
    line = _(language, "Game over: {reason}", reason=sentence(said(language, outcome.reason, names), language))
    if not winners:
        return line
    best = outcome.points[winners[0]]
    amount = points(language, best, points_name)
    if outcome.termination == "draw":
        return _then(line, _(language, "Nobody wins: {amount} each.", amount=amount))
    who = listed(language, [names[s] for s in winners])
    if len(winners) > 1:
        return _then(line, _(language, "{names} win with {amount} each.", names=who, amount=amount))
    others = [(outcome.points[s], s) for s in range(len(outcome.points)) if s not in winners]
    if not others:
        return _then(line, _(language, "{name} wins with {amount}.", name=who, amount=amount))
    runner_points, runner = max(others)
    ahead = _(
        language,
        "{name} wins with {amount}, {margin} ahead of {other}.",
        name=who,
        amount=amount,
        margin=number(language, best - runner_points),
        other=names[runner],
    )
    return _then(line, ahead)


def prizes_line(prizes: Sequence[Moved], names: Sequence[str], language: str = ENGLISH) -> str:
    """The items a game's end moved, as saved (never the rules' intended count), taker by taker.

    >>> from types import SimpleNamespace as S
    >>> prizes_line([S(from_seat=1, to_seat=0, moved=True)] * 3 + [S(from_seat=2, to_seat=0, moved=True)]
    ...             + [S(from_seat=2, to_seat=1, moved=False)], ["Ann", "Bob", "Cy"])
    'Prizes: Ann took 3 cards from Bob and 1 from Cy. 1 card did not move: its owner no longer had it.'
    >>> prizes_line([S(from_seat=1, to_seat=0, moved=False)], ["Ann", "Bob"])
    'Prizes: no card changed hands. 1 card did not move: its owner no longer had it.'
    """
    takers: dict[int, dict[int, int]] = {}
    for prize in prizes:
        if prize.moved:
            givers = takers.setdefault(prize.to_seat, {})
            givers[prize.from_seat] = givers.get(prize.from_seat, 0) + 1
    parts = []
    for taker, givers in takers.items():
        took = [
            n_(language, "{count} card from {name}", "{count} cards from {name}", n, name=names[giver])
            if i == 0
            else _(language, "{count} from {name}", count=number(language, n), name=names[giver])
            for i, (giver, n) in enumerate(givers.items())
        ]
        parts.append(_(language, "{name} took {cards}", name=names[taker], cards=listed(language, took)))
    if parts:
        line = _(language, "Prizes: {prizes}.", prizes=SEMICOLONS.get(language, "; ").join(parts))
    else:
        line = _(language, "Prizes: no card changed hands.")
    stuck = sum(1 for prize in prizes if not prize.moved)
    if stuck:
        line = _then(
            line,
            n_(
                language,
                "{count} card did not move: its owner no longer had it.",
                "{count} cards did not move: their owners no longer had them.",
                stuck,
            ),
        )
    return line


class Moved(Protocol):
    """One item a game's end moved or could not (bot.table.Prize is one)."""

    @property
    def from_seat(self) -> int: ...
    @property
    def to_seat(self) -> int: ...
    @property
    def moved(self) -> bool: ...


def standings_after(
    changes: Sequence[StandingChange], names: Sequence[str], game_name: str, language: str = ENGLISH
) -> str:
    """The ratings a finished game changed, and who reached a new level.

    >>> from types import SimpleNamespace as S
    >>> standings_after([S(seat=0, shown_before=700, shown_after=742, provisional=True, level_up=2),
    ...                  S(seat=1, shown_before=1500, shown_after=1488, provisional=False, level_up=None)],
    ...                 ["Ann", "Bob"], "Gin Rummy")
    'Ratings: Ann 742 (+42, provisional), Bob 1,488 (−12). Ann reached level 2 in Gin Rummy!'
    >>> standings_after([S(seat=0, shown_before=700, shown_after=710, provisional=True, level_up=None)],
    ...                 ["Ann", "Bob (computer)", "Computer 1"], "Nin Jan")  # doctest: +NORMALIZE_WHITESPACE
    'Ratings: Ann 710 (+10, provisional). Bob (computer) and Computer 1 are not rated: the computer is rated
    only at a table where it plays one seat.'
    """
    if not changes:
        return ""
    shown = []
    for change in sorted(changes, key=lambda c: c.seat):
        delta = change.shown_after - change.shown_before
        values = {
            "name": names[change.seat],
            "rating": number(language, change.shown_after),
            "change": ("+" if delta >= 0 else "−") + number(language, abs(delta)),
        }
        if change.provisional:
            shown.append(_(language, "{name} {rating} ({change}, provisional)", **values))
        else:
            shown.append(_(language, "{name} {rating} ({change})", **values))
    line = _(language, "Ratings: {ratings}.", ratings=COMMAS.get(language, ", ").join(shown))
    rated = {change.seat for change in changes}
    unrated = [name for seat, name in enumerate(names) if seat not in rated]
    if unrated:  # computer seats sharing the computer's one rating (a replaced player's seat, say)
        line = _then(
            line,
            n_(
                language,
                "{names} is not rated: the computer is rated only at a table where it plays one seat.",
                "{names} are not rated: the computer is rated only at a table where it plays one seat.",
                len(unrated),
                names=listed(language, unrated),
            ),
        )
    for change in changes:
        if change.level_up is not None:
            line = _then(
                line,
                _(
                    language,
                    "{name} reached level {level} in {game}!",
                    name=names[change.seat],
                    level=change.level_up,
                    game=game_name,
                ),
            )
    return line


class StandingChange(Protocol):
    """What a finished game did to one seat's standing (bot.rating_store.SeatChange is one)."""

    @property
    def seat(self) -> int: ...
    @property
    def shown_before(self) -> int: ...
    @property
    def shown_after(self) -> int: ...
    @property
    def provisional(self) -> bool: ...
    @property
    def level_up(self) -> int | None: ...
