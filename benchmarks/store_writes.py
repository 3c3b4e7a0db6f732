"""``python -m benchmarks.store_writes``: the CPU a batch of saved moves costs, this tree and others.

A busy bot saves moves in batches (``Store.save_actions``: one transaction, many tables, with
the versions the table messages show). Here ``TABLES`` tables in play, each with a state of
Gin-Go's size, are moved in batches of several sizes, ``ROUNDS`` rounds, and the bot's process
CPU per saved move is printed (median over the rounds), with the wall time per batch. Then the
two writes of a table that are not batched: a game's last move (``Store.save_action`` with its
results, ratings and levels) and a new table message (``Store.update_table``), ``ROUNDS`` each.
Last, what a game's end announces (``Store.table_standing_changes``), read back at the computer's
``ROUNDS``-th game in the server and at its ``LATER_GAME``-th: it read every earlier game of
each player before 0007.

``--compare REV`` (repeatable) runs the same measurement on a git revision checked out into a
temporary folder, in turn with this tree, so both meet the same machine (its other load moves
from second to second). ``--database-url`` measures PostgreSQL instead of a SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import os
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

TABLES = 400
BATCHES = (1, 8, 32)
ROUNDS = 30
#: The later game whose announcement is measured too (it read every earlier game of a player).
LATER_GAME = 1000
#: About the size of a saved Gin-Go state (JSON).
STATE = json.dumps({"cards": list(range(400)), "words": "x" * 2000})


async def timed(write: Callable[[int, int], Awaitable[object]], tables: list[int]) -> tuple[float, float]:
    """Median CPU ms and wall ms of ``write(table, n)`` over ``tables``."""
    cpu, wall = [], []
    for n, t in enumerate(tables):
        started, started_cpu = time.perf_counter(), time.process_time()
        await write(t, n)
        cpu.append((time.process_time() - started_cpu) * 1000)
        wall.append((time.perf_counter() - started) * 1000)
    return statistics.median(cpu), statistics.median(wall)


async def new_table(store: Any) -> int:
    """A table of Alice and a computer, in play."""
    from bot.store import NewTable
    from bot.table import Seat

    row = await store.create_table(
        NewTable(
            guild_id=1,
            channel_id=2,
            parent_channel_id=1,
            game_key="gin_go",
            host_id=3,
            seats=[Seat(3, "Alice"), Seat(None, "Computer 1", computer=True)],
            options={},
            seed=7,
        )
    )
    assert row.id is not None
    await store.start_table(row.id, STATE)
    return int(row.id)


async def measure(database_url: str) -> dict[str, tuple[float, float]]:
    """Per batch size (and per kind of single write): median CPU ms per saved move and median wall
    ms per batch."""
    from bot.db import open_database
    from bot.store import ActionSave, ResultLine, Store

    database = await open_database(database_url)
    store = Store(database.sessions)
    try:
        tables = [await new_table(store) for _ in range(TABLES)]
        version: defaultdict[int, int] = defaultdict(int)
        figures: dict[str, tuple[float, float]] = {}
        for size in BATCHES:
            cpu, wall = [], []
            for round_ in range(ROUNDS):
                start = (round_ * size) % (len(tables) - size)
                batch = tables[start : start + size]
                saves = [
                    ActionSave(t, version[t], STATE, 0, f"pick:{round_}", "player", 3, fresh_json="[0, 0]")
                    for t in batch
                ]
                shown = {t: version[t] for t in batch}
                started, started_cpu = time.perf_counter(), time.process_time()
                answers = await store.save_actions(saves, shown=shown)
                cpu.append((time.process_time() - started_cpu) * 1000 / size)
                wall.append((time.perf_counter() - started) * 1000)
                assert answers == [version[t] + 1 for t in batch], answers
                for t in batch:
                    version[t] += 1
            figures[f"batch of {size}"] = (statistics.median(cpu), statistics.median(wall))
        results = [ResultLine(0, 3, "Alice", False, 1, 10), ResultLine(1, None, "Computer 1", True, 2, 3)]
        one_save = "save" in inspect.signature(store.save_action).parameters  # older trees: its fields one by one

        def last_move(t: int, n: int) -> Awaitable[Any]:
            save = ActionSave(t, version[t], STATE, 0, f"pick:{n}", "player", 3)
            if one_save:
                return store.save_action(save, results=results)
            older: Any = store.save_action
            fields = (save.table_id, save.expected_version, save.new_state_json, save.seat, save.move, save.actor)
            return older(*fields, save.user_id, results=results)

        singles = {
            "game's last move": last_move,
            "table message": lambda t, n: store.update_table(t, message_id=10_000 + n),
        }
        for (label, write), some in zip(singles.items(), (tables[:ROUNDS], tables[ROUNDS : 2 * ROUNDS]), strict=True):
            figures[label] = await timed(write, some)
        # What a game's end announces, read back: the computer has played every game so far.
        announce = store.table_standing_changes
        figures[f"announcement, game {ROUNDS}"] = await timed(lambda t, n: announce(t), tables[:ROUNDS])
        while len(tables) < LATER_GAME:
            tables.append(await new_table(store))
        later = tables[2 * ROUNDS : LATER_GAME]
        for n, t in enumerate(later):
            await singles["game's last move"](t, n)
        figures[f"announcement, game {len(later) + ROUNDS:,}"] = await timed(lambda t, n: announce(t), later[-ROUNDS:])
        return figures
    finally:
        store.close()
        await database.close()


def run_in(source: Path, database_url: str | None) -> dict[str, tuple[float, float]]:
    """One measurement of the code in ``source``, in a process of its own (a fresh database)."""
    from benchmarks.revisions import run_inner  # here: the inner run may be an older tree

    with tempfile.TemporaryDirectory() as folder:
        url = database_url or f"sqlite:///{folder}/parlour.db"
        if database_url:
            url = fresh_postgres(database_url)
        found = run_inner(__file__, source, url)
    return {label: (cpu, wall) for label, (cpu, wall) in found.items()}


def fresh_postgres(base_url: str) -> str:
    """A new empty database on the PostgreSQL server of ``base_url``."""
    import asyncpg
    from sqlalchemy.engine import make_url

    url = make_url(base_url)
    name = f"parlour_writes_{os.getpid()}_{time.monotonic_ns()}"

    async def create() -> None:
        connection = await asyncpg.connect(
            user=url.username, host=url.host, port=url.port, database=url.database, password=url.password
        )
        try:
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()

    asyncio.run(create())
    return url.set(database=name).render_as_string(hide_password=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", action="append", default=[], metavar="REV")
    parser.add_argument("--database-url", help="a PostgreSQL server (postgresql+asyncpg://…)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tree, interleaved")
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        print(json.dumps(asyncio.run(measure(args.inner))))
        return
    from benchmarks.revisions import trees as checked_out_trees  # here: the inner run may be an older tree

    with checked_out_trees(args.compare) as trees:
        runs: dict[str, list[dict[str, tuple[float, float]]]] = {label: [] for label in trees}
        for _ in range(args.repeat):
            for label, source in trees.items():
                runs[label].append(run_in(source, args.database_url))
    backend = "PostgreSQL" if args.database_url else "SQLite file"
    print(f"Store writes on {backend}, {TABLES} tables, medians of {args.repeat} runs × {ROUNDS} writes")
    print(f"{'':>24}" + "".join(f"{label:>28}" for label in trees))
    for row in runs[next(iter(trees))][0]:  # every line, in the order measured
        cells = []
        for label in trees:
            cpu = statistics.median(run[row][0] for run in runs[label])
            wall = statistics.median(run[row][1] for run in runs[label])
            cells.append(f"{cpu:6.2f} ms CPU/move {wall:6.1f} ms")
        print(f"{row:>24}" + "".join(f"{cell:>28}" for cell in cells))


if __name__ == "__main__":
    main()
