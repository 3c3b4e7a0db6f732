"""Ratings: the same numbers as openskill called directly; recomputing gives the incremental numbers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from bot.ratings import (
    PROVISIONAL_GAMES,
    Finish,
    Rating,
    computer_key,
    is_provisional,
    person_key,
    rate,
    recompute,
    shown,
    teams_of,
)

OPENSKILL = PlackettLuce()


def direct(teams: list[list[tuple[float, float]]], ranks: list[float]) -> list[list[tuple[float, float]]]:
    """openskill on its own: the reference every test compares with."""
    rated = OPENSKILL.rate([[OPENSKILL.rating(mu, sigma) for mu, sigma in team] for team in teams], ranks=ranks)
    return [[(p.mu, p.sigma) for p in team] for team in rated]


def test_a_two_player_game_matches_openskill_and_the_winner_goes_up() -> None:
    after = rate(Finish(("user:1", "user:2"), (1, 2)), {})
    (win,), (lose,) = direct([[(25.0, 25 / 3)], [(25.0, 25 / 3)]], [1.0, 2.0])
    assert (after["user:1"].mu, after["user:1"].sigma) == win
    assert (after["user:2"].mu, after["user:2"].sigma) == lose
    assert shown(after["user:1"]) > shown(Rating()) > shown(after["user:2"]) or shown(after["user:2"]) == 0
    assert (after["user:1"].games, after["user:1"].wins) == (1, 1)
    assert (after["user:2"].games, after["user:2"].wins) == (1, 0)


def test_six_players_with_a_tie_for_second_match_openskill() -> None:
    before = {f"user:{i}": Rating(20.0 + i, 5.0 + i / 10, 3, 1) for i in range(6)}
    places = (3, 2, 1, 2, 6, 5)
    after = rate(Finish(tuple(before), places), before)
    expected = direct([[(r.mu, r.sigma)] for r in before.values()], [float(p) for p in places])
    assert [(after[k].mu, after[k].sigma) for k in before] == [team[0] for team in expected]
    assert after["user:1"].mu - before["user:1"].mu != after["user:4"].mu - before["user:4"].mu
    assert after["user:2"].wins == 2 and after["user:1"].wins == 1


def test_tied_players_of_equal_rating_move_alike() -> None:
    after = rate(Finish(("a", "b", "c"), (1, 1, 3)), {})
    assert after["a"] == after["b"]
    assert after["a"].wins == 1 and after["b"].wins == 1 and after["c"].wins == 0


def test_gin_go_two_against_two_rates_the_teams_as_openskill_does() -> None:
    teams = teams_of("gin_go", 4) or ((0, 2), (1, 3))  # the declared 2v2 teams (Gin-Go may not be merged yet)
    before = {"a": Rating(30.0, 3.0), "b": Rating(22.0, 6.0), "c": Rating(25.0, 8.0), "d": Rating(27.0, 2.0)}
    after = rate(Finish(("a", "b", "c", "d"), (1, 2, 1, 2), teams), before)
    expected = direct(
        [[(before[k].mu, before[k].sigma) for k in "ac"], [(before[k].mu, before[k].sigma) for k in "bd"]], [1.0, 2.0]
    )
    assert [(after[k].mu, after[k].sigma) for k in "ac"] == expected[0]
    assert [(after[k].mu, after[k].sigma) for k in "bd"] == expected[1]
    assert all(after[k].mu > before[k].mu for k in "ac") and all(after[k].mu < before[k].mu for k in "bd")


def test_teams_come_from_the_game_declaration() -> None:
    assert teams_of("gin_rummy", 2) == ()  # each seat alone
    assert teams_of("no such game", 4) == ()


def test_the_computer_has_one_rating_per_strength_and_is_rated_like_a_person() -> None:
    computer = computer_key("gin_rummy")
    assert computer == "computer:gin_rummy:default" != computer_key("gin_rummy", "strong")
    after = rate(Finish((person_key(7), computer), (2, 1)), {})
    assert after[computer].wins == 1 and after[computer].mu > 25


def test_a_player_in_several_seats_keeps_its_rating_but_counts_for_the_others() -> None:
    computer = computer_key("nin_jan")
    before = {computer: Rating(35.0, 2.0, 50, 30)}
    after = rate(Finish(("user:1", computer, computer), (1, 2, 3)), before)
    assert computer not in after
    expected = direct([[(25.0, 25 / 3)], [(35.0, 2.0)], [(35.0, 2.0)]], [1.0, 2.0, 3.0])
    assert (after["user:1"].mu, after["user:1"].sigma) == expected[0][0]


def test_shown_rating_is_the_scaled_conservative_ordinal() -> None:
    assert shown(Rating()) == 700  # mu 25, sigma 25/3: ordinal 0
    assert shown(Rating(25.0, 1.5)) == round(700 + 40 * (25 - 4.5))  # an established middling player: 1,520
    assert shown(Rating(1.0, 8.0)) == 0  # never negative
    assert shown(Rating(30.0, 2.0)) > shown(Rating(30.0, 4.0))  # surer is higher


def test_provisional_for_the_first_ten_games() -> None:
    assert is_provisional(Rating(games=PROVISIONAL_GAMES - 1))
    assert not is_provisional(Rating(games=PROVISIONAL_GAMES))


def test_a_finish_must_seat_everyone_once() -> None:
    with pytest.raises(ValueError):
        Finish(("a", "b"), (1,))
    with pytest.raises(ValueError):
        Finish(("a", "b", "c"), (1, 2, 3), ((0, 1),))


# -- recompute == incremental -------------------------------------------------------------------

PLAYERS = [f"user:{i}" for i in range(6)] + [computer_key("g")]


@st.composite
def finishes(draw: st.DrawFn) -> Finish:
    size = draw(st.integers(2, 6))
    players = draw(st.lists(st.sampled_from(PLAYERS), min_size=size, max_size=size))
    places = draw(st.lists(st.integers(1, size), min_size=size, max_size=size))
    if size == 4 and draw(st.booleans()):
        teams = ((0, 2), (1, 3))
        places = [min(places[0], places[2]), min(places[1], places[3])] * 2
        return Finish(tuple(players), tuple(places), teams)
    return Finish(tuple(players), tuple(places))


@settings(max_examples=60, deadline=None)
@given(st.lists(finishes(), max_size=25))
def test_recompute_from_history_equals_the_incremental_updates(history: list[Finish]) -> None:
    stored: dict[str, Rating] = {}
    for finish in history:  # what the bot does: one game at a time, reading what it stored
        before = {key: stored[key] for key in finish.players if key in stored}
        stored.update(rate(finish, before))
    assert recompute(history) == stored
    for key, rating in stored.items():
        assert rating.games == sum(1 for f in history if f.players.count(key) == 1)


@settings(max_examples=30, deadline=None)
@given(st.lists(finishes(), min_size=1, max_size=10))
def test_every_update_is_openskills_own(history: list[Finish]) -> None:
    ratings: dict[str, Rating] = {}
    for finish in history:
        after = rate(finish, ratings)
        entrants = finish.entrants
        teams = [
            [
                (ratings.get(finish.players[s], Rating()).mu, ratings.get(finish.players[s], Rating()).sigma)
                for s in team
            ]
            for team in entrants
        ]
        expected = direct(teams, [float(min(finish.places[s] for s in team)) for team in entrants])
        for team, new_team in zip(entrants, expected, strict=True):
            for seat, (mu, sigma) in zip(team, new_team, strict=True):
                key = finish.players[seat]
                if key in after:
                    assert (after[key].mu, after[key].sigma) == (mu, sigma)
        ratings.update(after)
