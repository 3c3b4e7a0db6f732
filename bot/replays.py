"""Replays of finished tables, for the people of the table's own server only.

A finished table never changes, so its replay is kept once loaded (the newest few); the
server is checked on every ask, cached or not: another server's table does not exist here.
A refusal is a :class:`~engine.words.Text` (``ReplayError.text``), said in the asker's language.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Protocol

from bot.actor import Actor
from bot.models import GameTable, TableAction, TableStatus
from bot.table import Seat, computer_name
from engine.words import Text
from render.replay import Names, ReplaySource

#: Finished replays kept in memory for stepping.
KEEP_REPLAYS = 64
#: The largest table number a database holds (a forged number beyond it finds no table).
MAX_TABLE_ID = 2**63 - 1


#: What a seat given to the computer is called (bot.tables.replace_with_computer).
COMPUTER_SUFFIX = " (computer)"


def seat_names(seats: Sequence[Seat]) -> Names:
    """The names to show at each step: as seated at the end, except a seat the computer took over,
    which shows its person until the move it took over at."""
    final = [computer_name(seat.name, seat.level) if seat.computer else seat.name for seat in seats]
    taken = {i: seat.replaced_at for i, seat in enumerate(seats) if seat.replaced_at is not None}
    if not taken:
        return final

    def at(step: int) -> list[str]:
        return [
            seats[i].name.removesuffix(COMPUTER_SUFFIX) if i in taken and step <= taken[i] else name
            for i, name in enumerate(final)
        ]

    return at


def not_replayable(table_id: int, status: str, started: bool) -> Text:
    """Why a table of this server has no replay, as it is."""
    if status == TableStatus.PLAYING:
        return Text("Table {table} is still being played; it can be replayed once its game is over.", table=table_id)
    if not started:
        return Text("Table {table} never started a game, so there is nothing to replay.", table=table_id)
    return Text(
        "Table {table} was ended before its game was over, so there is no finished game to replay.", table=table_id
    )


class ReplayError(Exception):
    """A replay refused; ``text`` is one sentence for the person (said in their language with
    :func:`bot.i18n.told.told`), and the English sentence is the error's message."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class ReplayStore(Protocol):
    async def load_table(self, table_id: int) -> GameTable | None: ...
    async def actions_for(self, table_id: int) -> list[TableAction]: ...


class Replays:
    """``/replay`` and its steps: a finished table of the asker's server, as moves to show."""

    def __init__(self, store: ReplayStore, keep: int = KEEP_REPLAYS) -> None:
        self.store = store
        self.keep = keep
        #: By table: its server, the replay and the seats' names.
        self._kept: OrderedDict[int, tuple[int, ReplaySource, Names]] = OrderedDict()
        #: Where each kept replay's hands or rounds begin, named in each language asked for (found
        #: once per language, by the Discord side).
        self.chapters: dict[int, dict[str, list[tuple[int, str]]]] = {}

    async def get(self, table_id: int, actor: Actor) -> tuple[ReplaySource, Names]:
        kept = self._kept.get(table_id)
        if kept is None:
            kept = await self._load(table_id, actor)
        guild_id, source, names = kept
        if not actor.owns(guild_id):
            raise ReplayError(Text("There is no table {table} in this server.", table=table_id))
        self._kept[table_id] = kept
        self._kept.move_to_end(table_id)
        while len(self._kept) > self.keep:
            dropped, _ = self._kept.popitem(last=False)
            self.chapters.pop(dropped, None)
        return source, names

    async def _load(self, table_id: int, actor: Actor) -> tuple[int, ReplaySource, Names]:
        table = await self.store.load_table(table_id) if 0 < table_id <= MAX_TABLE_ID else None
        if table is None or not actor.owns(table.guild_id):
            raise ReplayError(Text("There is no table {table} in this server.", table=table_id))
        if table.status != TableStatus.FINISHED or table.state_json is None:
            raise ReplayError(not_replayable(table_id, table.status, table.state_json is not None))
        actions = await self.store.actions_for(table_id)
        source = ReplaySource.from_final_state(table.state_json, [(a.seat, a.move) for a in actions])
        return table.guild_id, source, seat_names(table.seats)
