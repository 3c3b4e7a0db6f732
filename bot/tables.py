"""The table service: every table's life, from lobby to results, for any game.

It is game-agnostic: it drives any registered game through its decisions and
views. Every change goes through one lock per table and is saved (new state and
an action-log line, one transaction) before anyone is told about it, so a restart
loses nothing. Anything a user does wrong raises :class:`TableError` with one
sentence for them, and changes nothing.

The Discord layer (cogs/) calls these methods and presents the results; it
learns about changes the service makes by itself (computer moves, idle players,
closed tables) through the :class:`Presenter` it registers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from engine import registry
from engine.core import BadMove, Game, GameState, IllegalMove, Move, Outcome, View

log = logging.getLogger(__name__)

#: A table with no action for this long is closed without results.
ABANDONED_AFTER = timedelta(hours=24)
MAX_NAME = 32
#: Finished tables kept in memory (for Show my hand and Rematch); older ones are read from the database.
KEEP_FINISHED = 500
#: What a click that cannot be read gets (a broken or forged custom_id).
BROKEN_BUTTON = "That button is broken or forged; press Show my hand on the table message for working ones."


class TableError(Exception):
    """Something a user did that the table refuses. The message is one sentence for them."""


@dataclass
class Seat:
    """One seat: a person (user_id) or a computer."""

    user_id: int | None
    name: str
    computer: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "computer": self.computer}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(data["user_id"], data["name"], data["computer"])


@dataclass
class Table:
    """One table as the service holds it in memory (its row in the database, plus the state)."""

    id: int
    guild_id: int
    channel_id: int
    game: Game
    host_id: int
    options: dict[str, Any]
    seats: list[Seat]
    status: str = "lobby"
    state: GameState | None = None
    version: int = 0
    seed: int = 0
    #: The channel a thread was made in (the table's channel itself when there is no thread).
    parent_channel_id: int | None = None
    message_id: int | None = None
    message_posted_at: datetime | None = None
    last_action_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    #: When each pending person began waiting to decide (for idle reminders).
    pending_since: dict[int, datetime] = field(default_factory=dict)
    reminded: set[int] = field(default_factory=set)
    #: Per seat, the oldest state version whose controls still work for it: the version at
    #: which that seat's own decisions last changed (or it last moved). A button from before
    #: is stale; a button from after is current even if other seats moved since (so players
    #: deciding at once do not trip over each other's versions).
    fresh_from: dict[int, int] = field(default_factory=dict)
    #: Pictures of this table drawn for Discord, so each is drawn once per state version
    #: (kept and pruned by cogs.table_ui; memory only).
    pictures: dict[tuple, Any] = field(default_factory=dict, repr=False, compare=False)

    def is_current(self, seat: int, version: int) -> bool:
        return self.fresh_from.get(seat, self.version) <= version <= self.version

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if not seat.computer and seat.user_id == user_id:
                return index
        return None

    def view(self, seat: int | None) -> View:
        if self.state is None:
            raise TableError("The game has not started yet.")
        return self.state.view(seat)

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome() if self.state else None

    def waiting_people(self) -> list[int]:
        """Seats of people the game waits on now."""
        if self.state is None or self.status != "playing":
            return []
        return [s for s in self.state.waiting_on() if not self.seats[s].computer]

    def waiting_computers(self) -> list[int]:
        if self.state is None or self.status != "playing":
            return []
        return [s for s in self.state.waiting_on() if self.seats[s].computer]


@dataclass(frozen=True)
class GuildSettings:
    idle_minutes: int = 5
    use_threads: bool = True
    computer_pause_ms: int = 1500


class TableStore(Protocol):
    """What the service needs of the database (bot.store provides it)."""

    async def create_table(self, table: Table) -> int: ...
    async def save_lobby(self, table: Table) -> None: ...
    async def save_action(
        self,
        table: Table,
        new_state_json: str,
        seat: int,
        move: str,
        actor: str,
        user_id: int | None,
        outcome: Outcome | None = None,
    ) -> None:
        """Save the new state and its log line (and, with an outcome, the results) in one transaction."""
        ...

    async def save_start(self, table: Table, state_json: str) -> None: ...
    async def set_status(self, table: Table, status: str) -> None: ...
    async def save_message(self, table: Table) -> None: ...
    async def open_tables(self) -> list[Table]: ...
    async def load_table(self, table_id: int) -> Table | None: ...
    async def guild_settings(self, guild_id: int) -> GuildSettings: ...


class Presenter(Protocol):
    """How the service tells the Discord layer about changes it made by itself."""

    async def table_changed(self, table: Table, note: str | None = None) -> None: ...
    async def remind(self, table: Table, seats: Sequence[int]) -> None: ...


class TableService:
    """Lobbies, moves, computer seats, idle timers and results for every open table."""

    def __init__(
        self,
        store: TableStore,
        *,
        presenter: Presenter | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.store = store
        self.presenter = presenter
        self.clock = clock
        self.tables: dict[int, Table] = {}
        #: Finished tables, kept for their Rematch button until the bot restarts.
        self.finished: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._computer_tasks: dict[int, asyncio.Task[None]] = {}
        self._seed_source = random.SystemRandom()

    # -- loading -----------------------------------------------------------
    async def restore(self) -> list[Table]:
        """Bring back every open table from the database (at start) and resume computers."""
        for table in await self.store.open_tables():
            table.last_action_at = table.last_action_at or self.clock()
            self.tables[table.id] = table
            table.fresh_from = dict.fromkeys(range(len(table.seats)), table.version)
            self._refresh_pending(table)
            self._kick_computers(table)
        return list(self.tables.values())

    def get(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("This table is closed: start a new one with /play.")
        return table

    def lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    # -- the lobby ---------------------------------------------------------
    async def open(
        self,
        guild_id: int,
        channel_id: int,
        game_key: str,
        host_id: int,
        host_name: str,
        parent_channel_id: int | None = None,
    ) -> Table:
        """Open a lobby with the host in the first seat (``channel_id`` is the thread, if one was made)."""
        try:
            game = registry.get(game_key)
        except KeyError as error:
            raise TableError(str(error.args[0])) from None
        table = Table(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            parent_channel_id=parent_channel_id or channel_id,
            game=game,
            host_id=host_id,
            options=game.validate_options({}),
            seats=[Seat(host_id, _clean_name(host_name))],
            seed=self._seed_source.randrange(2**63),
            last_action_at=self.clock(),
        )
        table.id = await self.store.create_table(table)
        self.tables[table.id] = table
        return table

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id)
            if table.seat_of(user_id) is not None:
                raise TableError("You are already seated at this table.")
            if len(table.seats) >= table.game.max_players:
                raise TableError(f"The table is full: {table.game.name} seats at most {table.game.max_players}.")
            return await self._save_lobby(table, seats=[*table.seats, Seat(user_id, _clean_name(name))])

    async def leave(self, table_id: int, user_id: int) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You are not seated at this table.")
            if user_id == table.host_id:
                raise TableError("The host can't leave the lobby; press Cancel to close it instead.")
            return await self._save_lobby(table, seats=[s for i, s in enumerate(table.seats) if i != seat])

    async def add_computer(self, table_id: int, user_id: int) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id)
            self._must_be_seated(table, user_id)
            if len(table.seats) >= table.game.max_players:
                raise TableError(f"The table is full: {table.game.name} seats at most {table.game.max_players}.")
            number = 1 + sum(1 for s in table.seats if s.computer)
            return await self._save_lobby(table, seats=[*table.seats, Seat(None, f"Computer {number}", True)])

    async def remove_computer(self, table_id: int, user_id: int) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id)
            self._must_be_seated(table, user_id)
            computers = [i for i, s in enumerate(table.seats) if s.computer]
            if not computers:
                raise TableError("There is no computer player to remove.")
            return await self._save_lobby(table, seats=[s for i, s in enumerate(table.seats) if i != computers[-1]])

    async def set_options(self, table_id: int, user_id: int, changes: dict[str, Any]) -> Table:
        """Change host options; a bad value is refused with the game's sentence."""
        async with self.lock(table_id):
            table = self._lobby(table_id)
            self._must_be_host(table, user_id, "change the options")
            try:
                options = table.game.validate_options({**table.options, **changes})
            except ValueError as error:
                raise TableError(str(error)) from None
            return await self._save_lobby(table, options=options)

    async def cancel(self, table_id: int, user_id: int) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id)
            self._must_be_host(table, user_id, "cancel the table")
            await self._close(table, "cancelled")
            return table

    async def start(self, table_id: int, user_id: int) -> Table:
        """Deal the game (host only, with a legal number of seats)."""
        async with self.lock(table_id):
            table = self._lobby(table_id)
            self._must_be_host(table, user_id, "start the game")
            try:
                state = table.game.new_state(len(table.seats), table.seed, table.options)
            except ValueError as error:
                raise TableError(str(error)) from None
            await self.store.save_start(table, state.to_json())
            table.state, table.status, table.version = state, "playing", 0
            table.fresh_from = dict.fromkeys(range(len(table.seats)), 0)
            self._touch(table)
        self._kick_computers(table)
        return table

    # -- playing -----------------------------------------------------------
    async def act(self, table_id: int, user_id: int, version: int, move_text: str) -> Table:
        """A person's move, from a button or select made at state ``version``."""
        try:
            move = Move.parse(move_text)
        except BadMove:
            raise TableError(BROKEN_BUTTON) from None
        async with self.lock(table_id):
            table = self._playing(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You are not seated at this table; you can watch, and join the next one.")
            if not table.is_current(seat, version):
                raise TableError("That button is from an earlier moment of the game; press Show my hand again.")
            await self._apply(table, seat, move, "player", user_id)
        self._kick_computers(table)
        return table

    async def replace_with_computer(self, table_id: int, user_id: int, seat: int) -> Table:
        """The host hands an absent player's seat to a computer for the rest of the game."""
        async with self.lock(table_id):
            table = self._playing(table_id)
            self._must_be_host(table, user_id, "replace a player")
            if not 0 <= seat < len(table.seats) or table.seats[seat].computer:
                raise TableError("That seat is not a person's seat.")
            old = table.seats[seat].name
            seats = list(table.seats)
            seats[seat] = Seat(None, f"{old} (computer)", True)
            await self._save_lobby(table, seats=seats)
        self._kick_computers(table)
        await self._notify(table, f"{old}'s seat is now played by the computer.")
        return table

    async def end(self, table_id: int, user_id: int, *, moderator: bool) -> Table:
        """End a table without results: its host, or a server moderator."""
        async with self.lock(table_id):
            table = self.get(table_id)
            if user_id != table.host_id and not moderator:
                raise TableError("Only the table's host or a server moderator can end it.")
            await self._close(table, "closed")
            return table

    async def rematch(self, table_id: int, user_id: int) -> Table:
        """A new game with the same seats and options, started at once."""
        old = self.tables.get(table_id) or self.finished.get(table_id) or await self.store.load_table(table_id)
        if old is None or old.status != "finished":
            raise TableError("That table is gone; start a new one with /play.")
        if old.seat_of(user_id) is None:
            raise TableError("Only the players of that game can ask for a rematch.")
        table = Table(
            id=0,
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            parent_channel_id=old.parent_channel_id,
            game=old.game,
            host_id=user_id,
            options=dict(old.options),
            seats=[Seat(s.user_id, s.name, s.computer) for s in old.seats],
            seed=self._seed_source.randrange(2**63),
            last_action_at=self.clock(),
        )
        table.id = await self.store.create_table(table)
        self.tables[table.id] = table
        self.finished.pop(table_id, None)
        return await self.start(table.id, user_id)

    # -- computers and idle players ----------------------------------------
    def _kick_computers(self, table: Table) -> None:
        """Make sure a task plays the computer seats of this table while it is their turn."""
        if not table.waiting_computers():
            return
        task = self._computer_tasks.get(table.id)
        if task is None or task.done():
            self._computer_tasks[table.id] = asyncio.get_running_loop().create_task(self._play_computers(table.id))

    async def _play_computers(self, table_id: int) -> None:
        try:
            while True:
                table = self.tables.get(table_id)
                if table is None or not table.waiting_computers():
                    return
                settings = await self.store.guild_settings(table.guild_id)
                pause = settings.computer_pause_ms / 1000
                if pause:
                    await asyncio.sleep(pause)
                async with self.lock(table_id):
                    if table.status != "playing" or not table.waiting_computers():
                        return
                    seat = table.waiting_computers()[0]
                    await self._apply(table, seat, _computer_move(table, seat), "computer", None)
                await self._notify(table)
        except Exception:  # a computer must never take the table down silently
            log.exception("Computer player failed at table %s", table_id)

    async def sweep_idle(self) -> None:
        """Remind idle people, let the computer play for the long-idle, close abandoned tables."""
        now = self.clock()
        for table in list(self.tables.values()):
            if now - table.last_action_at >= ABANDONED_AFTER:
                async with self.lock(table.id):
                    await self._close(table, "closed")
                await self._notify(table, "This table was closed after 24 hours without a move.")
                continue
            if table.status != "playing":
                continue
            settings = await self.store.guild_settings(table.guild_id)
            idle = timedelta(minutes=settings.idle_minutes)
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

    async def _play_for_idle(self, table: Table, seat: int) -> None:
        async with self.lock(table.id):
            if table.status != "playing" or seat not in table.waiting_people():
                return
            name = table.seats[seat].name
            await self._apply(table, seat, _computer_move(table, seat), "idle", table.seats[seat].user_id)
        await self._notify(table, f"{name} was away too long, so the computer played their move.")
        self._kick_computers(table)

    # -- internals ---------------------------------------------------------
    async def _apply(self, table: Table, seat: int, move: Move, actor: str, user_id: int | None) -> None:
        """Validate on a copy, save, then adopt: an error at any step leaves the table as it was."""
        assert table.state is not None
        trial = table.state.copy()
        try:
            trial.act(seat, move)
        except IllegalMove as error:
            raise TableError(str(error)) from None
        except BadMove:
            raise TableError(BROKEN_BUTTON) from None
        outcome = trial.outcome()
        await self.store.save_action(table, trial.to_json(), seat, move.text(), actor, user_id, outcome)
        before = table.state
        table.state = trial
        table.version += 1
        for other in range(len(table.seats)):
            if other == seat or _decisions(before, other) != _decisions(trial, other):
                table.fresh_from[other] = table.version
        self._touch(table)
        if outcome is not None:
            table.status = "finished"
            self._forget(table)
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

    async def _close(self, table: Table, status: str) -> None:
        await self.store.set_status(table, status)
        table.status = status
        self._forget(table)

    def _forget(self, table: Table) -> None:
        """An ended table leaves the open tables, with its lock and its computer task."""
        self.tables.pop(table.id, None)
        self._locks.pop(table.id, None)  # a holder keeps its reference; later callers find no table
        task = self._computer_tasks.pop(table.id, None)
        if task and task is not asyncio.current_task():
            task.cancel()

    async def _notify(self, table: Table, note: str | None = None) -> None:
        if self.presenter:
            try:
                await self.presenter.table_changed(table, note)
            except Exception:
                log.exception("Could not present table %s", table.id)

    def _lobby(self, table_id: int) -> Table:
        table = self.get(table_id)
        if table.status != "lobby":
            raise TableError("The game has already started.")
        return table

    def _playing(self, table_id: int) -> Table:
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is None:
            raise TableError("This table is closed: start a new one with /play.")
        if table.status == "lobby":
            raise TableError("The game has not started yet.")
        if table.status != "playing":
            raise TableError("This game is over.")
        return table

    @staticmethod
    def _must_be_host(table: Table, user_id: int, what: str) -> None:
        if user_id != table.host_id:
            raise TableError(f"Only the host can {what}.")

    @staticmethod
    def _must_be_seated(table: Table, user_id: int) -> None:
        if table.seat_of(user_id) is None:
            raise TableError("Join the table first.")

    async def shutdown(self) -> None:
        for task in self._computer_tasks.values():
            task.cancel()
        for task in self._computer_tasks.values():
            with contextlib.suppress(BaseException):
                await task


def _computer_move(table: Table, seat: int) -> Move:
    """The computer's move for ``seat``, from that seat's view only (seeded: replays the same)."""
    player = table.game.computer_player(table.seed + seat + table.version)
    return player.choose(table.view(seat))


def _decisions(state: GameState, seat: int) -> list[dict[str, Any]]:
    return [d.to_dict() for d in state.decisions_for(seat)]


def _clean_name(name: str) -> str:
    name = " ".join(name.split()) or "Player"
    return name[:MAX_NAME]
