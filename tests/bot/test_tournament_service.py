"""The tournament service over a fake table opener and a real database.

A kill of the bot is simulated by raising out of the service at one of its checkpoints,
abandoning the service object, and building a new one over the same database, which
recovers. The fake opener stands for the table service (its tables outlive the bot).
"""

from __future__ import annotations

import asyncio
import random

import pytest
from sqlalchemy import event
from sqlmodel import select

from bot.actor import Actor
from bot.db import Database
from bot.tournaments.models import Tournament, TournamentRound, TournamentTable
from bot.tournaments.service import TableEnd, TableRequest, TournamentError, TournamentService
from engine.core import Outcome, places_from_points

#: A moderator of server 1 (Manage Server).
MODERATOR = Actor(3, 1, manage_guild=True)


class Killed(BaseException):
    """The bot process died here."""


class FakeOpener:
    """Game tables as the table service makes them: every create is a new table (as in the real
    one), a start of a table already started does nothing; the test decides how they end."""

    def __init__(self) -> None:
        self.created: list[int] = []
        #: The table started for each key.
        self.by_key: dict[str, int] = {}
        self.requests: dict[int, TableRequest] = {}
        self.ends: dict[int, TableEnd] = {}
        self.hurried: list[int] = []

    async def create_table(self, request: TableRequest) -> int:
        table_id = 1000 + len(self.created)
        self.created.append(table_id)
        self.requests[table_id] = request
        return table_id

    async def start_table(self, table_id: int, request: TableRequest) -> None:
        assert self.requests[table_id].key == request.key
        if table_id in self.by_key.values():
            return
        assert request.key not in self.by_key, f"a second table was started for {request.key}"
        self.by_key[request.key] = table_id

    async def table_end(self, table_id: int) -> TableEnd | None:
        return self.ends.get(table_id)

    async def finish_with_computers(self, table_id: int) -> None:
        self.hurried.append(table_id)

    def play(self, table_id: int, rng: random.Random) -> Outcome:
        seats = len(self.requests[table_id].seats)
        points = tuple(rng.randrange(-5, 40) for _ in range(seats))
        outcome = Outcome("test", points, places_from_points(points))
        self.ends[table_id] = TableEnd.of(outcome)
        return outcome


class Announcer:
    def __init__(self) -> None:
        self.rounds: list[int] = []
        self.ended = 0

    async def round_started(self, tournament: Tournament, number: int) -> None:
        self.rounds.append(number)

    async def tournament_ended(self, tournament: Tournament) -> None:
        self.ended += 1


async def new_tournament(service: TournamentService, players: int, **kwargs) -> int:
    options = {"game_key": "nin_jan", "rounds": 3, "table_size": 3} | kwargs
    tournament = await service.create(Actor(10, 1, manage_guild=True), channel_id=2, **options)
    assert tournament.id is not None
    for user in range(players):
        await service.join(tournament.id, Actor(100 + user, 1), f"Player {user}", rating=float(user))
    return tournament.id


async def rows(database: Database, model: type, tournament_id: int) -> list:
    async with database.sessions() as session:
        return list((await session.exec(select(model).where(model.tournament_id == tournament_id))).all())


def unfinished(opener: FakeOpener) -> list[int]:
    return [t for t in opener.by_key.values() if t not in opener.ends]


async def test_a_swiss_tournament_killed_after_every_step_creates_each_round_once_and_loses_no_table(
    database: Database,
) -> None:
    opener, announcer = FakeOpener(), Announcer()

    last_kill = [""]
    killed_at: list[str] = []

    def service(kill: bool) -> TournamentService:
        """A service that dies at its first checkpoint; after a death at step X it passes X once.

        (A step that repeats its action on recovery, like announcing, would otherwise die there forever.)
        """
        passed = [False]

        def checkpoint(step: str) -> None:
            if not kill:
                return
            if step == last_kill[0] and not passed[0]:
                passed[0] = True
                return
            last_kill[0] = step
            killed_at.append(step)
            raise Killed(step)

        return TournamentService(database.sessions, opener, presenter=announcer, checkpoint=checkpoint)

    tournament_id = await new_tournament(service(False), 9)
    rng = random.Random(5)
    kills = 0

    async def run(action) -> None:
        """Run until it finishes; every service dies at a checkpoint, then a new one recovers."""
        nonlocal kills
        try:
            await action(service(True))
            return
        except Killed:
            kills += 1
        while True:
            try:
                await service(True).recover()
                return
            except Killed:
                kills += 1

    await run(lambda s: s.start(tournament_id, MODERATOR))
    while (await service(False).get(tournament_id)).status != "finished":
        table_id = unfinished(opener)[0]
        outcome = opener.play(table_id, rng)
        await run(lambda s, t=table_id, o=outcome: s.table_finished(t, o))

    rounds = await rows(database, TournamentRound, tournament_id)
    tables = await rows(database, TournamentTable, tournament_id)
    assert kills > 30
    assert sorted(r.number for r in rounds) == [1, 2, 3]
    assert len(tables) == 9 and all(t.status == "finished" for t in tables)
    # Every game table started belongs to exactly one tournament table, and each was started once;
    # a kill between creating a game table and writing its id leaves at most that lobby, never started.
    assert sorted(t.game_table_id for t in tables) == sorted(opener.by_key.values())
    assert len(opener.by_key) == 9
    assert len(opener.created) - 9 <= killed_at.count("created table")
    assert all(len(opener.requests[t.game_table_id].seats) == 3 for t in tables)
    # Announced at least once each (a kill right after announcing repeats it).
    assert set(announcer.rounds) == {1, 2, 3} and announcer.ended >= 1
    standings, rule = await service(False).standings(tournament_id)
    assert [row.played for row in standings] == [3] * 9
    assert "Placement points" in rule


async def test_a_table_end_missed_while_the_bot_was_down_is_picked_up_on_recovery(database: Database) -> None:
    opener = FakeOpener()
    service = TournamentService(database.sessions, opener)
    tournament_id = await new_tournament(service, 6, rounds=2)
    await service.start(tournament_id, MODERATOR)
    rng = random.Random(1)
    for table_id in unfinished(opener):
        opener.play(table_id, rng)  # the games end, but no one tells the tournament (the bot was down)
    await TournamentService(database.sessions, opener).recover()
    tournament = await service.get(tournament_id)
    assert tournament.current_round == 2
    assert len(opener.by_key) == 4


async def test_two_processes_driving_at_once_create_one_round(database: Database) -> None:
    opener = FakeOpener()
    first = TournamentService(database.sessions, opener)
    second = TournamentService(database.sessions, opener)
    tournament_id = await new_tournament(first, 12, table_size=4)
    await first._move(tournament_id, "signup", "running")
    await asyncio.gather(first.drive(tournament_id), second.drive(tournament_id))
    rounds = await rows(database, TournamentRound, tournament_id)
    tables = await rows(database, TournamentTable, tournament_id)
    assert [r.number for r in rounds] == [1]
    assert len(tables) == 3 and len(opener.by_key) == 3


async def test_dropped_players_are_skipped_by_later_rounds(database: Database) -> None:
    opener = FakeOpener()
    service = TournamentService(database.sessions, opener)
    tournament_id = await new_tournament(service, 8, game_key="gin_rummy", table_size=2)
    await service.start(tournament_id, MODERATOR)
    await service.drop(tournament_id, Actor(100, 1))
    rng = random.Random(3)
    for table_id in unfinished(opener):
        await service.table_finished(table_id, opener.play(table_id, rng))
    second = await service.round_view(tournament_id, 2)
    assert second is not None
    entrants = {e.id: e.user_id for e in await service.entrants(tournament_id)}
    seated = [entrants[e] for table in second.tables for e in table.entrants] + [entrants[e] for e in second.byes]
    assert 100 not in seated and len(seated) == 7 and len(second.byes) == 1


async def test_single_elimination_of_eight_ends_with_one_winner_after_three_rounds(database: Database) -> None:
    opener, announcer = FakeOpener(), Announcer()
    service = TournamentService(database.sessions, opener, presenter=announcer)
    tournament_id = await new_tournament(service, 8, game_key="gin_rummy", table_size=2, format="elimination")
    await service.start(tournament_id, MODERATOR)
    first = await service.round_view(tournament_id, 1)
    assert first is not None
    entrants = {e.id: e.user_id for e in await service.entrants(tournament_id)}
    # Seeded by rating: the best (user 107) meets the worst (user 100) first.
    assert [entrants[e] for e in first.tables[0].entrants] == [107, 100]
    rng = random.Random(2)
    while unfinished(opener):
        for table_id in unfinished(opener):
            await service.table_finished(table_id, opener.play(table_id, rng))
    tournament = await service.get(tournament_id)
    assert tournament.status == "finished" and tournament.current_round == 3
    assert announcer.rounds == [1, 2, 3] and announcer.ended == 1
    final = await service.round_view(tournament_id, 3)
    assert final is not None and len(final.tables) == 1


async def test_the_round_timer_hands_unfinished_tables_to_the_computers_once(database: Database) -> None:
    from datetime import UTC, datetime, timedelta

    now = [datetime(2025, 1, 1, tzinfo=UTC)]
    opener = FakeOpener()
    service = TournamentService(database.sessions, opener, clock=lambda: now[0])
    tournament_id = await new_tournament(service, 6, round_minutes=30)
    await service.start(tournament_id, MODERATOR)
    await service.tick()
    assert opener.hurried == []
    now[0] += timedelta(minutes=31)
    await service.tick()
    await service.tick()
    assert sorted(opener.hurried) == sorted(opener.by_key.values())


async def test_sign_up_refusals_are_sentences(database: Database) -> None:
    service = TournamentService(database.sessions, FakeOpener())
    tournament_id = await new_tournament(service, 2)
    with pytest.raises(TournamentError, match="already signed up"):
        await service.join(tournament_id, Actor(100, 1), "Again")
    with pytest.raises(TournamentError, match="at least 3 players"):
        await service.start(tournament_id, MODERATOR)
    with pytest.raises(TournamentError, match="two-player"):
        await service.create(MODERATOR, channel_id=2, game_key="nin_jan", format="elimination")
    with pytest.raises(TournamentError, match="seat"):
        await service.create(MODERATOR, channel_id=2, game_key="gin_rummy", table_size=4)
    assert await service.leave(tournament_id, Actor(100, 1)) == 1


async def test_a_game_that_is_no_tournaments_ends_without_reading_the_tournaments(database: Database) -> None:
    """Every game's end is reported to the tournaments; the tables they claimed are read once."""
    opener = FakeOpener()
    service = TournamentService(database.sessions, opener)
    read: list[str] = []

    def count(conn, cursor, statement: str, *args) -> None:
        if "tournament_tables" in statement:
            read.append(statement)

    event.listen(database.engine.sync_engine, "before_cursor_execute", count)
    try:
        outcome = Outcome("test", (3, 1), (1, 2))
        assert not await service.table_finished(1, outcome)
        assert len(read) == 1  # the claims as stored
        assert not await service.table_finished(2, outcome)
        assert len(read) == 1
        tournament_id = await new_tournament(service, 4, game_key="gin_rummy", table_size=2, rounds=1)
        await service.start(tournament_id, MODERATOR)  # its tables are claimed after the claims were read
        rng = random.Random(4)
        for table_id in unfinished(opener):
            assert await service.table_finished(table_id, opener.play(table_id, rng))
        assert not await service.table_finished(3, outcome)
        restarted = TournamentService(database.sessions, opener)  # reads them as stored
        assert await restarted.table_finished(next(iter(opener.by_key.values())), None)  # safe twice
        assert not await restarted.table_finished(3, outcome)
    finally:
        event.remove(database.engine.sync_engine, "before_cursor_execute", count)
    assert (await service.get(tournament_id)).status == "finished"
    tables = await rows(database, TournamentTable, tournament_id)
    assert len(tables) == 2 and all(t.status == "finished" and t.places_json for t in tables)
