"""Pictures drawn in worker processes: the same bytes as in a thread, and a dead worker is replaced."""

import os
import signal
from functools import partial

from cogs import pictures
from engine.core import Outcome
from render.results import results_picture


async def test_workers_draw_the_same_picture_and_survive_a_killed_worker() -> None:
    draw = partial(results_picture, Outcome("highest score", (3, 9), (2, 1)), names=["José", "王小明"], game_name="X")
    in_thread = await pictures.draw(draw)
    pictures.start_picture_workers(1)
    try:
        assert await pictures.draw(draw) == in_thread
        workers = pictures._workers
        assert workers is not None
        for pid in list(workers._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        assert await pictures.draw(draw) == in_thread  # drawn here, and new workers started
        assert pictures._workers is not None and pictures._workers is not workers
        assert await pictures.draw(draw) == in_thread
    finally:
        pictures.stop_picture_workers()
