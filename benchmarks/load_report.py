"""The report of a load run: one row per figure, one column per run (this tree, variants, revisions)."""

from __future__ import annotations

import os
import statistics
import sys
from collections.abc import Callable

from benchmarks.load_collector import Collections
from benchmarks.load_run import DEADLINE_MS, Options, RunResult


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.0f} / {percentile(values, 0.99):.0f} / {max(values):.0f}"


ROWS: list[tuple[str, Callable[[RunResult], str]]] = [
    ("games (tables each)", lambda r: ", ".join(f"{g} {n}" for g, n in r.games.items())),
    ("tables that failed to open", lambda r: str(r.not_opened)),
    ("open: first answer p50/p99/max ms", lambda r: spread(r.setup.all_answers())),
    ("Show my hand: first answer", lambda r: spread(r.play.answers["hand"])),
    ("move: first answer", lambda r: spread(r.play.answers["move"])),
    ("every click: first answer", lambda r: spread(r.play.all_answers())),
    ("every click: until seen", lambda r: spread(r.play.seen)),
    ("  until seen p99 per 10 s of play", lambda r: _seen_by_window(r)),
    ("their turn again seen, after their move", lambda r: spread(r.play.turn_back)),
    (
        "table message: next edit after a move ms",
        lambda r: f"{spread(r.table_lags)} ({r.table_unshown} never edited after: choices built in private)",
    ),
    ("interactions/s", lambda r: f"{r.interactions / r.played_s:.0f} ({r.interactions} in {r.played_s:.0f} s)"),
    ("  of which Show my hand", lambda r: str(len(r.play.answers["hand"]))),
    ("moves/s (all; people's)", lambda r: f"{(r.moves or 0) / r.played_s:.0f}; {r.person_moves / r.played_s:.0f}"),
    ("games finished", lambda r: str(r.games_finished)),
    ("stalled tables", lambda r: str(len(r.stalled))),
    ("late answers (past 3 s)", lambda r: f"{r.late} late, {r.unanswered} never answered"),
    ("clicks that failed (clicked again)", lambda r: str(r.play.failed)),
    ("first answers over 3 s", lambda r: str(sum(1 for t in r.play.all_answers() if t > DEADLINE_MS))),
    ("refused picks (random people)", lambda r: str(r.play.refused)),
    (
        "REST calls per move (all; people's)",
        lambda r: f"{r.rest_calls / max(1, r.moves or 0):.2f}; {r.rest_calls / max(1, r.person_moves):.2f}",
    ),
    ("  per person's move, by kind", lambda r: _rest_kinds(r)),
    ("bot CPU ms per interaction", lambda r: f"{1000 * r.bot_cpu_s / max(1, r.interactions):.1f}"),
    (
        "  bot process; picture workers",
        lambda r: (
            f"{1000 * r.bot_main_cpu_s / max(1, r.interactions):.1f}; "
            f"{1000 * (r.bot_cpu_s - r.bot_main_cpu_s) / max(1, r.interactions):.1f}"
        ),
    ),
    (
        "bot CPU ms per move (process; workers)",
        lambda r: (
            f"{1000 * r.bot_cpu_s / max(1, r.moves or 0):.1f} ({1000 * r.bot_main_cpu_s / max(1, r.moves or 0):.1f}; "
            f"{1000 * (r.bot_cpu_s - r.bot_main_cpu_s) / max(1, r.moves or 0):.1f})"
        ),
    ),
    ("bot CPU share of a core", lambda r: f"{100 * r.bot_cpu_s / r.played_s:.0f}%"),
    ("loopback + people CPU share", lambda r: f"{100 * r.driver_cpu_s / r.played_s:.0f}%"),
    ("  its growth, no collector during the play", lambda r: f"{r.driver_grown_mib:.0f} MiB"),
    ("MiB per open table", lambda r: f"{(r.rss_open_mib - r.rss_before_mib) / max(1, r.tables):.3f}"),
    (
        "bot memory: start, open, end (peak) MiB",
        lambda r: f"{r.rss_before_mib:.0f}, {r.rss_open_mib:.0f}, {r.rss_end_mib:.0f} ({r.peak_mib:.0f})",
    ),
    ("collector: full (count, CPU s, median/longest ms)", lambda r: _full_collections(r.collector)),
    ("  young and middle: CPU s; share of process", lambda r: _young_collections(r)),
    ("  oldest generation at the end: objects", lambda r: _oldest(r.collector)),
    ("  freed in cycles: young; middle; full", lambda r: _freed(r.collector)),
    ("  one full collection's garbage (halfway)", lambda r: _garbage(r.collector)),
]


def _full_collections(collected: Collections | None) -> str:
    if collected is None:
        return "- (--collector)"
    pauses = collected.full_pauses or [0.0]
    median, longest = 1000 * statistics.median(pauses), 1000 * max(pauses)
    return f"{collected.counts[2]}, {collected.cpu_seconds[2]:.2f}, {median:.0f}/{longest:.0f}"


def _seen_by_window(r: RunResult, window: float = 10.0) -> str:
    """Whether the slowest clicks come all through the play or in a burst."""
    by_window: dict[int, list[float]] = {}
    for at, seen in zip(r.play.at, r.play.seen, strict=True):
        by_window.setdefault(int((at - r.play_started) // window), []).append(seen)
    return " ".join(f"{percentile(values, 0.99):.0f}" for _, values in sorted(by_window.items()))


def _rest_kinds(r: RunResult) -> str:
    moves = max(1, r.person_moves)
    return ", ".join(f"{kind} {count / moves:.2f}" for kind, count in r.rest_kinds.most_common())


def _freed(collected: Collections | None) -> str:
    if collected is None:
        return "-"
    return "; ".join(f"{n:,}" for n in collected.freed)


def _garbage(collected: Collections | None) -> str:
    if collected is None or not collected.garbage_types:
        return "-"
    listed = ", ".join(f"{name} {count:,}" for name, count in collected.garbage_types)
    return f"{collected.garbage:,} ({listed})"


def _oldest(collected: Collections | None) -> str:
    if collected is None or not collected.oldest:
        return "-"
    return f"{collected.oldest:,} (" + ", ".join(f"{name} {count:,}" for name, count in collected.oldest_types) + ")"


def _young_collections(r: RunResult) -> str:
    if r.collector is None:
        return "-"
    young, share = sum(r.collector.cpu_seconds[:2]), sum(r.collector.cpu_seconds) / max(r.bot_main_cpu_s, 1e-9)
    return f"{young:.2f}; {100 * share:.0f}%"


def report(options: Options, results: list[RunResult]) -> None:
    pace = f"thinking {options.think:g} s (0.5-1.5x) before each click" if options.think else "clicking at once"
    print(f"\n== {options.tables} tables, 1 person + computers each, {pace}, {options.duration:g} s of play")
    if options.processes > 1:
        print(f"   {options.processes} bot processes, one shard and one server each (CPU and memory: their sum)")
    width = max(len(name) for name, _ in ROWS) + 2
    columns = [max(24, len(r.label) + 2) for r in results]
    print(" " * width + "".join(r.label.ljust(c) for r, c in zip(results, columns, strict=True)))
    for name, cell in ROWS:
        values = [cell(r) for r in results]
        columns = [max(c, len(v) + 2) for c, v in zip(columns, values, strict=True)]
        print(name.ljust(width) + "".join(v.ljust(c) for v, c in zip(values, columns, strict=True)))
    for r in results:
        for example in r.stalled[:3]:
            print(f"   {r.label}: stalled {example}")
        if r.log_tail:
            print(f"   {r.label}: the bot logged a traceback:\n{r.log_tail}", file=sys.stderr)
    print(f"   load average now {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
