"""Replays of finished tables, for the people of the table's own server only.

A finished table never changes, so its replay is kept once loaded (the newest few); the
server is checked on every ask, cached or not: another server's table does not exist here.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Protocol

from bot.actor import Actor
from bot.models import GameTable, TableAction, TableStatus
from render.replay import ReplaySource

#: Finished replays kept in memory for stepping.
KEEP_REPLAYS = 64
#: The largest table number a database holds (a forged number beyond it finds no table).
MAX_TABLE_ID = 2**63 - 1


class ReplayError(Exception):
    """A replay refused; the message is one sentence for the person."""


class ReplayStore(Protocol):
    async def load_table(self, table_id: int) -> GameTable | None: ...
    async def actions_for(self, table_id: int) -> list[TableAction]: ...


class Replays:
    """``/replay`` and its steps: a finished table of the asker's server, as moves to show."""

    def __init__(self, store: ReplayStore, keep: int = KEEP_REPLAYS) -> None:
        self.store = store
        self.keep = keep
        #: By table: its server, the replay and the seats' names.
        self._kept: OrderedDict[int, tuple[int, ReplaySource, list[str]]] = OrderedDict()

    async def get(self, table_id: int, actor: Actor) -> tuple[ReplaySource, list[str]]:
        kept = self._kept.get(table_id)
        if kept is None:
            kept = await self._load(table_id, actor)
        guild_id, source, names = kept
        if not actor.owns(guild_id):
            raise ReplayError(f"There is no table {table_id} in this server.")
        self._kept[table_id] = kept
        self._kept.move_to_end(table_id)
        while len(self._kept) > self.keep:
            self._kept.popitem(last=False)
        return source, names

    async def _load(self, table_id: int, actor: Actor) -> tuple[int, ReplaySource, list[str]]:
        table = await self.store.load_table(table_id) if 0 < table_id <= MAX_TABLE_ID else None
        if table is None or not actor.owns(table.guild_id):
            raise ReplayError(f"There is no table {table_id} in this server.")
        if table.status != TableStatus.FINISHED or table.state_json is None:
            raise ReplayError(f"Table {table_id} has not finished, so it cannot be replayed yet.")
        actions = await self.store.actions_for(table_id)
        source = ReplaySource.from_final_state(table.state_json, [(a.seat, a.move) for a in actions])
        return table.guild_id, source, [seat.name for seat in table.seats]
