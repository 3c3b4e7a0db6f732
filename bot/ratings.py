"""Skill ratings: openskill's Plackett–Luce model over finished games, with no Discord and no database.

Every finished table is one :class:`Finish`: who sat where and the place each seat took.
:func:`rate` turns the ratings before the game into the ratings after it, by calling
openskill and nothing else: the model handles 2–6 players, teams (Gin-Go 2v2: each team is
one entrant and its players move together) and ties (seats sharing a place share a rank).

A rating is kept as openskill's ``mu`` and ``sigma`` (plus games and wins). People see one
whole number, the **conservative ordinal** scaled to a chess-like range::

    shown = max(0, round(700 + 40 × (mu − 3 × sigma)))

that is openskill's ``ordinal(z=3, alpha=40, target=700)``. Everyone starts at 700 (mu 25,
sigma 25/3: ordinal 0) and climbs as the model grows sure of them; an established player of
middling skill (mu 25, sigma about 1.5) shows about 1,500, a strong one 1,800 and more. For
their first :data:`PROVISIONAL_GAMES` games a player is "provisional".

Computers are rated too, one rating per strength (:func:`computer_key`), so people can see
how good the computer is. A player seated more than once at one table (three computer seats
of the same strength) still counts as every one of its seats for the others, but its own
rating does not change in that game: its seats played each other, and openskill has one
rating per entrant.

:func:`recompute` rebuilds every rating from the stored finishes in order; it folds
:func:`rate`, the same function the incremental update calls after each game, so a fix to
this module can be applied to history and gives the numbers new games would.

>>> before = {}
>>> after = rate(Finish(players=("user:1", "user:2"), places=(1, 2)), before)
>>> shown(after["user:1"]) > shown(after["user:2"])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from engine import registry
from engine.players import DEFAULT_LEVEL

__all__ = [
    "MODEL",
    "PROVISIONAL_GAMES",
    "Finish",
    "Rating",
    "computer_key",
    "is_provisional",
    "person_key",
    "rate",
    "recompute",
    "shown",
    "strength_of",
    "teams_of",
]

#: The one model every rating goes through (openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300).
MODEL = PlackettLuce()
#: A player is "provisional" until they have finished this many rated games.
PROVISIONAL_GAMES = 10
#: The shown rating: openskill's ordinal mu − Z·sigma, times ALPHA, plus TARGET.
Z, ALPHA, TARGET = 3.0, 40.0, 700.0


@dataclass(frozen=True)
class Rating:
    """One player's rating in one game: openskill's mu and sigma, and the rated games and wins."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: int = 0


@dataclass(frozen=True)
class Finish:
    """One finished table: the player key of each seat, the place each seat took (1 = first; ties share).

    ``teams`` lists the seats of each team (Gin-Go 2v2: ``((0, 2), (1, 3))``); empty means
    every seat plays alone. A team's place is the best place of its seats.
    """

    players: tuple[str, ...]
    places: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...] = ()
    #: How much of each seat's game its player played (partial play, 0 to 1; empty: all of it): a
    #: person's rating moves by that share of the change a whole game would make (see :func:`rate`).
    weights: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        if len(self.players) != len(self.places):
            raise ValueError("a finish needs one place per seat")
        if self.weights and (len(self.weights) != len(self.players) or not all(0 <= w <= 1 for w in self.weights)):
            raise ValueError("a finish needs one weight from 0 to 1 per seat, or none")
        seats = sorted(seat for team in self.entrants for seat in team)
        if seats != list(range(len(self.players))):
            raise ValueError("every seat must be in exactly one team")

    @property
    def entrants(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each entrant: the teams, or each seat alone."""
        return self.teams or tuple((seat,) for seat in range(len(self.players)))

    def weight(self, seat: int) -> float:
        """How much of the game the player of ``seat`` played (1: all of it)."""
        return self.weights[seat] if self.weights else 1.0


def person_key(user_id: int) -> str:
    """The rating key of a person."""
    return f"user:{user_id}"


def computer_key(game_key: str, strength: str = "default") -> str:
    """The rating key of the computer of one strength in one game (one rating per strength)."""
    return f"computer:{game_key}:{strength}"


def strength_of(level: str) -> str:
    """The strength in a computer's rating key for a seat ``level`` (engine.players.LEVELS): the
    normal level keeps "default", the key the one computer of each game was rated under before
    levels, so its rating goes on; easy and strong are rated apart under their own names.

    >>> computer_key("gin_rummy", strength_of("normal")), computer_key("gin_rummy", strength_of("strong"))
    ('computer:gin_rummy:default', 'computer:gin_rummy:strong')
    """
    return "default" if level == DEFAULT_LEVEL else level


def shown(rating: Rating) -> int:
    """The whole number people see: the conservative ordinal, scaled (see the module's docstring)."""
    ordinal = PlackettLuceRating(rating.mu, rating.sigma).ordinal(z=Z, alpha=ALPHA, target=TARGET)
    return max(0, round(ordinal))


def is_provisional(rating: Rating) -> bool:
    return rating.games < PROVISIONAL_GAMES


def rate(finish: Finish, before: Mapping[str, Rating]) -> dict[str, Rating]:
    """The new ratings of the players of one finished table (only those whose rating changes).

    Players missing from ``before`` start at the model's default. A key seated more than once
    keeps its rating (see the module's docstring); if fewer than two entrants remain, nothing
    is rated. A seat played in part (:attr:`Finish.weights`: the computer made some of its
    moves after its person's time ran out) moves its player's mu and sigma by that share of the
    change the model gives (partial play, as TrueSkill has it); a seat whose player made none of
    its moves is not rated. openskill's own ``weights`` cannot do this: it normalises them within
    a team, so a player alone in their team always weighs 1, and a weight under 1 makes a loss
    larger, not smaller.
    """
    entrants = finish.entrants
    rated = rated_players(finish)
    if not rated:
        return {}
    teams = [[_model_rating(before.get(finish.players[seat], Rating())) for seat in team] for team in entrants]
    ranks = [float(min(finish.places[seat] for seat in team)) for team in entrants]
    new_teams = MODEL.rate(teams, ranks=ranks)
    after: dict[str, Rating] = {}
    for team, team_rank, new_team in zip(entrants, ranks, new_teams, strict=True):
        won = team_rank == min(ranks)
        for seat, new in zip(team, new_team, strict=True):
            key = finish.players[seat]
            if key not in rated:
                continue
            old = before.get(key, Rating())
            share = finish.weight(seat)
            mu, sigma = old.mu + share * (new.mu - old.mu), old.sigma + share * (new.sigma - old.sigma)
            after[key] = Rating(mu, sigma, old.games + 1, old.wins + (1 if won else 0))
    return after


def rated_players(finish: Finish) -> set[str]:
    """The players whose rating one finished table changes: every player seated once who played
    some of their seat's game, if at least two entrants sat (a key seated more than once keeps its
    rating)."""
    if len(finish.entrants) < 2:
        return set()
    return {
        key for seat, key in enumerate(finish.players) if finish.players.count(key) == 1 and finish.weight(seat) > 0
    }


def recompute(finishes: Iterable[Finish], start: Mapping[str, Rating] | None = None) -> dict[str, Rating]:
    """Every player's rating after these finishes, applied in order (one game's pool of players)."""
    ratings = dict(start or {})
    for finish in finishes:
        ratings.update(rate(finish, ratings))
    return ratings


def _model_rating(rating: Rating) -> PlackettLuceRating:
    return MODEL.rating(rating.mu, rating.sigma)


def teams_of(game_key: str, num_players: int) -> tuple[tuple[int, ...], ...]:
    """The teams a game declares at this player count; none when each seat plays alone
    (or the registry no longer has the game)."""
    try:
        game = registry.get(game_key)
    except KeyError:
        return ()
    teams = game.teams_for(num_players)
    return teams if any(len(team) > 1 for team in teams) else ()
