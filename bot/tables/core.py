"""The core of the table service: the tables it holds, their locks, and one move applied.

A move is validated on a copy of the game state, saved (new state and an action-log line, one
transaction), and only then adopted; its :class:`bot.table.Change` goes to delivery (the
:class:`bot.ports.Presenter`). The lobby (:mod:`bot.tables.lobby`), the computer seats and idle
people (:mod:`bot.tables.computers`) and the entries people call (:mod:`bot.tables.service`) are
built on it.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from bot.actor import Actor
from bot.models import TableStatus
from bot.ports import Presenter, TableStore
from bot.table import BROKEN_BUTTON, Change, Table, TableError, cards_in_play
from engine.core import BadMove, GameState, IllegalMove, Move, Outcome
from engine.players import check_level
from engine.words import Text

log = logging.getLogger(__name__)

#: Finished tables kept in memory (for Show my hand and Rematch); older ones are read from the database.
KEEP_FINISHED = 500

#: Works out a computer's move: runs a picklable call that returns the move as text. The bot runs
#: it in its worker processes (:func:`bot.workers.scheduler.compute`), off the event loop; by default it
#: runs here and now.
Thinker = Callable[[Callable[[], str]], Awaitable[str]]


async def think_here(choose: Callable[[], str]) -> str:
    """Work out the move on the event loop (a table service outside the bot: tests, tools)."""
    return choose()


class TableCore:
    """What every part of the table service shares: the tables in memory (open and just finished),
    one lock per table, and a move applied (validated on a copy, saved, adopted, handed to delivery)."""

    def __init__(
        self,
        store: TableStore,
        *,
        presenter: Presenter | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        think: Thinker = think_here,
    ) -> None:
        self.store = store
        self.presenter = presenter
        self.clock = clock
        self.think = think
        self.tables: dict[int, Table] = {}
        #: Finished tables, kept for their Rematch button until the bot restarts.
        self.finished: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._computer_tasks: dict[int, asyncio.Task[None]] = {}
        self._seed_source = random.SystemRandom()
        #: Told when a table ends, after its final save: its outcome, or None when closed without one.
        #: It must return at once (schedule any work); the tournaments listen here.
        self.on_end: Callable[[Table, Outcome | None], None] | None = None
        #: Told under the table's lock after a game starts, a move is saved or a seat changes hands:
        #: the turn clocks start and stop here (bot.turns, issue 45).
        self.on_moment: Callable[[Table], Awaitable[None]] | None = None

    def lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def _apply(self, table: Table, seat: int, move: Move, actor: str, user_id: int | None) -> Change:
        """Validate on a copy, save, then adopt: an error at any step leaves the table as it was."""
        state = table.state
        assert state is not None
        trial = state.copy(table.remembered("json", state.to_json))  # through JSON, so exact
        try:
            trial.act(seat, move)
        except IllegalMove as error:
            raise TableError(error.text) from None
        except BadMove:
            raise TableError(BROKEN_BUTTON) from None
        outcome = trial.outcome()
        version = table.version + 1
        before, after = table.remembered("decisions", lambda: decisions_by_seat(state)), decisions_by_seat(trial)
        changed = [other for other in range(len(table.seats)) if other == seat or before.get(other) != after.get(other)]
        fresh_from = [
            version if other in changed else table.fresh_from.get(other, version) for other in range(len(table.seats))
        ]
        trial_json = trial.to_json()
        prizes = await self.store.save_action(table, trial_json, seat, move.text(), actor, user_id, outcome, fresh_from)
        table.state = trial
        table.version = version
        table.remembered("json", lambda: trial_json)
        table.remembered("decisions", lambda: after)
        table.fresh_from = dict(enumerate(fresh_from))
        table.drop_stale_drafts()  # the drafts of the seats whose choices changed belong to the old ones
        self._touch(table)
        if outcome is not None:  # at once: nothing may find a finished game at a table still playing
            table.prizes = tuple(prizes or ())  # what moved, as saved (the table announces it)
            table.status = TableStatus.FINISHED
        await self._moment(table)
        if outcome is not None:
            self._ended(table, outcome)
            self._forget(table)
            self._keep_finished(table)
        waiting = tuple(sorted(after))
        computers = outcome is None and any(table.seats[other].computer for other in waiting)
        return Change(table, version, seat, outcome, waiting, tuple(changed), computers)

    async def _looks(self, guild_id: int) -> tuple[bool, str | None]:
        """The server's deck colours and language (``/settings four_colour`` and ``language``); a
        settings row that cannot be read is logged and its tables drawn in the usual two colours in
        the server's Discord language, like the idle sweep skips it."""
        try:
            settings = await self.store.guild_settings(guild_id)
        except Exception:
            log.exception("The settings of server %s cannot be read; its cards are drawn in two colours", guild_id)
            return False, None
        return settings.four_colour, settings.language

    def _keep_finished(self, table: Table) -> None:
        self.finished[table.id] = table
        while len(self.finished) > KEEP_FINISHED:
            del self.finished[next(iter(self.finished))]

    def _touch(self, table: Table) -> None:
        table.last_action_at = self.clock()
        self._refresh_pending(table)

    def _refresh_pending(self, table: Table) -> None:
        now = self.clock()
        waiting = set(table.waiting_people())
        table.pending_since = {s: table.pending_since.get(s, now) for s in waiting}
        table.reminded &= waiting

    async def _save_lobby(self, table: Table, **changes: Any) -> Table:
        """Save a lobby change first; adopt it only once saved."""
        before = {name: getattr(table, name) for name in changes}
        for name, value in changes.items():
            setattr(table, name, value)
        try:
            await self.store.save_lobby(table)
        except Exception:
            for name, value in before.items():
                setattr(table, name, value)
            raise
        table.last_action_at = self.clock()
        return table

    async def _close(self, table: Table, status: TableStatus) -> None:
        await self.store.set_status(table, status)
        table.status = status
        self._forget(table)
        self._ended(table, None)

    async def _moment(self, table: Table) -> None:
        """Tell the turn clocks (:attr:`on_moment`); a failure there never undoes a saved move."""
        if self.on_moment is not None:
            try:
                await self.on_moment(table)
            except Exception:
                log.exception("Could not update the clocks of table %s", table.id)

    def _ended(self, table: Table, outcome: Outcome | None) -> None:
        if self.on_end is not None:
            try:
                self.on_end(table, outcome)
            except Exception:  # a listener must never undo a saved end
                log.exception("Could not report the end of table %s", table.id)

    def _forget(self, table: Table) -> None:
        """An ended table leaves the open tables, with its lock and its computer task."""
        self.tables.pop(table.id, None)
        self._locks.pop(table.id, None)  # a holder keeps its reference; later callers find no table
        task = self._computer_tasks.pop(table.id, None)
        if task and task is not asyncio.current_task():
            task.cancel()

    async def _tell_moved(self, change: Change, note: str | None = None) -> None:
        """Hand a move's change (and what the table says of it) to delivery."""
        if self.presenter:
            try:
                await self.presenter.moved(change, note=note)
            except Exception:
                log.exception("Could not present table %s", change.table.id)

    async def _tell_changed(self, table: Table, note: str | None = None) -> None:
        """Tell delivery of a change that is no move (the table closed)."""
        if self.presenter:
            try:
                await self.presenter.table_changed(table, note)
            except Exception:
                log.exception("Could not present table %s", table.id)

    @staticmethod
    def _open_table(table_id: int, actor: Actor, table: Table | None) -> Table:
        """The table found, if it is the actor's server's: another server's table does not exist for them."""
        if table is not None and not actor.owns(table.guild_id):
            raise TableError(no_table(table_id))
        if table is None:
            raise TableError(Text("This table is closed: start a new one with /play."))
        return table

    def _lobby(self, table_id: int, actor: Actor) -> Table:
        table = self._open_table(table_id, actor, self.tables.get(table_id))
        if table.status != TableStatus.LOBBY:
            raise TableError(Text("The game has already started."))
        return table

    def _playing(self, table_id: int, actor: Actor) -> Table:
        table = self._open_table(table_id, actor, self.tables.get(table_id) or self.finished.get(table_id))
        if table.status == TableStatus.LOBBY:
            raise TableError(Text("The game has not started yet."))
        if table.status != TableStatus.PLAYING:
            raise TableError(Text("This game is over."))
        return table

    @staticmethod
    def _must_be_host(table: Table, actor: Actor, refusal: Text) -> None:
        """Refuse anyone but the host, with ``refusal`` ("Only the host can start the game.")."""
        if actor.user_id != table.host_id:
            raise TableError(refusal)

    async def _must_be_free(self, table: Table, user_id: int) -> None:
        """Refuse a person whose items this table would stake while they are in play at another table."""
        if table.game.uses_profiles:
            held = await self.store.staked_at(table, user_id)
            if held is not None and held != table.id:
                raise TableError(cards_in_play(held))

    @staticmethod
    def _must_be_seated(table: Table, actor: Actor) -> None:
        if table.seat_of(actor.user_id) is None:
            raise TableError(Text("Join the table first."))


def decisions_by_seat(state: GameState) -> dict[int, list[dict[str, Any]]]:
    """Every pending decision, by seat (worked out once per state)."""
    by_seat: dict[int, list[dict[str, Any]]] = {}
    for decision in state.pending_decisions():
        by_seat.setdefault(decision.seat, []).append(decision.to_dict())
    return by_seat


def no_table(table_id: int) -> Text:
    """What a person is told of a table that is not their server's (nothing else about it)."""
    return Text("There is no table #{table} in this server.", table=table_id)


def sentence_of(error: Exception) -> str:
    """A refusal's sentence as raised: a :class:`~engine.words.Text` stays one (said later in its
    reader's language), anything else is its English."""
    return error.args[0] if error.args and isinstance(error.args[0], str) else str(error)


def check_computer_level(level: str) -> None:
    """Refuse a computer level that is not one of engine.players.LEVELS (a forged click), in a sentence."""
    try:
        check_level(level)
    except ValueError as error:
        raise TableError(sentence_of(error)) from None
