"""The repository: every read and write the table service makes, one transaction each.

The store speaks in plain values (ids, JSON text, seats) and returns the SQLModel rows of
bot.models, detached and readable. Game rules never live here; the JSON it keeps is the
engine's own (``GameState.to_json``).

Every action is saved with an optimistic check: :meth:`Store.save_action` writes state
``expected_version + 1`` only if the table is still at ``expected_version``, so two
writers (a double click, a second process) cannot both apply a move.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from functools import partial
from typing import Any, Protocol, TypeVar, cast

from sqlalchemy import Connection, Engine, Table, Text, bindparam, delete, exists, func, insert, or_, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel import Session, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot import rating_store
from bot.db import is_sqlite
from bot.models import (
    OPEN_STATUSES,
    Actor,
    GameTable,
    GuildSettings,
    ItemOwner,
    ItemReservation,
    ItemTransfer,
    OwnedItem,
    PendingClick,
    Result,
    TableAction,
    TableStatus,
    utcnow,
)
from bot.prepared import Prepared
from bot.sqlite_writes import SqliteWrites

T = TypeVar("T")

log = logging.getLogger(__name__)


class StoreError(Exception):
    """A write the database refused; the message says why (for logs, not for players)."""


class TableNotFound(StoreError):
    pass


class VersionConflict(StoreError):
    """The table moved on since the caller read it: reload and decide again."""

    def __init__(self, table_id: int, expected: int, actual: int) -> None:
        message = f"Table {table_id} is at version {actual}, not {expected}: the action was not saved."
        super().__init__(message)
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class WrongStatus(StoreError):
    """The table is not in a status that allows this change (e.g. an action on a finished table)."""


class ItemsStaked(StoreError):
    """A person's items are reserved for another table still being played (nothing was written)."""

    def __init__(self, user_id: int, table_id: int) -> None:
        super().__init__(f"User {user_id}'s items are staked at table {table_id}.")
        self.user_id = user_id
        self.table_id = table_id


class ItemsGone(StoreError):
    """An item to stake is no longer its person's (it moved since their profile was read)."""

    def __init__(self, user_id: int) -> None:
        super().__init__(f"An item of user {user_id} changed hands before the game started.")
        self.user_id = user_id


@dataclass(frozen=True)
class Filled:
    """A person's items after :meth:`Store.fill_items`, in the order they got them."""

    items: list[OwnedItem]
    #: Items just given to top them up to the minimum (0: none were needed, or it was their first).
    topped_up: int = 0


@dataclass(frozen=True)
class Stake:
    """One owned item dealt into a game that may move it: reserved for the table until its end."""

    user_id: int
    owned_item_id: int


class SeatLike(Protocol):
    """Anything with a seat's four fields (bot.models.Seat, the table service's Seat)."""

    @property
    def user_id(self) -> int | None: ...
    @property
    def name(self) -> str: ...
    @property
    def computer(self) -> bool: ...
    @property
    def level(self) -> str: ...


def _seats_json(seats: Iterable[SeatLike]) -> str:
    data = []
    for s in seats:
        seat: dict[str, Any] = {
            "user_id": s.user_id,
            "name": s.name,
            "computer": bool(s.computer),
            "level": s.level,
            "owner_id": _owner_of(s),
        }
        if (replaced_at := getattr(s, "replaced_at", None)) is not None:  # a person's seat a computer took over
            seat["replaced_at"] = replaced_at
        data.append(seat)
    return json.dumps(data, ensure_ascii=False)


def _owner_of(seat: SeatLike) -> int | None:
    """Whose items a seat plays: the person seated, or the person a computer took the seat over from."""
    return seat.user_id if not seat.computer else getattr(seat, "owner_id", None)


def _options_json(options: dict[str, Any]) -> str:
    return json.dumps(options, ensure_ascii=False, sort_keys=True)


@dataclass(frozen=True)
class ResultLine:
    """One seat's result, as the table service hands it over at the end of a game."""

    seat: int
    user_id: int | None
    name: str
    computer: bool
    place: int  # 1 = winner (ties share a place)
    points: int  # exact, any size


@dataclass(frozen=True)
class TransferLine:
    """One item the game moves at its end, between people (a None user is a computer seat)."""

    position: int
    item: str
    from_user_id: int | None
    to_user_id: int | None
    #: What the item is (the game's item kind): what the house gives when it comes from a computer seat.
    kind: str | None = None
    #: The giver is a computer seat with a deck of its own (generated): the only giver the house
    #: gives for. A missing giver otherwise (a person's seat with no owner) moves nothing.
    from_generated: bool = False


@dataclass(frozen=True)
class ActionSave:
    """One action to save with :meth:`Store.save_actions` (the arguments of :meth:`Store.save_action`)."""

    table_id: int
    expected_version: int
    new_state_json: str
    seat: int
    move: str
    actor: str
    user_id: int | None
    #: Per seat, the oldest version whose controls still work (JSON), or None to leave it unchanged.
    fresh_json: str | None = None


@dataclass
class ClickNote:
    """A click acknowledged before its move was saved, to write down (a ``pending_clicks`` row, see
    :class:`bot.models.PendingClick`): a plain record, for a busy bot writes one for nearly every
    click, and a SQLModel object each cost 2% of its process (py-spy on the High Card load)."""

    table_id: int
    user_id: int
    #: The table's version when the click arrived.
    version: int
    move: str
    application_id: int
    token: str
    at: datetime = field(default_factory=utcnow)
    #: The row's id once written.
    id: int | None = None


@dataclass(frozen=True)
class Standing:
    """One player's figures in one game: a leaderboard row or a line of /stats."""

    user_id: int
    name: str  # the name they had in their latest game
    game_key: str
    games: int
    wins: int  # games finished in first place
    points: int  # total, exact
    best: int  # best single-game score, exact


@dataclass(frozen=True)
class LeaderboardPage:
    rows: list[Standing]
    page: int  # 0-based
    page_size: int
    pages: int  # at least 1
    players: int  # ranked players in all pages

    @property
    def first_rank(self) -> int:
        """Rank of ``rows[0]`` (1-based), for numbering the rows."""
        return self.page * self.page_size + 1


_UNSET: Any = object()

#: Game ends whose standings a store keeps for their announcements (each is taken within moments;
#: one never asked for, a table without a message, is dropped once this many came after it).
KEPT_STANDINGS = 256


class Store:
    """The repository over an async session maker (``bot.db.Database.sessions``)."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], *, default_computer_pause_ms: int = 1500) -> None:
        self.sessions = sessions
        bind = sessions.kw.get("bind")
        #: SQLite takes one writer at a time and makes the others poll for its lock, sleeping longer
        #: each try: under load a writer starved for seconds. Here they queue, and wait only their turn.
        self._write_lock = asyncio.Lock() if bind is not None and is_sqlite(bind.url) else None
        #: SQLite's transactions in one piece, on the event loop (None on PostgreSQL or an in-memory database).
        self._writes = SqliteWrites.for_engine(bind)
        #: The computer pause of a server that has not set its own (COMPUTER_PAUSE_MS).
        self.default_computer_pause_ms = default_computer_pause_ms
        #: What the games that ended last did to their players' standings, as their saves computed
        #: it, until their announcement asks (:meth:`table_standing_changes`; oldest dropped first).
        self._game_ends: dict[int, list[rating_store.SeatChange]] = {}
        #: Likewise which of their transfers moved an item (:meth:`moved_items`).
        self._moved: dict[int, list[bool]] = {}

    def close(self) -> None:
        """Close SQLite's writes connection and checkpoints thread (the engine is the Database's to dispose)."""
        if self._writes is not None:
            self._writes.close()

    def engines(self) -> list[Engine]:
        """Every engine this store runs statements through (tests watch them)."""
        bind = self.sessions.kw.get("bind")
        engines = [bind.sync_engine] if bind is not None else []
        return engines + ([self._writes.engine] if self._writes is not None else [])

    def _default_settings(self, guild_id: int) -> GuildSettings:
        return GuildSettings(guild_id=guild_id, computer_pause_ms=self.default_computer_pause_ms)

    # --- guild settings -------------------------------------------------------------------

    async def get_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings; the defaults (not saved) when it never changed them."""
        async with self.sessions() as session:
            row = await session.get(GuildSettings, guild_id)
        return row if row is not None else self._default_settings(guild_id)

    async def update_settings(
        self,
        guild_id: int,
        *,
        idle_minutes: int | None = None,
        use_threads: bool | None = None,
        computer_pause_ms: int | None = None,
        language: str | None = None,
        four_colour: bool | None = None,
    ) -> GuildSettings:
        """Change the given settings (others keep their value) and return them all.

        ``language=""`` forgets the server's language (its Discord language is used again)."""
        async with self._writing() as session:
            row = await session.get(GuildSettings, guild_id, with_for_update=True)
            if row is None:
                row = self._default_settings(guild_id)
                session.add(row)
            if idle_minutes is not None:
                row.idle_minutes = idle_minutes
            if use_threads is not None:
                row.use_threads = use_threads
            if computer_pause_ms is not None:
                row.computer_pause_ms = computer_pause_ms
            if language is not None:
                row.language = language or None
            if four_colour is not None:
                row.four_colour = four_colour
            row.updated_at = utcnow()
        return row

    # --- tables ---------------------------------------------------------------------------

    async def create_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        parent_channel_id: int,
        game_key: str,
        host_id: int,
        seats: Sequence[SeatLike],
        options: dict[str, Any],
        seed: int,
        message_id: int | None = None,
        now: datetime | None = None,
    ) -> GameTable:
        """Open a lobby and return it with its new id."""
        table = _new_table_row(
            guild_id=guild_id,
            channel_id=channel_id,
            parent_channel_id=parent_channel_id,
            game_key=game_key,
            host_id=host_id,
            seats=seats,
            options=options,
            seed=seed,
            message_id=message_id,
            now=now,
        )
        table.id = await self._in_one_piece(_NEW_TABLE.insert, {name: getattr(table, name) for name in _TABLE_COLUMNS})
        return table

    async def create_rematch(self, finished_id: int, **lobby: Any) -> tuple[int, bool]:
        """Open the one rematch of a finished table: a lobby as :meth:`create_table` makes it (same
        arguments), linked from the finished table in the same transaction. Returns its id and True;
        or, when that table has its rematch already, that rematch's id and False (nothing made)."""
        row = _new_table_row(**lobby)
        values = {name: getattr(row, name) for name in _TABLE_COLUMNS}
        return await self._in_one_piece(_open_rematch, finished_id, values)

    async def update_table(
        self,
        table_id: int,
        *,
        seats: Sequence[SeatLike] | None = None,
        options: dict[str, Any] | None = None,
        host_id: int | None = None,
        channel_id: int | None = None,
        message_id: int | None = _UNSET,
        message_posted_at: datetime | None = _UNSET,
        now: datetime | None = None,
    ) -> None:
        """Change a lobby (seats, options, host) or the table's message, in lobby or in play.

        Seats may change in play too (the host puts a computer in an absent player's seat).
        Setting ``message_id`` without ``message_posted_at`` stamps it with ``now``.
        """
        now = now or utcnow()
        values: dict[str, Any] = {"updated_at": now}
        if seats is not None:
            values["seats_json"] = _seats_json(seats)
        if options is not None:
            values["options_json"] = _options_json(options)
        if host_id is not None:
            values["host_id"] = host_id
        if channel_id is not None:
            values["channel_id"] = channel_id
        if message_id is not _UNSET:
            values["message_id"] = message_id
            values["message_posted_at"] = now if message_id is not None else None
        if message_posted_at is not _UNSET:
            values["message_posted_at"] = message_posted_at
        await self._in_one_piece(_change_table, table_id, values)

    async def start_table(
        self,
        table_id: int,
        state_json: str,
        *,
        seats: Sequence[SeatLike] | None = None,
        options: dict[str, Any] | None = None,
        fresh_json: str | None = None,
        stakes: Sequence[Stake] = (),
        now: datetime | None = None,
    ) -> None:
        """Lobby to playing with the initial state (version 0), and the items at stake reserved for
        the table, in one transaction. Raises WrongStatus if not a lobby, ItemsStaked when an item
        is reserved for another table, ItemsGone when its person no longer owns it (nothing written)."""
        now = now or utcnow()
        values: dict[str, Any] = {
            "status": TableStatus.PLAYING,
            "state_json": state_json,
            "version": 0,
            "fresh_json": fresh_json,
            "drafts_json": None,
            "message_version": None,
            "updated_at": now,
            "last_action_at": now,
        }
        if seats is not None:
            values["seats_json"] = _seats_json(seats)
        if options is not None:
            values["options_json"] = _options_json(options)
        await self._in_one_piece(_start_table, table_id, values, stakes, now)

    async def load_table(self, table_id: int) -> GameTable | None:
        async with self.sessions() as session:
            return await session.get(GameTable, table_id)

    async def open_tables(self, guild_ids: Collection[int] | None = None) -> list[GameTable]:
        """Tables in lobby or in play, oldest first (what a restart brings back).

        ``guild_ids`` limits them to some servers (one shard's share).
        """
        query = select(GameTable).where(col(GameTable.status).in_(OPEN_STATUSES))
        if guild_ids is not None:
            query = query.where(col(GameTable.guild_id).in_(list(guild_ids)))
        async with self.sessions() as session:
            return list((await session.exec(query.order_by(col(GameTable.id)))).all())

    async def unshown_finished_tables(self, guild_ids: Collection[int] | None = None) -> list[GameTable]:
        """Finished tables whose message does not show their end yet (the bot stopped between the
        last save and the edit), oldest first: a restart draws them again."""
        query = select(GameTable).where(
            col(GameTable.status) == TableStatus.FINISHED,
            or_(col(GameTable.message_version).is_(None), col(GameTable.message_version) < col(GameTable.version)),
        )
        if guild_ids is not None:
            query = query.where(col(GameTable.guild_id).in_(list(guild_ids)))
        async with self.sessions() as session:
            return list((await session.exec(query.order_by(col(GameTable.id)))).all())

    async def save_message_version(self, table_id: int, version: int) -> None:
        """The table message shows state ``version`` now (kept only if newer than what it showed)."""
        await self.save_message_versions({table_id: version})

    async def save_message_versions(self, versions: Mapping[int, int]) -> None:
        """:meth:`save_message_version` for many tables in one statement (a busy bot's table messages)."""
        if versions:
            await self._in_one_piece(_write_actions, [], versions, utcnow())

    async def tables_in_channel(self, guild_id: int, channel_id: int) -> list[GameTable]:
        """Open tables in one channel or thread, oldest first."""
        query = (
            select(GameTable)
            .where(GameTable.guild_id == guild_id, GameTable.channel_id == channel_id)
            .where(col(GameTable.status).in_(OPEN_STATUSES))
            .order_by(col(GameTable.id))
        )
        async with self.sessions() as session:
            return list((await session.exec(query)).all())

    async def set_status(
        self,
        table_id: int,
        status: TableStatus,
        *,
        now: datetime | None = None,
    ) -> GameTable:
        """End an open table without results: ``cancelled`` (host, moderator) or ``closed`` (abandoned)."""
        if status not in (TableStatus.CANCELLED, TableStatus.CLOSED):
            raise ValueError(f"set_status only cancels or closes a table, not {status!r}")
        now = now or utcnow()

        def change(session: Session) -> GameTable:
            table = _get_for_update(session, table_id)
            if table.status not in OPEN_STATUSES:
                raise WrongStatus(f"Table {table_id} is already {table.status}.")
            table.status = status
            table.updated_at = now
            session.flush()
            _RELEASE.run(session.connection(), {"b_table": table_id})  # nothing moved: the items are free
            return table

        return await self._in_session(change)

    # --- actions and results --------------------------------------------------------------

    async def save_action(
        self,
        table_id: int,
        expected_version: int,
        new_state_json: str,
        seat: int,
        move: str,
        actor: Actor | str,
        user_id: int | None,
        *,
        results: Sequence[ResultLine] | None = None,
        transfers: Sequence[TransferLine] = (),
        fresh_json: str | None = None,
        now: datetime | None = None,
    ) -> int:
        """Save one applied action in one transaction and return the new version.

        Writes the new state as version ``expected_version + 1`` and its action-log line.
        When ``results`` are given the action ended the game: the table is finished and the
        results written in the same transaction. Raises VersionConflict (nothing written)
        when the table is not at ``expected_version``, WrongStatus when it is not in play,
        TableNotFound when there is no such table.
        """
        version, changes, moved = await self._in_one_piece(
            partial(
                _write_action,
                table_id=table_id,
                expected_version=expected_version,
                new_state_json=new_state_json,
                seat=seat,
                move=move,
                actor=Actor(actor),
                user_id=user_id,
                results=results,
                transfers=transfers,
                fresh_json=fresh_json,
                now=now or utcnow(),
            )
        )
        if results is not None:  # committed: kept for the game's announcement
            self._game_ends[table_id] = changes
            while len(self._game_ends) > KEPT_STANDINGS:
                del self._game_ends[next(iter(self._game_ends))]
            self._moved[table_id] = moved
            while len(self._moved) > KEPT_STANDINGS:
                del self._moved[next(iter(self._moved))]
        return version

    def moved_items(self, table_id: int) -> list[bool] | None:
        """Per transfer of a game this process just finished (its final :meth:`save_action`), whether
        its item moved, as that transaction did it (taken once; None when not kept)."""
        return self._moved.pop(table_id, None)

    async def save_actions(
        self,
        saves: Sequence[ActionSave],
        *,
        shown: Mapping[int, int] | None = None,
        notes: Sequence[ClickNote] = (),
        answered: Collection[int] = (),
        now: datetime | None = None,
    ) -> list[int | StoreError]:
        """Save many actions (of different tables) in one transaction, with table message versions
        and the notes of deferred clicks.

        What a busy bot does instead of one transaction per action: one SELECT locks the tables
        and tells which are still at their expected version, one UPDATE (for all their rows at
        once) moves those, one INSERT writes their log lines, one UPDATE keeps the versions the
        table messages now show (``shown``, as :meth:`save_message_versions`), then the notes of
        clicks deferred (``notes``, as :meth:`add_pending_click`: each gets its id) and answered
        (``answered``, as :meth:`drop_pending_click`), one COMMIT. Each action gets its new
        version, or the StoreError that :meth:`save_action` would raise for it (those wrote
        nothing). A database error fails them all (nothing written), and the caller may retry
        them one by one.
        """
        if len({save.table_id for save in saves}) != len(saves):
            raise ValueError("save_actions takes at most one action per table")
        if not saves and not shown and not notes and not answered:
            return []
        return await self._in_one_piece(_write_actions, saves, shown or {}, now or utcnow(), notes, answered)

    @contextlib.asynccontextmanager
    async def _writing(self) -> AsyncIterator[AsyncSession]:
        """A write transaction (on SQLite, one at a time in this process: see ``_write_lock``)."""
        async with self._write_lock or contextlib.nullcontext(), self.sessions.begin() as session:
            yield session

    async def _in_one_piece(self, work: Callable[..., T], *args: Any) -> T:
        """Run ``work(connection, *args)`` in one transaction: on SQLite in one piece on the event
        loop (see :mod:`bot.sqlite_writes`), elsewhere through the session's connection."""
        if self._writes is not None:
            async with self._write_lock or contextlib.nullcontext():
                return await self._writes.run(work, *args)
        async with self._writing() as session:
            connection = await session.connection()
            return await connection.run_sync(work, *args)

    async def _in_session(self, work: Callable[[Session], T]) -> T:
        """Run ``work(session)``, plain ORM code, in one write transaction: on SQLite in one piece
        (where the async session waits a turn of the event loop for every statement while it holds
        SQLite's one writer lock), elsewhere through the async session (``run_sync``: sqlmodel's
        session, as ``work`` expects)."""
        if self._writes is not None:
            return await self._in_one_piece(_with_session, work)
        async with self._writing() as session:
            return await session.run_sync(lambda sync: work(cast(Session, sync)))

    async def finish_table(
        self,
        table_id: int,
        final_state_json: str,
        results: Sequence[ResultLine],
        *,
        now: datetime | None = None,
    ) -> GameTable:
        """Finish a table in play: status, final state and result rows in one transaction.

        Raises WrongStatus if it is not in play (so results are never written twice).
        """
        now = now or utcnow()
        finish = partial(_finish_table, table_id=table_id, state_json=final_state_json, results=results, now=now)
        return await self._in_session(finish)

    async def ensure_ratings(self) -> bool:
        """Derive ratings from the stored results when a database from before ratings has none yet.

        Returns True if it rebuilt them. Two processes starting at once may both try: the second
        one's insert collides with the first's rows and is dropped, which leaves the same ratings.
        """
        try:
            async with self._writing() as session:
                if not await rating_store.needs_rebuild(session):
                    return False
                await rating_store.rebuild(session)
        except IntegrityError:
            return False
        return True

    async def levels(self, guild_id: int, game_key: str, user_ids: Sequence[int]) -> dict[int, int]:
        """People's levels in a game, shown beside their names in a lobby."""
        async with self.sessions() as session:
            return await rating_store.levels_of(session, guild_id, game_key, user_ids)

    async def table_standing_changes(self, table_id: int) -> list[rating_store.SeatChange]:
        """What a finished table did to its players' ratings and levels (for the announcement):
        as its save computed it, when that was this process's save not long ago (the first ask
        takes it), otherwise read back from its history rows."""
        changes = self._game_ends.pop(table_id, None)
        if changes is not None:
            return changes
        async with self.sessions() as session:
            return await rating_store.table_changes(session, table_id)

    async def save_drafts(self, table_id: int, drafts_json: str | None) -> None:
        """Keep the choice screen's drafts of a table in play (they change no state version)."""
        await self._in_one_piece(_write_drafts, table_id, drafts_json)

    # --- clicks acknowledged before their move was saved ----------------------------------
    # Written while people wait (a busy bot defers many clicks): one statement each, in one piece.

    async def add_pending_click(self, click: ClickNote) -> int:
        click.id = await self._in_one_piece(_insert_pending_click, click)
        return click.id

    async def drop_pending_click(self, click_id: int) -> None:
        await self._in_one_piece(_delete_pending_click, click_id)

    async def take_pending_clicks(self) -> list[PendingClick]:
        """Every pending click, removed from the database (each is answered once, at start)."""
        async with self._writing() as session:
            rows = list((await session.exec(select(PendingClick).order_by(col(PendingClick.id)))).all())
            for row in rows:
                await session.delete(row)
        return rows

    # --- owned items ----------------------------------------------------------------------

    @staticmethod
    def _owned_query(guild_id: int, user_id: int, game_key: str) -> Any:
        return (
            select(OwnedItem)
            .where(OwnedItem.guild_id == guild_id, OwnedItem.game_key == game_key, OwnedItem.user_id == user_id)
            .order_by(col(OwnedItem.acquired_at), col(OwnedItem.id))
        )

    async def owned_items(self, guild_id: int, user_id: int, game_key: str) -> list[OwnedItem]:
        """What a person owns in one game of one server, in the order they got it."""
        async with self.sessions() as session:
            return list((await session.exec(self._owned_query(guild_id, user_id, game_key))).all())

    async def game_items(self, guild_id: int, game_key: str) -> list[OwnedItem]:
        """Every item of one game in one server, the house's included (for audits and tests)."""
        query = select(OwnedItem).where(OwnedItem.guild_id == guild_id, OwnedItem.game_key == game_key)
        async with self.sessions() as session:
            return list((await session.exec(query.order_by(col(OwnedItem.id)))).all())

    async def grant_items(
        self, guild_id: int, user_id: int, game_key: str, kinds: Sequence[str], *, origin: str = "granted"
    ) -> list[OwnedItem]:
        """Give a person new items of these kinds, in one transaction; returns them."""
        now = utcnow()
        async with self._writing() as session:
            await self._lock_owner(session, guild_id, user_id, game_key, now)
            return await self._add_items(session, guild_id, user_id, game_key, kinds, origin, now)

    async def fill_items(
        self, guild_id: int, user_id: int, game_key: str, minimum: int, draw: Callable[[int], Sequence[str]]
    ) -> Filled:
        """A person's items in one game, given first (``draw(minimum)`` kinds) or topped up to
        ``minimum`` when they have fewer, in one transaction that holds their owner row's lock (two
        at once cannot both give). Returns what they own, in the order they got it, and how many
        items this call topped up (to tell them)."""
        for attempt in range(2):
            now = utcnow()
            try:
                async with self._writing() as session:
                    new = await self._lock_owner(session, guild_id, user_id, game_key, now)
                    rows = list((await session.exec(self._owned_query(guild_id, user_id, game_key))).all())
                    topped_up = 0
                    if len(rows) < minimum:
                        kinds = draw(minimum - len(rows))
                        origin = "first" if new else "top-up"
                        rows += await self._add_items(session, guild_id, user_id, game_key, kinds, origin, now)
                        topped_up = 0 if new else len(kinds)
                    return Filled(rows, topped_up)
            except IntegrityError:  # a first use at the same moment made the owner row: read theirs
                if attempt:
                    raise
        raise AssertionError("unreachable")

    @staticmethod
    async def _lock_owner(session: AsyncSession, guild_id: int, user_id: int, game_key: str, now: datetime) -> bool:
        """Lock (or make) a person's owner row; True if it is new."""
        owner = await session.get(ItemOwner, (guild_id, user_id, game_key), with_for_update=True)
        if owner is not None:
            return False
        session.add(ItemOwner(guild_id=guild_id, user_id=user_id, game_key=game_key, created_at=now, updated_at=now))
        await session.flush()
        return True

    @staticmethod
    async def _add_items(
        session: AsyncSession,
        guild_id: int,
        user_id: int,
        game_key: str,
        kinds: Sequence[str],
        origin: str,
        now: datetime,
    ) -> list[OwnedItem]:
        rows = [
            OwnedItem(
                guild_id=guild_id,
                game_key=game_key,
                user_id=user_id,
                kind=kind,
                origin=origin,
                created_at=now,
                acquired_at=now,
            )
            for kind in kinds
        ]
        session.add_all(rows)
        await session.flush()
        return rows

    async def staked_at(self, guild_id: int, user_id: int, game_key: str) -> int | None:
        """The table (the lowest id, if several) where a person's items of one game are reserved now, if any."""
        async with self.sessions() as session:
            connection = await session.connection()
            found = await connection.run_sync(
                _STAKED_AT.rows, {"b_guild": guild_id, "b_game": game_key, "b_user": user_id}
            )
        return found[0][0] if found else None

    async def reservations(self, item_ids: Collection[int]) -> dict[int, int]:
        """Which of these items are reserved now, and for which table."""
        if not item_ids:
            return {}
        async with self.sessions() as session:
            connection = await session.connection()
            found = await connection.run_sync(_RESERVED.rows, {"b_ids": list(item_ids)})
        return {item_id: table_id for item_id, table_id in found}

    async def item_owner(self, guild_id: int, user_id: int, game_key: str) -> ItemOwner | None:
        """A person's owner row (their chosen items and draft), None before their first items."""
        async with self.sessions() as session:
            return await session.get(ItemOwner, (guild_id, user_id, game_key))

    async def save_item_choice(
        self,
        guild_id: int,
        user_id: int,
        game_key: str,
        *,
        chosen: Sequence[str] | None = _UNSET,
        draft: Sequence[str] | None = _UNSET,
    ) -> None:
        """Keep a person's chosen items (None: the game's default) and/or the draft they are building
        (None: no draft), as item ids, in one transaction."""
        now = utcnow()
        async with self._writing() as session:
            await self._lock_owner(session, guild_id, user_id, game_key, now)
            owner = await session.get(ItemOwner, (guild_id, user_id, game_key))
            assert owner is not None
            if chosen is not _UNSET:
                owner.chosen_json = None if chosen is None else json.dumps(list(chosen))
            if draft is not _UNSET:
                owner.draft_json = None if draft is None else json.dumps(list(draft))
            owner.updated_at = now

    async def item_history(
        self, guild_id: int, user_id: int, game_key: str, *, limit: int = 10, offset: int = 0
    ) -> tuple[list[ItemTransfer], int]:
        """The items a person won or lost in one game of one server, newest first, and how many in all."""
        mine = (
            col(ItemTransfer.guild_id) == guild_id,
            col(ItemTransfer.game_key) == game_key,
            col(ItemTransfer.moved).is_(True),
            or_(col(ItemTransfer.from_user_id) == user_id, col(ItemTransfer.to_user_id) == user_id),
        )
        query = select(ItemTransfer).where(*mine).order_by(col(ItemTransfer.id).desc()).offset(offset).limit(limit)
        async with self.sessions() as session:
            rows = list((await session.exec(query)).all())
            total = (await session.exec(select(func.count()).select_from(ItemTransfer).where(*mine))).one()
        return rows, int(total)

    async def transfers_for(self, table_id: int) -> list[ItemTransfer]:
        query = select(ItemTransfer).where(ItemTransfer.table_id == table_id).order_by(col(ItemTransfer.position))
        async with self.sessions() as session:
            return list((await session.exec(query)).all())

    async def actions_for(self, table_id: int) -> list[TableAction]:
        """The table's action log in order (for replay and audit)."""
        query = select(TableAction).where(TableAction.table_id == table_id).order_by(col(TableAction.version))
        async with self.sessions() as session:
            return list((await session.exec(query)).all())

    async def results_for(self, table_id: int) -> list[Result]:
        query = select(Result).where(Result.table_id == table_id).order_by(col(Result.seat))
        async with self.sessions() as session:
            return list((await session.exec(query)).all())

    # --- leaderboard and stats ------------------------------------------------------------

    async def leaderboard(
        self,
        guild_id: int,
        game_key: str,
        page: int = 0,
        page_size: int = 10,
    ) -> LeaderboardPage:
        """People ranked by wins, then total points (computers are not ranked). ``page`` is 0-based.

        Points are summed in Python: they are exact integers of any size.
        """
        if page < 0 or page_size < 1:
            raise ValueError("page must be >= 0 and page_size >= 1")
        query = select(Result).where(
            Result.guild_id == guild_id, Result.game_key == game_key, col(Result.user_id).is_not(None)
        )
        ranked = sorted(await self._standings(query), key=_rank_key)
        pages = max(1, -(-len(ranked) // page_size))
        rows = ranked[page * page_size : (page + 1) * page_size]
        return LeaderboardPage(rows=rows, page=page, page_size=page_size, pages=pages, players=len(ranked))

    async def stats(self, guild_id: int, user_id: int) -> list[Standing]:
        """One person's figures in this server, one Standing per game they played, by game key."""
        query = select(Result).where(Result.guild_id == guild_id, Result.user_id == user_id)
        return sorted(await self._standings(query), key=lambda s: s.game_key)

    async def _standings(self, query: Any) -> list[Standing]:
        async with self.sessions() as session:
            results = (await session.exec(query.order_by(col(Result.finished_at), col(Result.id)))).all()
        groups: dict[tuple[int, str], list[Result]] = defaultdict(list)
        for result in results:
            assert result.user_id is not None
            groups[(result.user_id, result.game_key)].append(result)
        return [
            Standing(
                user_id=user_id,
                name=rows[-1].name,
                game_key=game_key,
                games=len(rows),
                wins=sum(1 for r in rows if r.place == 1),
                points=sum(r.points for r in rows),
                best=max(r.points for r in rows),
            )
            for (user_id, game_key), rows in groups.items()
        ]


# -- whole transactions of plain ORM code (see Store._in_session) ---------------------------------


def _with_session(connection: Connection, work: Callable[[Session], T]) -> T:
    """Run ``work`` with an ORM session on ``connection``, inside the transaction the caller holds."""
    with Session(bind=connection, expire_on_commit=False) as session:
        result = work(session)
        session.commit()  # flushes; the connection's own transaction is committed by the caller
        return result


def _write_action(
    connection: Connection,
    *,
    table_id: int,
    expected_version: int,
    new_state_json: str,
    seat: int,
    move: str,
    actor: Actor,
    user_id: int | None,
    results: Sequence[ResultLine] | None,
    transfers: Sequence[TransferLine],
    fresh_json: str | None,
    now: datetime,
) -> tuple[int, list[rating_store.SeatChange], list[bool]]:
    """The statements of :meth:`Store.save_action`: the new state, its log line, and when the action
    ended the game its results, ratings and prizes (Core statements compiled once: a game's end
    is every few moves in a short game). Returns the new version and, at a game's end, what it did
    to each rated seat's standing and which of its transfers moved an item."""
    save = ActionSave(table_id, expected_version, new_state_json, seat, move, actor.value, user_id, fresh_json)
    statement = _MOVE if results is None else _FINISHING_MOVE
    if statement.run(connection, _move_parameters(save, now)) != 1:
        raise _refusal(connection, table_id, expected_version)
    _LOG_LINE.run(connection, _log_line(save, actor.value, now))
    changes: list[rating_store.SeatChange] = []
    moved: list[bool] = []
    if results is not None:
        [(guild_id, game_key)] = _TABLE_GAME.rows(connection, {"b_id": table_id})
        finished = _Finished(table_id, guild_id, game_key)
        changes = _finish(connection, finished, results, now)
        moved = _move_items(connection, finished, transfers, now)
    return expected_version + 1, changes, moved


def _new_table_row(
    *,
    guild_id: int,
    channel_id: int,
    parent_channel_id: int,
    game_key: str,
    host_id: int,
    seats: Sequence[SeatLike],
    options: dict[str, Any],
    seed: int,
    message_id: int | None = None,
    now: datetime | None = None,
) -> GameTable:
    """A new lobby's row (not yet written)."""
    now = now or utcnow()
    return GameTable(
        guild_id=guild_id,
        channel_id=channel_id,
        parent_channel_id=parent_channel_id,
        game_key=game_key,
        host_id=host_id,
        seats_json=_seats_json(seats),
        options_json=_options_json(options),
        seed=seed,
        message_id=message_id,
        message_posted_at=now if message_id is not None else None,
        status=TableStatus.LOBBY,
        created_at=now,
        updated_at=now,
        last_action_at=now,
    )


def _open_rematch(connection: Connection, finished_id: int, values: Mapping[str, Any]) -> tuple[int, bool]:
    """The statements of :meth:`Store.create_rematch`, the finished table's row locked throughout."""
    found = _REMATCH_OF.rows(connection, {"b_id": finished_id})
    if not found:
        raise TableNotFound(f"There is no table {finished_id}.")
    [(status, rematch_id)] = found
    if status != TableStatus.FINISHED:
        raise WrongStatus(f"Table {finished_id} is {status}, so it has no rematch.")
    if rematch_id is not None:
        return rematch_id, False
    new_id = _NEW_TABLE.insert(connection, values)
    _CHANGE_TABLE.run(connection, {"b_id": finished_id, "rematch_table_id": new_id})
    return new_id, True


@dataclass(frozen=True)
class _Finished:
    """Which table finished: what its results and prizes are filed under."""

    id: int
    guild_id: int
    game_key: str


def _change_table(connection: Connection, table_id: int, values: Mapping[str, Any]) -> None:
    """The statement of :meth:`Store.update_table`: ``values`` by column."""
    if _CHANGE_TABLE.run(connection, {"b_id": table_id, **values}) != 1:
        raise TableNotFound(f"There is no table {table_id}.")


def _start_table(
    connection: Connection, table_id: int, values: Mapping[str, Any], stakes: Sequence[Stake], now: datetime
) -> None:
    """The statements of :meth:`Store.start_table`: ``values`` by column, if it is a lobby, and the
    reservations of the items at stake."""
    if _START_TABLE.run(connection, {"b_id": table_id, **values}) != 1:
        for (status,) in _TABLE_STATUS.rows(connection, {"b_id": table_id}):
            raise WrongStatus(f"Table {table_id} is {status}, so it cannot start.")
        raise TableNotFound(f"There is no table {table_id}.")
    if stakes:
        _reserve(connection, table_id, stakes, now)


def _reserve(connection: Connection, table_id: int, stakes: Sequence[Stake], now: datetime) -> None:
    """Reserve each staked item for ``table_id``: refused (ItemsStaked) when one is reserved for
    another table, or (ItemsGone) when its person no longer owns it. The item's key in
    ``item_reservations`` is the last word: two starts at once cannot both reserve one item."""
    [(guild_id, game_key)] = _TABLE_GAME.rows(connection, {"b_id": table_id})
    ids = [stake.owned_item_id for stake in stakes]
    # The items are locked first: a start reserving them at the same moment waits, then sees its reservations.
    owners = dict(_OWNERS.rows(connection, {"b_ids": ids, "b_guild": guild_id, "b_game": game_key}))
    for item_id, holder in _RESERVED.rows(connection, {"b_ids": ids}):
        user = next(stake.user_id for stake in stakes if stake.owned_item_id == item_id)
        raise ItemsStaked(user, holder)
    for stake in stakes:
        if owners.get(stake.owned_item_id) != stake.user_id:
            raise ItemsGone(stake.user_id)
    rows = [
        {
            "owned_item_id": stake.owned_item_id,
            "table_id": table_id,
            "guild_id": guild_id,
            "game_key": game_key,
            "user_id": stake.user_id,
            "reserved_at": now,
        }
        for stake in stakes
    ]
    try:
        _RESERVE.run(connection, rows)
    except IntegrityError:  # reserved by another start since the check (which one: the caller may look)
        raise ItemsStaked(stakes[0].user_id, 0) from None


def _get_for_update(session: Session, table_id: int) -> GameTable:
    """The table's row, locked until the transaction ends."""
    table = session.get(GameTable, table_id, with_for_update=True)
    if table is None:
        raise TableNotFound(f"There is no table {table_id}.")
    return table


def _finish_table(
    session: Session, *, table_id: int, state_json: str, results: Sequence[ResultLine], now: datetime
) -> GameTable:
    """The statements of :meth:`Store.finish_table`."""
    table = _get_for_update(session, table_id)
    if table.status != TableStatus.PLAYING:
        raise WrongStatus(f"Table {table_id} is {table.status}, so it cannot finish.")
    table.status = TableStatus.FINISHED
    table.state_json = state_json
    table.updated_at = now
    session.flush()
    _finish(session.connection(), _Finished(table_id, table.guild_id, table.game_key), results, now)
    _RELEASE.run(session.connection(), {"b_table": table_id})  # over: whatever it staked is free
    return table


def _finish(
    connection: Connection, table: _Finished, results: Sequence[ResultLine], now: datetime
) -> list[rating_store.SeatChange]:
    """What a finished table writes besides its own row: a result row per seat, and the ratings and
    levels those results change, all in the caller's transaction. Returns each rated seat's change."""
    rows = [
        {
            "table_id": table.id,
            "guild_id": table.guild_id,
            "game_key": table.game_key,
            "seat": line.seat,
            "user_id": line.user_id,
            "name": line.name,
            "computer": line.computer,
            "place": line.place,
            "points": line.points,
            "finished_at": now,
        }
        for line in results
    ]
    if rows:
        _RESULT_LINE.run(connection, rows)
    return rating_store.apply_finished_table(
        connection,
        table_id=table.id,
        guild_id=table.guild_id,
        game_key=table.game_key,
        results=results,
        finished_at=now,
    )


def _move_items(
    connection: Connection, table: _Finished, transfers: Sequence[TransferLine], now: datetime
) -> list[bool]:
    """Move owned items at the end of a game, in the transaction that saves its results.

    Each item is one row: a move gives the row to its new owner. Nobody loses what they do not
    own and nothing is made from nothing between people: from a person who owns the item, it
    moves (to a computer seat: it goes to the house); from a computer seat, the house gives a
    new item of that kind; anything else moves nothing. Every line is logged under a unique
    (table, position), so a transfer is never applied twice. The table's reservations end here.
    Returns, per line, whether its item moved.
    """
    done: list[bool] = []
    for line in transfers:
        moved: tuple[int, str] | None = None  # the row that moved: its id and kind
        if line.from_user_id is not None:
            moved = _held(connection, table, line.from_user_id, line.item)
            if moved is not None:
                given = {"b_id": moved[0], "b_to": line.to_user_id, "b_now": now, "b_table": table.id}
                _GIVE_ITEM.run(connection, given)  # to None: the house
        elif not line.from_generated or line.item.isdigit():
            # A person's item with no person to take it from: never made anew (logged, not moved).
            log.error("Table %s: item %s has no giver and is not a computer's own; nothing moves", table.id, line.item)
        elif line.to_user_id is not None:  # the house gives
            kind = line.kind or line.item
            made = {
                "guild_id": table.guild_id,
                "game_key": table.game_key,
                "user_id": line.to_user_id,
                "kind": kind,
                "origin": "house",
                "created_at": now,
                "acquired_at": now,
                "acquired_table_id": table.id,
            }
            moved = (_NEW_ITEM.insert(connection, made), kind)
        logged = {
            "table_id": table.id,
            "position": line.position,
            "guild_id": table.guild_id,
            "game_key": table.game_key,
            "item": line.item,
            "owned_item_id": moved[0] if moved is not None else None,
            "kind": moved[1] if moved is not None else line.kind,
            "from_user_id": line.from_user_id,
            "to_user_id": line.to_user_id,
            "moved": moved is not None,
            "at": now,
        }
        _TRANSFER_LINE.run(connection, logged)
        done.append(moved is not None)
    _RELEASE.run(connection, {"b_table": table.id})
    return done


def _held(connection: Connection, table: _Finished, user_id: int, item: str) -> tuple[int, str] | None:
    """The id and kind of ``item`` (an engine item id), locked, if ``user_id`` owns it in this
    table's server and game and it is not reserved for another table."""
    if not item.isdigit():  # a generated item ("gen:…") is nobody's
        return None
    found = {
        "b_id": int(item),
        "b_guild": table.guild_id,
        "b_game": table.game_key,
        "b_user": user_id,
        "b_table": table.id,
    }
    for item_id, kind in _HELD_ITEM.rows(connection, found):
        return item_id, kind
    return None


_OWNED = OwnedItem.__table__  # type: ignore[attr-defined]
_RESERVATIONS = ItemReservation.__table__  # type: ignore[attr-defined]
_HELD_ITEM = Prepared(
    select(_OWNED.c.id, _OWNED.c.kind)
    .where(
        _OWNED.c.id == bindparam("b_id"),
        _OWNED.c.guild_id == bindparam("b_guild"),
        _OWNED.c.game_key == bindparam("b_game"),
        _OWNED.c.user_id == bindparam("b_user"),
        ~exists().where(_RESERVATIONS.c.owned_item_id == _OWNED.c.id, _RESERVATIONS.c.table_id != bindparam("b_table")),
    )
    .with_for_update(of=_OWNED)
)
#: Which of some items are reserved, and for which table.
_RESERVED = Prepared(
    select(_RESERVATIONS.c.owned_item_id, _RESERVATIONS.c.table_id).where(
        _RESERVATIONS.c.owned_item_id.in_(bindparam("b_ids", expanding=True))
    )
)
#: Who owns some items of one server and game (locked: they cannot move while the game starts).
_OWNERS = Prepared(
    select(_OWNED.c.id, _OWNED.c.user_id)
    .where(
        _OWNED.c.id.in_(bindparam("b_ids", expanding=True)),
        _OWNED.c.guild_id == bindparam("b_guild"),
        _OWNED.c.game_key == bindparam("b_game"),
    )
    .with_for_update()
)
_RESERVE = Prepared(insert(_RESERVATIONS))
#: A table's reservations end with it.
_RELEASE = Prepared(delete(_RESERVATIONS).where(_RESERVATIONS.c.table_id == bindparam("b_table")))
#: A table where a person's items of one game are reserved, if any.
_STAKED_AT = Prepared(
    select(_RESERVATIONS.c.table_id)
    .where(
        _RESERVATIONS.c.guild_id == bindparam("b_guild"),
        _RESERVATIONS.c.game_key == bindparam("b_game"),
        _RESERVATIONS.c.user_id == bindparam("b_user"),
    )
    .order_by(_RESERVATIONS.c.table_id)
    .limit(1)
)
_GIVE_ITEM = Prepared(
    update(_OWNED)
    .where(_OWNED.c.id == bindparam("b_id"))
    .values(
        user_id=bindparam("b_to", type_=_OWNED.c.user_id.type),
        acquired_at=bindparam("b_now", type_=_OWNED.c.acquired_at.type),
        acquired_table_id=bindparam("b_table", type_=_OWNED.c.acquired_table_id.type),
    )
)
_NEW_ITEM = Prepared(insert(_OWNED))
_TRANSFER_LINE = Prepared(insert(ItemTransfer.__table__))  # type: ignore[attr-defined]


def _write_actions(
    connection: Connection,
    saves: Sequence[ActionSave],
    shown: Mapping[int, int],
    now: datetime,
    notes: Sequence[ClickNote] = (),
    answered: Collection[int] = (),
) -> list[int | StoreError]:
    """The statements of :meth:`Store.save_actions`, on a plain connection inside its transaction
    (a bad actor raises before anything is written).

    Every statement has one shape whatever the batch holds, so it is compiled once (on SQLite, for
    sqlite3's own cursor: bot.prepared) and run for all the batch's rows at once: a statement
    shaped by the batch (a CASE with a branch per table) was compiled again for every batch, and
    that was most of the cost of a save (``python -m benchmarks.store_writes``).
    """
    actors = [Actor(s.actor).value for s in saves]
    answers: list[int | StoreError] = []
    if saves:
        found = {
            table_id: (status, version)
            for table_id, status, version in _LOCK_TABLES.rows(connection, {"b_ids": [s.table_id for s in saves]})
        }
        answers = [_answer_for(s.table_id, s.expected_version, found.get(s.table_id)) for s in saves]
    moving = [(s, actor) for s, actor, answer in zip(saves, actors, answers, strict=True) if isinstance(answer, int)]
    if moving:
        moved = _MOVE.run(connection, [_move_parameters(s, now) for s, _ in moving])
        if moved not in (-1, len(moving)):  # the rows are locked: only a broken database gets here
            raise RuntimeError(f"{len(moving)} tables were to move, {moved} did")
        _LOG_LINE.run(connection, [_log_line(s, actor, now) for s, actor in moving])
    if shown:
        _SHOWN.run(connection, [{"b_id": table_id, "b_shown": version} for table_id, version in shown.items()])
    for note in notes:
        note.id = _insert_pending_click(connection, note)
    if answered:
        _DROP_NOTES.run(connection, {"b_ids": list(answered)})
    return answers


def _answer_for(table_id: int, expected_version: int, found: tuple[str, int] | None) -> int | StoreError:
    """The version an action on ``table_id`` at ``expected_version`` makes, or why it cannot be
    saved, given the table's status and version (``found``, None: no such table)."""
    if found is None:
        return TableNotFound(f"There is no table {table_id}.")
    status, version = found
    if status != TableStatus.PLAYING:
        return WrongStatus(f"Table {table_id} is {status}, so no action can be saved.")
    if version != expected_version:
        return VersionConflict(table_id, expected_version, version)
    return expected_version + 1


def _columns_but_id(table: Table) -> tuple[str, ...]:
    """Every column of ``table`` but its id, which the database numbers: what a new row is given."""
    return tuple(column.name for column in table.columns if column.name != "id")


_TABLES = GameTable.__table__  # type: ignore[attr-defined]
#: The tables of a batch, locked until it commits (in the order of their ids, so two batches
#: never wait on each other in a circle).
_LOCK_TABLES = Prepared(
    select(_TABLES.c.id, _TABLES.c.status, _TABLES.c.version)
    .where(_TABLES.c.id.in_(bindparam("b_ids", expanding=True)))
    .order_by(_TABLES.c.id)
    .with_for_update()
)
#: One move of one table, if it is still in play at the version the move was made at.
_MOVE_STATEMENT = (
    update(_TABLES)
    .where(
        _TABLES.c.id == bindparam("b_id"),
        _TABLES.c.version == bindparam("b_version"),
        _TABLES.c.status == TableStatus.PLAYING,
    )
    .values(
        state_json=bindparam("b_state"),
        fresh_json=func.coalesce(bindparam("b_fresh", type_=Text), _TABLES.c.fresh_json),
        version=_TABLES.c.version + 1,
        updated_at=bindparam("b_now", type_=_TABLES.c.updated_at.type),
        last_action_at=bindparam("b_now", type_=_TABLES.c.last_action_at.type),
    )
)
_MOVE = Prepared(_MOVE_STATEMENT)
#: A game's last move: as :data:`_MOVE`, and the table is finished with it.
_FINISHING_MOVE = Prepared(_MOVE_STATEMENT.values(status=TableStatus.FINISHED))
#: The table message shows this version now (kept only if newer than what it showed).
_SHOWN = Prepared(
    update(_TABLES)
    .where(
        _TABLES.c.id == bindparam("b_id"),
        or_(_TABLES.c.message_version.is_(None), _TABLES.c.message_version < bindparam("b_shown")),
    )
    .values(message_version=bindparam("b_shown"))
)
#: A new table.
_TABLE_COLUMNS = _columns_but_id(_TABLES)
_NEW_TABLE = Prepared(insert(_TABLES))
#: A table's columns (given by name with the parameters).
_CHANGE_TABLE = Prepared(update(_TABLES).where(_TABLES.c.id == bindparam("b_id")))
#: A lobby's columns as its game starts.
_START_TABLE = Prepared(update(_TABLES).where(_TABLES.c.id == bindparam("b_id"), _TABLES.c.status == TableStatus.LOBBY))
_TABLE_STATUS = Prepared(select(_TABLES.c.status).where(_TABLES.c.id == bindparam("b_id")))
#: A finished table's status and rematch, locked (two Rematch clicks open one lobby).
_REMATCH_OF = Prepared(
    select(_TABLES.c.status, _TABLES.c.rematch_table_id).where(_TABLES.c.id == bindparam("b_id")).with_for_update()
)
#: What a finished table's results are filed under.
_TABLE_GAME = Prepared(select(_TABLES.c.guild_id, _TABLES.c.game_key).where(_TABLES.c.id == bindparam("b_id")))
_LOG_LINE = Prepared(insert(TableAction.__table__))  # type: ignore[attr-defined]
_RESULT_LINE = Prepared(insert(Result.__table__))  # type: ignore[attr-defined]
_NOTES = PendingClick.__table__  # type: ignore[attr-defined]
#: The columns a note is given: ClickNote's fields but its id.
_NOTE_COLUMNS = _columns_but_id(_NOTES)
assert set(_NOTE_COLUMNS) | {"id"} == {f.name for f in fields(ClickNote)}
_NOTE_LINE = Prepared(insert(_NOTES))
_DROP_NOTES = Prepared(delete(_NOTES).where(_NOTES.c.id.in_(bindparam("b_ids", expanding=True))))


def _move_parameters(save: ActionSave, now: datetime) -> dict[str, Any]:
    return {
        "b_id": save.table_id,
        "b_version": save.expected_version,
        "b_state": save.new_state_json,
        "b_fresh": save.fresh_json,
        "b_now": now,
    }


def _log_line(save: ActionSave, actor: str, now: datetime) -> dict[str, Any]:
    return {
        "table_id": save.table_id,
        "version": save.expected_version + 1,
        "seat": save.seat,
        "move": save.move,
        "actor": actor,
        "user_id": save.user_id,
        "at": now,
    }


def _write_drafts(connection: Connection, table_id: int, drafts_json: str | None) -> None:
    table = GameTable.__table__  # type: ignore[attr-defined]
    connection.execute(update(table).where(table.c.id == table_id).values(drafts_json=drafts_json))


def _insert_pending_click(connection: Connection, click: ClickNote) -> int:
    return _NOTE_LINE.insert(connection, {column: getattr(click, column) for column in _NOTE_COLUMNS})


def _delete_pending_click(connection: Connection, click_id: int) -> None:
    _DROP_NOTES.run(connection, {"b_ids": [click_id]})


def _refusal(connection: Connection, table_id: int, expected_version: int) -> StoreError:
    """Why an action on ``table_id`` at ``expected_version`` was not saved (read in the same transaction)."""
    row = connection.execute(select(_TABLES.c.status, _TABLES.c.version).where(_TABLES.c.id == table_id)).first()
    answer = _answer_for(table_id, expected_version, None if row is None else (row.status, row.version))
    return answer if isinstance(answer, StoreError) else VersionConflict(table_id, expected_version, expected_version)


def _rank_key(standing: Standing) -> tuple[int, int, int, int]:
    """More wins first, then more points; fewer games (a better record) breaks ties, then the id."""
    return (-standing.wins, -standing.points, standing.games, standing.user_id)
