"""Ratings for partial play (issue 45): a person whose turn-based clock ran out, so that the computer
made some of their seat's moves, is rated for the game by the share of it they played themselves;
the update at the game's end and the rebuild from the log give the same numbers."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

from bot.clock_store import ClockStore
from bot.pace import PACES, TableClocks
from bot.rating_models import PlayerRating
from bot.rating_store import SeatPlay, partial_play, rebuild
from bot.ratings import Finish, Rating, computer_key, rate
from bot.store import ActionSave, Store
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
    counts = [(0, "player", 5, 6), (0, "timeout", None, 2), (1, "player", 6, 8), (2, "timeout", None, 3)]
    assert partial_play(counts, True) == {0: SeatPlay(5, 0.75), 2: SeatPlay(None, 0.0)}  # seat 1: whole
    assert partial_play([], True) == {}


def test_a_seat_a_computer_took_over_is_its_person_s_at_a_turn_based_table_only() -> None:
    counts = [(0, "player", 5, 3), (0, "timeout", None, 1), (0, "computer", None, 4), (1, "computer", None, 9)]
    assert partial_play(counts, True) == {0: SeatPlay(5, 3 / 8)}  # seat 1 was a computer's from the start
    assert partial_play(counts, False) == {0: SeatPlay(5, 3 / 4)}  # a live table's replaced seat: the computer's


async def rated_game(
    store: Store, moves: list[tuple[int, str]], when: datetime, *, turn_based: bool = False, bob_left: bool = False
) -> int:
    """A two-person game whose log has ``moves`` (seat, actor) and whose last move ends it, Alice
    first (``bob_left``: a computer took Bob's seat over, so its result line is a computer's)."""
    table = await new_table(store)
    await store.start_table(table.id, "{}")
    if turn_based:
        await ClockStore(store.sessions).create(table.id, TableClocks(PACES["1d"]), when)
    users = {0: ALICE, 1: BOB}
    version = 0
    for seat, actor in moves[:-1]:
        who = users[seat] if actor == "player" else None
        version = await store.save_action(ActionSave(table.id, version, "{}", seat, "m", actor, who), now=when)
    seat, actor = moves[-1]
    results = [line(0, ALICE, 1, 30), line(1, None if bob_left else BOB, 2, 10)]
    if bob_left:
        results[1] = replace(results[1], name="Бори́с (computer, normal)")
    who = users[seat] if actor == "player" else None
    await store.save_action(ActionSave(table.id, version, "{}", seat, "m", actor, who), results=results, now=when)
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


@pytest.mark.parametrize("turn_based", [True, False])
async def test_a_seat_handed_to_a_computer_counts_for_its_person_at_a_turn_based_table(
    store: Store, turn_based: bool
) -> None:
    """Bob made 2 of his seat's 6 moves before a computer took it over (his time ran out, or the
    round's deadline came): at a turn-based table he is rated for the game by a third, and the
    computer's one rating is left alone; at a live table, as before, the seat is the computer's."""
    moves = [(0, "player"), (1, "player")] * 2 + [(0, "player"), (1, "computer")] * 4
    table_id = await rated_game(store, moves, START, turn_based=turn_based, bob_left=True)
    async with store.sessions() as session:
        rows = {r.player: r for r in (await session.exec(select(PlayerRating))).all()}
    alice, bob, computer = f"user:{ALICE}", f"user:{BOB}", computer_key("high_card")
    if turn_based:
        expected = rate(Finish((alice, bob), (1, 2), weights=(1.0, 1 / 3)), {})
        assert (rows[bob].mu, rows[bob].sigma, rows[bob].games) == (expected[bob].mu, expected[bob].sigma, 1)
        assert rows[bob].name == "Бори́с" and rows[bob].user_id == BOB and not rows[bob].computer
        assert computer not in rows
        changes = await store.table_standing_changes(table_id)
        assert {c.seat: c.name for c in changes} == {0: f"<@{ALICE}>", 1: f"<@{BOB}>"}
    else:
        assert bob not in rows and computer in rows
    incremental = await snapshot(store)
    async with store.sessions.begin() as session:
        assert await rebuild(session) == 1
    assert await snapshot(store) == incremental
