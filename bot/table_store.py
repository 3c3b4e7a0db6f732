"""The table service's view of the database: Table objects in, rows out (over bot.store).

Actions are saved by group commit: each caller queues its action and awaits its own
answer; one writer task saves whatever is queued in one transaction
(:meth:`bot.store.Store.save_actions`) and answers each caller once it is committed, so
"saved before answered" holds while a busy bot pays a few round trips per batch, not per action.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Sequence
from typing import Any, TypeVar

from bot.futures import settle
from bot.models import GameTable, TableStatus
from bot.profiles import item_kind, person_profile, staked_items, stakes, top_up
from bot.server_settings import in_range
from bot.store import (
    ActionSave,
    ClickNote,
    ItemsGone,
    ItemsStaked,
    NewTable,
    ResultLine,
    Stake,
    Store,
    TransferLine,
)
from bot.table import Prize, cards_in_play
from bot.tables import Draft, GuildSettings, Seat, Table, TableError
from engine import registry
from engine.core import Outcome
from engine.words import Text

#: The most actions one transaction saves (the rest wait for the next one).
MAX_BATCH = 100

T = TypeVar("T")


class TableStoreAdapter:
    """Implements bot.tables.TableStore with bot.store.Store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: Guild settings are read before every computer move and idle check, and change rarely.
        self._settings: dict[int, GuildSettings] = {}
        self._queue: list[tuple[ActionSave, asyncio.Future[int]]] = []
        #: Table message versions to save (the newest per table), and who waits for them.
        self._shown: dict[int, int] = {}
        self._shown_waiters: list[asyncio.Future[None]] = []
        #: Notes of deferred clicks to write, and of answered ones to drop (see cogs.answers.PendingMove).
        self._notes: list[tuple[ClickNote, asyncio.Future[int]]] = []
        self._answered: list[tuple[int, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def create_table(self, table: Table) -> int:
        row = await self.store.create_table(_new_table(table))
        assert row.id is not None
        return row.id

    async def create_rematch(self, finished_id: int, table: Table) -> tuple[int, bool]:
        return await self.store.create_rematch(finished_id, _new_table(table))

    async def save_lobby(self, table: Table) -> None:
        await self.store.update_table(table.id, seats=table.seats, options=table.options, host_id=table.host_id)

    async def save_message(self, table: Table) -> None:
        await self.store.update_table(table.id, message_id=table.message_id, message_posted_at=table.message_posted_at)

    async def save_message_version(self, table: Table, version: int) -> None:
        """Saved by the writer with every other table message shown meanwhile, in one statement:
        a busy bot edits many table messages a second, and one transaction each held up the moves."""
        self._shown[table.id] = max(version, self._shown.get(table.id, version))
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._shown_waiters.append(done)
        self._start_writer()
        await done

    async def add_pending_click(self, click: ClickNote) -> int:
        """Write down a deferred click (:meth:`Store.add_pending_click`) with the writer's next batch:
        under load nearly every click is deferred, and a transaction each held up the moves."""
        written: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._notes.append((click, written))
        self._start_writer()
        return await written

    async def drop_pending_click(self, click_id: int) -> None:
        """The click was answered: drop its note (:meth:`Store.drop_pending_click`), with the next batch."""
        dropped: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._answered.append((click_id, dropped))
        self._start_writer()
        await dropped

    async def save_start(
        self, table: Table, state_json: str, profiles: Sequence[dict[str, Any] | None] | None = None
    ) -> None:
        """Start the table, with the items its profiles put at stake reserved for it (refused with
        one sentence when a person's items are in play at another table)."""
        stakes = [
            Stake(seat.owner_id, int(item))
            for seat, profile in zip(table.seats, profiles or (), strict=False)
            if seat.owner_id is not None
            for item in staked_items(table.game.key, table.options, profile)
        ]
        try:
            await self.store.start_table(
                table.id,
                state_json,
                seats=table.seats,
                options=table.options,
                fresh_json=json.dumps([0] * len(table.seats)),
                stakes=stakes,
            )
        except ItemsStaked as error:
            user, holder = error.user_id, error.table_id
            if not holder:  # two starts at once reserved the same card: find whose, and where
                for stake in stakes:
                    holder = await self.store.staked_at(table.guild_id, stake.user_id, table.game.key) or 0
                    if holder:
                        user = stake.user_id
                        break
            raise TableError(cards_in_play(holder, self._name(table, user))) from None
        except ItemsGone as error:
            name = self._name(table, error.user_id)
            raise TableError(
                Text("Your cards changed hands a moment ago; press Start again.")
                if name is None
                else Text("{name}'s cards changed hands a moment ago; press Start again.", name=name)
            ) from None

    @staticmethod
    def _name(table: Table, user_id: int) -> str | None:
        """A seated person's name, or None for the host (who is told in the second person)."""
        if user_id == table.host_id:
            return None
        return next((seat.name for seat in table.seats if seat.owner_id == user_id), "A player")

    async def staked_at(self, table: Table, user_id: int) -> int | None:
        """The table holding a person's items when this table would stake them too (None: free)."""
        if not table.game.uses_profiles or not stakes(table.game.key, table.options):
            return None
        return await self.store.staked_at(table.guild_id, user_id, table.game.key)

    async def save_action(
        self,
        table: Table,
        new_state_json: str,
        seat: int,
        move: str,
        actor: str,
        user_id: int | None,
        outcome: Outcome | None = None,
        fresh_from: Sequence[int] | None = None,
    ) -> tuple[Prize, ...]:
        """Save one action (see :class:`bot.ports.TableStore`); at a game's end, the items that moved."""
        fresh_json = json.dumps(list(fresh_from)) if fresh_from is not None else None
        save = ActionSave(table.id, table.version, new_state_json, seat, move, actor, user_id, fresh_json)
        if outcome is None:
            await self._queued(save)
            return ()
        results = [
            ResultLine(
                seat=i,
                user_id=s.user_id,
                name=s.shown,  # a computer's with its level: its rating is kept per level
                computer=s.computer,
                place=outcome.places[i],
                points=outcome.points[i],
            )
            for i, s in enumerate(table.seats)
        ]
        # Items move between the seats' owners: a seat a computer took over is still its person's.
        transfers = [
            TransferLine(
                i,
                t.item,
                table.seats[t.from_seat].owner_id,
                table.seats[t.to_seat].owner_id,
                item_kind(table.game.key, table.state, t.item),
                from_generated=table.seats[t.from_seat].generated,
            )
            for i, t in enumerate(outcome.transfers)
        ]
        await self.store.save_action(save, results=results, transfers=transfers)
        moved = self.store.moved_items(table.id) or []
        return tuple(Prize(t.from_seat, t.to_seat, done) for t, done in zip(outcome.transfers, moved, strict=False))

    async def prizes(self, table_id: int, outcome: Outcome | None) -> tuple[Prize, ...]:
        """What a finished table's end moved, as its final save recorded it (read back)."""
        if outcome is None or not outcome.transfers:
            return ()
        lines = await self.store.transfers_for(table_id)
        return tuple(
            Prize(outcome.transfers[line.position].from_seat, outcome.transfers[line.position].to_seat, line.moved)
            for line in lines
            if line.position < len(outcome.transfers)
        )

    async def _queued(self, save: ActionSave) -> int:
        """Queue an action for the writer and wait until it is committed (or refused)."""
        answer: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._queue.append((save, answer))
        self._start_writer()
        return await answer

    def _start_writer(self) -> None:
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_queued())

    async def _write_queued(self) -> None:
        """The single writer: save what is queued, batch by batch, until nothing waits.

        Table message versions and the notes of deferred clicks ride in the same transaction as
        the actions queued with them, so a busy bot's table-message edits and deferrals never
        make a move wait for a round of their own."""
        try:
            while self._queue or self._shown or self._notes or self._answered:
                await self._write_batch()
        except BaseException:  # cancelled at shutdown: nobody may wait forever
            for future in _futures(self._queue, self._notes, self._answered, self._shown_waiters):
                future.cancel()
            raise

    async def _write_batch(self) -> None:
        batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
        shown, self._shown = self._shown, {}
        shown_waiters, self._shown_waiters = self._shown_waiters, []
        notes, self._notes = self._notes, []
        answered, self._answered = self._answered, []
        saves = [save for save, _ in batch]
        clicks = [click for click, _ in notes]
        shown_error: Exception | None = None
        try:
            try:
                answers: list[int | Exception] = list(
                    await self.store.save_actions(
                        saves, shown=shown, notes=clicks, answered=[click_id for click_id, _ in answered]
                    )
                )
                noted: list[int | Exception] = [
                    click.id if click.id is not None else RuntimeError("The note was not written.") for click in clicks
                ]
                dropped: list[Exception | None] = [None] * len(answered)
            except Exception:
                # One bad action must not spoil the others (or the versions): save them one at a time.
                answers = [await _attempt(self.store.save_action(save)) for save in saves]
                shown_error = await _attempt(self.store.save_message_versions(shown))
                noted = [await _attempt(self.store.add_pending_click(click)) for click in clicks]
                dropped = [await _attempt(self.store.drop_pending_click(click_id)) for click_id, _ in answered]
        except BaseException:
            for future in _futures(batch, notes, answered, shown_waiters):
                future.cancel()
            raise
        for (_, future), answer in zip([*batch, *notes], [*answers, *noted], strict=True):
            settle(future, answer)
        for (_, done), error in zip(answered, dropped, strict=True):
            settle(done, error)
        for waiter in shown_waiters:
            settle(waiter, shown_error)

    async def top_up(self, table: Table) -> list[str]:
        """Before a deal, each person's items topped up as the game's rules want: what to tell the table."""
        notes = [
            await top_up(self.store, table.game.key, table.guild_id, seat.user_id, seat.name)
            for seat in table.seats
            if not seat.computer and seat.user_id is not None
        ]
        return [note for note in notes if note]

    async def profiles(self, table: Table) -> list[dict[str, Any] | None]:
        """Each seat's profile for a game that uses them (a computer seat brings none)."""
        return [
            None
            if seat.computer or seat.user_id is None
            else await person_profile(self.store, table.game.key, table.guild_id, seat.user_id)
            for seat in table.seats
        ]

    async def save_drafts(self, table: Table) -> None:
        drafts = {str(seat): draft.to_dict() for seat, draft in table.drafts.items()}
        await self.store.save_drafts(table.id, json.dumps(drafts) if drafts else None)

    async def set_status(self, table: Table, status: TableStatus) -> None:
        await self.store.set_status(table.id, status)

    async def open_tables(self) -> list[Table]:
        return [table_from_row(row) for row in await self.store.open_tables()]

    async def unshown_finished_tables(self) -> list[Table]:
        return [await self._with_prizes(table_from_row(row)) for row in await self.store.unshown_finished_tables()]

    async def load_table(self, table_id: int) -> Table | None:
        row = await self.store.load_table(table_id)
        return await self._with_prizes(table_from_row(row)) if row is not None else None

    async def _with_prizes(self, table: Table) -> Table:
        if table.status == TableStatus.FINISHED:
            table.prizes = await self.prizes(table.id, table.outcome)
        return table

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        settings = self._settings.get(guild_id)
        if settings is None:
            row = await self.store.get_settings(guild_id)
            settings = self._settings[guild_id] = in_range(
                GuildSettings(row.idle_minutes, row.use_threads, row.computer_pause_ms, row.language, row.four_colour)
            )
        return settings

    async def update_settings(self, guild_id: int, **changes: int | bool | str | None) -> GuildSettings:
        """Change a server's settings (the only way they change, so the cache stays true)."""
        row = await self.store.update_settings(guild_id, **changes)  # type: ignore[arg-type]
        settings = GuildSettings(
            row.idle_minutes, row.use_threads, row.computer_pause_ms, row.language, row.four_colour
        )
        settings = self._settings[guild_id] = in_range(settings)
        return settings


def _futures(
    saves: list[tuple[ActionSave, asyncio.Future[int]]],
    notes: list[tuple[ClickNote, asyncio.Future[int]]],
    answered: list[tuple[int, asyncio.Future[None]]],
    shown: list[asyncio.Future[None]],
) -> list[asyncio.Future[Any]]:
    """Everyone waiting on the writer (to cancel when it stops)."""
    return [*(f for _, f in saves), *(f for _, f in notes), *(f for _, f in answered), *shown]


async def _attempt(work: Awaitable[T]) -> T | Exception:
    """What ``work`` returns, or the error it raised (a batch retried piece by piece)."""
    try:
        return await work
    except Exception as error:
        return error


def table_from_row(row: GameTable) -> Table:
    """A Table as the service holds it, rebuilt from its database row."""
    game = registry.get(row.game_key)
    state = game.load(row.state_json) if row.state_json else None
    assert row.id is not None
    return Table(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        parent_channel_id=row.parent_channel_id,
        game=game,
        host_id=row.host_id,
        options=json.loads(row.options_json),
        seats=[Seat.from_dict(s) for s in json.loads(row.seats_json)],
        status=TableStatus(row.status),
        state=state,
        version=row.version,
        seed=row.seed,
        message_id=row.message_id,
        message_posted_at=row.message_posted_at,
        message_version=row.message_version,
        rematch_id=row.rematch_table_id,
        last_action_at=row.last_action_at,
        fresh_from=dict(enumerate(json.loads(row.fresh_json))) if row.fresh_json else {},
        drafts={int(s): Draft.from_dict(d) for s, d in json.loads(row.drafts_json).items()} if row.drafts_json else {},
    )


def _new_table(table: Table) -> NewTable:
    """What the store makes a new lobby's row of."""
    return NewTable(
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        parent_channel_id=table.parent_channel_id or table.channel_id,
        game_key=table.game.key,
        host_id=table.host_id,
        seats=table.seats,
        options=table.options,
        seed=table.seed,
    )
