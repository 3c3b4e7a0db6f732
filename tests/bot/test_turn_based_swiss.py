"""A week-long turn-based Swiss, one round a day, over the real table, turn and tournament services
and the database, with an injected clock: each round's tables play at the tournament's pace, people
answer slowly, the round closes at its deadline with unfinished tables finished by the computer
(the tournament's rule), the next round opens, and everyone is told it is their turn."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta

from sqlmodel import select

from bot.actor import Actor
from bot.clock_store import ClockStore
from bot.db import Database
from bot.pace import PACES
from bot.store import Store
from bot.table_store import TableStoreAdapter
from bot.tables import Table, TableService
from bot.tournaments.models import TournamentRound
from bot.tournaments.service import TableRequest, TournamentService
from bot.tournaments.tables_adapter import TableServiceOpener
from bot.turns import TurnService
from engine.core import Outcome
from tests.bot.test_turns import Clock, Notices

PLAYERS = [(101 + n, f"Player {n}") for n in range(6)]


async def test_a_one_round_a_day_swiss_over_a_week_closes_each_round_at_its_deadline(
    store: Store, database: Database
) -> None:
    clock, notices = Clock(), Notices()
    adapter = TableStoreAdapter(store)
    await adapter.update_settings(1, computer_pause_ms=0)
    tables = TableService(adapter, clock=clock)
    turns = TurnService(tables, ClockStore(store.sessions), notifier=notices)
    channels = iter(range(500, 600))

    async def make_channel(request: TableRequest) -> int:
        return next(channels)

    async def post(table: Table, request: TableRequest) -> None:
        table.message_id = 9000 + table.id

    async def show(table: Table) -> None: ...

    opener = TableServiceOpener(tables, make_channel, post, show)
    tournaments = TournamentService(database.sessions, opener, clock=clock)
    ends: list[asyncio.Task[bool]] = []

    def ended(table: Table, outcome: Outcome | None) -> None:
        ends.append(asyncio.get_running_loop().create_task(tournaments.table_finished(table.id, outcome)))

    tables.on_end = ended
    tournament = await tournaments.create(
        Actor(10, 1, manage_guild=True), channel_id=2, game_key="gin_rummy", rounds=7, round_minutes=24 * 60
    )
    assert tournament.id is not None
    await turns.set_tournament_pace(tournament.id, "12h", "move")
    for user_id, name in PLAYERS:
        await tournaments.join(tournament.id, Actor(user_id, 1), name)
    start = clock.now
    await tournaments.start(tournament.id, Actor(10, 1, manage_guild=True))
    await tournaments.drive(tournament.id)
    rng = random.Random(7)

    async def settle() -> None:
        for _ in range(50):
            busy = [t for t in [*tables._computer_tasks.values(), *ends] if not t.done()]
            await turns.settle()
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    seen_rounds: list[int] = []
    for day in range(8):
        current = await tournaments.get(tournament.id)
        if current.status in ("final", "finished"):
            break
        seen_rounds.append(current.current_round)
        playing = [t for t in tables.tables.values() if t.status == "playing"]
        assert len(playing) == 3, f"day {day}: {len(playing)} tables"
        for table in playing:
            assert table.clocks is not None and table.clocks.pace is PACES["12h"]
            assert table.clocks.tournament_id == tournament.id
            for seat in table.waiting_people():  # told it is their turn
                assert any(who == table.seats[seat].user_id for _, who, _ in notices.said)
        for hour in range(0, 24, 3):  # people drop in every few hours and make a move or two
            clock.now = start + timedelta(days=day, hours=hour)
            for table in [t for t in tables.tables.values() if t.status == "playing"]:
                for seat in table.waiting_people():
                    if rng.random() < 0.5:
                        move = table.game.computer_player(table.version).choose(table.view(seat))
                        await tables.act(
                            table.id, Actor(table.seats[seat].user_id or 0, table.guild_id), table.version, move.text()
                        )
            await turns.tick()
            await settle()
        clock.now = start + timedelta(days=day + 1, minutes=1)  # the round's deadline has passed
        await turns.tick()
        await tournaments.tick()
        await settle()
        await tournaments.drive(tournament.id)
        await settle()

    finished = await tournaments.get(tournament.id)
    assert finished.status in ("final", "finished") and seen_rounds == [1, 2, 3, 4, 5, 6, 7]
    assert clock.now <= start + timedelta(days=7, minutes=1)  # a round a day: done within the week
    async with database.sessions() as session:
        rounds = (await session.exec(select(TournamentRound).where(TournamentRound.tournament_id == finished.id))).all()
    assert len(rounds) == 7 and all(r.status == "finished" for r in rounds)
    settled = [text for kind, _, text in notices.said if kind == "say" and "deadline has passed" in text]
    assert settled, "no table needed the deadline: the test did not test it"
    await tables.shutdown()
