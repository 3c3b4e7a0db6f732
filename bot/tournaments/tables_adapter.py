"""The tournament's :class:`~bot.tournaments.ports.TableOpener` over today's table service.

Written against bot.tables's ``TableService`` as it is; when the table service is
refactored only this file should need to change. Discord work comes in as callables from the
cog, so this module needs no discord import: making the channel a table plays in (a thread,
when the server allows it), posting the table's first message with its players pinged, and
asking the presenter to draw the started table into that message.

The first message is posted before the game starts, so the table has its message before any
computer moves (otherwise the presenter, seeing a table without a message, posts one of its
own and the players find two).

Idempotency: the tournament writes the game table's id as soon as :meth:`create_table`
returns, and :meth:`start_table` seats and starts only a table still in its lobby, so a
retry after a restart starts nothing twice. (A unique "external key" column on game_tables,
written with the table, would also close the short gap between creating a table and the
tournament writing its id.)
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.actor import Actor
from bot.models import TableStatus
from bot.tables import Seat, Table, TableError, TableService
from bot.tournaments.ports import STAND_IN_LEVEL, TableEnd, TableRequest

log = logging.getLogger(__name__)

#: Makes the channel a table plays in (a thread of the tournament's channel, if it can) and returns its id.
MakeChannel = Callable[[TableRequest], Awaitable[int]]
#: Posts a table's first message in its channel, pinging its players; sets and saves ``table.message_id``.
PostTable = Callable[[Table, TableRequest], Awaitable[None]]
#: Draws the table as it is now into its message (the presenter's ``table_changed``).
ShowTable = Callable[[Table], Awaitable[None]]


class TableServiceOpener:
    """Opens, watches and hurries game tables for the tournament service."""

    def __init__(self, tables: TableService, make_channel: MakeChannel, post_table: PostTable, show: ShowTable) -> None:
        self.tables = tables
        self.make_channel = make_channel
        self.post_table = post_table
        self.show = show

    async def create_table(self, request: TableRequest) -> int:
        channel_id = await self.make_channel(request)
        first = request.seats[0]
        table = await self.tables.open(
            request.guild_id, channel_id, request.game_key, request.host_id, first.name, request.channel_id
        )
        return table.id

    async def start_table(self, table_id: int, request: TableRequest) -> None:
        table = self.tables.tables.get(table_id)
        if table is None:  # it ended already (or was closed): table_end says how
            return
        if table.status == TableStatus.LOBBY:
            # A tournament table has no lobby for people to use: it is seated and set up at once.
            table.seats = [Seat(s.user_id, s.name, s.computer, s.level) for s in request.seats]  # computers: generated
            table.options = table.game.validate_options(dict(request.options))
            await self.tables.store.save_lobby(table)
        if table.message_id is None:
            try:
                await self.post_table(table, request)
            except Exception:  # the table plays on; the presenter posts its message at the first move
                log.exception("Could not post tournament table %s", table.id)
        if table.status == TableStatus.LOBBY:
            host = Actor.host_of(table.guild_id, table.host_id)
            try:
                await self.tables.start(table.id, host)
            except TableError as error:  # a player's prize cards are in play at another table
                log.warning("Tournament table %s cannot be dealt, so it is void: %s", table.id, error)
                await self.tables.end(table.id, host)
            await self.show(table)

    async def table_end(self, table_id: int) -> TableEnd | None:
        table = self.tables.tables.get(table_id) or self.tables.finished.get(table_id)
        if table is None:
            table = await self.tables.store.load_table(table_id)
        if table is None:
            return TableEnd(void=True)
        if table.status in (TableStatus.LOBBY, TableStatus.PLAYING):
            return None
        return TableEnd.of(table.outcome if table.status == TableStatus.FINISHED else None)

    async def finish_with_computers(self, table_id: int) -> None:
        table = self.tables.tables.get(table_id)
        if table is None or table.status != TableStatus.PLAYING:
            return
        for seat in table.waiting_people():
            person = table.seats[seat]
            try:
                await self.tables.replace_with_computer(
                    table_id,
                    Actor.host_of(table.guild_id, table.host_id),
                    person.user_id or 0,
                    person.name,
                    STAND_IN_LEVEL,
                )
            except TableError as error:
                log.info("Round timer: could not hand seat %s of table %s over: %s", seat, table_id, error)
