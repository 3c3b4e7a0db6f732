"""Computers think in the worker processes: the very moves they make on the event loop, worked
out in another process, ahead of the drawings waiting there."""

from __future__ import annotations

import asyncio
import os
import random
from functools import partial

from bot.actor import Actor
from bot.tables import TableService, Thinker, think_here
from bot.workers import scheduler as pictures
from tests.bot.test_picture_workers import _named, fill_the_worker, note_when_done
from tests.bot.test_table_service import FakeStore

PERSON = 100


async def play(game_key: str, think: Thinker, computers: int, person_moves: int = 25) -> list[tuple[int, int, str]]:
    """A person (random legal moves, seeded) against computers; the moves saved, in order."""
    store = FakeStore()
    service = TableService(store, think=think)
    service._seed_source = random.Random(7)  # type: ignore[assignment]  # both games deal the same cards
    table = await service.open(1, 2, game_key, PERSON, "José")
    for _ in range(computers):
        await service.add_computer(table.id, Actor(PERSON, 1))
    await service.start(table.id, Actor(PERSON, 1))
    chooser = random.Random(3)

    async def computers_done() -> None:
        while (task := service._computer_tasks.get(table.id)) is not None and not task.done():
            await task

    for _ in range(person_moves):
        await computers_done()
        if table.status != "playing":
            break
        assert 0 in table.waiting_people()
        move = table.state.random_move(0, chooser)
        await service.act(table.id, Actor(PERSON, 1), table.version, move.text())
    await computers_done()
    return store.actions


async def test_a_computer_in_a_worker_makes_the_move_it_makes_on_the_event_loop() -> None:
    computer_moves = 0
    for game_key, computers in (("gin_rummy", 1), ("tet_gow", 2), ("gin_go", 1)):
        here = await play(game_key, think_here, computers)
        pictures.start_picture_workers(1)
        try:
            assert await pictures.compute(os.getpid) != os.getpid()  # worked out in another process
            in_worker = await play(game_key, pictures.compute, computers)
        finally:
            pictures.stop_picture_workers()
        assert len([action for action in here if action[1] != 0]) >= 5, game_key
        computer_moves += len([action for action in here if action[1] != 0])
        assert in_worker == here
    assert computer_moves >= 50


async def test_a_computer_thinks_before_the_drawings_waiting_for_the_worker() -> None:
    """Its table waits for it under its lock: it goes before every drawing still waiting for a place
    in the worker (and before those let out but not yet sent to the worker)."""
    pictures.start_picture_workers(1)
    try:
        finished: list[bytes | str] = []
        drawn_first = fill_the_worker(pictures.Priority.ANSWER)
        waiting = pictures.start(partial(_named, "answer"), pictures.Priority.ANSWER)
        await asyncio.sleep(0)
        assert pictures.waiting() == 1
        note_when_done([*drawn_first, waiting], finished)
        thought = asyncio.ensure_future(pictures.compute(partial(str, "the computer's move")))
        thought.add_done_callback(lambda task: finished.append(task.result()))
        await asyncio.gather(thought, waiting.task, *(d.task for d in drawn_first))
        assert finished.index("the computer's move") < finished.index(b"answer")
    finally:
        pictures.stop_picture_workers()


async def test_without_workers_a_computer_thinks_on_the_event_loop() -> None:
    assert await pictures.compute(os.getpid) == os.getpid()
