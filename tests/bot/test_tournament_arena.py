"""Arena: whoever finishes is seated again at once with free players close in score, streaks double
the points, nothing starts after the end, and games started before it still count; a restart and a
drop change none of it."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from bot.actor import Actor
from bot.db import Database
from bot.tournaments.arena import arena_lines, seat_free
from bot.tournaments.models import TournamentTable
from bot.tournaments.service import TableEnd, TableRequest, TournamentError, TournamentService
from bot.tournaments.standings import TableResult
from engine.core import Outcome
from tests.bot.test_tournament_service import Announcer, FakeOpener, new_tournament, rows, unfinished

#: The organiser: a member of server 1 with Manage Server.
ORGANISER = Actor(3, 1, manage_guild=True)


def test_two_wins_in_a_row_double_the_points_until_a_game_is_not_won() -> None:
    won, lost = (1, 2), (2, 1)
    results = [TableResult(1, (7, 8), places, (0, 0)) for places in (won, won, won, lost, won)]
    (line,) = arena_lines(results, [7])
    # 3 + 3, then doubled: 6; the loss (1, doubled: 2) ends the run; the last win counts single.
    assert line.points == Fraction(3 + 3 + 6 + 2 + 3) and line.wins == 4 and line.run == 1 and not line.on_fire


def test_free_players_sit_with_those_close_in_score_and_not_their_last_opponent() -> None:
    scores = {1: 12, 2: 11, 3: 10, 4: 9}
    plan = seat_free([1, 2, 3, 4], scores, {1: frozenset({2}), 2: frozenset({1})}, table_sizes=(2,), preferred=2)
    assert plan.tables == ((1, 3), (2, 4)) and plan.byes == ()
    waiting = seat_free([1, 2, 3], scores, {}, table_sizes=(2,), preferred=2, came_free={1: 5, 2: 9, 3: 2})
    assert waiting.byes == (2,)  # the one who came free last waits
    assert seat_free([1], scores, {}, table_sizes=(2,), preferred=2).tables == ()


async def test_an_arena_reseats_finishers_at_once_and_freezes_at_the_end(database: Database) -> None:
    now = [datetime(2026, 5, 1, 20, 0, tzinfo=UTC)]
    opener, announcer = FakeOpener(), Announcer()

    def service() -> TournamentService:
        return TournamentService(database.sessions, opener, presenter=announcer, clock=lambda: now[0])

    with pytest.raises(TournamentError, match="Arena lasts"):
        await service().create(Actor(3, 1, manage_guild=True), channel_id=2, game_key="gin_rummy", format="arena")
    tid = await new_tournament(service(), 9, game_key="gin_rummy", table_size=2, format="arena", round_minutes=60)
    await service().start(tid, ORGANISER)
    assert len(unfinished(opener)) == 4  # nine players: four tables, one waits
    rng = random.Random(9)
    late_table = None
    dropped = False
    while True:
        live = unfinished(opener)
        if not live:
            break
        table_id = rng.choice(live)
        now[0] += timedelta(minutes=rng.randrange(1, 4))
        if now[0] >= datetime(2026, 5, 1, 21, 0, tzinfo=UTC) and late_table is None:
            late_table = table_id  # started before the end, ends after it: it still counts
        if not dropped and now[0] >= datetime(2026, 5, 1, 20, 30, tzinfo=UTC):
            await service().drop(tid, Actor(100, 1))
            dropped = True
        await service().table_finished(table_id, opener.play(table_id, rng))  # a new process each time
        tables = await rows(database, TournamentTable, tid)
        busy = {e for t in tables if t.status in ("planned", "playing") for e in t.entrants}
        entrants = await service().entrants(tid)
        free = [e for e in entrants if e.id not in busy and e.dropped_after is None]
        if now[0] < datetime(2026, 5, 1, 21, 0, tzinfo=UTC):
            assert len(free) <= 1, "a finished player was left waiting though another was free"
    await service().recover()
    tournament = await service().get(tid)
    assert tournament.status == "finished" and announcer.ended == 1
    tables = await rows(database, TournamentTable, tid)
    assert len(tables) > 20 and all(t.status == "finished" for t in tables)
    assert late_table in {t.game_table_id for t in tables}
    standings, rule = await service().standings(tid)
    assert "doubled after 2 wins in a row" in rule
    played = {r.entrant: r.played for r in standings}
    counted = {}
    for table in tables:
        for entrant in table.entrants:
            counted[entrant] = counted.get(entrant, 0) + 1
    assert played == {e: counted.get(e, 0) for e in played}  # every table counted, the late one too
    dropper = next(e.id for e in await service().entrants(tid) if e.user_id == 100)
    last_seat = max(t.number for t in tables if dropper in t.entrants)
    assert all(dropper not in t.entrants for t in tables if t.number > last_seat)
    assert len(opener.by_key) == len(tables)  # every table started once
    assert len(unfinished(opener)) == 0
    outcome = Outcome("test", (1, 0), (1, 2))
    opener.ends[999] = TableEnd.of(outcome)
    assert not await service().table_finished(999, outcome)


class InstantOpener(FakeOpener):
    """Tables whose games end as soon as they start (computers with no pause between moves)."""

    async def start_table(self, table_id: int, request: TableRequest) -> None:
        await super().start_table(table_id, request)
        self.play(table_id, random.Random(table_id))


async def test_starting_an_arena_of_computers_returns_after_seating_once(database: Database) -> None:
    """Every table of computers ends while the next ones are being opened: a drive seats the free
    players once and returns (each end drives again), instead of running the whole Arena while the
    organiser's start waits for it."""
    opener = InstantOpener()
    service = TournamentService(database.sessions, opener, clock=lambda: datetime(2026, 5, 1, 20, 0, tzinfo=UTC))
    tid = await new_tournament(service, 0, game_key="gin_rummy", table_size=2, format="arena", round_minutes=60)
    for _ in range(8):
        await service.add_computer(tid, ORGANISER)
    await asyncio.wait_for(service.start(tid, ORGANISER), 20)
    tables = await rows(database, TournamentTable, tid)
    assert len(tables) == 8  # round 1's four tables, and the four its players were seated at when they ended
    await service.recover()  # what the next table end or the periodic check does
    assert len(await rows(database, TournamentTable, tid)) == 12
