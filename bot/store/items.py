"""Owned items: what each person owns in a game, the items reserved for a table being played,
and the items a game's end moves between people (each item is one row; every move is logged).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, delete, exists, func, insert, or_, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.models import ItemOwner, ItemReservation, ItemTransfer, OwnedItem, utcnow
from bot.prepared import Prepared
from bot.store.base import UNSET, StoreBase, TableKey
from bot.store.errors import ItemsGone, ItemsStaked

log = logging.getLogger(__name__)


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


class ItemsStore(StoreBase):
    """The ``owned_items``, ``item_owners``, ``item_reservations`` and ``item_transfers`` rows."""

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
        chosen: Sequence[str] | None = UNSET,
        draft: Sequence[str] | None = UNSET,
    ) -> None:
        """Keep a person's chosen items (None: the game's default) and/or the draft they are building
        (None: no draft), as item ids, in one transaction."""
        now = utcnow()
        async with self._writing() as session:
            await self._lock_owner(session, guild_id, user_id, game_key, now)
            owner = await session.get(ItemOwner, (guild_id, user_id, game_key))
            assert owner is not None
            if chosen is not UNSET:
                owner.chosen_json = None if chosen is None else json.dumps(list(chosen))
            if draft is not UNSET:
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


def reserve(connection: Connection, table: TableKey, stakes: Sequence[Stake], now: datetime) -> None:
    """Reserve each staked item for ``table_id``: refused (ItemsStaked) when one is reserved for
    another table, or (ItemsGone) when its person no longer owns it. The item's key in
    ``item_reservations`` is the last word: two starts at once cannot both reserve one item."""
    table_id, guild_id, game_key = table.id, table.guild_id, table.game_key
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


def move_items(connection: Connection, table: TableKey, transfers: Sequence[TransferLine], now: datetime) -> list[bool]:
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
    RELEASE.run(connection, {"b_table": table.id})
    return done


def _held(connection: Connection, table: TableKey, user_id: int, item: str) -> tuple[int, str] | None:
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
RELEASE = Prepared(delete(_RESERVATIONS).where(_RESERVATIONS.c.table_id == bindparam("b_table")))
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
