"""Seeds from the server's ratings, check-in before the start (no-shows dropped), a start by the
clock acted on once, and late entry to a Swiss."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.actor import Actor
from bot.db import Database
from bot.rating_models import PlayerRating
from bot.ratings import computer_key, person_key
from bot.tournaments.checkin import CheckIns
from bot.tournaments.models import Tournament
from bot.tournaments.service import TournamentError, TournamentService
from tests.bot.test_tournament_service import Announcer, FakeOpener, new_tournament, unfinished

#: The organiser: a member of server 1 with Manage Server.
ORGANISER = Actor(3, 1, manage_guild=True)


class Told(Announcer):
    def __init__(self) -> None:
        super().__init__()
        self.said: list[str] = []

    async def checkin_opened(self, tournament: Tournament) -> None:
        self.said.append(f"check-in {tournament.id}")

    async def started_by_clock(self, tournament: Tournament) -> None:
        self.said.append(f"started {tournament.id}")

    async def could_not_start(self, tournament: Tournament, reason: str) -> None:
        self.said.append(f"not started {tournament.id}: {reason}")


async def rate(database: Database, player: str, mu: float, sigma: float, user_id: int | None = None) -> None:
    async with database.sessions() as session:
        session.add(
            PlayerRating(
                guild_id=1,
                game_key="gin_rummy",
                player=player,
                user_id=user_id,
                name=player,
                computer=user_id is None,
                mu=mu,
                sigma=sigma,
                games=20,
            )
        )
        await session.commit()


async def test_seeds_come_from_the_servers_ratings_with_newcomers_last(database: Database) -> None:
    opener = FakeOpener()
    service = TournamentService(database.sessions, opener)
    tournament = await service.create(
        Actor(3, 1, manage_guild=True), channel_id=2, game_key="gin_rummy", format="elimination"
    )
    tid = tournament.id or 0
    for user in range(100, 106):
        await service.join(tid, Actor(user, 1), f"Player {user}")
    await service.add_computer(tid, ORGANISER)
    await service.add_computer(tid, ORGANISER)
    await rate(database, person_key(103), 32.0, 1.5, 103)  # the strongest: 700 + 40 × 27.5 = 1,800
    await rate(database, computer_key("gin_rummy"), 27.0, 1.0)  # the computer: 1,660
    await rate(database, person_key(101), 25.0, 2.0, 101)  # middling: 1,460
    await service.start(tid, ORGANISER)
    first = await service.round_view(tid, 1)
    assert first is not None
    names = {e.id: e.name for e in await service.entrants(tid)}
    seats = [[names[e] for e in table.entrants] for table in first.tables]
    # Seeds: 103, the two computers, 101, then the newcomers in sign-up order (100, 102, 104, 105).
    assert seats == [
        ["Player 103", "Player 105"],
        ["Player 101", "Player 100"],
        ["Computer 1", "Player 104"],
        ["Computer 2", "Player 102"],
    ]


async def test_who_does_not_check_in_is_dropped_at_the_start(database: Database) -> None:
    opener, told = FakeOpener(), Told()
    service = TournamentService(database.sessions, opener, presenter=told)
    checkins = CheckIns(service, told)
    tid = await new_tournament(service, 6, game_key="gin_rummy", table_size=2)
    await checkins.configure(tid, checkin_minutes=15)
    with pytest.raises(TournamentError, match="not opened yet"):
        await checkins.check_in(tid, Actor(100, 1))
    await checkins.open(tid)
    with pytest.raises(TournamentError, match="already open"):
        await checkins.open(tid)
    assert told.said == [f"check-in {tid}"]
    for user in (100, 101, 102, 104):
        await checkins.check_in(tid, Actor(user, 1))
    with pytest.raises(TournamentError, match="not signed up"):
        await checkins.check_in(tid, Actor(999, 1))
    await service.join(tid, Actor(106, 1), "Late but here")  # joining during check-in is checking in
    await service.add_computer(tid, ORGANISER)
    assert await checkins.checked_in(tid) == 6
    await service.start(tid, ORGANISER)
    first = await service.round_view(tid, 1)
    assert first is not None
    users = {e.id: e.user_id for e in await service.entrants(tid)}
    seated = sorted(users[e] or 0 for t in first.tables for e in t.entrants)
    assert seated == [0, 100, 101, 102, 104, 106]
    assert sorted(e.user_id or 0 for e in await checkins.no_shows(tid)) == [103, 105]
    rows, _ = await service.standings(tid)
    assert len(rows) == 6  # the no-shows are not in the standings


async def test_the_clock_opens_check_in_and_starts_the_tournament_once(database: Database) -> None:
    now = [datetime(2026, 3, 1, 18, 0, tzinfo=UTC)]
    opener, told = FakeOpener(), Told()

    def fresh() -> tuple[TournamentService, CheckIns]:
        """A new process on the same database."""
        service = TournamentService(database.sessions, opener, presenter=told, clock=lambda: now[0])
        return service, CheckIns(service, told)

    service, checkins = fresh()
    tid = await new_tournament(service, 4, game_key="gin_rummy", table_size=2)
    short = await new_tournament(service, 1, game_key="gin_rummy", table_size=2)
    for tournament_id in (tid, short):
        await checkins.configure(tournament_id, starts_in_minutes=60, checkin_minutes=15)
    now[0] += timedelta(minutes=30)
    await checkins.tick()
    assert told.said == []
    now[0] += timedelta(minutes=16)
    await checkins.tick()
    await fresh()[1].tick()  # a restart, or a second process: nothing twice
    assert sorted(told.said) == [f"check-in {tid}", f"check-in {short}"]
    for user in (100, 101, 102):
        await checkins.check_in(tid, Actor(user, 1))
    now[0] += timedelta(minutes=15)
    _, other = fresh()
    await other.tick()
    await checkins.tick()
    assert (await service.get(tid)).status == "running"
    assert (await service.get(short)).status == "cancelled"
    assert sorted(told.said[2:]) == [
        f"not started {short}: A Gin Rummy tournament at tables of 2 needs at least 2 players.",
        f"started {tid}",
    ]
    assert len(opener.by_key) == 1  # 103 did not check in: three players, one table and a bye
    assert told.rounds == [1]


async def test_late_entry_to_a_swiss_until_the_set_round(database: Database) -> None:
    opener = FakeOpener()
    service = TournamentService(database.sessions, opener)
    checkins = CheckIns(service)
    tid = await new_tournament(service, 4, game_key="gin_rummy", table_size=2, rounds=3)
    with pytest.raises(TournamentError, match="round from 2"):
        await checkins.configure(tid, late_entry_until=1)
    await checkins.configure(tid, late_entry_until=2)
    await service.start(tid, ORGANISER)
    assert await service.join(tid, Actor(200, 1), "Latecomer") == 5
    rng = random.Random(1)
    for table_id in unfinished(opener):
        await service.table_finished(table_id, opener.play(table_id, rng))
    second = await service.round_view(tid, 2)
    assert second is not None
    users = {e.id: e.user_id for e in await service.entrants(tid)}
    assert 200 in [users[e] for t in second.tables for e in t.entrants] + [users[e] for e in second.byes]
    with pytest.raises(TournamentError, match="closed"):
        await service.join(tid, Actor(201, 1), "Too late")
    elimination = await new_tournament(service, 4, game_key="gin_rummy", table_size=2, format="elimination")
    with pytest.raises(TournamentError, match="Swiss"):
        await checkins.configure(elimination, late_entry_until=2)
