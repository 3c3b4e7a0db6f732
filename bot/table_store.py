"""The table service's view of the database: Table objects in, rows out (over bot.store)."""

from __future__ import annotations

import json

from bot.models import GameTable, TableStatus
from bot.store import ResultLine, Store
from bot.tables import GuildSettings, Seat, Table
from engine import registry
from engine.core import Outcome


class TableStoreAdapter:
    """Implements bot.tables.TableStore with bot.store.Store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def create_table(self, table: Table) -> int:
        row = await self.store.create_table(
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            parent_channel_id=table.parent_channel_id or table.channel_id,
            game_key=table.game.key,
            host_id=table.host_id,
            seats=table.seats,
            options=table.options,
            seed=table.seed,
            message_id=table.message_id,
        )
        assert row.id is not None
        return row.id

    async def save_lobby(self, table: Table) -> None:
        await self.store.update_table(table.id, seats=table.seats, options=table.options, host_id=table.host_id)

    async def save_message(self, table: Table) -> None:
        await self.store.update_table(table.id, message_id=table.message_id, message_posted_at=table.message_posted_at)

    async def save_start(self, table: Table, state_json: str) -> None:
        await self.store.start_table(table.id, state_json, seats=table.seats, options=table.options)

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
        results = None
        if outcome is not None:
            results = [
                ResultLine(
                    seat=i,
                    user_id=s.user_id,
                    name=s.name,
                    computer=s.computer,
                    place=outcome.places[i],
                    points=outcome.points[i],
                )
                for i, s in enumerate(table.seats)
            ]
        await self.store.save_action(
            table.id, table.version, new_state_json, seat, move, actor, user_id, results=results
        )

    async def set_status(self, table: Table, status: str) -> None:
        await self.store.set_status(table.id, TableStatus(status))

    async def open_tables(self) -> list[Table]:
        return [table_from_row(row) for row in await self.store.open_tables()]

    async def load_table(self, table_id: int) -> Table | None:
        row = await self.store.load_table(table_id)
        return table_from_row(row) if row is not None else None

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self.store.get_settings(guild_id)
        return GuildSettings(row.idle_minutes, row.use_threads, row.computer_pause_ms)


def table_from_row(row: GameTable) -> Table:
    """A Table as the service holds it, rebuilt from its database row."""
    game = registry.get(row.game_key)
    state = game.state_class().from_json(row.state_json) if row.state_json else None
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
        status=str(row.status),
        state=state,
        version=row.version,
        seed=row.seed,
        message_id=row.message_id,
        message_posted_at=row.message_posted_at,
        last_action_at=row.last_action_at,
    )
