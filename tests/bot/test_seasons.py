"""Seasons: the calendar from dates alone, a board by what was done in the season, each end written
once (several processes, restarts), trophies and the hall of fame."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st
from sqlmodel import select

from bot.seasons import (
    MONTH_CHOICES,
    SeasonEnd,
    SeasonKeeper,
    hall_of_fame,
    previous_season,
    season_board,
    season_of,
    set_months,
    trophies,
)
from bot.store import Store
from tests.bot.test_ratings_store import ALICE, BOB, CAROL, GUILD, finish_and_rate, line


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1)), st.sampled_from(MONTH_CHOICES))
def test_every_moment_is_in_exactly_one_season_and_seasons_meet(when: datetime, months: int) -> None:
    moment = when.replace(tzinfo=UTC)
    season = season_of(moment, months)
    assert season.start <= moment < season.end
    assert season.start.day == 1 and season.start.hour == 0 and (season.start.month - 1) % months == 0
    assert previous_season(season, months).end == season.start
    assert season_of(season.end, months).start == season.end


def test_season_names() -> None:
    when = datetime(2026, 11, 28, 17, 0, tzinfo=UTC)
    assert [season_of(when, m).label for m in MONTH_CHOICES] == [
        "Nov 2026",
        "Nov–Dec 2026",
        "2026 Q4",
        "Sep–Dec 2026",
        "2026 H2",
        "2026",
    ]


async def test_a_season_board_ranks_by_what_was_gained_in_it(store: Store) -> None:
    q1 = datetime(2026, 2, 1, tzinfo=UTC)
    # Before the season Alice won a lot (her rating is high today): it does not count in Q1.
    for day in range(4):
        await finish_and_rate(store, [line(0, ALICE, 1, 50), line(1, BOB, 2, 0)], q1 - timedelta(days=60 - day))
    await finish_and_rate(store, [line(0, BOB, 1, 30), line(1, ALICE, 2, 0)], q1)
    await finish_and_rate(store, [line(0, CAROL, 1, 10), line(1, None, 2, 0)], q1 + timedelta(days=1))
    async with store.sessions() as session:
        rows = await season_board(session, GUILD, "high_card", season_of(q1))
        by_points = await season_board(session, GUILD, "high_card", season_of(q1), by="points")
    assert [r.user_id for r in rows][:2] == [BOB, CAROL] and rows[-1].user_id == ALICE
    assert rows[-1].gain < 0 < rows[0].gain
    assert [(r.user_id, r.points) for r in by_points] == [(BOB, 30), (CAROL, 10), (ALICE, 0)]
    assert all(r.user_id is not None for r in rows)  # the computer is on no season board


async def test_a_seasons_end_is_written_once_and_announced_until_marked(store: Store) -> None:
    played = datetime(2026, 2, 10, tzinfo=UTC)
    await finish_and_rate(store, [line(0, ALICE, 1, 30), line(1, BOB, 2, 0)], played)
    await finish_and_rate(store, [line(0, ALICE, 1, 30), line(1, CAROL, 2, 0)], played + timedelta(days=1))
    await finish_and_rate(store, [line(0, BOB, 1, 5), line(1, ALICE, 2, 0)], played, guild=GUILD + 1)
    async with store.sessions() as session:
        await set_months(session, GUILD + 1, 1)
    now = [datetime(2026, 3, 15, tzinfo=UTC)]

    def keeper() -> SeasonKeeper:
        return SeasonKeeper(store.sessions, clock=lambda: now[0])

    assert await keeper().close_ended() != []  # February, on the server with monthly seasons
    now[0] = datetime(2026, 4, 1, 0, 0, 1, tzinfo=UTC)  # Q1 is over
    first, second = keeper(), keeper()
    pending = await first.close_ended()
    again = await second.close_ended()  # another process, or a restart: nothing new
    assert sorted((e.guild_id, e.label) for e in pending) == [(GUILD, "2026 Q1"), (GUILD + 1, "Feb 2026")]
    assert {e.id for e in again} == {e.id for e in pending}
    quarter = next(e for e in pending if e.guild_id == GUILD)
    assert [(p["user_id"], p["place"]) for p in quarter.podium][:1] == [(ALICE, 1)]
    for end in pending:
        await first.announced(end)
    assert await second.close_ended() == []
    async with store.sessions() as session:
        assert len((await session.exec(select(SeasonEnd))).all()) == 2
        famous = await hall_of_fame(session, GUILD, "high_card")
        won = await trophies(session, GUILD, ALICE)
    assert [e.label for e in famous] == ["2026 Q1"]
    assert [(t.label, t.place) for t in won] == [("2026 Q1", 1)]
    assert await keeper().channel_for(GUILD, "high_card") is not None
