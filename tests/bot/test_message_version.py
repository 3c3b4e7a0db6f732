"""The version each table message last showed: kept only forward, and what a restart redraws."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from bot.models import TableStatus
from bot.store import ActionSave, ClickNote, Store
from bot.table_store import TableStoreAdapter
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
    adapter, transactions = counted_adapter(store)
    tables = [await playing_table(store) for _ in range(5)]
    shown = [adapter.save_message_version(SimpleNamespace(id=t.id), 4) for t in tables]  # type: ignore[arg-type]
    shown.append(adapter.save_message_version(SimpleNamespace(id=tables[0].id), 2))  # type: ignore[arg-type]
    await asyncio.gather(*shown)
    assert len(transactions) == 1  # one transaction for all of them, not one each
    assert [(await store.load_table(t.id)).message_version for t in tables] == [4] * 5  # and never backwards


async def test_a_move_never_waits_for_a_round_of_table_message_versions(store: Store) -> None:
    """Moves and the versions shown meanwhile go in one transaction: a busy bot's table-message
    edits used to take writer rounds of their own, and each move waited for one."""
    adapter, transactions = counted_adapter(store)
    shown_table, moved_table = await playing_table(store), await playing_table(store)
    move = ActionSave(moved_table.id, moved_table.version, '{"moved": true}', 0, "play:1", "player", ALICE)
    both = asyncio.gather(
        adapter.save_message_version(SimpleNamespace(id=shown_table.id), 1),  # type: ignore[arg-type]
        adapter._queued(move),
    )
    _, version = await both
    assert transactions == [([moved_table.id], {shown_table.id: 1})]
    assert version == moved_table.version + 1
    assert (await store.load_table(shown_table.id)).message_version == 1
    assert (await store.load_table(moved_table.id)).state_json == '{"moved": true}'


async def test_notes_of_deferred_clicks_ride_with_the_moves(store: Store) -> None:
    """Under load nearly every click is deferred and written down, then dropped once answered: a
    transaction each queued in front of the moves (saves took seconds), so they go in the moves' one."""
    adapter, transactions = counted_adapter(store)
    table = await playing_table(store)
    answered = await store.add_pending_click(note(table.id, "play:0"))
    move = ActionSave(table.id, table.version, '{"moved": true}', 0, "play:1", "player", ALICE)
    version, first, second, _ = await asyncio.gather(
        adapter._queued(move),
        adapter.add_pending_click(note(table.id, "play:1")),
        adapter.add_pending_click(note(table.id, "play:2")),
        adapter.drop_pending_click(answered),
    )
    assert len(transactions) == 1 and version == table.version + 1
    left = await store.take_pending_clicks()
    assert [(click.id, click.move) for click in left] == [(first, "play:1"), (second, "play:2")]


def note(table_id: int, move: str) -> ClickNote:
    return ClickNote(table_id=table_id, user_id=ALICE, version=0, move=move, application_id=1, token="t")


def counted_adapter(store: Store) -> tuple[TableStoreAdapter, list[tuple[list[int], dict[int, int]]]]:
    """An adapter over ``store`` and the list of its writer's transactions (the tables moved, the versions shown)."""
    transactions: list[tuple[list[int], dict[int, int]]] = []
    save_actions = store.save_actions

    async def counted(saves, *, shown=None, notes=(), answered=(), now=None):  # type: ignore[no-untyped-def]
        transactions.append(([save.table_id for save in saves], dict(shown or {})))
        return await save_actions(saves, shown=shown, notes=notes, answered=answered, now=now)

    store.save_actions = counted  # type: ignore[method-assign]
    return TableStoreAdapter(store), transactions
