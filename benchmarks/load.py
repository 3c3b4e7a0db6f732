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
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.load_people import Failed, Person, open_table
from benchmarks.load_world import LoadLoopback, Timings, World, now, table_lag
from benchmarks.machine import reference_ms
from benchmarks.revisions import checked_out
from tests.loopback.models import GuildSpec
from tests.loopback.server import LoopbackDiscord, shard_of

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_GAMES = ("highcard", "gin_rummy", "nin_jan", "tet_gow", "gin_go", "gin_jon_tan")
#: Discord's deadline for the first answer to an interaction.
DEADLINE_MS = 3000.0
#: Seconds the people may take to finish the clicks under way when the run's time is up.
GRACE_S = 10.0
#: Moves made this close to the end are left out of the table message's lag (its edit may come later).
TABLE_LAG_WINDOW = 15.0


@dataclass
class Options:
    tables: int
    think: float
    duration: float
    games: tuple[str, ...]
    database_url: str | None
    open_at_once: int
    profile: str | None = None
    #: Record the bot with py-spy over the play phase into this file (collapsed stacks).
    py_spy: str | None = None
    #: Bot processes, each serving one gateway shard (its own server) of the one database.
    processes: int = 1
    #: Copy the bot's log of each run into this folder (with --variant …:LOG_LEVEL=INFO, to read a stall).
    keep_logs: str | None = None
    #: Every table in one channel (threads off), as the figures before 2026-11-23 were measured.
    one_channel: bool = False
    #: Time the bot process's garbage collector (benchmarks/collected_bot.py) and print it.
    collector: bool = False


@dataclass
class RunResult:
    label: str
    tables: int
    games: dict[str, int]
    played_s: float
    setup: Timings
    play: Timings
    person_moves: int
    moves: int | None
    games_finished: int
    stalled: list[str]
    late: int
    unanswered: int
    rest_calls: int
    #: REST calls by kind (benchmarks.load_world.rest_kind).
    rest_kinds: Counter[str]
    bot_cpu_s: float
    #: The bot's own process alone (without its picture workers).
    bot_main_cpu_s: float
    driver_cpu_s: float
    #: How much this process grew during the play, its collector off (:class:`QuietDriver`).
    driver_grown_mib: float
    #: When the play started (perf_counter, as Timings.at).
    play_started: float
    rss_before_mib: float
    rss_open_mib: float
    rss_end_mib: float
    peak_mib: float
    log_tail: str = ""
    #: Tables whose opening failed even after clicking again (left out of the play).
    not_opened: int = 0
    extra: dict[str, float] = field(default_factory=dict)
    #: The bot processes' collections during play (--collector): counts and CPU seconds per
    #: generation, and the longest pause of a full collection in seconds.
    collector: Collections | None = None
    #: Milliseconds from a person's move to the next edit of its table message (moves made up to
    #: :data:`TABLE_LAG_WINDOW` before the end), and how many of those moves it had not shown by the end.
    table_lags: list[float] = field(default_factory=list)
    table_unshown: int = 0

    @property
    def interactions(self) -> int:
        return len(self.play.all_answers())


@dataclass
class Collections:
    """What the garbage collector of the bot processes did between two snapshots of collected_bot.py."""

    counts: list[int]
    cpu_seconds: list[float]
    #: Each full collection's pause (wall seconds).
    full_pauses: list[float]
    #: What the oldest generation held at the end of the play (summed over the bot processes): the
    #: objects each full collection walks, and the most common types with their counts.
    oldest: int = 0
    oldest_types: list[tuple[str, int]] = field(default_factory=list)
    #: Objects each generation's collections freed (they died in reference cycles).
    freed: list[int] = field(default_factory=lambda: [0, 0, 0])
    #: What one full collection halfway through the play freed: objects, and the most common types.
    garbage: int = 0
    garbage_types: list[tuple[str, int]] = field(default_factory=list)

    @classmethod
    def between(
        cls, before: list[dict], after: list[dict], censuses: Sequence[dict] = (), garbage: Sequence[dict] = ()
    ) -> Collections:
        counts, cpu, pauses, freed = [0, 0, 0], [0.0, 0.0, 0.0], [], [0, 0, 0]
        for first, last in zip(before, after, strict=True):
            for generation in range(3):
                counts[generation] += last["counts"][generation] - first["counts"][generation]
                cpu[generation] += last["cpu_seconds"][generation] - first["cpu_seconds"][generation]
                freed[generation] += last.get("freed", [0] * 3)[generation] - first.get("freed", [0] * 3)[generation]
            pauses += [pause for at, pause in last["full_pauses"] if at > first["time"]]
        types: Counter[str] = Counter()
        for census in censuses:
            types.update(dict(census["types"]))
        garbage_types: Counter[str] = Counter()
        for listed in garbage:
            garbage_types.update(dict(listed["types"]))
        return cls(
            counts,
            cpu,
            pauses,
            sum(c["objects"] for c in censuses),
            types.most_common(5),
            freed,
            sum(g["objects"] for g in garbage),
            garbage_types.most_common(8),
        )


class QuietDriver:
    """This process (the loopback Discord and the people) collects no garbage during the play.

    Its full collections, walking everything the loopback recorded, stopped it for up to 1.1 s at
    1,000 tables (7 a minute). The loopback times a click's answer when it reads it, so each pause
    was charged to the bot it measures, and more to the later runs of one benchmark (a bigger heap
    by then). What the play leaves in cycles waits for the end of the play (printed: the growth)."""

    #: How much this process grew while it did not collect (MiB).
    grown_mib = 0.0

    def __enter__(self) -> QuietDriver:
        gc.collect()
        gc.freeze()  # what the tables' opening made is never walked again
        gc.disable()
        self._rss = memory_of(os.getpid())[1]
        return self

    def __exit__(self, *_: object) -> None:
        self.grown_mib = memory_of(os.getpid())[1] - self._rss
        gc.enable()
        gc.unfreeze()
        gc.collect()


def ask_collected_bots(pids: list[int], files: list[Path], suffix: str, asked: signal.Signals) -> None:
    """Send ``asked`` to each bot process (collected_bot.py), which answers in its file + ``suffix``."""
    for file in files:
        Path(f"{file}{suffix}").unlink(missing_ok=True)
    for pid in pids:
        os.kill(pid, asked)


async def collector_census(pids: list[int], files: list[Path]) -> list[dict]:
    """What the oldest generation of each bot process holds now (SIGUSR1 to collected_bot.py)."""
    ask_collected_bots(pids, files, ".census", signal.SIGUSR1)
    censuses = []
    for file in files:
        census = Path(f"{file}.census")
        for _ in range(100):
            if census.exists():
                censuses.append(json.loads(census.read_text()))
                break
            await asyncio.sleep(0.1)
    return censuses


def garbage_listed(files: list[Path]) -> list[dict]:
    """The garbage lists the bot processes wrote (none where no full collection came since asked)."""
    listed = [Path(f"{file}.garbage") for file in files]
    return [json.loads(file.read_text()) for file in listed if file.exists()]


def collector_snapshots(files: list[Path]) -> list[dict]:
    """The latest snapshot of each bot process's collector (benchmarks/collected_bot.py)."""
    return [json.loads(file.read_text()) for file in files]


# -- the bot process ---------------------------------------------------------------------------
def memory_of(pid: int) -> tuple[float, float]:
    """(peak, current) resident memory of a process in MiB, from /proc."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value.strip()
    return int(fields["VmHWM"].split()[0]) / 1024, int(fields["VmRSS"].split()[0]) / 1024


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and its waited-for children (from /proc/<pid>/stat)."""
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in stat[11:15]) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The live child processes of a process, started by any of its threads (the picture workers
    are started by the threads that feed them)."""
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                found += [int(child) for child in (task / "children").read_text().split()]
    return found


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds of a process and its live child processes (its picture workers, if it has them)."""
    total = cpu_seconds(pid)
    for child in children(pid):
        with contextlib.suppress(OSError):
            total += tree_cpu_seconds(child)
    return total


def tree_memory(pid: int) -> float:
    """Resident memory (MiB) of a process and its live children."""
    total = memory_of(pid)[1]
    for child in children(pid):
        with contextlib.suppress(OSError):
            total += tree_memory(child)
    return total


async def start_bot(
    server: LoopbackDiscord,
    source: Path,
    folder: Path,
    database_url: str,
    profile: str | None,
    settings: dict[str, str] | None = None,
    shard: tuple[int, int] | None = None,
    collector: Path | None = None,
) -> asyncio.subprocess.Process:
    """Start ``python -m bot`` (serving ``shard`` = (id, count) of the bot's shards, if given) and wait
    until it has connected to the gateway with its commands synced."""
    env = {
        **os.environ,
        "PYTHONPATH": str(source),
        "DISCORD_TOKEN": server.token,
        "DISCORD_API_URL": server.api_url,
        "DISCORD_GATEWAY_URL": server.gateway_url,
        "DATABASE_URL": database_url,
        "DEV_GUILD_ID": str(server.guild.id),
        "PARLOUR_EXTRA_GAMES": "tests.testgame",
        "COMPUTER_PAUSE_MS": "0",
        "LOG_LEVEL": "WARNING",
        **(settings or {}),
    }
    if shard is not None:  # commands are then synced globally, by the process of shard 0
        env.update(SHARD_IDS=str(shard[0]), SHARD_COUNT=str(shard[1]), DEV_GUILD_ID="")
    command = [sys.executable, "-m", "bot"]
    if profile:  # the benchmark's own hook: the same bot, under cProfile, stats written at exit
        command = [sys.executable, "-m", "benchmarks.profiled_bot", profile]
        env["PYTHONPATH"] = f"{source}{os.pathsep}{ROOT}"
    elif collector is not None:  # this tree's script, starting the bot of ``source`` (see collected_bot.py)
        command = [sys.executable, str(ROOT / "benchmarks" / "collected_bot.py"), str(collector)]
    sessions = len(server.gateway.sessions)
    with open(folder / f"bot-{shard[0] if shard else 0}.log", "w") as log:
        process = await asyncio.create_subprocess_exec(*command, cwd=folder, env=env, stderr=log)
    scope = None if shard else server.guild.id
    await server.recorder.wait_for(lambda: server.commands.get(scope) or None, timeout=120)
    await server.recorder.wait_for(lambda: len(server.gateway.sessions) > sessions, timeout=60)
    return process


async def set_up_server(server: LoopbackDiscord, guild: GuildSpec, *, threads: bool = True) -> None:
    """A moderator sets the benchmark's settings the way a person would: /settings.

    With ``threads`` (a server's default) each table gets a thread of its own. Without, every
    table's message is in one channel: discord.py then sends one request at a time per channel
    (the loopback sends no rate-limit headers; real Discord would allow even fewer edits), so the
    table messages queue behind each other's edits."""
    admin = server.user("admin", manage_guild=True, guild=guild)
    synced = {c["name"] for c in server.commands.get(guild.id, []) + server.commands.get(None, [])}
    command = "settings" if "settings" in synced else "parlour settings"  # older revisions: a group
    channel = server.channel("general", guild)
    handle = await server.slash(admin, command, channel=channel, threads=threads, computer_pause_ms=0)
    message = await handle.message(timeout=30)
    assert "Saved" in message.content and "0 ms" in message.content, message.content


def offered_games(server: LoopbackDiscord) -> list[str]:
    """The games /play offers (its choices, as synced to Discord)."""
    for command in server.commands.get(server.guild.id, []) + server.commands.get(None, []):
        if command["name"] == "play":
            for option in command.get("options") or []:
                if option["name"] == "game":
                    return [c["value"] for c in option.get("choices") or []]
    return []


def players_needed(game: str) -> int:
    """The fewest players a game is dealt for (High Card and every real game: from the registry)."""
    from engine import registry

    with contextlib.suppress(KeyError):
        found = registry.get(game)
        return min(found.player_counts or (found.min_players,))
    return 2


async def count_moves(database_url: str) -> int | None:
    """Moves saved so far (every seat's, computers' too), read from the bot's database."""
    with contextlib.suppress(Exception):
        if database_url.startswith("sqlite"):
            import sqlite3

            path = database_url.split("///", 1)[1]
            with contextlib.closing(sqlite3.connect(path)) as connection:
                return int(connection.execute("SELECT count(*) FROM table_actions").fetchone()[0])
        import asyncpg

        connection = await asyncpg.connect(database_url.replace("+asyncpg", ""))
        try:
            return int(await connection.fetchval("SELECT count(*) FROM table_actions"))
        finally:
            await connection.close()
    return None


@contextlib.asynccontextmanager
async def fresh_database(base_url: str | None, folder: Path):
    """A new empty database for one run: a SQLite file, or a new PostgreSQL database dropped afterwards."""
    if not base_url:
        yield f"sqlite+aiosqlite:///{folder / 'load.db'}"
        return
    import asyncpg

    plain = base_url.replace("+asyncpg", "")
    name = f"parlour_load_{os.getpid()}_{random.randrange(1 << 30)}"
    admin = await asyncpg.connect(plain)
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield plain.rsplit("/", 1)[0] + f"/{name}"
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


# -- one run -----------------------------------------------------------------------------------
def one_guild_per_shard(server: LoopbackDiscord, shards: int) -> list[GuildSpec]:
    """Servers for the tables: the loopback's own, or with several shards one server in each."""
    if shards == 1:
        return [server.guild]
    server.shard_count = shards
    by_shard = {shard_of(server.guild.id, shards): server.guild}
    while len(by_shard) < shards:
        guild = server.add_guild(f"Server {len(server.guilds)}")
        if shard_of(guild.id, shards) in by_shard:
            server.guilds.remove(guild)
        else:
            by_shard[shard_of(guild.id, shards)] = guild
    return [by_shard[s] for s in range(shards)]


async def run_once(label: str, source: Path, options: Options, settings: dict[str, str] | None = None) -> RunResult:
    server = LoadLoopback(answer_deadline=DEADLINE_MS / 1000)
    await server.start()
    world = World(server)
    guilds = one_guild_per_shard(server, options.processes)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        async with fresh_database(options.database_url, folder) as database_url:
            processes = []
            try:
                timed = [folder / f"collector-{shard}.json" for shard in range(options.processes)]
                for shard in range(options.processes):  # one after the other: the first migrates the database
                    sharded = (shard, options.processes) if options.processes > 1 else None
                    processes.append(
                        await start_bot(
                            server,
                            source,
                            folder,
                            database_url,
                            options.profile,
                            settings,
                            sharded,
                            timed[shard] if options.collector else None,
                        )
                    )
                pids = [p.pid for p in processes]
                result = await _load(
                    label, server, world, pids, guilds, database_url, options, timed if options.collector else []
                )
            except Exception:  # the bot's own log says what went wrong (it may have ended by itself)
                log = "".join(log.read_text() for log in sorted(folder.glob("bot-*.log")))
                print(f"The run of {label} failed; the end of the bot's log:\n{log[-3000:]}", file=sys.stderr)
                raise
            finally:
                for process in processes:
                    with contextlib.suppress(ProcessLookupError):  # it ended by itself
                        process.terminate()
                for process in processes:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(process.wait(), 60)
                    if process.returncode is None:
                        process.kill()
        log = "".join(log.read_text() for log in sorted(folder.glob("bot-*.log")))
        if options.keep_logs:
            kept = Path(options.keep_logs)
            kept.mkdir(parents=True, exist_ok=True)
            (kept / f"{label.replace(' ', '_')}.log").write_text(log)
    await server.close()
    if "Traceback" in log:
        result.log_tail = log[-3000:]
    return result


def _sum(measure: Callable[[int], float], pids: list[int]) -> float:
    return sum(measure(pid) for pid in pids)


def _rss(pid: int) -> float:
    return memory_of(pid)[1]


def _peak(pid: int) -> float:
    return memory_of(pid)[0]


async def _load(
    label: str,
    server: LoadLoopback,
    world: World,
    pids: list[int],
    guilds: list[GuildSpec],
    database_url: str,
    options: Options,
    collector_files: list[Path],
) -> RunResult:
    for guild in guilds:
        await set_up_server(server, guild, threads=not options.one_channel)
    offered = offered_games(server)
    games = [g for g in options.games if g in offered] or offered[:1]
    rss_before = _sum(_rss, pids)
    places = [guilds[i % len(guilds)] for i in range(options.tables)]
    hosts = [server.user(f"player{i}", guild=guild) for i, guild in enumerate(places)]
    mix = [games[i % len(games)] for i in range(options.tables)]
    setup = Timings()
    gate = asyncio.Semaphore(options.open_at_once)

    async def opened(host, game, guild):
        async with gate:
            channel = server.channel("general", guild)
            try:
                return await open_table(world, host, game, players_needed(game), setup, channel)
            except (Failed, TimeoutError):
                return None  # the bot never opened it: counted, and left out of the play

    opened_ids = await asyncio.gather(*(opened(h, g, p) for h, g, p in zip(hosts, mix, places, strict=True)))
    not_opened = sum(1 for table in opened_ids if table is None)
    hosts, ids = [h for h, t in zip(hosts, opened_ids, strict=True) if t], [t for t in opened_ids if t]
    await asyncio.sleep(1.0)
    rss_open = _sum(_rss, pids)

    play = Timings()
    people = [
        Person(world, host, table, play, options.think, seed=i)
        for i, (host, table) in enumerate(zip(hosts, ids, strict=True))
    ]
    moves_before = await count_moves(database_url)
    late_before = server.late_answers()
    rest_before, driver_cpu, started = server.rest_calls, time.process_time(), now()
    kinds_before = Counter(server.rest_kinds)
    bot_cpu, main_cpu = _sum(tree_cpu_seconds, pids), _sum(cpu_seconds, pids)
    collected_before = collector_snapshots(collector_files)
    until = started + options.duration
    with QuietDriver() as quiet:
        tasks = [asyncio.create_task(p.play(until)) for p in people]
        spy = None
        if options.py_spy:
            spy = await asyncio.create_subprocess_exec(
                "py-spy",
                "record",
                "-p",
                str(pids[0]),
                "-d",
                str(int(options.duration)),
                "-r",
                "50",
                "-f",
                "raw",
                "-o",
                options.py_spy,
                "-s",
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
            )
        if collector_files:  # halfway: what dies in cycles while people play
            await asyncio.wait(tasks, timeout=options.duration / 2)
            ask_collected_bots(pids, collector_files, ".garbage", signal.SIGUSR2)  # what the next full one frees
        await asyncio.wait(tasks, timeout=max(0.0, until - now()))
        grace = now() + GRACE_S  # the clicks under way are seen through (their timings count)
        while any(p.clicking for p in people) and now() < grace:
            await asyncio.sleep(0.05)
        played = now() - started
    #: Clicks made after this (people not yet stopped) are not measured: still unanswered at the
    #: count, they would pass for "never answered".
    play_ended = server.clock.now()
    lags, unshown = table_lag(world, play, made_before=now() - TABLE_LAG_WINDOW)
    if spy is not None:
        await spy.wait()
    bot_cpu = _sum(tree_cpu_seconds, pids) - bot_cpu
    main_cpu = _sum(cpu_seconds, pids) - main_cpu
    collections = None
    if collector_files:
        await asyncio.sleep(1.1)  # a snapshot taken after the play
        censuses = await collector_census(pids, collector_files)
        collections = Collections.between(
            collected_before, collector_snapshots(collector_files), censuses, garbage_listed(collector_files)
        )
    driver_cpu = time.process_time() - driver_cpu
    rest_calls = server.rest_calls - rest_before
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    moves_after = await count_moves(database_url)
    peak, rss_end = _sum(_peak, pids), _sum(_rss, pids)
    return RunResult(
        not_opened=not_opened,
        label=label,
        tables=options.tables,
        games={g: mix.count(g) for g in games},
        played_s=played,
        setup=setup,
        play=play,
        person_moves=sum(p.moves for p in people),
        moves=None if moves_before is None or moves_after is None else moves_after - moves_before,
        games_finished=sum(p.games for p in people),
        stalled=[p.stalled for p in people if p.stalled],
        late=server.late_answers() - late_before,
        unanswered=sum(1 for s in server.unanswered() if s.created <= play_ended),
        rest_calls=rest_calls,
        rest_kinds=server.rest_kinds - kinds_before,
        bot_cpu_s=bot_cpu,
        bot_main_cpu_s=main_cpu,
        driver_cpu_s=driver_cpu,
        driver_grown_mib=quiet.grown_mib,
        play_started=started,
        rss_before_mib=rss_before,
        rss_open_mib=rss_open,
        rss_end_mib=rss_end,
        peak_mib=peak,
        collector=collections,
        table_lags=lags,
        table_unshown=unshown,
    )


# -- the report --------------------------------------------------------------------------------
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


async def run(options: Options, compare: list[str], variants: list[tuple[str, dict[str, str]]]) -> None:
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
