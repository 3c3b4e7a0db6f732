"""The version each table message last showed: kept only forward, and what a restart redraws."""

from __future__ import annotations

from bot.models import TableStatus
from bot.store import Store
from tests.bot.test_store import ALICE, finished_game, line, playing_table


async def test_the_shown_version_only_moves_forward(store: Store) -> None:
    table = await playing_table(store)
    assert (await store.load_table(table.id)).message_version is None  # not shown since the start
    await store.save_message_version(table.id, 3)
    await store.save_message_version(table.id, 2)  # an older edit that finished last changes nothing
    assert (await store.load_table(table.id)).message_version == 3


async def test_finished_tables_whose_message_is_behind_are_listed(store: Store) -> None:
    shown = await finished_game(store, [line(0, ALICE, "Alice", 1, 3)])
    await store.save_message_version(shown.id, (await store.load_table(shown.id)).version)
    behind = await finished_game(store, [line(0, ALICE, "Alice", 1, 3)])  # never shown
    playing = await playing_table(store)
    await store.save_message_version(playing.id, 0)

    listed = await store.unshown_finished_tables()
    assert [t.id for t in listed] == [behind.id]
    assert all(t.status == TableStatus.FINISHED for t in listed)


async def test_table_messages_shown_at_once_are_saved_together(store: Store) -> None:
    import asyncio
    from types import SimpleNamespace

    from bot.table_store import TableStoreAdapter

    adapter = TableStoreAdapter(store)
    statements: list[dict[int, int]] = []
    save_many = store.save_message_versions

    async def counted(versions):  # type: ignore[no-untyped-def]
        statements.append(dict(versions))
        await save_many(versions)

    store.save_message_versions = counted  # type: ignore[method-assign]
    tables = [await playing_table(store) for _ in range(5)]
    shown = [adapter.save_message_version(SimpleNamespace(id=t.id), 4) for t in tables]  # type: ignore[arg-type]
    shown.append(adapter.save_message_version(SimpleNamespace(id=tables[0].id), 2))  # type: ignore[arg-type]
    await asyncio.gather(*shown)
    assert len(statements) == 1  # one statement for all of them, not one transaction each
    assert [(await store.load_table(t.id)).message_version for t in tables] == [4] * 5  # and never backwards
