"""No mass pings, ever: names shown as written, and pings only for the people meant, by id.

The client's default is :data:`NOBODY` (``AllowedMentions.none()``, set in bot.client), so a
message pings nobody unless it says whom (:func:`only`). A name is text a person chose: it may
read ``@everyone`` or ``<@&123>``; :func:`plain` keeps it from ever forming a mention, and it
is shown as written (a zero-width space after each ``@`` and ``#`` of a mention's shape).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import discord

#: Pings nobody: no @everyone/@here, no role, no user.
NOBODY = discord.AllowedMentions.none()

#: What would become a mention in Discord's markdown: @everyone, @here, <@id>, <@!id>, <@&id>, <#id>, </cmd:id>.
_MENTION = re.compile(r"@(?=everyone|here)|<(?=[@#/])")
_JOINER = "\u200b"


def plain(text: str) -> str:
    """``text`` as written, with nothing in it able to become a mention.

    >>> plain("@everyone and <@&123>") == "@\u200beveryone and <\u200b@&123>"
    True
    """
    return _MENTION.sub(lambda m: m.group(0) + _JOINER, text)


def plain_all(names: Sequence[str]) -> list[str]:
    return [plain(name) for name in names]


def only(user_ids: Iterable[int | None]) -> discord.AllowedMentions:
    """Ping exactly these people (by id): never @everyone, @here or a role."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in user_ids if u]
    )
