"""Load run: N tables at once through the loopback Discord, the real bot in this process.

Run: ``python -m benchmarks.load --tables 200 [--game highcard] [--rounds 1]``

Each table has one scripted person and one or more computer players. The person does
what a player does: presses Show my hand, then the button or select of their move
(the game's own computer choice), until the game ends. Every interaction is timed from
its injection to the bot's first answer (the interaction callback: a message, an edit or a
deferral). Printed: p50/p99 of that time, actions per second over the play phase, and the
process's peak memory (bot, fake Discord and players share the process, so it is an upper
bound for the bot).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import random
import resource
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from tests.e2e.harness import Parlour
from tests.loopback.models import UserSpec
from tests.loopback.recorder import Event
from tests.loopback.server import LoopbackDiscord


class Watcher:
    """Wakes the scripted players when Discord records something for them, instead of polling.

    The loopback's own waiting helpers re-scan every recorded event for every waiter (fine for
    tests, quadratic with 200 tables); this index keeps the players' cost off the bot's figures.
    """

    def __init__(self, server: LoopbackDiscord) -> None:
        self.by_interaction: dict[int, list[Event]] = defaultdict(list)
        self._waiting: dict[object, asyncio.Event] = {}
        record = server.recorder.record

        def recording(kind: str, **fields: object) -> Event:
            event = record(kind, **fields)
            if event.interaction_id is not None:
                self.by_interaction[event.interaction_id].append(event)
                self._wake(("interaction", event.interaction_id))
            if kind in ("edit_message", "message") and event.message_id is not None:
                self._wake(("message", event.message_id))
            return event

        server.recorder.record = recording  # type: ignore[method-assign]

    def _wake(self, key: object) -> None:
        waiting = self._waiting.pop(key, None)
        if waiting is not None:
            waiting.set()

    async def wait(self, key: object, timeout: float) -> None:
        """Until something is recorded for ``key`` (or ``timeout`` seconds pass)."""
        waiting = self._waiting.setdefault(key, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(waiting.wait(), timeout)

    async def outcome(self, interaction_id: int) -> Event:
        """The edit or follow-up that completes a deferred interaction."""
        while True:
            for event in self.by_interaction[interaction_id]:
                if event.kind in ("edit_original", "followup"):
                    return event
            await self.wait(("interaction", interaction_id), 1.0)


class Timings:
    def __init__(self, watcher: Watcher) -> None:
        self.watcher = watcher
        self.answers: list[float] = []
        #: Injection to what the user waits for: the answer itself, or the edit after a deferral.
        self.done: list[float] = []
        self.moves = 0
        #: First answers by kind of click ("hand" or "move").
        self.by_kind: dict[str, list[float]] = {}

    async def timed(self, inject, kind: str = "other") -> object:
        started = time.perf_counter()
        handle = await inject
        event = await handle.answer(timeout=120)
        self.answers.append(time.perf_counter() - started)
        self.by_kind.setdefault(kind, []).append(self.answers[-1])
        if event.callback_type == 6:  # deferred: the user sees the result with the edit or a sentence
            later = await asyncio.wait_for(self.watcher.outcome(handle.id), 120)
            self.moves += later.kind == "edit_original"
        self.done.append(time.perf_counter() - started)
        return event


async def person(parlour: Parlour, user: UserSpec, table_id: int, timings: Timings, think: float) -> None:
    """One scripted player: Show my hand, then the move, until the game is over.

    Before each click they think ``think`` seconds on average (0: click as fast as answered).
    """
    server = parlour.server
    rng = random.Random(user.id)
    while True:
        table = parlour.table(table_id)
        if table.status != "playing":
            return
        seat = table.seat_of(user.id)
        if seat not in table.waiting_people():
            # Computers are moving: the table message is edited when they have.
            await timings.watcher.wait(("message", table.message_id), 0.1)
            continue
        if think:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        message = parlour.table_message(table_id)
        event = await timings.timed(server.click(user, message, label="Show my hand"), "hand")
        hand = server.recorder.messages[event.message_id]
        table = parlour.table(table_id)
        if table.status != "playing" or seat not in table.waiting_people():
            continue
        move = table.game.computer_player(table.version).choose(table.state.view(seat))
        if think:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        await timings.timed(parlour.choose(user, hand, move), "move")


async def open_table(parlour: Parlour, user: UserSpec, game: str, computers: int, timings: Timings) -> int:
    server = parlour.server
    handle = await server.slash(user, "play", channel=parlour.channel, game=game)
    started = time.perf_counter()
    await handle.answer(timeout=120)
    timings.answers.append(time.perf_counter() - started)
    answer = await handle.message(timeout=120)
    table_id = int(answer.content.split("#", 1)[1].split()[0])
    lobby = await server.recorder.wait_for(lambda: parlour.table_message(table_id), timeout=120)
    for _ in range(computers):
        await timings.timed(server.click(user, lobby, label="Add computer"))
    await timings.timed(server.click(user, lobby, label="Start"))
    return table_id


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def run(tables: int, game: str, computers: int, edit_interval: float, think: float) -> None:
    logging.basicConfig(level=logging.WARNING)
    server = LoopbackDiscord(answer_deadline=3.0)
    await server.start()
    with tempfile.TemporaryDirectory() as folder:
        parlour = Parlour(server, Path(folder) / "load.db")
        await parlour.start()
        parlour.bot.presenter.edit_interval = edit_interval
        people = [server.user(f"player{i}") for i in range(tables)]
        watcher = Watcher(server)
        setup = Timings(watcher)
        started = time.perf_counter()
        ids = await asyncio.gather(*(open_table(parlour, p, game, computers, setup) for p in people))
        opened = time.perf_counter() - started
        play = Timings(watcher)
        started = time.perf_counter()
        await asyncio.gather(*(person(parlour, p, t, play, think) for p, t in zip(people, ids, strict=True)))
        played = time.perf_counter() - started
        await parlour.settle()
        finished = sum(1 for t in ids if parlour.table(t).status == "finished")
        late = [s for s in server.interactions.values() if s.callback_type is None]
        refused = server.recorder.take_errors()
        await parlour.stop()
    await server.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    pace = f"thinking {think:g} s per click" if think else "clicking as fast as answered"
    print(f"tables: {tables} of {game} (1 person + {computers} computer, {pace}), {finished} finished")
    print(f"open:   {len(setup.answers)} interactions in {opened:.1f} s")
    print(
        f"        first answer p50 {1000 * statistics.median(setup.answers):.1f} ms, "
        f"p99 {1000 * percentile(setup.answers, 0.99):.1f} ms"
    )
    print(f"play:   {len(play.answers)} interactions, {play.moves} moves in {played:.1f} s")
    print(
        f"        first answer p50 {1000 * statistics.median(play.answers):.1f} ms, "
        f"p99 {1000 * percentile(play.answers, 0.99):.1f} ms, max {1000 * max(play.answers):.1f} ms"
    )
    for kind, answers in sorted(play.by_kind.items()):
        print(
            f"        {kind}: first answer p50 {1000 * statistics.median(answers):.1f} ms, "
            f"p99 {1000 * percentile(answers, 0.99):.1f} ms"
        )
    print(
        f"        until seen (edit after a deferral) p50 {1000 * statistics.median(play.done):.1f} ms, "
        f"p99 {1000 * percentile(play.done, 0.99):.1f} ms"
    )
    print(f"        {len(play.answers) / played:.0f} interactions/s, {play.moves / played:.0f} moves/s by people")
    print(f"peak memory (whole process): {peak:.0f} MiB")
    print(f"unanswered: {len(late)}, refused by Discord: {len(refused)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="highcard")
    parser.add_argument("--computers", type=int, default=1)
    parser.add_argument("--edit-interval", type=float, default=1.0, help="seconds between edits of one table message")
    parser.add_argument(
        "--think", type=float, default=0.0, help="a person's mean seconds before each click (0: no pause)"
    )
    args = parser.parse_args()
    if args.game == "highcard":
        import tests.testgame  # noqa: F401  (registers the small test game)
    asyncio.run(run(args.tables, args.game, args.computers, args.edit_interval, args.think))


if __name__ == "__main__":
    main()
