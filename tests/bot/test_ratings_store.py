"""Ratings in the database, on both backends: the update, the rebuild, leaderboards and profiles."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import delete
from sqlmodel import col, select

from bot import levels
from bot.db import open_database
from bot.rating_models import PlayerRating, RatingHistory
from bot.rating_store import leaderboard, needs_rebuild, profile, rebuild, rebuild_database
from bot.ratings import Finish, Rating, computer_key, rate, recompute, shown
from bot.store import ActionSave, ResultLine, Store
from bot.store import moves as store_module
from tests.bot.test_store import ALICE, BOB, CAROL, DAN, GUILD, new_table

START = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
NAMES = {ALICE: "Alice", BOB: "Бори́с", CAROL: "陈嘉", DAN: "Dan 🎲"}


def line(seat: int, user_id: int | None, place: int, points: int) -> ResultLine:
    name = NAMES[user_id] if user_id is not None else f"Computer {seat}"
    return ResultLine(seat, user_id, name, computer=user_id is None, place=place, points=points)


async def finish_and_rate(
    store: Store,
    lines: list[ResultLine],
    when: datetime,
    *,
    game: str = "high_card",
    guild: int = GUILD,
    by_last_move: bool = False,
) -> tuple[int, list]:
    """What the bot does at the end of a game: results and ratings saved in one transaction (with
    the game's last move, ``by_last_move``, as the bot does; or alone); then what it announces, read back."""
    table = await new_table(store, game=game, guild=guild)
    await store.start_table(table.id, "{}")
    if by_last_move:
        await store.save_action(
            ActionSave(table.id, 0, "{}", 0, "last", "player", lines[0].user_id), results=lines, now=when
        )
    else:
        await store.finish_table(table.id, "{}", lines, now=when)
    return table.id, await store.table_standing_changes(table.id)


async def snapshot(store: Store) -> dict[tuple[int, str, str], tuple]:
    async with store.sessions() as session:
        rows = (await session.exec(select(PlayerRating))).all()
        history = (await session.exec(select(RatingHistory).order_by(col(RatingHistory.id)))).all()
    ratings = {
        (r.guild_id, r.game_key, r.player): (r.mu, r.sigma, r.games, r.wins, r.points, r.best, r.name) for r in rows
    }
    lines = sorted((h.table_id, h.seat, h.player, h.mu, h.sigma, h.shown_before, h.shown_after) for h in history)
    return {"ratings": ratings, "history": lines}  # type: ignore[return-value]


async def test_a_finished_table_updates_ratings_as_openskill_does(store: Store) -> None:
    lines = [line(0, ALICE, 1, 120), line(1, None, 2, 40)]
    table_id, changes = await finish_and_rate(store, lines, START)
    expected = rate(Finish(("user:" + str(ALICE), computer_key("high_card")), (1, 2)), {})
    async with store.sessions() as session:
        rows = {r.player: r for r in (await session.exec(select(PlayerRating))).all()}
        history = (await session.exec(select(RatingHistory))).all()
    alice, computer = rows[f"user:{ALICE}"], rows[computer_key("high_card")]
    assert (alice.mu, alice.sigma, alice.games, alice.wins) == (
        expected[f"user:{ALICE}"].mu,
        expected[f"user:{ALICE}"].sigma,
        1,
        1,
    )
    assert computer.computer and computer.user_id is None and computer.name == "Computer"
    assert (alice.points, alice.best, alice.user_id) == (120, 120, ALICE)
    assert {(h.table_id, h.seat, h.place) for h in history} == {(table_id, 0, 1), (table_id, 1, 2)}
    by_seat = {c.seat: c for c in changes}
    assert by_seat[0].shown_before == 700 < by_seat[0].shown_after
    assert by_seat[0].provisional
    assert by_seat[1].shown_after < 700


async def test_a_level_up_is_reported_at_the_end_of_the_game_that_reached_it(store: Store) -> None:
    first = levels.curve_for("high_card").first
    _, changes = await finish_and_rate(store, [line(0, ALICE, 1, first - 1), line(1, BOB, 2, 0)], START)
    assert [c.level_up for c in changes] == [None, None]
    _, changes = await finish_and_rate(store, [line(0, ALICE, 1, 1), line(1, BOB, 2, 0)], START + timedelta(1))
    assert changes[0].level_up == 2 and changes[1].level_up is None


async def test_huge_scores_stay_exact(store: Store) -> None:
    huge = 7 * 10**40 + 3
    await finish_and_rate(store, [line(0, ALICE, 1, huge), line(1, BOB, 2, -(10**30))], START, game="gin_jon_tan")
    async with store.sessions() as session:
        board = await leaderboard(session, GUILD, "gin_jon_tan", by="points")
        card = await profile(session, GUILD, ALICE)
    assert board.rows[0].points == huge and board.rows[0].level == levels.level("gin_jon_tan", huge, 1)
    assert board.rows[1].points == 0  # a negative game counts as nothing for levels
    assert card is not None and card.games[0].best == huge and card.recent[0].points == huge


def random_history(rng: random.Random) -> list[tuple[list[ResultLine], str, int]]:
    people = [ALICE, BOB, CAROL, DAN, None]
    games = []
    for _ in range(rng.randint(5, 14)):
        size = rng.randint(2, 4)
        seated = [rng.choice(people) for _ in range(size)]
        places = [rng.randint(1, size) for _ in range(size)]
        lines = [
            line(s, u, p, rng.randint(-20, 10 ** rng.randint(1, 20)))
            for s, (u, p) in enumerate(zip(seated, places, strict=True))
        ]
        games.append((lines, rng.choice(["high_card", "nin_jan"]), rng.choice([GUILD, GUILD + 1])))
    return games


@pytest.mark.parametrize("seed", range(3))
async def test_the_announcement_a_save_keeps_is_what_the_database_says_later(store: Store, seed: int) -> None:
    """A game ended by its last move is announced from what its save computed; asked again (or
    by the bot after a restart) the announcement is read back from the history rows, the same."""
    rng = random.Random(seed)
    history = [game for _ in range(8) for game in random_history(rng)]  # past the provisional games, through levels
    kept = {}
    for step, (lines, game, guild) in enumerate(history):
        when = START + timedelta(minutes=step)
        table_id, kept[table_id] = await finish_and_rate(store, lines, when, game=game, guild=guild, by_last_move=True)
        assert await store.table_standing_changes(table_id) == kept[table_id]  # read back this time
    assert any(change.level_up for changes in kept.values() for change in changes)
    assert {change.provisional for changes in kept.values() for change in changes} == {True, False}
    restarted = Store(store.sessions)
    try:
        assert {table_id: await restarted.table_standing_changes(table_id) for table_id in kept} == kept
    finally:
        restarted.close()


async def test_a_store_keeps_the_last_game_ends_standings_only(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Standings no announcement asked for are dropped, oldest first; asked later, they are read back."""
    monkeypatch.setattr(store_module, "KEPT_STANDINGS", 2)
    ended = []
    for step in range(3):
        lines = [line(0, ALICE, 1 + step % 2, 10), line(1, BOB, 2 - step % 2, 5)]
        table = await new_table(store)
        await store.start_table(table.id, "{}")
        await store.save_action(ActionSave(table.id, 0, "{}", 0, "last", "player", ALICE), results=lines, now=START)
        ended.append(table.id)
    assert sorted(store._game_ends) == ended[1:]
    read_back = Store(store.sessions)
    try:
        for table_id in ended:
            assert await store.table_standing_changes(table_id) == await read_back.table_standing_changes(table_id)
    finally:
        read_back.close()
    assert store._game_ends == {}


@pytest.mark.parametrize("seed", range(4))
async def test_rebuilding_from_results_gives_the_stored_ratings_exactly(store: Store, seed: int) -> None:
    rng = random.Random(seed)
    history = random_history(rng)
    for step, (lines, game, guild) in enumerate(history):  # games end both ways: with their last move, or alone
        when = START + timedelta(minutes=step)
        await finish_and_rate(store, lines, when, game=game, guild=guild, by_last_move=seed % 2 == 1)
    incremental = await snapshot(store)
    async with store.sessions.begin() as session:
        assert await rebuild(session) == len(history)
    assert await snapshot(store) == incremental
    async with store.sessions.begin() as session:  # one server alone leaves the other as it was
        await rebuild(session, GUILD)
    assert await snapshot(store) == incremental
    for game in ("high_card", "nin_jan"):  # and both are the pure recompute of bot/ratings.py
        finishes = [
            Finish(
                tuple(f"user:{x.user_id}" if x.user_id else computer_key(game) for x in lines),
                tuple(x.place for x in lines),
            )
            for lines, g, guild in history
            if g == game and guild == GUILD
        ]
        pure = recompute(finishes)
        for (guild, g, player), row in incremental["ratings"].items():
            if guild == GUILD and g == game:
                assert Rating(row[0], row[1], row[2], row[3]) == pure[player]


async def test_old_results_are_rated_by_a_rebuild(store: Store) -> None:
    table = await new_table(store)
    await store.start_table(table.id, "{}")
    await store.finish_table(table.id, "{}", [line(0, ALICE, 1, 9), line(1, None, 2, 3)], now=START)
    async with store.sessions.begin() as session:  # a database from before ratings: results, no ratings
        await session.exec(delete(RatingHistory))  # type: ignore[call-overload]
        await session.exec(delete(PlayerRating))  # type: ignore[call-overload]
    assert await store.ensure_ratings()
    assert not await store.ensure_ratings()
    async with store.sessions.begin() as session:
        assert not await needs_rebuild(session)
        await session.exec(delete(RatingHistory))  # type: ignore[call-overload]
        await session.exec(delete(PlayerRating))  # type: ignore[call-overload]
        assert await needs_rebuild(session)
        await rebuild(session)
        assert not await needs_rebuild(session)
        card = await profile(session, GUILD, ALICE)
    assert card is not None and card.games[0].games == 1


async def test_leaderboards_rank_by_rating_points_or_wins_and_add_the_askers_row(store: Store) -> None:
    # Alice beats everyone twice; Bob beats Carol; Dan loses all.
    games = [
        [line(0, ALICE, 1, 50), line(1, BOB, 2, 30), line(2, CAROL, 3, 10), line(3, DAN, 4, 0)],
        [line(0, ALICE, 1, 60), line(1, None, 2, 20)],
        [line(0, BOB, 1, 5), line(1, CAROL, 2, 200)],
        [line(0, DAN, 2, 1), line(1, None, 1, 9)],
    ]
    for step, lines in enumerate(games):
        await finish_and_rate(store, lines, START + timedelta(hours=step))
    async with store.sessions() as session:
        by_rating = await leaderboard(session, GUILD, "high_card", page_size=2, asking_user_id=DAN)
        page_two = await leaderboard(session, GUILD, "high_card", page=1, page_size=2, asking_user_id=DAN)
        by_points = await leaderboard(session, GUILD, "high_card", by="points", asking_user_id=DAN)
        by_wins = await leaderboard(session, GUILD, "high_card", by="wins")
    assert by_rating.rows[0].name == "Alice"
    assert by_rating.players == 5 and by_rating.pages == 3  # the computer is on the rating board
    assert by_rating.own is not None and by_rating.own.name == "Dan 🎲" and by_rating.own.rank == 5
    assert page_two.own is None or page_two.own.user_id == DAN
    assert all(not r.computer for r in by_points.rows) and by_points.players == 4
    assert [r.name for r in by_points.rows] == ["陈嘉", "Alice", "Бори́с", "Dan 🎲"]  # 210, 110, 35, 1
    assert by_points.own is None  # Dan is on the page
    assert [(r.rank, r.name, r.wins) for r in by_wins.rows][:2] == [(1, "Alice", 2), (2, "Бори́с", 1)]
    alice = by_wins.rows[0]
    assert (alice.games, alice.level, alice.provisional) == (2, levels.level("high_card", 110, 2), True)


async def test_a_period_counts_only_its_games(store: Store) -> None:
    now = START + timedelta(days=40)
    await finish_and_rate(store, [line(0, ALICE, 1, 50), line(1, BOB, 2, 0)], START)  # 40 days ago
    await finish_and_rate(store, [line(0, BOB, 1, 30), line(1, CAROL, 2, 0)], now - timedelta(days=10))
    await finish_and_rate(store, [line(0, CAROL, 1, 7), line(1, BOB, 2, 3)], now - timedelta(days=2))
    async with store.sessions() as session:
        week = await leaderboard(session, GUILD, "high_card", by="wins", period="week", now=now, asking_user_id=ALICE)
        month = await leaderboard(session, GUILD, "high_card", by="points", period="month", now=now)
        ever = await leaderboard(session, GUILD, "high_card", by="wins", period="all", now=now)
    assert [(r.name, r.games, r.wins) for r in week.rows] == [("陈嘉", 1, 1), ("Бори́с", 1, 0)]
    assert week.own is None  # Alice did not play this week: no row of hers to add
    assert [(r.name, r.points) for r in month.rows] == [("Бори́с", 33), ("陈嘉", 7)]
    assert {r.name: r.games for r in ever.rows} == {"Alice": 1, "Бори́с": 3, "陈嘉": 2}


async def test_a_profile_has_each_games_standing_a_chart_and_the_last_five_results(store: Store) -> None:
    for step in range(7):
        place = 1 if step % 3 else 2
        lines = [line(0, ALICE, place, 10 * step), line(1, BOB, 3 - place, 5)]
        await finish_and_rate(store, lines, START + timedelta(hours=step))
    await finish_and_rate(
        store, [line(0, ALICE, 1, 12), line(1, CAROL, 2, 0)], START + timedelta(days=1), game="nin_jan"
    )
    async with store.sessions() as session:
        card = await profile(session, GUILD, ALICE)
        nobody = await profile(session, GUILD, 42)
    assert nobody is None
    assert card is not None and card.name == "Alice"
    assert [g.game_key for g in card.games] == ["high_card", "nin_jan"]
    high = card.games[0]
    assert (high.games, high.wins, high.best) == (7, 4, 60)
    assert high.chart[0] == 700 and len(high.chart) == 8
    async with store.sessions() as session:
        row = await session.get(PlayerRating, (GUILD, "high_card", f"user:{ALICE}"))
    assert row is not None and high.chart[-1] == high.rating == shown(Rating(row.mu, row.sigma))
    assert [r.game_key for r in card.recent] == ["nin_jan", "high_card", "high_card", "high_card", "high_card"]
    assert card.recent[1].points == 60 and card.recent[0].players == 2


async def test_the_rebuild_command_rates_an_old_database(tmp_path) -> None:
    url = f"sqlite:///{tmp_path}/old.db"
    database = await open_database(url)
    try:
        store = Store(database.sessions)
        table = await new_table(store)
        await store.start_table(table.id, "{}")
        await store.finish_table(table.id, "{}", [line(0, ALICE, 1, 9), line(1, BOB, 2, 3)], now=START)
    finally:
        await database.close()
    assert await rebuild_database(url) == 1
    database = await open_database(url)
    try:
        async with database.sessions() as session:
            card = await profile(session, GUILD, BOB)
    finally:
        await database.close()
    assert card is not None and card.recent[0].place == 2
