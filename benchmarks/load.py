"""Load run: N tables at once, the real bot in its own process, through the loopback Discord.

Run: ``python -m benchmarks.load --tables 200 [--think 1.0] [--runs 3]``

The bot runs as ``python -m bot`` (a fresh SQLite file, the High Card test game added with
PARLOUR_EXTRA_GAMES), pointed at a loopback Discord served by this process. A moderator sets
the server's computer pause to 0 and threads off with ``/settings``. Each table has one
scripted person and one computer. The person only knows what Discord shows them: when the
table message says it waits on them, they press Show my hand and click a button (or pick one
value of a select) that the bot offered on their private hand message, until the game is over.

Every interaction is timed in this process from its injection to the bot's first answer (the
interaction callback: a message, an edit or a deferral), and to when the user sees the result
(the edit that follows a deferral). Printed, as medians over the runs: p50/p99 of both, actions
per second over the play phase, and the bot process's peak and final memory (VmHWM, VmRSS).
The loopback's own CPU share is printed too: near 100% means the figures measure the loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from tests.loopback.gateway import IDENTIFY
from tests.loopback.injection import InteractionHandle, InteractionState
from tests.loopback.models import UserSpec
from tests.loopback.recorder import Event, Message
from tests.loopback.server import INVALID_WEBHOOK_TOKEN, UNKNOWN_WEBHOOK, LoopbackDiscord

ROOT = Path(__file__).resolve().parents[1]
#: Discord's GUILD_MESSAGES intent: MESSAGE_CREATE, MESSAGE_UPDATE and MESSAGE_DELETE in servers.
GUILD_MESSAGES = 1 << 9
TABLE_NUMBER = re.compile(r"table #(\d+)")
#: A player who sees nothing new for this long gives up (the bot lost their table).
STUCK_AFTER = 60.0


class _Interactions(dict):
    """The loopback's interactions, also indexed by token (it scans them all on every webhook call)."""

    def __init__(self) -> None:
        super().__init__()
        self.by_token: dict[str, InteractionState] = {}

    def __setitem__(self, key: int, state: InteractionState) -> None:
        super().__setitem__(key, state)
        self.by_token[state.token] = state


class LoadLoopback(LoopbackDiscord):
    """The loopback Discord with an index where it scans, so its cost stays off the bot's figures."""

    def __init__(self, **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self.interactions = _Interactions()
        #: The intents the bot identified with: like Discord, send message events only if asked.
        self.intents = GUILD_MESSAGES
        on_message = self.gateway._on_message

        async def identify(conn, session, payload: dict):  # type: ignore[no-untyped-def]
            if payload.get("op") == IDENTIFY:
                self.intents = int(payload["d"].get("intents", GUILD_MESSAGES))
            return await on_message(conn, session, payload)

        self.gateway._on_message = identify  # type: ignore[method-assign]

    async def _announce(self, event: str, message: Message) -> None:
        if self.intents & GUILD_MESSAGES:
            await super()._announce(event, message)

    def _token_state(self, app_id: str, token: str) -> InteractionState:
        state = self.interactions.by_token.get(token)
        if state is None or app_id != str(self.application_id):
            raise UNKNOWN_WEBHOOK
        if self.clock.now() - state.created > self.token_lifetime:
            raise INVALID_WEBHOOK_TOKEN
        if state.callback_type is None:
            raise UNKNOWN_WEBHOOK
        return state


class World:
    """What the players watch, indexed as the loopback records it, so nobody polls or rescans."""

    def __init__(self, server: LoopbackDiscord) -> None:
        self.server = server
        #: Table number -> its lobby message (which becomes the table message at Start).
        self.table_messages: dict[int, int] = {}
        #: Message id -> the seq of its latest creation or edit.
        self.changed_at: dict[int, int] = {}
        self.outcomes: dict[int, Event] = {}
        self._watchers: dict[int, list[asyncio.Event]] = defaultdict(list)
        record = server.recorder.record

        def recording(kind: str, **fields: object) -> Event:
            event = record(kind, **fields)
            message_id = event.message_id
            if kind == "message" and message_id is not None:
                for embed in event.body.get("embeds") or []:
                    if found := TABLE_NUMBER.search(embed.get("title") or ""):
                        self.table_messages.setdefault(int(found[1]), message_id)
                        self._wake(0)
            if event.interaction_id is not None and kind in ("edit_original", "followup"):
                self.outcomes.setdefault(event.interaction_id, event)
                self._wake(-event.interaction_id)
            if message_id is not None:
                self.changed_at[message_id] = event.seq
                self._wake(message_id)
            return event

        server.recorder.record = recording  # type: ignore[method-assign]

    def watch(self, key: int, woken: asyncio.Event) -> None:
        """Set ``woken`` when message ``key`` changes (0: a new lobby; -id: interaction id's outcome)."""
        self._watchers[key].append(woken)

    def _wake(self, key: int) -> None:
        for woken in self._watchers.get(key, ()):
            woken.set()

    async def until(self, key: int, ready, timeout: float = STUCK_AFTER):  # type: ignore[no-untyped-def]
        woken = asyncio.Event()
        self.watch(key, woken)
        try:
            async with asyncio.timeout(timeout):
                while not (result := ready()):
                    woken.clear()
                    await woken.wait()
                return result
        finally:
            self._watchers[key].remove(woken)

    async def outcome(self, interaction_id: int) -> Event:
        """The edit or follow-up that completes a deferred interaction."""
        return await self.until(-interaction_id, lambda: self.outcomes.get(interaction_id))


@dataclass
class Timings:
    """Milliseconds from injection to the first answer, and to what the user waits for."""

    answers: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    seen: list[float] = field(default_factory=list)
    refused: int = 0

    def all_answers(self) -> list[float]:
        return [t for values in self.answers.values() for t in values]


async def timed(world: World, timings: Timings, kind: str, inject) -> tuple[InteractionHandle, Event]:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    handle: InteractionHandle = await inject
    first = await handle.answer(timeout=STUCK_AFTER)
    timings.answers[kind].append(1000 * (time.perf_counter() - started))
    final = first
    if first.callback_type in (5, 6):  # deferred: the user sees the result with the edit or a sentence
        final = await world.outcome(handle.id)
    timings.seen.append(1000 * (time.perf_counter() - started))
    if final.ephemeral and final.kind == "followup":
        timings.refused += 1
    return handle, final


class Person:
    """One scripted player who acts only on what Discord shows them."""

    def __init__(self, world: World, user: UserSpec, table: int, timings: Timings, think: float) -> None:
        self.world, self.server = world, world.server
        self.user, self.table, self.timings, self.think = user, table, timings, think
        self.rng = random.Random(user.id)
        self.message_id = world.table_messages[table]
        self.mention = f"<@{user.id}>"
        #: The table message's change we last acted on (seq): act again only after a newer one.
        self.handled = 0
        self.moves = 0

    def finished(self, message: Message) -> bool:
        return any(b.get("label") == "Rematch" for b in message.buttons) or "Game over" in message.content

    def my_turn(self, message: Message) -> bool:
        for line in message.content.splitlines():
            if line.startswith("Waiting on:"):
                return self.mention in line.split("(already chosen", 1)[0]
        return False

    async def pause(self) -> None:
        if self.think:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)

    async def play(self) -> None:
        messages = self.server.recorder.messages
        while True:
            seq = await self.world.until(
                self.message_id,
                lambda: (
                    self.world.changed_at[self.message_id] > self.handled and self.world.changed_at[self.message_id]
                ),
            )
            self.handled = seq
            table = messages[self.message_id]
            if self.finished(table):
                return
            if not self.my_turn(table):
                continue
            if self.think:  # while they think, the table may change: they look again before clicking
                await self.pause()
                table = messages[self.message_id]
                if self.finished(table) or not self.my_turn(table):
                    continue
            _, shown = await timed(
                self.world, self.timings, "hand", self.server.click(self.user, table, label="Show my hand")
            )
            hand = messages[shown.message_id or 0]
            if self.think:
                await self.pause()
                hand = messages[hand.id]
            controls = [c for c in hand.items() if c.get("custom_id", "").startswith(("pl:m:", "pv:"))]
            if not controls:  # an older picture of the table: wait for the next
                continue
            control = self.rng.choice(controls)
            if control["type"] == 2:
                click = self.server.click(self.user, hand, custom_id=control["custom_id"])
            else:
                value = self.rng.choice(control["options"])["value"]
                click = self.server.select(self.user, hand, [value], custom_id=control["custom_id"])
            await timed(self.world, self.timings, "move", click)
            self.moves += 1


async def open_table(world: World, host: UserSpec, timings: Timings) -> int:
    """/play, Add computer, Start: as the host would, waiting for each answer."""
    server = world.server
    _, followup = await timed(world, timings, "play", server.slash(host, "play", game="highcard"))
    found = TABLE_NUMBER.search(followup.content or "")
    assert found, followup.content
    table = int(found[1])
    message_id = await world.until(0, lambda: world.table_messages.get(table))
    for label in ("Add computer", "Start"):
        await timed(world, timings, "lobby", server.click(host, server.recorder.messages[message_id], label=label))
    return table


def memory_of(pid: int) -> tuple[float, float]:
    """(peak, current) resident memory of a process in MiB, from /proc."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value.strip()
    return int(fields["VmHWM"].split()[0]) / 1024, int(fields["VmRSS"].split()[0]) / 1024


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


@dataclass
class RunResult:
    tables: int
    finished: int
    #: What stopped a player before the end of their game (none expected).
    failures: list[str]
    opened_s: float
    played_s: float
    setup: Timings
    play: Timings
    moves: int
    peak_mib: float
    rss_mib: float
    loopback_cpu: float
    bot_cpu: float
    unanswered: int
    errors: int

    @property
    def per_second(self) -> float:
        return len(self.play.all_answers()) / self.played_s


async def start_bot(server: LoopbackDiscord, folder: Path, profile: str | None) -> asyncio.subprocess.Process:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": server.token,
        "DISCORD_API_URL": server.api_url,
        "DISCORD_GATEWAY_URL": server.gateway_url,
        "DATABASE_URL": f"sqlite+aiosqlite:///{folder / 'load.db'}",
        "DEV_GUILD_ID": str(server.guild.id),
        "PARLOUR_EXTRA_GAMES": "tests.testgame",
        "LOG_LEVEL": "WARNING",
    }
    command = [sys.executable, "-m", "bot"]
    if profile:  # the benchmark's own hook: the same bot, under cProfile, stats written at exit
        command = [sys.executable, "-m", "benchmarks.profiled_bot", profile]
    with open(folder / "bot.log", "w") as log:
        process = await asyncio.create_subprocess_exec(*command, cwd=folder, env=env, stderr=log)
    await server.recorder.wait_for(lambda: server.commands.get(server.guild.id) or None, timeout=60)
    await server.recorder.wait_for(lambda: server.gateway.connections, timeout=60)
    return process


async def set_up_server(server: LoopbackDiscord) -> None:
    """A moderator sets the benchmark's settings the way a person would: /settings."""
    admin = server.user("admin", manage_guild=True)
    handle = await server.slash(admin, "settings", threads=False, computer_pause_ms=0)
    message = await handle.message(timeout=30)
    assert "Saved" in message.content and "0 ms" in message.content, message.content


async def run_once(tables: int, think: float, profile: str | None) -> RunResult:
    server = LoadLoopback(answer_deadline=3.0)
    await server.start()
    world = World(server)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        process = await start_bot(server, folder, profile)
        try:
            await set_up_server(server)
            hosts = [server.user(f"player{i}") for i in range(tables)]
            setup, play = Timings(), Timings()
            cpu, wall = time.process_time(), time.perf_counter()
            ids = await asyncio.gather(*(open_table(world, host, setup) for host in hosts))
            opened = time.perf_counter() - wall
            bot_cpu = _cpu_seconds(process.pid)
            cpu, wall = time.process_time(), time.perf_counter()
            people = [Person(world, host, table, play, think) for host, table in zip(hosts, ids, strict=True)]
            results = await asyncio.gather(*(p.play() for p in people), return_exceptions=True)
            played = time.perf_counter() - wall
            loopback_cpu = (time.process_time() - cpu) / played
            bot_cpu = (_cpu_seconds(process.pid) - bot_cpu) / played
            await asyncio.sleep(0.5)
            peak, rss = memory_of(process.pid)
        finally:
            process.terminate()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), 30)
        log = (folder / "bot.log").read_text()
    await server.close()
    if "Traceback" in log:
        print(log[-3000:], file=sys.stderr)
    return RunResult(
        tables=tables,
        finished=sum(1 for r in results if r is None),
        failures=[repr(r) for r in results if r is not None],
        opened_s=opened,
        played_s=played,
        setup=setup,
        play=play,
        moves=sum(p.moves for p in people),
        peak_mib=peak,
        rss_mib=rss,
        loopback_cpu=loopback_cpu,
        bot_cpu=bot_cpu,
        unanswered=len(server.unanswered()),
        errors=len(server.recorder.take_errors()),
    )


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (from /proc/<pid>/stat)."""
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


def report(tables: int, think: float, runs: list[RunResult]) -> None:
    def median(pick) -> float:  # type: ignore[no-untyped-def]
        return statistics.median(pick(r) for r in runs)

    def spread(values_of) -> str:  # type: ignore[no-untyped-def]
        p50 = median(lambda r: statistics.median(values_of(r)))
        p99 = median(lambda r: percentile(values_of(r), 0.99))
        return f"p50 {p50:6.1f} ms, p99 {p99:6.1f} ms"

    pace = f"thinking {think:g} s (0.5-1.5x) before each click" if think else "clicking as soon as they see their turn"
    print(f"\n== {tables} tables of High Card (1 person + 1 computer each), {pace}; medians of {len(runs)} run(s)")
    print(f"   finished: {[r.finished for r in runs]} of {tables}; load average now {os.getloadavg()[0]:.2f}")
    failures = [f for r in runs for f in r.failures]
    if failures:
        print(f"   players stopped by an error: {len(failures)}, e.g. {failures[0][:300]}")
    print(f"   open (/play, Add computer, Start) first answer {spread(lambda r: r.setup.all_answers())}")
    print(f"   Show my hand first answer {spread(lambda r: r.play.answers['hand'])} (a message with the picture)")
    print(f"   move         first answer {spread(lambda r: r.play.answers['move'])} (the new hand, saved first)")
    print(f"   every click  first answer {spread(lambda r: r.play.all_answers())}")
    print(f"   every click  until seen   {spread(lambda r: r.play.seen)} (the answer, or the edit after a deferral)")
    interactions = median(lambda r: len(r.play.all_answers()))
    print(
        f"   {median(lambda r: r.per_second):.0f} interactions/s, {median(lambda r: r.moves / r.played_s):.0f} "
        f"moves/s by people, over {median(lambda r: r.played_s):.1f} s of play ({interactions:.0f} interactions)"
    )
    print(
        f"   bot process: peak memory {median(lambda r: r.peak_mib):.0f} MiB (VmHWM), "
        f"{median(lambda r: r.rss_mib):.0f} MiB at the end; CPU {100 * median(lambda r: r.bot_cpu):.0f}% of a core"
    )
    print(f"   loopback Discord + players (this process): CPU {100 * median(lambda r: r.loopback_cpu):.0f}% of a core")
    print(
        f"   refused moves: {[r.play.refused for r in runs]}, unanswered: {[r.unanswered for r in runs]}, "
        f"refused by Discord: {[r.errors for r in runs]}"
    )


async def run(tables: int, think: float, runs: int, profile: str | None) -> None:
    results = []
    for _ in range(runs):
        results.append(await run_once(tables, think, profile))
    report(tables, think, results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=0.0, help="a person's mean seconds before each click (0: none)")
    parser.add_argument("--runs", type=int, default=1, help="runs to take the medians of")
    parser.add_argument("--profile", help="write the bot's cProfile stats to this file (one run)")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    asyncio.run(run(args.tables, args.think, args.runs, args.profile))


if __name__ == "__main__":
    main()
