"""SQLite's writer in turns: a batch of moves waits for at most one other write, and the other
writes are not starved by a stream of batches (bot.write_turns)."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import ActionSave, Store
from bot.write_turns import WriteTurns
from tests.bot.test_store import ALICE, line, playing_table


async def _write(turns: WriteTurns, name: str, order: list[str], *, batch: bool = False) -> None:
    async with turns.turn(batch=batch):
        order.append(name)
        await asyncio.sleep(0.001)


async def test_a_batch_of_moves_waits_for_one_other_write_at_most() -> None:
    turns, order = WriteTurns(), []
    writes = [_write(turns, f"end {i}", order) for i in range(5)]
    await asyncio.gather(*writes, _write(turns, "moves", order, batch=True))
    assert order == ["end 0", "moves", "end 1", "end 2", "end 3", "end 4"]


async def test_other_writes_are_not_starved_by_batches() -> None:
    turns, order = WriteTurns(), []
    batches = [_write(turns, f"moves {i}", order, batch=True) for i in range(4)]
    others = [_write(turns, f"end {i}", order) for i in range(2)]
    await asyncio.gather(*batches, *others)
    assert order == ["moves 0", "end 0", "moves 1", "end 1", "moves 2", "moves 3"]


async def test_a_writer_cancelled_in_line_leaves_its_place_to_the_next() -> None:
    turns, order = WriteTurns(), []
    first = asyncio.create_task(_write(turns, "first", order))
    await asyncio.sleep(0)
    gone = asyncio.create_task(_write(turns, "gone", order))
    after = asyncio.create_task(_write(turns, "after", order))
    await asyncio.sleep(0)
    gone.cancel()
    await asyncio.gather(first, after)
    with pytest.raises(asyncio.CancelledError):
        await gone
    assert order == ["first", "after"]
    async with asyncio.timeout(1):  # and the writer is free again
        await _write(turns, "last", order)


async def test_a_writer_cancelled_as_its_turn_came_passes_it_on() -> None:
    turns, order = WriteTurns(), []
    release = asyncio.Event()
    line: list[asyncio.Task[None]] = []

    async def holder() -> None:
        async with turns.turn():
            await release.wait()
        line[0].cancel()  # its turn was given to it just now, before it could run

    held = asyncio.create_task(holder())
    await asyncio.sleep(0)
    line += [asyncio.create_task(_write(turns, "gone", order)), asyncio.create_task(_write(turns, "after", order))]
    await asyncio.sleep(0)
    release.set()
    async with asyncio.timeout(1):
        await asyncio.gather(held, *line, return_exceptions=True)
    assert line[0].cancelled() and order == ["after"]


async def test_moves_saved_while_many_games_end_at_once(store: Store) -> None:
    """Every write lands; on SQLite the moves' batch is not left behind all the games' ends."""
    ending = [await playing_table(store) for _ in range(6)]
    moving = await playing_table(store)
    done: list[str] = []

    async def end(table_id: int) -> None:
        await store.finish_table(table_id, '{"over": true}', [line(0, ALICE, "Alice", 1, 3)])
        done.append(f"end {table_id}")

    async def moves() -> None:
        move = ActionSave(moving.id, moving.version, '{"moved": true}', 0, "play:1", "player", ALICE)
        await store.save_actions([move])
        done.append("moves")

    ends = [asyncio.create_task(end(t.id)) for t in ending]
    await asyncio.sleep(0)  # the games' ends are in line first
    await asyncio.gather(*ends, moves())
    assert sorted(done) == sorted(["moves", *(f"end {t.id}" for t in ending)])
    if store._write_turns is not None:  # SQLite: one writer, in turns (PostgreSQL writes side by side)
        assert done.index("moves") <= 2
    assert (await store.load_table(moving.id)).state_json == '{"moved": true}'
