"""Load run: many tables of every game at once, the real bot in its own process, through the loopback Discord.

Run: ``python -m benchmarks.load --tables 200 [--think 5] [--duration 60] [--games a,b] [--compare REV]``

The bot runs as ``python -m bot`` (a fresh database, the High Card test game added with
PARLOUR_EXTRA_GAMES), pointed at a loopback Discord served by this process. A moderator sets the
server's computer pause to 0 with ``/settings`` (a thread per table, the default; ``--one-channel``:
threads off, every table in one channel). Each table is one scripted person
and as many computers as its game needs, the games dealt round-robin from ``--games``; every table
draws its game's real pictures. People act only on what Discord shows them
(:mod:`benchmarks.load_people`) and ask for a rematch until ``--duration`` is over.

Printed: first answer and "until seen" (the answer, or the edit after a deferral) p50/p99/max,
interactions per second, stalled tables, late answers (refused past Discord's 3 s), REST calls per
move, the bot's CPU milliseconds per interaction (its CPU seconds from /proc/<pid>/stat ÷
interactions) and MiB per open table; and the CPU share of the bot and of this process (the
loopback and the people), so that one can see the benchmark is not measuring itself.

``--compare REV`` (repeatable) checks the git revision REV out into a temporary folder (git
worktree) and runs the same load against it in the same run, one after the other, and prints all
side by side; ``--variant LABEL:SETTING=VALUE,...`` runs this tree with other settings (e.g.
``PICTURE_WORKERS=0``). ``--processes N`` runs N bot processes, one gateway shard and one server
each, on one database (``--database-url`` for PostgreSQL). ``--py-spy FILE`` records the bot
with py-spy during the play. ``--collector`` starts the bot through ``benchmarks/collected_bot.py``
and prints its garbage collector's work during the play: the full collections' count, CPU seconds
and longest pause, the young and middle collections' CPU seconds, and the collector's share of
the bot process's CPU.

The run is in parts: benchmarks/load_run.py (one run: open the tables, play, measure),
load_process.py (the bot processes, their CPU and memory), load_setup.py (servers, games, the
database), load_collector.py (garbage collection), load_report.py (the table printed),
load_people.py (the people) and load_world.py (the loopback and its timings).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os

from benchmarks.load_process import ROOT
from benchmarks.load_report import report
from benchmarks.load_run import DEFAULT_GAMES, Options, run_once
from benchmarks.machine import reference_ms
from benchmarks.revisions import checked_out


async def run(options: Options, compare: list[str], variants: list[tuple[str, dict[str, str]]]) -> None:
    """This tree (or its variants), then each revision to compare, the report printed after each run."""
    results = []
    for label, settings in variants or [("this tree", {})]:
        results.append(await run_once(label, ROOT, options, settings))
        report(options, results)
    for revision in compare:
        with checked_out(revision) as source:
            results.append(await run_once(revision, source, options))
        report(options, results)


def main() -> None:
    logging.getLogger("tests.loopback").setLevel(logging.CRITICAL)  # late answers are counted, not logged
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=0.0, help="a person's mean seconds before each click (0: none)")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play measured")
    parser.add_argument("--games", default=",".join(DEFAULT_GAMES), help="comma-separated game keys, dealt in turn")
    parser.add_argument(
        "--compare", metavar="REV", action="append", default=[], help="also run the same load against this revision"
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="LABEL:NAME=VALUE,...",
        help="run this tree with these settings (repeatable), e.g. threads:PICTURE_WORKERS=0; "
        "the variants replace the plain run of this tree: add 'base:' to keep it",
    )
    parser.add_argument("--processes", type=int, default=1, help="bot processes, one gateway shard (and server) each")
    parser.add_argument("--database-url", help="a PostgreSQL server URL (a fresh database is made per run)")
    parser.add_argument("--open-at-once", type=int, default=50, help="tables being opened at the same time")
    parser.add_argument("--profile", help="write the bot's cProfile stats to this file")
    parser.add_argument("--py-spy", help="record the bot with py-spy during play into this file (collapsed stacks)")
    parser.add_argument(
        "--collector", action="store_true", help="time the bot process's garbage collector (not with --profile)"
    )
    parser.add_argument("--keep-logs", metavar="DIR", help="copy the bot's log of each run into this folder")
    parser.add_argument(
        "--one-channel",
        action="store_true",
        help="every table in one channel, threads off (how figures before 2026-11-23 were measured); "
        "by default each table has its thread, as a server's default settings give",
    )
    args = parser.parse_args()
    options = Options(
        tables=args.tables,
        think=args.think,
        duration=args.duration,
        games=tuple(g.strip() for g in args.games.split(",") if g.strip()),
        database_url=args.database_url,
        open_at_once=args.open_at_once,
        profile=args.profile,
        py_spy=args.py_spy,
        processes=args.processes,
        keep_logs=args.keep_logs,
        one_channel=args.one_channel,
        collector=args.collector,
    )
    if options.collector and options.profile:
        parser.error("--collector and --profile each start the bot their own way: choose one")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(
        f"machine reference: {reference_ms():.1f} ms of CPU for benchmarks.machine's fixed work (compare rounds by it)"
    )
    variants = []
    for variant in args.variant:
        label, _, pairs = variant.partition(":")
        variants.append((label, dict(p.split("=", 1) for p in pairs.split(",") if p)))
    asyncio.run(run(options, args.compare, variants))


if __name__ == "__main__":
    main()
