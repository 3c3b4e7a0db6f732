"""What one Discord message is made of, as the screens build it and delivery sends it.

The screens (:mod:`cogs.table_ui`, :mod:`cogs.hand_ui`) return :class:`MessageParts`;
delivery spreads them into discord.py's send and edit calls. Their components sit in
:class:`Controls`: clicks come back through the dynamic items that decode each custom_id
(:mod:`cogs.clicks`), never through the object that was sent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

#: Discord's limits on components.
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_BUTTON_LABEL = 80
MAX_OPTION_LABEL = 100


class Controls(discord.ui.View):
    """The components of one message: buttons and select menus with persistent custom_ids.

    discord.py keeps a listener for every unfinished view it sends; these never need one (their
    clicks reach the bot through the registered dynamic items, after a restart too), so they
    count as finished from the start and discord.py keeps nothing of them once sent.

    A plain component must only be sent in Controls: in an ordinary view discord.py would keep
    it listening (a second, empty answer to each click), and stopping a kept view that also holds
    dynamic items unregisters those items' templates for the whole bot (discord.py 2.7)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True


@dataclass
class MessageParts:
    """Everything one message needs; ``send``/``edit`` helpers spread it into discord.py calls."""

    content: str = ""
    embed: discord.Embed | None = None
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    #: Whom the message may ping (nobody unless it says: :func:`cogs.mentions.only`).
    mentions: discord.AllowedMentions = field(default_factory=discord.AllowedMentions.none)
    #: The state version these parts show (a hand's controls carry it; a table message's picture shows it).
    version: int | None = None

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "content": self.content or None,
            "files": self.files,
            "allowed_mentions": self.mentions,
        }
        if self.embed is not None:
            kwargs["embed"] = self.embed
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        return {
            "content": self.content or None,
            "embed": self.embed,
            "attachments": self.files,
            "view": self.view,
            "allowed_mentions": self.mentions,
        }
