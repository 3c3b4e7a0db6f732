"""The table service's computer seats and idle people: the computers play their seats, a person's
only possible move is made for them, a person away too long is reminded and then played for (or,
at a turn-based table, :mod:`bot.turns` asks it to play for them), and a table abandoned is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime, timedelta
from functools import partial

from bot.futures import start_keyed
from bot.models import TableStatus
from bot.server_settings import COMPUTER_PAUSE_MS, IDLE_MINUTES
from bot.table import Table, TableError
from bot.tables.core import TableCore
from engine.core import Move
from engine.players import choose_from_saved, move_seed
from engine.words import Text

log = logging.getLogger(__name__)

#: A table with no action for this long is closed without results.
ABANDONED_AFTER = timedelta(hours=24)
#: A table without a move for this long lets go of its moment's views (:meth:`ComputerSeats.rest_idle`):
#: its people are thinking, and its table message and their hands show the moment already.
REST_AFTER = timedelta(seconds=3)


class ComputerSeats(TableCore):
    """The moves nobody clicks: computers', a person's only one, and those of people away."""

    def _kick_computers(self, table: Table) -> None:
        """Make sure a task plays the computer seats of this table while it is their turn, and
        the one move a person has when they have exactly one."""
        if not table.waiting_computers() and forced_move(table) is None:
            return
        task = self._computer_tasks.get(table.id)
        if task is None or task.done():
            start_keyed(self._computer_tasks, table.id, self._play_computers(table.id))

    async def _play_computers(self, table_id: int) -> None:
        try:
            while True:
                table = self.tables.get(table_id)
                if table is None:
                    return
                if await self._play_forced(table):
                    continue
                if not table.waiting_computers():
                    return
                settings = await self.store.guild_settings(table.guild_id)
                pause = COMPUTER_PAUSE_MS.clamp(settings.computer_pause_ms) / 1000
                if pause:
                    await asyncio.sleep(pause)
                async with self.lock(table_id):
                    if table.status != TableStatus.PLAYING or not table.waiting_computers():
                        return
                    seat = table.waiting_computers()[0]
                    change = await self._apply(table, seat, await self._computer_move(table, seat), "computer", None)
                await self._tell_moved(change)
        except Exception:  # a computer must never take the table down silently; the idle sweep starts it again
            log.exception("Computer player failed at table %s", table_id)

    async def _play_forced(self, table: Table) -> bool:
        """Make a person's only legal move for them, and say so (no one waits to press the one button)."""
        async with self.lock(table.id):
            forced = forced_move(table) if table.status == TableStatus.PLAYING else None
            if forced is None:
                return False
            seat, move = forced
            person = table.seats[seat]
            try:
                change = await self._apply(table, seat, move, "auto", person.user_id)
            except TableError:
                table.no_forced_move = table.version  # the rules refuse it after all: let the person choose
                return False
        await self._tell_moved(
            change, Text("{name} had only one possible move, so it was made for them.", name=person.name)
        )
        return True

    def rest_idle(self) -> None:
        """Tables without a move for :data:`REST_AFTER` (their people are thinking) let go of their
        moment's views until somebody asks again (:meth:`bot.table.Table.rest`)."""
        now = self.clock()
        for table in [*self.tables.values(), *self.finished.values()]:
            if now - table.last_action_at >= REST_AFTER:
                table.rest()

    async def sweep_idle(self) -> None:
        """Remind idle people, let the computer play for the long-idle, close abandoned tables.

        Each table on its own: one that fails (a bad row, a setting out of range, a failing save)
        is logged and skipped, and every other server's tables are still swept."""
        now = self.clock()
        for table in list(self.tables.values()):
            try:
                await self._sweep_table(table, now)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("Idle sweep: table %s skipped", table.id)

    async def _sweep_table(self, table: Table, now: datetime) -> None:
        """One table of the idle sweep."""
        if table.status == TableStatus.PLAYING:
            self._kick_computers(table)  # a computer whose move failed (a refused save, say) plays again
        if table.clocks is not None and table.clocks.turn_based:
            return  # a turn-based table keeps its own time (bot.turns, issue 45)
        if now - table.last_action_at >= ABANDONED_AFTER:
            async with self.lock(table.id):
                await self._close(table, TableStatus.CLOSED)
            await self._tell_changed(table, Text("This table was closed after 24 hours without a move."))
            return
        if table.status != TableStatus.PLAYING:
            return
        settings = await self.store.guild_settings(table.guild_id)
        idle = timedelta(minutes=IDLE_MINUTES.clamp(settings.idle_minutes))
        to_remind = [
            s for s in table.waiting_people() if s not in table.reminded and now - table.pending_since[s] >= idle
        ]
        if to_remind:
            table.reminded.update(to_remind)
            if self.presenter:
                await self.presenter.remind(table, to_remind)
        overdue = [s for s in table.waiting_people() if now - table.pending_since[s] >= 2 * idle]
        for seat in overdue:
            await self._play_for_idle(table, seat)

    async def play_for_absent(self, table: Table, seat: int, actor: str, note: str) -> bool:
        """The computer plays ``seat``'s move for its absent person (``actor`` marks it in the log),
        and the table is told ``note``; False when the seat was not waited on any more."""
        async with self.lock(table.id):
            if table.status != TableStatus.PLAYING or seat not in table.waiting_people():
                return False
            move = await self._computer_move(table, seat)
            change = await self._apply(table, seat, move, actor, table.seats[seat].user_id)
        await self._tell_moved(change, note)
        self._kick_computers(table)
        return True

    async def _play_for_idle(self, table: Table, seat: int) -> None:
        async with self.lock(table.id):
            if table.status != TableStatus.PLAYING or seat not in table.waiting_people():
                return
            name = table.seats[seat].name
            move = await self._computer_move(table, seat)
            change = await self._apply(table, seat, move, "idle", table.seats[seat].user_id)
        await self._tell_moved(change, Text("{name} was away too long, so the computer played their move.", name=name))
        self._kick_computers(table)

    async def _computer_move(self, table: Table, seat: int) -> Move:
        """The computer's move for ``seat``, from that seat's view only (seeded: replays the same,
        wherever it is worked out; the thinking process works the view out from the saved state).
        Called under the table's lock: the table waits for it."""
        state = table.state
        assert state is not None
        seed, saved = move_seed(table.seed, seat, table.version), table.remembered("json", state.to_json)
        level = table.seats[seat].level  # a person away is played for at the default level
        return Move.parse(await self.think(partial(choose_from_saved, table.game, seed, saved, seat, level)))

    async def shutdown(self) -> None:
        tasks = list(self._computer_tasks.values())  # each leaves the dict as it ends
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task


def forced_move(table: Table) -> tuple[int, Move] | None:
    """A waiting person's move when it is the only one they have: one decision whose picks are
    all determined (one option to pick, or every option to pick in any order)."""
    if table.state is None or table.no_forced_move == table.version:
        return None
    for seat in table.waiting_people():
        decisions = table.state.decisions_for(seat)
        if len(decisions) != 1:
            continue
        decision = decisions[0]
        ids = tuple(o.id for o in decision.options)
        if decision.min_picks == decision.max_picks == len(ids) and (len(ids) == 1 or not decision.ordered):
            return seat, Move(decision.kind, ids)
    return None
