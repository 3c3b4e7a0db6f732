"""Tournament benchmark: the time to pair one Swiss round of a big field, and a whole round change.

Run: ``python -m benchmarks.tournaments [--players 512] [--rounds 7]``

Pairing: a Swiss tournament is played with random results; each round's pairing is timed
(two-player tables by maximum-weight matching, and multi-player tables of 3-5). The figure
to watch is the slowest round (aim: under 1 s for 512 players).

Round change: the tournament service over a SQLite file and a table opener that opens
nothing, so the figure is the service's own cost (pairing, writing the round, recording the
tables) for a round of 128 tables.

Double elimination: planning every round of a 128-player bracket (pure), then the whole bracket
through the service (each round change: results read, walkovers decided, tables written).
Arena: seating 100 free players (pure), then 100 players for an hour through the service, one
table ending at a time (each end: results read, the free players seated again, tables written).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.actor import Actor
from bot.db import open_database
from bot.tournaments import double_elimination as double
from bot.tournaments.arena import seat_free
from bot.tournaments.models import TournamentStatus
from bot.tournaments.pairing import History, swiss_round
from bot.tournaments.service import TableEnd, TableRequest, TournamentService
from engine.core import Outcome


def time_pairing(players: int, rounds: int, sizes: tuple[int, ...], preferred: int, seed: int = 1) -> list[float]:
    """Seconds to pair each round of a Swiss tournament with random results."""
    rng = random.Random(seed)
    history = History()
    scores = dict.fromkeys(range(1, players + 1), 0)
    times = []
    for number in range(rounds):
        order = sorted(scores, key=lambda p: -scores[p])
        start = time.perf_counter()
        plan = swiss_round(order, table_sizes=sizes, preferred=preferred, history=history, scores=scores, seed=number)
        times.append(time.perf_counter() - start)
        for table in plan.tables:
            history.add_table(table)
            for place, player in enumerate(rng.sample(table, len(table))):
                scores[player] += 3 * (len(table) - place)
        for player in plan.byes:
            history.add_bye(player)
    return times


class NullOpener:
    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        #: Tables up to this id have ended (the round being finished); later ones still play.
        self.ended_upto = 0

    async def create_table(self, request: TableRequest) -> int:
        return self.ids.setdefault(request.key, len(self.ids) + 1)

    async def start_table(self, table_id: int, request: TableRequest) -> None:
        return None

    async def table_end(self, table_id: int) -> TableEnd | None:
        return TableEnd((1, 2), (10, 0)) if table_id <= self.ended_upto else None

    async def finish_with_computers(self, table_id: int) -> None:
        return None


async def time_round_change(players: int) -> tuple[float, float]:
    """Seconds to start round 1, then to finish it and seat round 2 (two-player tables)."""
    with tempfile.TemporaryDirectory() as folder:
        database = await open_database(f"sqlite:///{folder}/bench.db")
        opener = NullOpener()
        service = TournamentService(database.sessions, opener)
        tournament = await service.create(Actor(1, 1, manage_guild=True), channel_id=1, game_key="gin_rummy", rounds=3)
        assert tournament.id is not None
        for user in range(players):
            await service.join(tournament.id, Actor(1000 + user, 1), f"P{user}")
        start = time.perf_counter()
        await service.start(tournament.id, Actor(1, 1, manage_guild=True))
        first = time.perf_counter() - start
        opener.ended_upto = len(opener.ids)
        start = time.perf_counter()
        await service.drive(tournament.id)  # every table has ended: the round finishes, round 2 is seated
        second = time.perf_counter() - start
        await database.close()
        return first, second


def time_double_bracket(players: int, seed: int = 1) -> tuple[list[float], int]:
    """Seconds to plan each round of a double elimination with random results, and the tables played."""
    rng = random.Random(seed)
    seeded = list(range(1, players + 1))
    bracket = double.build(players)
    played: dict[str, list[int]] = {}
    walkovers: dict[str, tuple[int, ...]] = {}
    times = []
    while True:
        start = time.perf_counter()
        plan = double.plan_round(bracket, seeded, played, walkovers)
        times.append(time.perf_counter() - start)
        walkovers.update(plan.walkovers)
        if not plan.tables:
            return times, len(played)
        for match_id, seated in plan.tables:
            played[match_id] = rng.sample(seated, len(seated))


class RandomEnds(NullOpener):
    """Tables that end (up to ``ended_upto``) with a random winner of two."""

    def __init__(self, seed: int = 1) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self.ends: dict[int, TableEnd] = {}

    async def table_end(self, table_id: int) -> TableEnd | None:
        if table_id > self.ended_upto:
            return None
        if table_id not in self.ends:
            won = self.rng.random() < 0.5
            self.ends[table_id] = TableEnd((1, 2), (10, 0)) if won else TableEnd((2, 1), (0, 10))
        return self.ends[table_id]


async def time_double_service(players: int) -> tuple[list[float], int]:
    """Seconds per round change of a double elimination through the service, and the rounds."""
    with tempfile.TemporaryDirectory() as folder:
        database = await open_database(f"sqlite:///{folder}/bench.db")
        opener = RandomEnds()
        service = TournamentService(database.sessions, opener)
        organiser = Actor(1, 1, manage_guild=True)
        tournament = await service.create(organiser, channel_id=1, game_key="gin_rummy", format="double_elimination")
        tid = tournament.id or 0
        for user in range(players):
            await service.join(tid, Actor(1000 + user, 1), f"P{user}")
        times = []
        start = time.perf_counter()
        await service.start(tid, organiser)
        times.append(time.perf_counter() - start)
        while (await service.get(tid)).status != TournamentStatus.FINISHED:
            opener.ended_upto = len(opener.ids)
            start = time.perf_counter()
            await service.drive(tid)
            times.append(time.perf_counter() - start)
        rounds = (await service.get(tid)).current_round
        await database.close()
        return times, rounds


def time_arena_seating(players: int, seed: int = 1) -> float:
    """Seconds to seat ``players`` free players at once (the Arena's start, the worst case)."""
    rng = random.Random(seed)
    scores = {p: rng.randrange(0, 60) for p in range(1, players + 1)}
    last = {p: frozenset({rng.randrange(1, players + 1)}) for p in scores}
    start = time.perf_counter()
    seat_free(list(scores), scores, last, table_sizes=(2,), preferred=2)
    return time.perf_counter() - start


async def time_arena_service(players: int, table_ends: int) -> list[float]:
    """Seconds per table end of an hour-long Arena through the service (the end recorded, the free
    players seated again), ``table_ends`` ends spread over the hour."""
    with tempfile.TemporaryDirectory() as folder:
        database = await open_database(f"sqlite:///{folder}/bench.db")
        now = [datetime(2026, 1, 1, 20, 0, tzinfo=UTC)]
        opener = RandomEnds()
        service = TournamentService(database.sessions, opener, clock=lambda: now[0])
        organiser = Actor(1, 1, manage_guild=True)
        tournament = await service.create(
            organiser, channel_id=1, game_key="gin_rummy", format="arena", round_minutes=60
        )
        tid = tournament.id or 0
        for user in range(players):
            await service.join(tid, Actor(1000 + user, 1), f"P{user}")
        await service.start(tid, organiser)
        rng = random.Random(2)
        ended: set[int] = set()
        times = []
        for _ in range(table_ends):
            live = [t for t in opener.ids.values() if t not in ended]
            table_id = rng.choice(live)
            ended.add(table_id)
            now[0] += timedelta(minutes=55 / table_ends)
            outcome = Outcome("bench", (10, 0), (1, 2)) if rng.random() < 0.5 else Outcome("bench", (0, 10), (2, 1))
            start = time.perf_counter()
            await service.table_finished(table_id, outcome)
            times.append(time.perf_counter() - start)
        await database.close()
        return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=512)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--spacing", type=float, default=0.25, help="seconds between two table posts")
    parser.add_argument("--no-discord", action="store_true", help="skip the round change through the loopback")
    args = parser.parse_args()
    for label, sizes, preferred in (("2-player tables", (2,), 2), ("tables of 3-5", (3, 4, 5), 4)):
        for players in (args.players, args.players - 1):
            times = time_pairing(players, args.rounds, sizes, preferred)
            print(
                f"Swiss pairing, {players} players, {label}: slowest round {max(times):.3f} s, "
                f"median {statistics.median(times):.3f} s over {args.rounds} rounds"
            )
    plans, tables = time_double_bracket(128)
    print(
        f"Double elimination bracket, 128 players: {tables} tables in {len(plans) - 1} rounds, planning a round "
        f"{max(plans) * 1000:.1f} ms at worst, {statistics.median(plans) * 1000:.1f} ms median"
    )
    changes, rounds = asyncio.run(time_double_service(128))
    print(
        f"Double elimination through the service, 128 players ({rounds} rounds): start {changes[0]:.2f} s; "
        f"a round change {max(changes[1:]):.2f} s at worst, {statistics.median(changes[1:]):.2f} s median"
    )
    print(f"Arena seating, 100 free players at once: {time_arena_seating(100) * 1000:.1f} ms")
    ends = asyncio.run(time_arena_service(100, 300))
    print(
        f"Arena through the service, 100 players, 300 table ends in an hour: a table end (recorded, its players "
        f"seated again) {statistics.median(ends) * 1000:.0f} ms median, {max(ends) * 1000:.0f} ms at worst"
    )
    first, second = asyncio.run(time_round_change(256))
    print(
        f"Round change, 256 players (128 tables): start {first:.2f} s; finish round 1 and seat round 2 {second:.2f} s"
    )
    if not args.no_discord:
        figures = asyncio.run(round_change_through_discord(256, args.spacing))
        print(
            f"Through the loopback Discord, 128 tables in threads, {args.spacing} s between posts: "
            f"/tournament start answered in {figures['first answer']:.2f} s, all tables open in "
            f"{figures['all open']:.1f} s; {figures['requests']:.0f} requests, at most {figures['busiest second']:.0f} "
            f"in any second (Discord: 50), at most {figures['threads in 5 s']:.0f} threads made in any 5 s; "
            f"Show my hand on a fresh table answered in {figures['click p50']:.3f} s median, "
            f"{figures['click max']:.3f} s at worst (Discord: 3 s); refused by Discord: {figures['refused']:.0f}"
        )


async def round_change_through_discord(players: int, spacing: float) -> dict[str, float]:
    """Round 1 of a Gin Rummy Swiss of ``players`` people (players / 2 tables, each in a thread) opened by the
    real bot through the loopback Discord, while one player of every table presses Show my hand as soon
    as their table shows it. Figures: how long the opening takes, the busiest second of requests, the
    busiest 5 s of thread creations in the tournament's channel, and how long the clicks waited."""
    from tests.e2e.harness import Parlour
    from tests.loopback.recorder import Event
    from tests.loopback.server import LoopbackDiscord

    server = LoopbackDiscord()
    await server.start()
    stamps: list[tuple[float, Event]] = []
    record = server.recorder.record

    def stamped(kind: str, **fields: object) -> Event:
        event = record(kind, **fields)
        stamps.append((time.perf_counter(), event))
        return event

    server.recorder.record = stamped  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as folder:
        parlour = Parlour(server, Path(folder) / "bench.db")
        bot = await parlour.start()
        await bot.store_adapter.update_settings(server.guild.id, use_threads=True)
        cog = bot.get_cog("Tournaments")
        cog.post_spacing = spacing  # type: ignore[union-attr]
        mod = server.user("mod", manage_guild=True)
        people = [server.user(f"p{n}") for n in range(players)]
        signup = await (await server.slash(mod, "tournament create", game="gin_rummy", rounds=3)).message()
        for person in people:
            await (await server.click(person, signup, label="Join")).answer()
        waits: list[float] = []
        clicked: set[int] = set()
        by_id = {p.id: p for p in people}

        async def click_when_shown() -> None:
            while True:
                for table in list(bot.tables.tables.values()):
                    message = server.recorder.messages.get(table.message_id or 0)
                    if table.id in clicked or message is None or not message.buttons:
                        continue
                    clicked.add(table.id)
                    person = by_id[next(s.user_id for s in table.seats if s.user_id in by_id)]
                    start = time.perf_counter()
                    handle = await server.click(person, message, label="Show my hand")
                    await handle.answer()
                    waits.append(time.perf_counter() - start)
                await asyncio.sleep(0.01)

        clicker = asyncio.create_task(click_when_shown())
        begin = time.perf_counter()
        stamps.clear()
        started = await server.slash(mod, "tournament start")
        await started.answer()
        first_answer = time.perf_counter() - begin
        await started.next("followup", timeout=600)
        opened = time.perf_counter() - begin
        while len(clicked) < players // 2:
            await asyncio.sleep(0.05)
        clicker.cancel()
        times = [t for t, _ in stamps]
        busiest = max(sum(1 for u in times if t <= u < t + 1) for t in times)
        threads = [t for t, e in stamps if e.kind == "thread"]
        thread_burst = max((sum(1 for u in threads if t <= u < t + 5) for t in threads), default=0)
        errors = len(server.recorder.errors)
        await parlour.stop()
    await server.close()
    return {
        "tables": players / 2,
        "requests": len(stamps),
        "first answer": first_answer,
        "all open": opened,
        "busiest second": busiest,
        "threads in 5 s": thread_burst,
        "click p50": statistics.median(waits),
        "click max": max(waits),
        "refused": errors,
    }


if __name__ == "__main__":
    main()
