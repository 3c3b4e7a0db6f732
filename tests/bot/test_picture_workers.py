"""Pictures drawn in worker processes: the same bytes as in a thread, and a dead worker is replaced."""

import asyncio
import io
import os
import signal
import time
from collections.abc import Callable, Sequence
from functools import partial

import pytest
from PIL import Image

from bot.workers import scheduler as pictures
from bot.workers.pool import WORKER_NICENESS
from engine.core import Outcome
from render.results import results_picture


def shown(png: bytes) -> tuple[tuple[int, int], bytes]:
    """What a person sees of a PNG: its size and its pixels (the file's bytes may differ when the
    same pixels are deflated in another process)."""
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    return picture.size, picture.tobytes()


async def test_workers_draw_the_same_picture_and_survive_a_killed_worker() -> None:
    draw = partial(results_picture, Outcome("highest score", (3, 9), (2, 1)), names=["José", "王小明"], game_name="X")
    in_thread = shown(await pictures.draw(draw))
    pictures.start_picture_workers(1)
    try:
        assert shown(await pictures.draw(draw)) == in_thread
        workers = pictures._workers
        assert workers is not None
        killed = workers.pids()
        assert killed
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        assert shown(await pictures.draw(draw)) == in_thread  # drawn by a new worker
        assert workers.pids() and not set(workers.pids()) & set(killed)
        assert shown(await pictures.draw(draw)) == in_thread
    finally:
        pictures.stop_picture_workers()


def note_when_done(drawings: list[pictures.Drawing], finished: list[bytes]) -> None:
    """Append each drawing's picture to ``finished`` as it is done (the order they finish in)."""
    for drawing in drawings:
        drawing.task.add_done_callback(lambda task: finished.append(task.result()))


def _named(name: str) -> bytes:
    """A stand-in picture for the queue test (drawn in a worker process, so a module function)."""
    return name.encode()


def _stamped(name: str) -> bytes:
    """A stand-in picture that says when the worker drew it (the machine's monotonic clock)."""
    return f"{name}@{time.monotonic_ns()}".encode()


def in_drawn_order(drawn: Sequence[bytes]) -> list[bytes]:
    """The names of :func:`_stamped` pictures, in the order the worker drew them.

    Not the order their tasks end in: answers that come back together are handed over in one
    turn of the loop, and a task that waited for its place as well ends a turn earlier."""
    stamped = [picture.rsplit(b"@", 1) for picture in drawn]
    return [name for name, _ in sorted(stamped, key=lambda pair: int(pair[1]))]


def fill_the_worker(priority: pictures.Priority, picture: Callable[[str], bytes] = _named) -> list[pictures.Drawing]:
    """Drawings that take every place in the only worker (the next ones wait in the queue).

    They were asked for long ago: a drawing let out of the queue but not yet sent to the worker
    is still overtaken by a more urgent one, and these must be drawn first whatever comes next."""
    drawings = [pictures.start(partial(picture, "first"), priority) for _ in range(pictures.DRAWINGS_PER_WORKER)]
    for drawing in drawings:
        drawing.asked -= 60
    return drawings


async def test_a_worker_is_handed_its_next_drawing_before_it_finishes_one() -> None:
    """A worker never sits idle while the event loop, busy with clicks, comes round to hand it the next."""
    pictures.start_picture_workers(1)
    try:
        drawings = fill_the_worker(pictures.Priority.ANSWER)
        await asyncio.sleep(0)  # each drawing takes its place
        assert len(drawings) >= 2 and pictures.waiting() == 0  # both in the worker's pipe, none queued
        assert pictures.busy()  # the next one would wait: nothing is drawn ahead meanwhile
        await asyncio.gather(*(d.task for d in drawings))
        assert not pictures.busy()
    finally:
        pictures.stop_picture_workers()


async def test_the_next_drawing_leaves_the_queue_in_the_turn_an_answer_comes_back() -> None:
    """No task has to wake on a busy loop before a worker's next drawing is prepared: by the time
    anything else runs after a picture comes back, the drawing waiting is already on its way."""
    pictures.start_picture_workers(1)
    try:
        drawings = fill_the_worker(pictures.Priority.ANSWER)
        await asyncio.sleep(0)
        waiting = pictures.start(partial(_named, "next"), pictures.Priority.ANSWER)
        await asyncio.sleep(0)
        assert pictures.waiting() == 1
        first_answer = drawings[0].placed.result()
        assert first_answer is not None
        seen: list[int] = []
        first_answer.add_done_callback(lambda _: seen.append(pictures.waiting()))
        assert await waiting.task == b"next"
        assert seen == [0]
        await asyncio.gather(*(d.task for d in drawings))
    finally:
        pictures.stop_picture_workers()


async def test_the_picture_a_click_waits_for_is_drawn_before_pictures_nobody_waits_for() -> None:
    pictures.start_picture_workers(1)
    try:
        first = fill_the_worker(pictures.Priority.UPDATE, _stamped)
        ahead = pictures.start(partial(_stamped, "ahead"), pictures.Priority.AHEAD)
        table = pictures.start(partial(_stamped, "table"), pictures.Priority.TABLE)
        update = pictures.start(partial(_stamped, "update"), pictures.Priority.UPDATE)
        answer = pictures.start(partial(_stamped, "answer"), pictures.Priority.ANSWER)
        drawings = [*first, ahead, table, update, answer]
        ahead.hurry(pictures.Priority.ANSWER)  # Show my hand asks for the hand drawn ahead
        finished = in_drawn_order(await asyncio.gather(*(d.task for d in drawings)))
        # The public table message gives way to the pictures people wait for: answers, then their
        # open hands brought up to date (where their next choice appears).
        assert finished == [b"first"] * len(first) + [b"ahead", b"answer", b"update", b"table"]
        assert pictures.waiting() == 0 and not pictures.busy()
    finally:
        pictures.stop_picture_workers()


async def test_a_table_picture_is_not_starved_by_a_stream_of_answers() -> None:
    pictures.start_picture_workers(1)
    try:
        first = fill_the_worker(pictures.Priority.ANSWER, _stamped)
        table = pictures.start(partial(_stamped, "table"), pictures.Priority.TABLE)
        table.asked -= pictures.HEAD_START[pictures.Priority.TABLE] + 0.5  # it has waited longer than its head start
        answer = pictures.start(partial(_stamped, "answer"), pictures.Priority.ANSWER)
        drawings = [*first, table, answer]
        finished = in_drawn_order(await asyncio.gather(*(d.task for d in drawings)))
        assert finished == [b"first"] * len(first) + [b"table", b"answer"]
    finally:
        pictures.stop_picture_workers()


def _broken() -> bytes:
    """A drawing that fails in the worker (a module function, so it can be sent there)."""
    raise ValueError("no such card")


async def test_a_drawing_that_fails_in_a_worker_fails_where_it_was_wanted_and_the_worker_goes_on() -> None:
    pictures.start_picture_workers(1)
    try:
        with pytest.raises(ValueError, match="no such card"):
            await pictures.draw(_broken)
        assert await pictures.draw(partial(_named, "next")) == b"next"
    finally:
        pictures.stop_picture_workers()


def _refuse_to_load() -> bytes:
    raise ValueError("unreadable picture")


class _Unreadable:
    """A worker's answer that cannot be read back in the bot's process."""

    def __reduce__(self) -> tuple:
        return (_refuse_to_load, ())


def _unreadable() -> _Unreadable:
    return _Unreadable()


async def test_an_answer_that_cannot_be_read_fails_where_it_was_wanted_and_never_hangs() -> None:
    pictures.start_picture_workers(1)
    try:
        with pytest.raises(ValueError, match="unreadable picture"):
            await asyncio.wait_for(pictures.draw(_unreadable), 60)  # type: ignore[arg-type]
        assert await pictures.draw(partial(_named, "next")) == b"next"
    finally:
        pictures.stop_picture_workers()


def _slow(name: str, started: str) -> bytes:
    """A drawing that says it has started (a file), then takes long enough to be killed under."""
    import pathlib
    import time

    pathlib.Path(started).write_text("drawing")
    time.sleep(2)
    return name.encode()


async def test_the_drawings_waiting_in_a_dead_workers_pipe_are_drawn_by_the_next_one(tmp_path) -> None:
    """A worker has its next drawings in its pipe while it draws: killed, none of them is lost."""
    pictures.start_picture_workers(1)
    try:
        workers = pictures._workers
        assert workers is not None
        started = tmp_path / "started"
        slow = pictures.start(partial(_slow, "slow", str(started)))
        queued = [pictures.start(partial(_named, f"next {n}")) for n in range(pictures.DRAWINGS_PER_WORKER - 1)]
        for _ in range(600):  # the worker is drawing the slow one, the others are in its pipe or ready
            if started.exists():
                break
            await asyncio.sleep(0.05)
        assert started.exists() and pictures.waiting() == 0
        for pid in workers.pids():
            os.kill(pid, signal.SIGKILL)
        pictures_back = await asyncio.wait_for(asyncio.gather(slow.task, *(d.task for d in queued)), 60)
        assert pictures_back == [b"slow", *(f"next {n}".encode() for n in range(len(queued)))]
    finally:
        pictures.stop_picture_workers()


def _niceness(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rsplit(")", 1)[1].split()[16])


async def test_the_workers_leave_the_cores_to_the_bots_own_process_first() -> None:
    """On a busy machine the event loop, which sends every first answer, is served before a drawing."""
    pictures.start_picture_workers(1)
    try:
        assert await pictures.draw(partial(_named, "started")) == b"started"
        workers = pictures._workers
        assert workers is not None
        assert [_niceness(pid) for pid in workers.pids()] == [min(19, _niceness(os.getpid()) + WORKER_NICENESS)]
    finally:
        pictures.stop_picture_workers()


def _big(size: int) -> bytes:
    """A stand-in picture larger than a pipe holds: its worker writes it in pieces."""
    return bytes(range(256)) * (size // 256)


def test_workers_draw_on_uvloop_too(caplog: pytest.LogCaptureFixture) -> None:
    """EVENT_LOOP=uvloop: uvloop makes the pipes it watches non-blocking, and an answer read in
    pieces was taken for a dead worker (every worker "died" again and again, and the bot hung)."""
    import uvloop

    big = partial(_big, 300_000)

    async def many() -> list[bytes]:
        pictures.start_picture_workers(2)
        try:
            return await asyncio.gather(*(pictures.draw(big) for _ in range(20)))
        finally:
            pictures.stop_picture_workers()

    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        drawn = runner.run(many())
    assert drawn == [_big(300_000)] * 20
    assert "A picture worker died" not in caplog.text  # none was given up for dead
