"""One load run: the bot processes started on a fresh database, the tables opened, people playing
for the run's duration, and what it cost measured (:class:`RunResult`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.load_collector import (
    Collections,
    QuietDriver,
    ask_collected_bots,
    collector_census,
    collector_snapshots,
    garbage_listed,
)
from benchmarks.load_people import Failed, Person, open_table
from benchmarks.load_process import cpu_seconds, peak, rss, start_bot, summed, tree_cpu_seconds
from benchmarks.load_setup import (
    count_moves,
    fresh_database,
    offered_games,
    one_guild_per_shard,
    players_needed,
    set_up_server,
)
from benchmarks.load_world import LoadLoopback, Timings, World, now, table_lag
from tests.loopback.models import GuildSpec, UserSpec

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


@dataclass
class _Opened:
    """The tables the bot opened before the play, each with its host (the one person at it)."""

    hosts: list[UserSpec]
    ids: list[int]
    #: The game dealt to each table asked for (opened or not), in order.
    mix: list[str]
    setup: Timings
    not_opened: int


@dataclass
class _Totals:
    """The running totals a run's figures are differences of (read before and after the play)."""

    moves: int | None
    late: int
    rest_calls: int
    rest_kinds: Counter[str]
    driver_cpu: float
    bot_cpu: float
    bot_main_cpu: float


async def _open_tables(
    server: LoadLoopback, world: World, guilds: list[GuildSpec], games: list[str], options: Options
) -> _Opened:
    """Each person opens their table (``--open-at-once`` at a time), the games dealt in turn."""
    places = [guilds[i % len(guilds)] for i in range(options.tables)]
    hosts = [server.user(f"player{i}", guild=guild) for i, guild in enumerate(places)]
    mix = [games[i % len(games)] for i in range(options.tables)]
    setup = Timings()
    gate = asyncio.Semaphore(options.open_at_once)

    async def opened(host: UserSpec, game: str, guild: GuildSpec) -> int | None:
        async with gate:
            channel = server.channel("general", guild)
            try:
                return await open_table(world, host, game, players_needed(game), setup, channel)
            except (Failed, TimeoutError):
                return None  # the bot never opened it: counted, and left out of the play

    opened_ids = await asyncio.gather(*(opened(h, g, p) for h, g, p in zip(hosts, mix, places, strict=True)))
    kept = [(h, t) for h, t in zip(hosts, opened_ids, strict=True) if t]
    return _Opened(
        hosts=[h for h, _ in kept],
        ids=[t for _, t in kept],
        mix=mix,
        setup=setup,
        not_opened=sum(1 for table in opened_ids if table is None),
    )


async def _start_py_spy(pid: int, options: Options) -> asyncio.subprocess.Process | None:
    """py-spy recording the bot for the play (``--py-spy``), if asked."""
    if not options.py_spy:
        return None
    return await asyncio.create_subprocess_exec(
        "py-spy",
        "record",
        "-p",
        str(pid),
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


async def _play(
    people: list[Person], pids: list[int], options: Options, collector_files: list[Path], started: float
) -> tuple[list[asyncio.Task[None]], float, asyncio.subprocess.Process | None]:
    """The people play until the run's time is up and their clicks under way are seen through.
    Returns their tasks (still to cancel), the seconds played, and py-spy's process if recording."""
    until = started + options.duration
    tasks = [asyncio.create_task(p.play(until)) for p in people]
    spy = await _start_py_spy(pids[0], options)
    if collector_files:  # halfway: what dies in cycles while people play
        await asyncio.wait(tasks, timeout=options.duration / 2)
        ask_collected_bots(pids, collector_files, ".garbage", signal.SIGUSR2)  # what the next full one frees
    await asyncio.wait(tasks, timeout=max(0.0, until - now()))
    grace = now() + GRACE_S  # the clicks under way are seen through (their timings count)
    while any(p.clicking for p in people) and now() < grace:
        await asyncio.sleep(0.05)
    return tasks, now() - started, spy


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
    rss_before = summed(rss, pids)
    opened = await _open_tables(server, world, guilds, games, options)
    await asyncio.sleep(1.0)
    rss_open = summed(rss, pids)

    play = Timings()
    people = [
        Person(world, host, table, play, options.think, seed=i)
        for i, (host, table) in enumerate(zip(opened.hosts, opened.ids, strict=True))
    ]
    moves_before = await count_moves(database_url)
    before = _Totals(
        moves=moves_before,
        late=server.late_answers(),
        rest_calls=server.rest_calls,
        rest_kinds=Counter(server.rest_kinds),
        driver_cpu=time.process_time(),
        bot_cpu=summed(tree_cpu_seconds, pids),
        bot_main_cpu=summed(cpu_seconds, pids),
    )
    if options.profile:  # the profile counts the play only, as the CPU figures do
        for pid in pids:
            os.kill(pid, signal.SIGHUP)
    started = now()
    collected_before = collector_snapshots(collector_files)
    with QuietDriver() as quiet:
        tasks, played, spy = await _play(people, pids, options, collector_files, started)
    #: Clicks made after this (people not yet stopped) are not measured: still unanswered at the
    #: count, they would pass for "never answered".
    play_ended = server.clock.now()
    lags, unshown = table_lag(world, play, made_before=now() - TABLE_LAG_WINDOW)
    if spy is not None:
        await spy.wait()
    bot_cpu = summed(tree_cpu_seconds, pids) - before.bot_cpu
    main_cpu = summed(cpu_seconds, pids) - before.bot_main_cpu
    collections = None
    if collector_files:
        await asyncio.sleep(1.1)  # a snapshot taken after the play
        censuses = await collector_census(pids, collector_files)
        collections = Collections.between(
            collected_before, collector_snapshots(collector_files), censuses, garbage_listed(collector_files)
        )
    driver_cpu = time.process_time() - before.driver_cpu
    rest_calls = server.rest_calls - before.rest_calls
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    moves_after = await count_moves(database_url)
    return RunResult(
        not_opened=opened.not_opened,
        label=label,
        tables=options.tables,
        games={g: opened.mix.count(g) for g in games},
        played_s=played,
        setup=opened.setup,
        play=play,
        person_moves=sum(p.moves for p in people),
        moves=None if moves_before is None or moves_after is None else moves_after - moves_before,
        games_finished=sum(p.games for p in people),
        stalled=[p.stalled for p in people if p.stalled],
        late=server.late_answers() - before.late,
        unanswered=sum(1 for s in server.unanswered() if s.created <= play_ended),
        rest_calls=rest_calls,
        rest_kinds=server.rest_kinds - before.rest_kinds,
        bot_cpu_s=bot_cpu,
        bot_main_cpu_s=main_cpu,
        driver_cpu_s=driver_cpu,
        driver_grown_mib=quiet.grown_mib,
        play_started=started,
        rss_before_mib=rss_before,
        rss_open_mib=rss_open,
        rss_end_mib=summed(rss, pids),
        peak_mib=summed(peak, pids),
        collector=collections,
        table_lags=lags,
        table_unshown=unshown,
    )
