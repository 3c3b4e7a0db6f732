"""Tournament benchmark: the time to pair one Swiss round of a big field, and a whole round change.

Run: ``python -m benchmarks.tournaments [--players 512] [--rounds 7]``

Pairing: a Swiss tournament is played with random results; each round's pairing is timed
(two-player tables by maximum-weight matching, and multi-player tables of 3-5). The figure
to watch is the slowest round (aim: under 1 s for 512 players).

Round change: the tournament service over a SQLite file and a table opener that opens
nothing, so the figure is the service's own cost (pairing, writing the round, recording the
tables) for a round of 128 tables.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time

from bot.db import open_database
from bot.tournaments.pairing import History, swiss_round
from bot.tournaments.service import TableEnd, TableRequest, TournamentService


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

    async def open_table(self, request: TableRequest) -> int:
        return self.ids.setdefault(request.key, len(self.ids) + 1)

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
        tournament = await service.create(guild_id=1, channel_id=1, host_id=1, game_key="gin_rummy", rounds=3)
        assert tournament.id is not None
        for user in range(players):
            await service.join(tournament.id, 1000 + user, f"P{user}")
        start = time.perf_counter()
        await service.start(tournament.id)
        first = time.perf_counter() - start
        opener.ended_upto = len(opener.ids)
        start = time.perf_counter()
        await service.drive(tournament.id)  # every table has ended: the round finishes, round 2 is seated
        second = time.perf_counter() - start
        await database.close()
        return first, second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=512)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    for label, sizes, preferred in (("2-player tables", (2,), 2), ("tables of 3-5", (3, 4, 5), 4)):
        for players in (args.players, args.players - 1):
            times = time_pairing(players, args.rounds, sizes, preferred)
            print(
                f"Swiss pairing, {players} players, {label}: slowest round {max(times):.3f} s, "
                f"median {statistics.median(times):.3f} s over {args.rounds} rounds"
            )
    first, second = asyncio.run(time_round_change(256))
    print(
        f"Round change, 256 players (128 tables): start {first:.2f} s; finish round 1 and seat round 2 {second:.2f} s"
    )


if __name__ == "__main__":
    main()
