"""The real bot as its own process on the loopback Discord, killed with SIGKILL and restarted.

``BotProcess`` runs ``python -m bot`` against a loopback Discord and a SQLite file; ``kill``
sends SIGKILL at once and a new process starts on the same database and the same Discord.
``Watch`` wakes waiters on every change the loopback records; it is also where a kill
"right after an acknowledgement" happens: the moment the loopback records the callback of an
armed interaction, the bot process is killed, before it hears back or does anything more.
``Killer`` decides when to kill: right after an acknowledgement (a), while a computer is
thinking (b), or at a random moment (c).
``Ledger`` reads the database read-only: the action log, the tables and the results.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import os
import random
import signal
import sqlite3
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from engine import registry
from tests.loopback.gateway import IDENTIFY
from tests.loopback.injection import InteractionState
from tests.loopback.recorder import Event
from tests.loopback.server import LoopbackDiscord

ROOT = Path(__file__).resolve().parents[2]
#: Event kinds that set what a message shows (a deferred update, callback type 6, does not).
SHOWING = {"message", "edit_message", "edit_original", "edit_followup", "followup"}

ACK, THINKING, RANDOM = "right after an acknowledgement", "while a computer was thinking", "at a random moment"


class Watch:
    """Every change the loopback records (or a kill, or a restart) wakes the waiters."""

    def __init__(self, server: LoopbackDiscord) -> None:
        self.server = server
        #: Message id -> seq of the latest event that set what it shows.
        self.shown_at: dict[int, int] = {}
        #: Event seq -> when it was recorded (monotonic).
        self.times: dict[int, float] = {}
        #: Called with every event, synchronously, as the loopback records it.
        self.hooks: list[Callable[[Event], None]] = []
        self._changed = asyncio.Event()
        record, reject = server.recorder.record, server.recorder.reject

        def recording(kind: str, **fields: object) -> Event:
            event = record(kind, **fields)
            self.times[event.seq] = time.monotonic()
            if event.message_id is not None and (kind in SHOWING or event.callback_type in (4, 5, 7)):
                self.shown_at[event.message_id] = event.seq
            for hook in list(self.hooks):
                hook(event)
            self.poke()
            return event

        def rejecting(rejection):  # type: ignore[no-untyped-def]
            reject(rejection)
            self.poke()

        server.recorder.record = recording  # type: ignore[method-assign]
        server.recorder.reject = rejecting  # type: ignore[method-assign]

    @property
    def seq(self) -> int:
        """The seq of the latest recorded event."""
        events = self.server.recorder.events
        return events[-1].seq if events else 0

    def poke(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def until(self, ready: Callable[[], object], timeout: float) -> object:
        """ready()'s first truthy value, re-checked on every change; TimeoutError after ``timeout``."""
        async with asyncio.timeout(timeout):
            while True:
                changed = self._changed
                result = ready()
                if result:
                    return result
                await changed.wait()

    async def changed(self, timeout: float) -> None:
        """Return at the next change, or after ``timeout``."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)


@dataclass
class Kill:
    kind: str
    generation: int
    at: float
    seq: int
    #: The interaction whose acknowledgement triggered it (kind ACK), or the table a computer thinks at.
    interaction_id: int | None = None
    table: int | None = None


class BotProcess:
    """``python -m bot`` on the loopback Discord; killed by SIGKILL and restarted on the same database."""

    def __init__(self, server: LoopbackDiscord, folder: Path, watch: Watch) -> None:
        self.server, self.folder, self.watch = server, folder, watch
        self.database = folder / "parlour.db"
        self.process: asyncio.subprocess.Process | None = None
        self.generation = 0
        self.up = asyncio.Event()
        #: Per generation: when it came up (monotonic) and the event seq then; when it was killed.
        self.up_at: dict[int, float] = {}
        self.up_seq: dict[int, int] = {}
        self.killed_at: dict[int, float] = {}
        self.kills: list[Kill] = []
        self._identified = 0
        self._restarting: asyncio.Task[None] | None = None
        on_message = server.gateway._on_message

        async def identify(conn, session, payload: dict):  # type: ignore[no-untyped-def]
            result = await on_message(conn, session, payload)
            if payload.get("op") == IDENTIFY:
                self._identified += 1
                watch.poke()
            return result

        server.gateway._on_message = identify  # type: ignore[method-assign]
        #: Gateway sends that took long (event, seconds, generation): a blocked connection shows here.
        self.slow_sends: list[tuple[str, float, int]] = []
        send = server.gateway.send

        async def timed_send(session, event: str, data: dict) -> None:  # type: ignore[no-untyped-def]
            started = time.monotonic()
            try:
                await send(session, event, data)
            finally:
                if time.monotonic() - started > 0.5:
                    self.slow_sends.append((event, time.monotonic() - started, self.generation))

        server.gateway.send = timed_send  # type: ignore[method-assign]

    def logs(self) -> dict[int, str]:
        return {g: (self.folder / f"bot-{g}.log").read_text() for g in range(1, self.generation + 1)}

    async def stacks(self) -> str:
        """The running bot's threads and tasks, as it logs them when asked (bot.diagnostics)."""
        if self.process is None or self.process.returncode is not None:
            return "the bot is not running"
        os.kill(self.process.pid, signal.SIGUSR1)
        await asyncio.sleep(0.5)
        os.kill(self.process.pid, signal.SIGUSR2)
        await asyncio.sleep(2)
        return f"the bot's log (generation {self.generation}), its end:\n{self.logs()[self.generation][-12000:]}"

    async def start(self) -> None:
        """Start a new process and wait until it has logged in to the gateway (tables restored, commands synced)."""
        self.generation += 1
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": self.server.token,
            "DISCORD_API_URL": self.server.api_url,
            "DISCORD_GATEWAY_URL": self.server.gateway_url,
            "DATABASE_URL": f"sqlite+aiosqlite:///{self.database}",
            "DEV_GUILD_ID": str(self.server.guild.id),
            "PARLOUR_EXTRA_GAMES": "tests.testgame",
            "LOG_LEVEL": os.environ.get("KILL_LOG_LEVEL", "WARNING"),
            # Pictures drawn in the bot process itself: twenty restarts of a pool of worker processes
            # on a 2-core machine would mostly measure process start-up, not what a restart keeps
            # (the pool itself is tested in tests/bot/test_picture_workers.py).
            "PICTURE_WORKERS": os.environ.get("KILL_PICTURE_WORKERS", "0"),
        }
        identified = self._identified
        with open(self.folder / f"bot-{self.generation}.log", "w") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=self.folder, env=env, stdout=log, stderr=log, preexec_fn=_die_with_us
            )
        process = self.process
        try:
            await self.watch.until(lambda: self._identified > identified or process.returncode is not None, 60)
        except TimeoutError:
            if process.returncode is None:
                with contextlib.suppress(ProcessLookupError):  # it may have ended meanwhile
                    process.send_signal(signal.SIGUSR1)  # its threads' stacks, into its log
                await asyncio.sleep(1)
            raise AssertionError(
                f"the bot (generation {self.generation}) did not log in within 60 s; its log:\n"
                f"{self.logs()[self.generation][-8000:]}"
            ) from None
        if process.returncode is not None:
            raise AssertionError(f"the bot exited with {process.returncode}: {self.logs()[self.generation][-3000:]}")
        self.up_at[self.generation] = time.monotonic()
        self.up_seq[self.generation] = self.watch.seq
        self.up.set()
        self.watch.poke()

    def kill(self, kind: str, **details: object) -> Kill:
        """SIGKILL now (synchronously: nothing else runs in between), then restart in the background."""
        assert self.process is not None and self.up.is_set()
        os.kill(self.process.pid, signal.SIGKILL)
        self.up.clear()
        self.killed_at[self.generation] = time.monotonic()
        kill = Kill(kind, self.generation, time.monotonic(), self.watch.seq, **details)  # type: ignore[arg-type]
        self.kills.append(kill)
        self._restarting = asyncio.get_running_loop().create_task(self._restart())
        self.watch.poke()
        return kill

    async def _restart(self) -> None:
        assert self.process is not None
        await self.process.wait()
        await self.start()

    async def running(self) -> None:
        """Wait until the bot is up (a restart in progress finishes; its failure is raised here)."""
        while not self.up.is_set():
            if self._restarting is not None and self._restarting.done():
                self._restarting.result()
            await self.watch.changed(0.5)

    async def stop(self) -> None:
        await self.running()
        assert self.process is not None
        self.up.clear()
        self.process.terminate()
        await asyncio.wait_for(self.process.wait(), 30)


def _die_with_us() -> None:
    """In the child: SIGKILL it when the test process dies, so no bot outlives an interrupted test (Linux)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class Ledger:
    """The bot's database, read-only: what was saved, whatever Discord showed."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _rows(self, sql: str, *args: object) -> list[tuple]:
        with contextlib.closing(sqlite3.connect(self.path, timeout=10, isolation_level=None)) as db:
            db.execute("PRAGMA query_only = ON")
            return db.execute(sql, args).fetchall()

    def player_moves(self, table: int, user_id: int) -> int:
        """How many moves of this person (by their own click) are in the action log."""
        return self._rows(
            "SELECT COUNT(*) FROM table_actions WHERE table_id = ? AND user_id = ? AND actor = 'player'",
            table,
            user_id,
        )[0][0]

    def versions(self, table: int) -> list[int]:
        return [v for (v,) in self._rows("SELECT version FROM table_actions WHERE table_id = ? ORDER BY id", table)]

    def table(self, table: int) -> dict:
        rows = self._rows(
            "SELECT game_key, seats_json, status, state_json, version FROM game_tables WHERE id = ?", table
        )
        assert rows, f"no table {table} in the database"
        key, seats, status, state, version = rows[0]
        return {"game": key, "seats": json.loads(seats), "status": status, "state": state, "version": version}

    def result_seats(self, table: int) -> list[int]:
        return [s for (s,) in self._rows("SELECT seat FROM results WHERE table_id = ? ORDER BY seat", table)]

    def waiting_on(self, table: int) -> list[str]:
        """The names of the seats the saved state waits on."""
        row = self.table(table)
        if row["status"] != "playing" or not row["state"]:
            return []
        state = registry.get(row["game"]).load(row["state"])
        return [row["seats"][s]["name"] for s in state.waiting_on()]

    def computer_to_move(self, table: int) -> bool:
        """Does the saved state wait on a computer seat (so a computer is thinking, or about to)?"""
        row = self.table(table)
        if row["status"] != "playing" or not row["state"]:
            return False
        state = registry.get(row["game"]).load(row["state"])
        return any(row["seats"][s]["computer"] for s in state.waiting_on())


@dataclass
class Killer:
    """Kills the bot until each kind of kill has happened ``quota`` times, and until ``goal`` says
    what the test needs has happened (more kills at random moments meanwhile).

    (a) ACK: a person about to click a move asks ``ack_kill_wanted``; when yes, the callback
    of that click kills the bot as it is recorded. (b) THINKING: after a person's accepted move
    at a table with computers, the bot is killed a moment later if the saved state waits on a
    computer (checked in the database after the kill; otherwise it counts as RANDOM).
    (c) RANDOM: at a random moment.
    """

    bot: BotProcess
    ledger: Ledger
    rng: random.Random
    quota: dict[str, int]
    #: Seconds a computer pauses before it moves (the server's setting).
    pause: float
    wanted: str | None = None
    #: What else the test needs before the kills may stop (something restarts make possible).
    goal: Callable[[], bool] = lambda: True
    counts: Counter[str] = field(default_factory=Counter)
    _armed: dict[int, Callable[[InteractionState], bool]] = field(default_factory=dict)
    #: Kills on their way while a computer thinks (see :meth:`after_move`).
    _thinking: set[asyncio.Task[None]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.bot.watch.hooks.append(self._on_event)

    def satisfied(self) -> bool:
        return all(self.counts[kind] >= n for kind, n in self.quota.items()) and self.goal()

    # -- (a) right after an acknowledgement ----------------------------------------------
    def ack_kill_wanted(self, matches: Callable[[InteractionState], bool]) -> bool:
        """Called just before a person's move click: arm a kill on its acknowledgement if one is wanted."""
        if self.wanted != ACK or not self.bot.up.is_set():
            return False
        self.wanted = None
        self._armed[self.bot.generation] = matches
        return True

    def disarm(self) -> None:
        """The armed click was not made after all: want the kill for the next one."""
        self._armed.pop(self.bot.generation, None)
        self.wanted = ACK

    def _on_event(self, event: Event) -> None:
        if event.kind != "callback" or event.interaction_id is None:
            return
        matches = self._armed.get(self.bot.generation)
        state = self.bot.server.interactions.get(event.interaction_id)
        if matches is None or state is None or not matches(state) or not self.bot.up.is_set():
            return
        del self._armed[self.bot.generation]
        self.bot.kill(ACK, interaction_id=event.interaction_id)
        self.counts[ACK] += 1

    # -- (b) while a computer is thinking ------------------------------------------------------
    def after_move(self, table: int, has_computers: bool) -> None:
        """Called when a person's move was accepted: maybe kill while the computer thinks."""
        if self.wanted != THINKING or not has_computers or not self.bot.up.is_set():
            return
        self.wanted = None
        task = asyncio.get_running_loop().create_task(self._kill_thinking(table, self.bot.generation))
        self._thinking.add(task)
        task.add_done_callback(self._thinking.discard)

    def stand_down(self) -> None:
        """The round's play is over: no kill is wanted, armed or on its way any more (a kill on its
        way after a game's last move would otherwise fall in the next round's setup, which the test
        plays without kills)."""
        self.wanted = None
        self._armed.clear()
        for task in list(self._thinking):
            task.cancel()

    async def _kill_thinking(self, table: int, generation: int) -> None:
        await asyncio.sleep(self.rng.uniform(0, self.pause / 4))
        if self.bot.generation != generation or not self.bot.up.is_set():
            return
        kill = self.bot.kill(THINKING, table=table)
        if not self.ledger.computer_to_move(table):  # the computer had already moved: just a random moment
            kill.kind = RANDOM
        self.counts[kill.kind] += 1

    # -- the schedule ----------------------------------------------------------------------------
    async def run(self) -> None:
        """Kill, wait for the restart and a little play, kill again, until every quota is met."""
        while not self.satisfied():
            await self.bot.running()
            await asyncio.sleep(self.rng.uniform(0.3, 1.5))  # let the games move on between kills
            if not self.bot.up.is_set():
                continue
            kind = self.rng.choice([k for k, n in self.quota.items() if self.counts[k] < n] or [RANDOM])
            if kind == RANDOM:
                self.bot.kill(RANDOM)
                self.counts[RANDOM] += 1
                continue
            generation = self.bot.generation
            self.wanted = kind
            with contextlib.suppress(TimeoutError):  # nobody clicked a move in time: choose again
                await self.bot.watch.until(partial(self._killed_since, generation), 8)
            self.wanted = None
            self._armed.pop(generation, None)

    def _killed_since(self, generation: int) -> bool:
        return self.bot.generation != generation or not self.bot.up.is_set()
