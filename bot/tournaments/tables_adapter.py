"""The tournament's :class:`~bot.tournaments.service.TableOpener` over today's table service.

Written against bot/tables.py's ``TableService`` as it is; when the table service is
refactored only this file should need to change. Discord work (making a thread, posting the
table message with the players pinged) comes in as two callables from the cog, so this
module needs no discord import.

Idempotency by key: a tournament table is found again by its seats. In one round a player
sits at one table only, and the tables of earlier rounds have all ended, so an open table of
the same game in the same server with exactly these people in these seats is the one opened
for this key before the bot died. (Better, once the table service has it: a unique
"external key" column on game_tables, looked up here.)
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.tables import Seat, Table, TableError, TableService
from bot.tournaments.service import TableEnd, TableRequest

log = logging.getLogger(__name__)

#: Makes the channel a table plays in (a thread of the tournament's channel, if it can) and returns its id.
MakeChannel = Callable[[TableRequest], Awaitable[int]]
#: Posts a started table's message in its channel, pinging its players.
PostTable = Callable[[Table, TableRequest], Awaitable[None]]


class TableServiceOpener:
    """Opens, watches and hurries game tables for the tournament service."""

    def __init__(self, tables: TableService, make_channel: MakeChannel, post_table: PostTable) -> None:
        self.tables = tables
        self.make_channel = make_channel
        self.post_table = post_table
        self._opened: dict[str, int] = {}

    async def open_table(self, request: TableRequest) -> int:
        found = self._opened.get(request.key) or self._find(request)
        if found is not None:
            return found
        seats = [Seat(s.user_id, s.name, s.computer) for s in request.seats]
        host = next((s for s in seats if not s.computer), seats[0])
        channel_id = await self.make_channel(request)
        table = await self.tables.open(
            request.guild_id, channel_id, request.game_key, host.user_id or 0, host.name, request.channel_id
        )
        # The lobby is seated and set up at once: a tournament table has no lobby for people to use.
        table.seats, table.options = seats, table.game.validate_options(dict(request.options))
        await self.tables.store.save_lobby(table)
        await self.tables.start(table.id, table.host_id)
        self._opened[request.key] = table.id
        try:
            await self.post_table(table, request)
        except Exception:  # the table plays on; its players can find it with /table
            log.exception("Could not post tournament table %s", table.id)
        return table.id

    def _find(self, request: TableRequest) -> int | None:
        wanted = [(s.user_id, s.name if s.computer else None, s.computer) for s in request.seats]
        for table in self.tables.tables.values():
            if table.guild_id != request.guild_id or table.game.key != request.game_key:
                continue
            seated = [(s.user_id, s.name if s.computer else None, s.computer) for s in table.seats]
            if seated == wanted and any(not s.computer for s in request.seats):
                return table.id
        return None

    async def table_end(self, table_id: int) -> TableEnd | None:
        table = self.tables.tables.get(table_id) or self.tables.finished.get(table_id)
        if table is None:
            table = await self.tables.store.load_table(table_id)
        if table is None:
            return TableEnd(void=True)
        if table.status in ("lobby", "playing"):
            return None
        return TableEnd.of(table.outcome if table.status == "finished" else None)

    async def finish_with_computers(self, table_id: int) -> None:
        table = self.tables.tables.get(table_id)
        if table is None or table.status != "playing":
            return
        for seat in table.waiting_people():
            try:
                await self.tables.replace_with_computer(table_id, table.host_id, seat)
            except TableError as error:
                log.info("Round timer: could not hand seat %s of table %s over: %s", seat, table_id, error)
