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
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from bot.actor import Actor
from bot.futures import start_keyed
from bot.models import TableStatus
from bot.ports import Presenter, TableStore
from bot.server_settings import COMPUTER_PAUSE_MS, IDLE_MINUTES
from bot.table import (
    BROKEN_BUTTON,
    NOT_A_BUTTON,
    STALE_BUTTON,
    Change,
    Draft,
    GuildSettings,
    Seat,
    Table,
    TableError,
    cards_in_play,
)
from engine import registry
from engine.core import BadMove, GameState, IllegalMove, Move, Outcome
from engine.players import DEFAULT_LEVEL, check_level, choose_from_saved, move_seed

__all__ = [
    "BROKEN_BUTTON",
    "NOT_A_BUTTON",
    "STALE_BUTTON",
    "Actor",
    "Change",
    "Draft",
    "GuildSettings",
    "Presenter",
    "Seat",
    "Table",
    "TableError",
    "TableService",
    "TableStore",
]

log = logging.getLogger(__name__)

#: A table with no action for this long is closed without results.
ABANDONED_AFTER = timedelta(hours=24)
MAX_NAME = 32
#: Finished tables kept in memory (for Show my hand and Rematch); older ones are read from the database.
KEEP_FINISHED = 500
#: A table without a move for this long lets go of its moment's views (:meth:`TableService.rest_idle`):
#: its people are thinking, and its table message and their hands show the moment already.
REST_AFTER = timedelta(seconds=3)

#: Works out a computer's move: runs a picklable call that returns the move as text. The bot runs
#: it in its worker processes (:func:`bot.workers.scheduler.compute`), off the event loop; by default it
#: runs here and now.
Thinker = Callable[[Callable[[], str]], Awaitable[str]]


async def think_here(choose: Callable[[], str]) -> str:
    """Work out the move on the event loop (a table service outside the bot: tests, tools)."""
    return choose()


class TableService:
    """Lobbies, moves, computer seats, idle timers and results for every open table."""

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

    # -- loading -----------------------------------------------------------
    async def restore(self) -> list[Table]:
        """Bring back every open table from the database (at start) and resume computers."""
        for table in await self.store.open_tables():
            table.four_colour, table.language = await self._looks(table.guild_id)
            table.last_action_at = table.last_action_at or self.clock()
            self.tables[table.id] = table
            if not table.fresh_from:  # saved before valid-from versions were kept: all current
                table.fresh_from = dict.fromkeys(range(len(table.seats)), table.version)
            table.drop_stale_drafts()
            self._refresh_pending(table)
            self._kick_computers(table)
        for table in await self.store.unshown_finished_tables():
            self.finished[table.id] = table
        # A message that shows an older moment than the saved state (the bot stopped between a
        # save and its edit, or before the end was shown) is drawn again now.
        for table in [*self.tables.values(), *self.finished.values()]:
            if table.message_behind:
                await self._tell_moved(Change.as_it_stands(table))
        return list(self.tables.values())

    def get(self, table_id: int, actor: Actor) -> Table:
        """An open table of the actor's server (another server's table does not exist for them)."""
        return self._open_table(table_id, actor, self.tables.get(table_id))

    def open_tables(self, actor: Actor) -> list[Table]:
        """The open tables of the actor's server (lobbies and games under way)."""
        return [table for table in self.tables.values() if actor.owns(table.guild_id)]

    def in_play(self, table_id: int, actor: Actor) -> Table | None:
        """The open table of the actor's server with this id, or None (closed, or another server's)."""
        table = self.tables.get(table_id)
        return table if table is not None and actor.owns(table.guild_id) else None

    def version_of(self, table_id: int, actor: Actor) -> int:
        """The state version of the actor's server's open table now (0: no such table), which a
        click arriving now acts on."""
        table = self.in_play(table_id, actor)
        return table.version if table is not None else 0

    def seat_view(self, table_id: int, actor: Actor) -> tuple[Table, int]:
        """A started table (open or just finished) and the actor's seat at it, to show their hand."""
        table = self._open_table(table_id, actor, self.tables.get(table_id) or self.finished.get(table_id))
        seat = table.seat_of(actor.user_id)
        if seat is None:
            raise TableError(_not_seated(table, actor.user_id))
        if table.state is None:
            raise TableError("The game has not started yet.")
        return table, seat

    async def hand_view(self, table_id: int, actor: Actor) -> tuple[Table, int]:
        """Like :meth:`seat_view`, and a finished table no longer in memory is read from the database
        (its final hand is still shown: the person may hold a message that has not shown the end yet)."""
        if table_id not in self.tables and table_id not in self.finished:
            table = await self.store.load_table(table_id)
            if table is not None and table.status == TableStatus.FINISHED and table.started:
                self._keep_finished(table)
        return self.seat_view(table_id, actor)

    async def own_hand_view(self, table_id: int, user_id: int) -> tuple[Table, int]:
        """:meth:`hand_view` for a person asking from outside the table's server (their DMs: /games
        lists every server's tables waiting on them): a table exists for them where they are seated."""
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is None or table.seat_of(user_id) is None:
            raise TableError(f"You are not seated at table #{table_id}.")
        return await self.hand_view(table_id, Actor(user_id, table.guild_id))

    async def message_of(self, table_id: int, actor: Actor) -> int | None:
        """The id of the table's public message (lobby, game or results), for a table of the actor's server.

        Its lobby and table buttons work on that message only: on any other they would rewrite it."""
        table = self.tables.get(table_id) or self.finished.get(table_id) or await self.store.load_table(table_id)
        return self._open_table(table_id, actor, table).message_id

    def options_form_table(self, table_id: int, actor: Actor) -> Table:
        """The lobby whose options the actor may change now (the host, before the start)."""
        table = self._lobby(table_id, actor)
        self._must_be_host(table, actor, "change the options")
        if not table.game.options:
            raise TableError(f"{table.game.name} has no options to set.")
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
        table.four_colour, table.language = await self._looks(guild_id)
        table.id = await self.store.create_table(table)
        self.tables[table.id] = table
        return table

    async def join(self, table_id: int, actor: Actor, name: str) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            if table.seat_of(actor.user_id) is not None:
                raise TableError("You are already seated at this table.")
            if len(table.seats) >= table.game.max_players:
                raise TableError(f"The table is full: {table.game.name} seats at most {table.game.max_players}.")
            await self._must_be_free(table, actor.user_id)
            return await self._save_lobby(table, seats=[*table.seats, Seat(actor.user_id, _clean_name(name))])

    async def leave(self, table_id: int, actor: Actor) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            seat = table.seat_of(actor.user_id)
            if seat is None:
                raise TableError("You are not seated at this table.")
            if actor.user_id == table.host_id:
                raise TableError("The host can't leave the lobby; press Cancel to close it instead.")
            return await self._save_lobby(table, seats=[s for i, s in enumerate(table.seats) if i != seat])

    async def add_computer(self, table_id: int, actor: Actor, level: str = DEFAULT_LEVEL) -> Table:
        """Seat a computer playing at ``level`` (one of engine.players.LEVELS)."""
        _check_level(level)
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            self._must_be_seated(table, actor)
            if len(table.seats) >= table.game.max_players:
                raise TableError(f"The table is full: {table.game.name} seats at most {table.game.max_players}.")
            number = 1 + sum(1 for s in table.seats if s.computer)
            computer = Seat(None, f"Computer {number}", True, level)
            return await self._save_lobby(table, seats=[*table.seats, computer])

    async def remove_computer(self, table_id: int, actor: Actor) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            self._must_be_seated(table, actor)
            computers = [i for i, s in enumerate(table.seats) if s.computer]
            if not computers:
                raise TableError("There is no computer player to remove.")
            return await self._save_lobby(table, seats=[s for i, s in enumerate(table.seats) if i != computers[-1]])

    async def choose_partner(self, table_id: int, actor: Actor, partner: str) -> Table:
        """In a team game, the host picks their partner: seats are swapped so the two share a team.

        ``partner`` names a seat as the lobby shows it (:func:`seat_key`), so a choice made before
        someone joined or left still means the same player.
        """
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            self._must_be_host(table, actor, "choose partners")
            teams = table.game.teams.get(len(table.seats))
            if not teams:
                raise TableError(f"Partners are chosen when {table.game.name} has a full table for teams.")
            chosen = next((i for i, seat in enumerate(table.seats) if seat_key(seat) == partner), None)
            host = table.seat_of(actor.user_id)
            if chosen is None or host is None or chosen == host:
                raise TableError("That player is no longer at this table; pick another partner.")
            team = next(t for t in teams if host in t)
            place = next(s for s in team if s != host)
            seats = list(table.seats)
            seats[place], seats[chosen] = seats[chosen], seats[place]
            return await self._save_lobby(table, seats=seats)

    async def set_options(self, table_id: int, actor: Actor, changes: dict[str, Any]) -> Table:
        """Change host options; a bad value is refused with the game's sentence."""
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            self._must_be_host(table, actor, "change the options")
            try:
                options = table.game.validate_options({**table.options, **changes})
            except ValueError as error:
                raise TableError(str(error)) from None
            return await self._save_lobby(table, options=options)

    async def cancel(self, table_id: int, actor: Actor) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            self._must_be_host(table, actor, "cancel the table")
            await self._close(table, TableStatus.CANCELLED)
            return table

    async def start(self, table_id: int, actor: Actor) -> Table:
        """Deal the game (host only, with a legal number of seats)."""
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            self._must_be_host(table, actor, "start the game")
            topped_up = await self.store.top_up(table) if table.game.uses_profiles else []
            profiles = await self.store.profiles(table) if table.game.uses_profiles else None
            try:
                state = table.game.new_state(len(table.seats), table.seed, table.options, profiles)
            except ValueError as error:
                raise TableError(str(error)) from None
            await self.store.save_start(table, state.to_json(), profiles)  # stakes the profiles' items
            table.state, table.status, table.version = state, TableStatus.PLAYING, 0
            table.dealt_notes = tuple(topped_up)
            table.fresh_from = dict.fromkeys(range(len(table.seats)), 0)
            self._touch(table)
            await self._moment(table)
        self._kick_computers(table)
        return table

    # -- playing -----------------------------------------------------------
    async def act(self, table_id: int, actor: Actor, version: int, move_text: str) -> Change:
        """A person's move, from a button or select made at state ``version``; returns what it changed."""
        try:
            move = Move.parse(move_text)
        except BadMove:
            raise TableError(BROKEN_BUTTON) from None
        async with self.lock(table_id):
            table = self._playing(table_id, actor)
            seat = table.seat_of(actor.user_id)
            if seat is None:
                raise TableError(_not_seated(table, actor.user_id))
            table.check_version(seat, version)
            change = await self._apply(table, seat, move, "player", actor.user_id)
        self._kick_computers(table)
        return change

    async def draft(self, table_id: int, actor: Actor, version: int, kind: str, picks: Sequence[str]) -> Table:
        """Keep the selection the actor is building for decision ``kind`` (choice screen)."""
        async with self.lock(table_id):
            table = self._playing(table_id, actor)
            seat = table.seat_of(actor.user_id)
            if seat is None:
                raise TableError(_not_seated(table, actor.user_id))
            table.check_version(seat, version)
            assert table.state is not None
            decision = next((d for d in table.state.decisions_for(seat) if d.kind == kind), None)
            if decision is None:
                raise TableError("That choice is not yours to make now; press Show my hand again.")
            known = {o.id for o in decision.options}
            if any(p not in known for p in picks) or len(set(picks)) != len(picks):
                raise TableError(BROKEN_BUTTON)
            if len(picks) > decision.max_picks:
                raise TableError(f"You can pick at most {decision.max_picks}; unpick one first.")
            before = table.drafts.get(seat)
            table.drafts[seat] = Draft(kind, tuple(picks), table.version)
            try:
                await self.store.save_drafts(table)
            except Exception:
                if before is None:
                    table.drafts.pop(seat, None)
                else:
                    table.drafts[seat] = before
                raise
            return table

    async def replace_with_computer(
        self, table_id: int, actor: Actor, player_id: int, player_name: str, level: str = DEFAULT_LEVEL
    ) -> Table:
        """The host hands an absent player's seat to a computer of ``level`` for the rest of the game."""
        _check_level(level)
        async with self.lock(table_id):
            table = self._playing(table_id, actor)
            self._must_be_host(table, actor, "replace a player")
            seat = table.seat_of(player_id)
            if seat is None:
                raise TableError(f"{player_name} is not seated at table #{table_id}.")
            old = table.seats[seat].name
            seats = list(table.seats)
            seats[seat] = table.seats[seat].taken_over(table.version, level)  # the person's cards stay theirs
            await self._save_lobby(table, seats=seats)
            await self._moment(table)
            computers = bool(table.waiting_computers())
            change = Change(table, table.version, seat, None, table.waiting_on, (seat,), computers)
        self._kick_computers(table)
        await self._tell_moved(change, f"{old}'s seat is now played by the computer.")
        return table

    async def end(self, table_id: int, actor: Actor) -> Table:
        """End a table without results: its host, or a moderator of its server."""
        async with self.lock(table_id):
            table = self.get(table_id, actor)
            if actor.user_id != table.host_id and not actor.moderator:
                raise TableError("Only the table's host or a server moderator can end it.")
            await self._close(table, TableStatus.CLOSED)
            return table

    async def rematch(self, table_id: int, actor: Actor) -> Table:
        """A new lobby with the same options and computers, the asker its host and only person:
        the others join by their own click. One rematch per finished table (kept in the database):
        asking again points to it."""
        old = self.tables.get(table_id) or self.finished.get(table_id) or await self.store.load_table(table_id)
        if old is not None and not actor.owns(old.guild_id):
            raise TableError(no_table(table_id))
        if old is None or old.status != TableStatus.FINISHED:
            raise TableError("That table is gone; start a new one with /play.")
        if old.rematch_id is not None:
            raise _rematch_open(old.rematch_id)
        seat = old.seat_of(actor.user_id)
        if seat is None:
            raise TableError("Only the players of that game can ask for a rematch.")
        table = Table(
            id=0,
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            parent_channel_id=old.parent_channel_id,
            game=old.game,
            host_id=actor.user_id,
            options=dict(old.options),
            seats=[
                Seat(actor.user_id, old.seats[seat].name),
                *(Seat(None, s.name, True, s.level) for s in old.seats if s.generated),
            ],
            seed=self._seed_source.randrange(2**63),
            last_action_at=self.clock(),
        )
        await self._must_be_free(table, actor.user_id)
        table.four_colour, table.language = old.four_colour, old.language
        table.id, opened = await self.store.create_rematch(old.id, table)
        old.rematch_id = table.id
        if not opened:  # another click (or process) opened it first
            raise _rematch_open(table.id)
        self.tables[table.id] = table
        return table

    # -- computers and idle players ----------------------------------------
    def _kick_computers(self, table: Table) -> None:
        """Make sure a task plays the computer seats of this table while it is their turn, and
        the one move a person has when they have exactly one."""
        if not table.waiting_computers() and _forced_move(table) is None:
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
        except Exception:  # a computer must never take the table down silently
            log.exception("Computer player failed at table %s", table_id)

    async def _play_forced(self, table: Table) -> bool:
        """Make a person's only legal move for them, and say so (no one waits to press the one button)."""
        async with self.lock(table.id):
            forced = _forced_move(table) if table.status == TableStatus.PLAYING else None
            if forced is None:
                return False
            seat, move = forced
            person = table.seats[seat]
            try:
                change = await self._apply(table, seat, move, "auto", person.user_id)
            except TableError:
                table.no_forced_move = table.version  # the rules refuse it after all: let the person choose
                return False
        await self._tell_moved(change, f"{person.name} had only one possible move, so it was made for them.")
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
        if table.clocks is not None and table.clocks.turn_based:
            return  # a turn-based table keeps its own time (bot.turns, issue 45)
        if now - table.last_action_at >= ABANDONED_AFTER:
            async with self.lock(table.id):
                await self._close(table, TableStatus.CLOSED)
            await self._tell_changed(table, "This table was closed after 24 hours without a move.")
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
        await self._tell_moved(change, f"{name} was away too long, so the computer played their move.")
        self._kick_computers(table)

    # -- internals ---------------------------------------------------------
    async def _computer_move(self, table: Table, seat: int) -> Move:
        """The computer's move for ``seat``, from that seat's view only (seeded: replays the same,
        wherever it is worked out; the thinking process works the view out from the saved state).
        Called under the table's lock: the table waits for it."""
        state = table.state
        assert state is not None
        seed, saved = move_seed(table.seed, seat, table.version), table.remembered("json", state.to_json)
        level = table.seats[seat].level  # a person away is played for at the default level
        return Move.parse(await self.think(partial(choose_from_saved, table.game, seed, saved, seat, level)))

    async def _apply(self, table: Table, seat: int, move: Move, actor: str, user_id: int | None) -> Change:
        """Validate on a copy, save, then adopt: an error at any step leaves the table as it was."""
        state = table.state
        assert state is not None
        trial = state.copy(table.remembered("json", state.to_json))  # through JSON, so exact
        try:
            trial.act(seat, move)
        except IllegalMove as error:
            raise TableError(str(error)) from None
        except BadMove:
            raise TableError(BROKEN_BUTTON) from None
        outcome = trial.outcome()
        version = table.version + 1
        before, after = table.remembered("decisions", lambda: _decisions(state)), _decisions(trial)
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
        await self._moment(table)
        if outcome is not None:
            table.prizes = tuple(prizes or ())  # what moved, as saved (the table announces it)
            self._ended(table, outcome)
            table.status = TableStatus.FINISHED
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
            raise TableError("This table is closed: start a new one with /play.")
        return table

    def _lobby(self, table_id: int, actor: Actor) -> Table:
        table = self.get(table_id, actor)
        if table.status != TableStatus.LOBBY:
            raise TableError("The game has already started.")
        return table

    def _playing(self, table_id: int, actor: Actor) -> Table:
        table = self._open_table(table_id, actor, self.tables.get(table_id) or self.finished.get(table_id))
        if table.status == TableStatus.LOBBY:
            raise TableError("The game has not started yet.")
        if table.status != TableStatus.PLAYING:
            raise TableError("This game is over.")
        return table

    @staticmethod
    def _must_be_host(table: Table, actor: Actor, what: str) -> None:
        if actor.user_id != table.host_id:
            raise TableError(f"Only the host can {what}.")

    async def _must_be_free(self, table: Table, user_id: int) -> None:
        """Refuse a person whose items this table would stake while they are in play at another table."""
        if table.game.uses_profiles:
            held = await self.store.staked_at(table, user_id)
            if held is not None and held != table.id:
                raise TableError(cards_in_play(held))

    @staticmethod
    def _must_be_seated(table: Table, actor: Actor) -> None:
        if table.seat_of(actor.user_id) is None:
            raise TableError("Join the table first.")

    async def shutdown(self) -> None:
        tasks = list(self._computer_tasks.values())  # each leaves the dict as it ends
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task


def _rematch_open(table_id: int) -> TableError:
    return TableError(f"This game's rematch is already open at table #{table_id}; join it there.")


def _forced_move(table: Table) -> tuple[int, Move] | None:
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


def _decisions(state: GameState) -> dict[int, list[dict[str, Any]]]:
    """Every pending decision, by seat (worked out once per state)."""
    by_seat: dict[int, list[dict[str, Any]]] = {}
    for decision in state.pending_decisions():
        by_seat.setdefault(decision.seat, []).append(decision.to_dict())
    return by_seat


def no_table(table_id: int) -> str:
    """What a person is told of a table that is not their server's (nothing else about it)."""
    return f"There is no table #{table_id} in this server."


def _check_level(level: str) -> None:
    """Refuse a computer level that is not one of engine.players.LEVELS (a forged click), in a sentence."""
    try:
        check_level(level)
    except ValueError as error:
        raise TableError(str(error)) from None


def _clean_name(name: str) -> str:
    name = " ".join(name.split()) or "Player"
    return name[:MAX_NAME]


def seat_key(seat: Seat) -> str:
    """A seat as the lobby names it: the person's id, or the computer's name."""
    return f"u{seat.user_id}" if not seat.computer else f"c{seat.name}"[:90]


def _not_seated(table: Table, user_id: int) -> str:
    """Why a person may not act at a started table: never seated, or their seat given to the computer."""
    if any(s.replaced == user_id for s in table.seats):
        return (
            f"The host gave your seat at table #{table.id} to the computer, which plays it for the rest "
            "of this game; you can watch, and join the next one."
        )
    return "You are not seated at this table; you can watch, and join the next one."
