"""The tournament's table opener over the real table service and database."""

from __future__ import annotations

from bot.store import Store
from bot.table_store import TableStoreAdapter
from bot.tables import Table, TableService
from bot.tournaments.service import SeatSpec, TableRequest
from bot.tournaments.tables_adapter import TableServiceOpener


def request(key: str = "tournament:1:round:1:table:1") -> TableRequest:
    return TableRequest(
        key=key,
        guild_id=1,
        channel_id=50,
        game_key="nin_jan",
        options={},
        # People only: a computer seat would start a background task playing it.
        seats=(SeatSpec(101, "Ann"), SeatSpec(102, "Bob"), SeatSpec(103, "Cat")),
        title="Nin Jan tournament #1 · round 1 · table 1",
    )


async def test_a_table_is_opened_started_and_seated_once_even_across_a_restart(store: Store) -> None:
    posted: list[int] = []
    channels: list[str] = []

    async def make_channel(req: TableRequest) -> int:
        channels.append(req.title)
        return 60 + len(channels)

    async def post(table: Table, req: TableRequest) -> None:
        posted.append(table.id)

    service = TableService(TableStoreAdapter(store))
    opener = TableServiceOpener(service, make_channel, post)
    table_id = await opener.open_table(request())
    assert await opener.open_table(request()) == table_id
    table = service.tables[table_id]
    assert table.status == "playing" and [s.name for s in table.seats] == ["Ann", "Bob", "Cat"]
    assert table.channel_id == 61 and posted == [table_id]
    assert await opener.table_end(table_id) is None

    # The bot restarts: a new table service restores the open tables; the same key finds the same table.
    restarted = TableService(TableStoreAdapter(store))
    await restarted.restore()
    again = TableServiceOpener(restarted, make_channel, post)
    assert await again.open_table(request()) == table_id
    assert len(channels) == 1
    await service.shutdown()
    await restarted.shutdown()


async def test_a_table_closed_without_results_is_void(store: Store) -> None:
    async def make_channel(req: TableRequest) -> int:
        return 70

    async def post(table: Table, req: TableRequest) -> None:
        return None

    service = TableService(TableStoreAdapter(store))
    opener = TableServiceOpener(service, make_channel, post)
    table_id = await opener.open_table(request())
    await service.end(table_id, 0, moderator=True)
    end = await opener.table_end(table_id)
    assert end is not None and end.void
    await service.shutdown()
