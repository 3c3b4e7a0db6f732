"""A game leaves nothing of Parlour's own for the garbage collector's full collections.

Under load a full collection runs every few seconds and stands the event loop still while it
walks every object (tenths of a second at 1,000 tables: a click answered that much later). What
Parlour makes for a move (its pictures' files, the drawings, the watch on a click, the private
hand's view) must be freed as soon as it is done with, not left in a loop of references that
only a full collection finds. discord.py's own loops for every click (an Interaction and its
response, a View built from the clicked message) and every message sent (its View) are broken by
Parlour once it is done with them (cogs.let_go).
"""

from __future__ import annotations

import asyncio
import gc
import io
from collections.abc import Iterator
from contextlib import contextmanager

import discord

from bot.workers.scheduler import Drawing
from cogs.answers import _Watch
from cogs.table_pictures import _Asked
from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out

#: What Parlour makes for each move that a loop of references could keep: the files of the
#: pictures sent (with their PNG bytes), the drawings and their askers, the watch on a click.
PARLOURS_OWN = (io.BytesIO, Drawing, _Asked, _Watch)


@contextmanager
def no_collections() -> Iterator[None]:
    """The collector does not run meanwhile: every loop made is still there to be found."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _of_a_click(thing: object) -> bool:
    """A view, or a click's response object: what discord.py makes for every click and message."""
    if isinstance(thing, discord.ui.View):
        return True
    return isinstance(thing, discord.InteractionResponse) and thing._parent.type == discord.InteractionType.component


def loops_found() -> dict[str, int]:
    """Parlour's objects, and discord.py's for its clicks, that only the cycle collector would have
    freed, by kind."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found: dict[str, int] = {}
        for thing in gc.garbage:
            if isinstance(thing, PARLOURS_OWN) or _of_a_click(thing):
                found[type(thing).__name__] = found.get(type(thing).__name__, 0) + 1
        return found
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def views_kept_listening() -> int:
    """discord.py views waiting out a timeout (a private message's view listens for 15 minutes)."""
    return sum(1 for task in asyncio.all_tasks() if "timeout_task" in task.get_coro().__qualname__)  # type: ignore[union-attr]


async def test_a_whole_game_leaves_no_loops_of_parlours_own(parlour: Parlour) -> None:
    alice = parlour.server.user("alice")
    with no_collections():
        table_id = await parlour.start_game(alice, [], computers=1)
        await play_out(parlour, table_id, {alice.id: alice})  # Show my hand, a move, the computer's reply…
        await parlour.settle()
        assert parlour.table(table_id).status == "finished"
        found = loops_found()
    assert found == {}
    assert views_kept_listening() == 0
