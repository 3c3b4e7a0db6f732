"""Many writes at once, of every kind a busy bot makes: each lands, none is refused or lost.

On SQLite they queue in the process (one writer at a time) and the busiest ones run in one piece
on their own connection (bot.sqlite_writes); on PostgreSQL they go straight to the database.
"""

from __future__ import annotations

import asyncio

import pytest
from sqlmodel import select

from bot.rating_models import PlayerRating
from bot.store import ActionSave, ClickNote, Store
from bot.table_store import TableStoreAdapter
from tests.bot.test_store import ALICE, line, playing_table


def click(table_id: int, n: int) -> ClickNote:
    return ClickNote(table_id=table_id, user_id=ALICE, version=0, move=f"play:{n}", application_id=1, token=f"t{n}")


async def test_moves_notes_drafts_and_shown_versions_at_once_all_land(store: Store) -> None:
    adapter = TableStoreAdapter(store)
    tables = [await playing_table(store) for _ in range(12)]
    moves = [
        adapter._queued(ActionSave(t.id, t.version, f'{{"moved": {i}}}', 0, "play:1", "player", ALICE))
        for i, t in enumerate(tables)
    ]
    notes = [store.add_pending_click(click(t.id, i)) for i, t in enumerate(tables)]
    drafts = [store.save_drafts(t.id, f'{{"0": ["{i}"]}}') for i, t in enumerate(tables)]
    shown = [adapter.save_message_version(t, 1) for t in tables]  # type: ignore[arg-type]

    versions, note_ids, *_ = await asyncio.gather(
        asyncio.gather(*moves), asyncio.gather(*notes), asyncio.gather(*drafts), asyncio.gather(*shown)
    )

    assert versions == [t.version + 1 for t in tables]
    for i, t in enumerate(tables):
        row = await store.load_table(t.id)
        assert (row.state_json, row.drafts_json, row.message_version) == (f'{{"moved": {i}}}', f'{{"0": ["{i}"]}}', 1)
    await asyncio.gather(*(store.drop_pending_click(row_id) for row_id in note_ids[::2]))  # half were answered
    kept = await store.take_pending_clicks()
    assert sorted(c.token for c in kept) == sorted(f"t{i}" for i in range(1, len(tables), 2))
    assert await store.take_pending_clicks() == []  # each is told once


async def test_games_ending_amid_other_tables_moves_all_land_with_their_results(store: Store) -> None:
    """A game's last move (results, ratings, levels in its transaction) runs in one piece too, between
    the batches of other tables' moves: every move lands and every result and rating counts once."""
    adapter = TableStoreAdapter(store)
    ending = [await playing_table(store) for _ in range(4)]
    moving = [await playing_table(store) for _ in range(8)]
    results = [line(0, ALICE, "Alice", 1, 10), line(1, None, "Computer 1", 2, 3)]
    last_moves = [
        store.save_action(ActionSave(t.id, t.version, '{"over": true}', 0, "play:1", "player", ALICE), results=results)
        for t in ending
    ]
    moves = [
        adapter._queued(ActionSave(t.id, t.version, f'{{"moved": {i}}}', 0, "play:1", "player", ALICE))
        for i, t in enumerate(moving)
    ]

    finished, moved = await asyncio.gather(asyncio.gather(*last_moves), asyncio.gather(*moves))

    assert finished == [t.version + 1 for t in ending] and moved == [t.version + 1 for t in moving]
    for t in ending:
        assert (await store.load_table(t.id)).status == "finished"
        assert [(r.user_id, r.place) for r in await store.results_for(t.id)] == [(ALICE, 1), (None, 2)]
    for i, t in enumerate(moving):
        assert (await store.load_table(t.id)).state_json == f'{{"moved": {i}}}'
    changes = await store.table_standing_changes(ending[-1].id)
    assert [c.seat for c in changes] == [0, 1]
    board = await store.leaderboard(ending[0].guild_id, "high_card")
    assert [(row.user_id, row.games, row.wins) for row in board.rows] == [(ALICE, len(ending), len(ending))]
    async with store.sessions() as session:
        rated = (await session.exec(select(PlayerRating.player, PlayerRating.games))).all()
    assert sorted(games for _, games in rated) == [len(ending), len(ending)]  # Alice and the computer


async def test_a_batch_with_a_bad_actor_writes_nothing(store: Store) -> None:
    good, bad = await playing_table(store), await playing_table(store)
    saves = [
        ActionSave(good.id, good.version, '{"moved": true}', 0, "play:1", "player", ALICE),
        ActionSave(bad.id, bad.version, '{"moved": true}', 0, "play:1", "nobody", ALICE),
    ]
    with pytest.raises(ValueError):
        await store.save_actions(saves)
    assert [(await store.load_table(t.id)).version for t in (good, bad)] == [good.version, bad.version]
