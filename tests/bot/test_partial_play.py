"""Ratings for partial play (issue 45): a person whose turn-based clock ran out, so that the computer
made some of their seat's moves, is rated for the game by the share of it they played themselves;
the update at the game's end and the rebuild from the log give the same numbers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

from bot.rating_models import PlayerRating
from bot.rating_store import played_shares, rebuild
from bot.ratings import Finish, Rating, computer_key, rate
from bot.store import Store
from tests.bot.test_ratings_store import line, snapshot
from tests.bot.test_store import ALICE, BOB, new_table

START = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
PLAYERS = ("user:1", "user:2")


def test_a_whole_game_weighs_as_before() -> None:
    before = {"user:1": Rating(27.0, 5.0), "user:2": Rating(24.0, 6.0)}
    whole = rate(Finish(PLAYERS, (1, 2)), before)
    assert rate(Finish(PLAYERS, (1, 2), weights=(1.0, 1.0)), before) == whole


@pytest.mark.parametrize("places", [(1, 2), (2, 1)])
def test_a_seat_played_in_part_moves_its_player_by_that_share_of_the_change(places: tuple[int, int]) -> None:
    """Won or lost, the player who played a quarter of their seat's moves moves a quarter as far (mu
    and sigma); the other player is rated as after a whole game."""
    before = {"user:1": Rating(27.0, 5.0), "user:2": Rating(24.0, 6.0)}
    whole = rate(Finish(PLAYERS, places), before)
    part = rate(Finish(PLAYERS, places, weights=(0.25, 1.0)), before)
    old, full, quarter = before["user:1"], whole["user:1"], part["user:1"]
    assert quarter.mu - old.mu == pytest.approx(0.25 * (full.mu - old.mu))
    assert quarter.sigma - old.sigma == pytest.approx(0.25 * (full.sigma - old.sigma))
    assert abs(quarter.mu - old.mu) < abs(full.mu - old.mu)
    assert (quarter.games, quarter.wins) == (full.games, full.wins) == (1, 1 if places[0] == 1 else 0)
    assert part["user:2"] == whole["user:2"]


def test_a_seat_its_player_never_played_does_not_rate_them() -> None:
    part = rate(Finish(PLAYERS, (2, 1), weights=(0.0, 1.0)), {})
    assert "user:1" not in part and part["user:2"] == rate(Finish(PLAYERS, (2, 1)), {})["user:2"]


def test_weights_are_one_a_seat_from_0_to_1() -> None:
    with pytest.raises(ValueError):
        Finish(PLAYERS, (1, 2), weights=(0.5,))
    with pytest.raises(ValueError):
        Finish(PLAYERS, (1, 2), weights=(1.5, 1.0))


def test_the_share_counts_the_person_s_own_moves_against_the_computer_s_after_a_time_out() -> None:
    counts = [(0, "player", 6), (0, "timeout", 2), (1, "player", 8), (2, "timeout", 3)]
    assert played_shares(counts) == {0: 0.75, 2: 0.0}  # seat 1 played whole: left out
    assert played_shares([]) == {}


async def rated_game(store: Store, moves: list[tuple[int, str]], when: datetime) -> int:
    """A two-person game whose log has ``moves`` (seat, actor) and whose last move ends it, Alice first."""
    table = await new_table(store)
    await store.start_table(table.id, "{}")
    users = {0: ALICE, 1: BOB}
    version = 0
    for seat, actor in moves[:-1]:
        version = await store.save_action(table.id, version, "{}", seat, "m", actor, users[seat], now=when)
    seat, actor = moves[-1]
    results = [line(0, ALICE, 1, 30), line(1, BOB, 2, 10)]
    await store.save_action(table.id, version, "{}", seat, "m", actor, users[seat], results=results, now=when)
    return table.id


async def test_the_game_s_end_rates_by_the_share_played_and_a_rebuild_agrees(store: Store) -> None:
    whole = [(0, "player"), (1, "player")] * 4
    await rated_game(store, whole, START)
    after_whole = await snapshot(store)
    # Bob's clock ran out twice: the computer made 2 of his 4 moves (a move that was his only one
    # counts for neither).
    partial = [(0, "player"), (1, "player"), (0, "player"), (1, "timeout")] * 2 + [(1, "auto"), (0, "player")]
    await rated_game(store, partial, START + timedelta(hours=1))
    async with store.sessions() as session:
        rows = {r.player: r for r in (await session.exec(select(PlayerRating))).all()}
    ratings = after_whole["ratings"]
    before = {
        key: Rating(*ratings[(guild, game, key)][:4])  # type: ignore[index]
        for (guild, game, key) in ratings  # type: ignore[misc]
    }
    alice, bob = f"user:{ALICE}", f"user:{BOB}"
    expected = rate(Finish((alice, bob), (1, 2), weights=(1.0, 0.5)), before)
    assert (rows[bob].mu, rows[bob].sigma, rows[bob].games) == (expected[bob].mu, expected[bob].sigma, 2)
    assert (rows[alice].mu, rows[alice].sigma) == (expected[alice].mu, expected[alice].sigma)
    unweighted = rate(Finish((alice, bob), (1, 2)), before)
    assert unweighted[bob].mu < rows[bob].mu  # his loss counts half
    assert computer_key("high_card") not in rows  # the computer's moves made for Bob rate no computer

    incremental = await snapshot(store)
    async with store.sessions.begin() as session:
        assert await rebuild(session) == 2
    assert await snapshot(store) == incremental
