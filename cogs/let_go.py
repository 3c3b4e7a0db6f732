"""Letting go of a click and of a sent message's view: discord.py's loops of references, broken.

For every click discord.py makes an Interaction whose response object points back at it, and a
View built from the clicked message whose items point back at the view; every message Parlour
sends carries a View made the same way. Each is a loop of references, which reference counting
cannot free: it waits for the garbage collector. Under load a click lives for seconds, long
enough to be moved into the oldest generation, and there it waits for a full collection, which
walks it again and stands the event loop still meanwhile. Broken by hand once nothing needs them,
they are freed the moment the last reference goes.

Nothing here changes what a person sees: a view is let go after its message is sent (its clicks
come back through the dynamic items, whatever object sent them), and a click after its callback
has returned (discord.py does nothing more with it; Parlour keeps only its id and token).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import discord

Item = TypeVar("Item", bound=discord.ui.Item[Any])


def let_go_view(view: discord.ui.View | None) -> None:
    """Take the items out of a view that was sent (or will never be): each pointed back at it."""
    if view is not None:
        view.clear_items()


def let_go_interaction(interaction: discord.Interaction) -> None:
    """Break the loop between a finished click and its response object.

    Asked for again, discord.py would make a new response object (one that does not know the
    click was answered): only call this once the click's answer is sent, or will never be."""
    # discord.py's private slots (2.7): should a release rename them, nothing breaks here, and
    # tests/e2e/test_garbage.py finds the loops again.
    with contextlib.suppress(AttributeError):
        del interaction._cs_response  # type: ignore[attr-defined]
    with contextlib.suppress(AttributeError):
        interaction._original_response = None  # its state points back at the interaction


Callback = Callable[[Item, discord.Interaction], Coroutine[Any, Any, None]]


def lets_go(callback: Callback[Item]) -> Callback[Item]:
    """Decorate a dynamic item's ``callback``: once it returns, the click and the view discord.py
    built from the clicked message are let go."""

    @functools.wraps(callback)
    async def answered(item: Item, interaction: discord.Interaction) -> None:
        try:
            await callback(item, interaction)
        finally:
            view = item.view
            let_go_view(view if isinstance(view, discord.ui.View) else None)
            let_go_interaction(interaction)

    return answered
