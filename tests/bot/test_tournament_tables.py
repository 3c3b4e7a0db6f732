"""The tournament's table opener over the real table service and database."""

from __future__ import annotations

import asyncio
import contextlib

from bot.actor import Actor
from bot.store import Store
from bot.table_store import TableStoreAdapter
from bot.tables import Table, TableError, TableService
from bot.tournaments.service import SeatSpec, TableRequest
from bot.tournaments.tables_adapter import TableServiceOpener


def request(key: str = "tournament:1:round:1:table:1") -> TableRequest:
    return TableRequest(
        key=key,
        guild_id=1,
        channel_id=50,
        host_id=99,
        game_key="nin_jan",
        options={},
        # People only: a computer seat would start a background task playing it.
        seats=(SeatSpec(101, "Ann"), SeatSpec(102, "Bob"), SeatSpec(103, "Cat")),
        title="Nin Jan tournament #1 · round 1 · table 1",
    )


async def test_a_table_is_created_then_seated_started_and_posted_once_even_across_a_restart(store: Store) -> None:
    posted: list[tuple[int, str]] = []
    shown: list[int] = []
    channels: list[str] = []

    async def make_channel(req: TableRequest) -> int:
        channels.append(req.title)
        return 60 + len(channels)

    async def post(table: Table, req: TableRequest) -> None:
        posted.append((table.id, table.status))  # before the deal: no computer move can beat it
        table.message_id = 7000 + table.id
        await store.update_table(table.id, message_id=table.message_id)

    async def show(table: Table) -> None:
        shown.append(table.id)

    service = TableService(TableStoreAdapter(store))
    opener = TableServiceOpener(service, make_channel, post, show)
    table_id = await opener.create_table(request())
    assert service.tables[table_id].status == "lobby" and posted == []
    await opener.start_table(table_id, request())
    await opener.start_table(table_id, request())
    table = service.tables[table_id]
    assert table.status == "playing" and [s.name for s in table.seats] == ["Ann", "Bob", "Cat"]
    assert table.host_id == 99 and table.seat_of(99) is None  # the tournament's host, not a player
    assert table.channel_id == 61 and posted == [(table_id, "lobby")] and shown == [table_id]
    assert await opener.table_end(table_id) is None

    # The bot restarts: the restored table is already started and shown; starting it again does nothing.
    restarted = TableService(TableStoreAdapter(store))
    await restarted.restore()
    again = TableServiceOpener(restarted, make_channel, post, show)
    await again.start_table(table_id, request())
    assert restarted.tables[table_id].version == table.version
    assert len(channels) == 1 and len(posted) == 1 and shown == [table_id]
    await service.shutdown()
    await restarted.shutdown()


async def test_a_lobby_created_before_a_restart_is_seated_and_started_after_it(store: Store) -> None:
    async def make_channel(req: TableRequest) -> int:
        return 80

    async def post(table: Table, req: TableRequest) -> None:
        return None

    async def show(table: Table) -> None:
        return None

    service = TableService(TableStoreAdapter(store))
    table_id = await TableServiceOpener(service, make_channel, post, show).create_table(request())
    restarted = TableService(TableStoreAdapter(store))
    await restarted.restore()
    await TableServiceOpener(restarted, make_channel, post, show).start_table(table_id, request())
    assert restarted.tables[table_id].status == "playing"
    assert [s.user_id for s in restarted.tables[table_id].seats] == [101, 102, 103]
    await service.shutdown()
    await restarted.shutdown()


async def test_a_table_closed_without_results_is_void(store: Store) -> None:
    async def make_channel(req: TableRequest) -> int:
        return 70

    async def post(table: Table, req: TableRequest) -> None:
        return None

    async def show(table: Table) -> None:
        return None

    service = TableService(TableStoreAdapter(store))
    opener = TableServiceOpener(service, make_channel, post, show)
    table_id = await opener.create_table(request())
    await opener.start_table(table_id, request())
    await service.end(table_id, Actor(0, 1, moderator=True))
    end = await opener.table_end(table_id)
    assert end is not None and end.void
    await service.shutdown()


async def test_the_table_service_tells_its_listener_of_every_end_after_the_final_save(store: Store) -> None:
    """The hook the tournaments listen on: a finished game (with its saved outcome) and a closed table (None)."""
    service = TableService(TableStoreAdapter(store))
    ends: list[tuple[int, str, bool]] = []

    def listener(table: Table, outcome: object) -> None:
        ends.append((table.id, "outcome" if outcome is not None else "none", table.id in service.tables))

    service.on_end = listener
    played = await service.open(1, 2, "highcard", 101, "Ann")
    await service.join(played.id, Actor(102, 1), "Bob")
    await service.start(played.id, Actor(101, 1))
    for _ in range(200):
        await asyncio.sleep(0)  # let a forced move the service makes by itself go first
        if played.status != "playing":
            break
        seat = played.waiting_people()[0]
        move = played.game.computer_player(1).choose(played.view(seat))
        with contextlib.suppress(TableError):  # a forced move came in between
            await service.act(played.id, Actor(played.seats[seat].user_id or 0, 1), played.version, move.text())
    saved = await service.store.load_table(played.id)
    assert saved is not None and saved.status == "finished" and saved.outcome == played.outcome
    closed = await service.open(1, 2, "highcard", 101, "Ann")
    await service.cancel(closed.id, Actor(101, 1))
    assert ends == [(played.id, "outcome", True), (closed.id, "none", False)]
    await service.shutdown()
