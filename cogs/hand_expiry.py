"""The last words of an open hand message, so that no hand is ever silently stale.

A hand message is private (ephemeral): the bot can edit it only through the click that showed
it, and Discord lets that click's token edit it for 15 minutes. The presenter keeps each open
hand up to date until one of these ends it, and then says so on the hand itself, with its
controls taken away (they would only be refused):

- the person opened a newer hand message for the same table (this one is *superseded*);
- its 15 minutes are nearly over (it *expires*: press Show my hand for a fresh one);
- the table ended without results (the host ended it, or it was closed);
- the host gave the person's seat to the computer.

A finished game needs no last words here: the hand's last refresh shows the end.
"""

from __future__ import annotations

from datetime import timedelta

from bot.i18n import ENGLISH, N_, _
from bot.i18n.told import told
from cogs.message_parts import MessageParts

#: Interaction tokens live 15 minutes: an open hand says it stops following the game this long
#: after the click that showed it (the sweep below runs often enough to say it in time).
NOTICE_AFTER = timedelta(minutes=14)
#: Seconds between two looks for open hands whose notice is due (one task per bot, not one per hand).
CHECK_EVERY = 30.0

#: The last words (catalog texts: said in the hand's reader's language, :func:`bot.i18n.told.told`).
SUPERSEDED = N_("This hand no longer follows the game: you opened a newer one, so use that one instead.")
EXPIRED = N_(
    "This hand no longer follows the game: Discord lets the bot update it for 15 minutes only. "
    "Press **Show my hand** on the table message to see your hand as it is now."
)
REPLACED = N_("The host gave your seat to the computer, which plays it for the rest of this game.")
CLOSED = N_("This table is closed, so this hand no longer follows it.")


def header(game_name: str, table_id: int, language: str = ENGLISH) -> str:
    """The first line of a hand message (:func:`cogs.hand_ui.hand_parts` and its last words)."""
    return _(language, "**{game}** · table #{table} · your hand", game=game_name, table=table_id)


def last_words(title: str, sentence: str) -> MessageParts:
    """A hand message reduced to its title and one sentence (said in its reader's language already):
    no picture, no controls."""
    return MessageParts(content=f"{title}\n{sentence}", files=[], view=None)


def ended(reason: str | None, language: str = ENGLISH) -> str:
    """What an open hand says when its table ends without results (``reason``: the table's note, a
    Text or a catalog text), in ``language``."""
    if not reason:
        return _(language, CLOSED)
    return told(language, reason).rstrip() + " " + _(language, "This hand no longer follows the table.")
