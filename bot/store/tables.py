"""Tables: a lobby opened, changed and started, a table read back, cancelled or closed.

A move on a table in play is :mod:`bot.store.moves`; the end of a game, :mod:`bot.store.results`.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, insert, or_, update
from sqlmodel import Session, col, select

from bot.models import OPEN_STATUSES, GameTable, TableStatus, utcnow
from bot.prepared import Prepared
from bot.store.base import UNSET, StoreBase, TableKey, columns_but_id
from bot.store.errors import TableNotFound, WrongStatus
from bot.store.items import RELEASE, Stake, reserve
from bot.table import Seat


def seats_json(seats: Iterable[Seat]) -> str:
    """The ``seats_json`` column: each seat as :meth:`bot.table.Seat.to_dict` gives it."""
    return json.dumps([seat.to_dict() for seat in seats], ensure_ascii=False)


def _options_json(options: dict[str, Any]) -> str:
    return json.dumps(options, ensure_ascii=False, sort_keys=True)


@dataclass(frozen=True)
class NewTable:
    """What a new lobby is made of: its place, its game and host, its seats, options and seed (its
    message is posted once it exists)."""

    guild_id: int
    channel_id: int
    #: The channel its thread was made in (``channel_id`` itself when there is no thread).
    parent_channel_id: int
    game_key: str
    host_id: int
    seats: Sequence[Seat]
    options: dict[str, Any]
    seed: int


class TablesStore(StoreBase):
    """The ``game_tables`` rows, outside the moves of a game in play."""

    async def create_table(self, new: NewTable, *, now: datetime | None = None) -> GameTable:
        """Open a lobby and return it with its new id."""
        table = _new_table_row(new, now)
        table.id = await self._in_one_piece(_NEW_TABLE.insert, {name: getattr(table, name) for name in _TABLE_COLUMNS})
        return table

    async def create_rematch(self, finished_id: int, new: NewTable) -> tuple[int, bool]:
        """Open the one rematch of a finished table: a lobby as :meth:`create_table` makes it, linked
        from the finished table in the same transaction. Returns its id and True; or, when that table
        has its rematch already, that rematch's id and False (nothing made)."""
        values = {name: getattr(_new_table_row(new), name) for name in _TABLE_COLUMNS}
        return await self._in_one_piece(_open_rematch, finished_id, values)

    async def update_table(
        self,
        table_id: int,
        *,
        seats: Sequence[Seat] | None = None,
        options: dict[str, Any] | None = None,
        host_id: int | None = None,
        channel_id: int | None = None,
        message_id: int | None = UNSET,
        message_posted_at: datetime | None = UNSET,
        now: datetime | None = None,
    ) -> None:
        """Change a lobby (seats, options, host) or the table's message, in lobby or in play.

        Seats may change in play too (the host puts a computer in an absent player's seat).
        Setting ``message_id`` without ``message_posted_at`` stamps it with ``now``.
        """
        now = now or utcnow()
        values: dict[str, Any] = {"updated_at": now}
        if seats is not None:
            values["seats_json"] = seats_json(seats)
        if options is not None:
            values["options_json"] = _options_json(options)
        if host_id is not None:
            values["host_id"] = host_id
        if channel_id is not None:
            values["channel_id"] = channel_id
        if message_id is not UNSET:
            values["message_id"] = message_id
            values["message_posted_at"] = now if message_id is not None else None
        if message_posted_at is not UNSET:
            values["message_posted_at"] = message_posted_at
        await self._in_one_piece(_change_table, table_id, values)

    async def start_table(
        self,
        table_id: int,
        state_json: str,
        *,
        seats: Sequence[Seat] | None = None,
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
            values["seats_json"] = seats_json(seats)
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
            table = get_for_update(session, table_id)
            if table.status not in OPEN_STATUSES:
                raise WrongStatus(f"Table {table_id} is already {table.status}.")
            table.status = status
            table.updated_at = now
            session.flush()
            RELEASE.run(session.connection(), {"b_table": table_id})  # nothing moved: the items are free
            return table

        return await self._in_session(change)

    async def save_drafts(self, table_id: int, drafts_json: str | None) -> None:
        """Keep the choice screen's drafts of a table in play (they change no state version)."""
        await self._in_one_piece(_write_drafts, table_id, drafts_json)


def _new_table_row(new: NewTable, now: datetime | None = None) -> GameTable:
    """A new lobby's row (not yet written)."""
    now = now or utcnow()
    return GameTable(
        guild_id=new.guild_id,
        channel_id=new.channel_id,
        parent_channel_id=new.parent_channel_id,
        game_key=new.game_key,
        host_id=new.host_id,
        seats_json=seats_json(new.seats),
        options_json=_options_json(new.options),
        seed=new.seed,
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
        [(guild_id, game_key)] = TABLE_GAME.rows(connection, {"b_id": table_id})
        reserve(connection, TableKey(table_id, guild_id, game_key), stakes, now)


def get_for_update(session: Session, table_id: int) -> GameTable:
    """The table's row, locked until the transaction ends."""
    table = session.get(GameTable, table_id, with_for_update=True)
    if table is None:
        raise TableNotFound(f"There is no table {table_id}.")
    return table


def _write_drafts(connection: Connection, table_id: int, drafts_json: str | None) -> None:
    connection.execute(update(TABLES).where(TABLES.c.id == table_id).values(drafts_json=drafts_json))


TABLES = GameTable.__table__  # type: ignore[attr-defined]
#: A new table.
_TABLE_COLUMNS = columns_but_id(TABLES)
_NEW_TABLE = Prepared(insert(TABLES))
#: A table's columns (given by name with the parameters).
_CHANGE_TABLE = Prepared(update(TABLES).where(TABLES.c.id == bindparam("b_id")))
#: A lobby's columns as its game starts.
_START_TABLE = Prepared(update(TABLES).where(TABLES.c.id == bindparam("b_id"), TABLES.c.status == TableStatus.LOBBY))
_TABLE_STATUS = Prepared(select(TABLES.c.status).where(TABLES.c.id == bindparam("b_id")))
#: A finished table's status and rematch, locked (two Rematch clicks open one lobby).
_REMATCH_OF = Prepared(
    select(TABLES.c.status, TABLES.c.rematch_table_id).where(TABLES.c.id == bindparam("b_id")).with_for_update()
)
#: What a finished table's results are filed under.
TABLE_GAME = Prepared(select(TABLES.c.guild_id, TABLES.c.game_key).where(TABLES.c.id == bindparam("b_id")))
