"""Exactly once with several processes: three tournament services, each with its own connection pool
to one database (as three bot processes would have), race to start, drive, time and record the same
tournaments (a double elimination, an Arena and a Swiss) at once. Every table end is reported by
two of them (the one holding the table and a retry); every round all three recover and tick.

The database decides every race (unique round numbers, unique table numbers, the conditional writes
of a status and of a table's game table): each round and table exists once, and each table's game
is started once, for the table that stands."""

from __future__ import annotations

import asyncio
import logging
import random
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from bot.actor import Actor
from bot.db import Database
from bot.tournaments.models import Tournament, TournamentRound, TournamentTable
from bot.tournaments.service import TableRequest, TournamentError, TournamentService
from tests.bot.conftest import TestDatabase
from tests.bot.test_tournament_service import FakeOpener, new_tournament, rows, unfinished

MODERATOR = Actor(3, 1, manage_guild=True)
PROCESSES = 3


class SharedOpener(FakeOpener):
    """One table store for all the processes; a second game started for a tournament table is noted
    (not raised: a process's recovery logs and carries on, and the test must still see it)."""

    def __init__(self) -> None:
        super().__init__()
        self.started_twice: list[str] = []

    async def start_table(self, table_id: int, request: TableRequest) -> None:
        if table_id not in self.by_key.values() and request.key in self.by_key:
            self.started_twice.append(request.key)
            return
        await super().start_table(table_id, request)


class Announcements:
    def __init__(self) -> None:
        self.rounds: Counter[tuple[int, int]] = Counter()
        self.ended: Counter[int] = Counter()

    async def round_started(self, tournament: Tournament, number: int) -> None:
        self.rounds[tournament.id or 0, number] += 1

    async def tournament_ended(self, tournament: Tournament) -> None:
        self.ended[tournament.id or 0] += 1


async def test_three_processes_racing_create_each_round_and_table_once(
    empty_database: TestDatabase, database: Database, caplog: pytest.LogCaptureFixture
) -> None:
    opener, announcer = SharedOpener(), Announcements()
    now = [datetime(2026, 5, 1, 20, 0, tzinfo=UTC)]
    pools = [database] + [await empty_database.open() for _ in range(PROCESSES - 1)]
    services = [TournamentService(pool.sessions, opener, presenter=announcer, clock=lambda: now[0]) for pool in pools]
    try:
        double = await new_tournament(services[0], 16, game_key="gin_rummy", table_size=2, format="double_elimination")
        arena = await new_tournament(
            services[0], 10, game_key="gin_rummy", table_size=2, format="arena", round_minutes=60
        )
        swiss = await new_tournament(services[0], 9)
        ids = [double, arena, swiss]

        starts = await asyncio.gather(
            *(service.start(t, MODERATOR) for t in ids for service in services), return_exceptions=True
        )
        refused = [r for r in starts if isinstance(r, BaseException)]
        assert len(refused) == len(starts) - len(ids) and all(isinstance(r, TournamentError) for r in refused)

        rng = random.Random(46)
        for _ in range(300):
            statuses = [(await services[0].get(t)).status for t in ids]
            if statuses == ["finished"] * len(ids):
                break
            live = unfinished(opener)
            ending = rng.sample(live, min(len(live), rng.randrange(1, 5)))
            reports = []
            for table_id in ending:
                outcome = opener.play(table_id, rng)
                holder, retry = rng.sample(services, 2)
                reports += [holder.table_finished(table_id, outcome), retry.table_finished(table_id, outcome)]
            everyone = [s.recover() for s in services] + [s.tick() for s in services]
            await asyncio.gather(*reports, *everyone)
            now[0] += timedelta(minutes=4)
        else:
            raise AssertionError("the tournaments did not end")
    finally:
        for pool in pools[1:]:
            await pool.close()

    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert opener.started_twice == []
    for tournament_id in ids:
        rounds = await rows(database, TournamentRound, tournament_id)
        tables = await rows(database, TournamentTable, tournament_id)
        numbers = sorted(r.number for r in rounds)
        assert numbers == list(range(1, len(rounds) + 1))
        # (A process that planned the next round after another had opened it ended the tournament with
        # that round's tables in play: the end is now written only if no round was opened since.)
        assert all(t.status == "finished" for t in tables), [(t.number, t.status) for t in tables]
        for round_ in rounds:
            seated = sorted(t.number for t in tables if t.round_id == round_.id)
            assert seated == list(range(1, len(seated) + 1))
            everyone = [e for t in tables if t.round_id == round_.id for e in t.entrants]
            if tournament_id != arena:
                assert len(everyone) == len(set(everyone)), "someone sat twice in one round"
        # Each table has one game, started once for it (a lobby another process lost the race with is never started).
        started = {k: v for k, v in opener.by_key.items() if k.startswith(f"tournament:{tournament_id}:")}
        assert sorted(t.game_table_id for t in tables) == sorted(started.values())
        # Announced at least once: two processes that both find a round open both say so (left as it
        # is: one process serves a server's tournaments, so this race is a shard handover's).
        assert min(announcer.rounds[tournament_id, n] for n in numbers) >= 1
        assert announcer.ended[tournament_id] >= 1
    assert len(await rows(database, TournamentTable, double)) >= 2 * 16 - 2
    assert len(await rows(database, TournamentTable, arena)) > 10
