"""A player's open hand message: what delivery keeps of it (:class:`OpenHand`), and how it is edited
for as long as the click that showed it lives (:func:`hand_editor`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

import discord

from bot.i18n import ENGLISH
from cogs.let_go import let_go_view
from cogs.message_parts import MessageParts

#: What Discord's interaction webhooks call a click's first answer (discord.py's own
#: ``edit_original_response`` edits it through the same address).
ORIGINAL_RESPONSE: int = cast(int, "@original")


#: How a hand is put on screen: an interaction response, a follow-up, or an edit of an open hand.
#: It returns the id of the message shown, when it knows it (to tell a newer hand message from the same one).
Show = Callable[[MessageParts], Awaitable[object]]


@dataclass
class OpenHand:
    """A player's ephemeral hand message, editable through the click that showed it."""

    #: Edits the message (:func:`hand_editor`).
    edit: Show
    at: datetime
    #: The state version the message shows now.
    version: int
    pages: dict[str, int]
    #: The message's id, when known: a newer hand in another message makes this one say so.
    message_id: int | None = None
    #: Its first line (the game and table), for its last words (:mod:`cogs.hand_expiry`).
    title: str = ""
    #: The language of its reader (who clicked): its refreshes and last words are in it.
    language: str = ENGLISH


def hand_editor(client: discord.Client, interaction: discord.Interaction) -> Show:
    """Edits of the private message that answered ``interaction``, for as long as its token lives.

    Through the click's interaction webhook: its id and token are all an edit needs. (The whole
    Interaction would keep the clicked message with every component, some hundred objects an
    open hand, for the garbage collector to walk again and again.)
    """
    application_id, token = interaction.application_id, interaction.token

    async def edit(parts: MessageParts) -> None:
        # A webhook object and its state point at each other: made for each edit, it dies young.
        webhook = discord.Webhook.partial(application_id, token, client=client)
        try:
            await webhook.edit_message(ORIGINAL_RESPONSE, **_edit_kwargs(parts))
        finally:
            let_go_view(parts.view)

    return edit


def _edit_kwargs(parts: MessageParts) -> dict[str, Any]:
    kwargs = parts.edit_kwargs()
    kwargs.pop("embed", None)
    return kwargs
