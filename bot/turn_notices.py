"""How turn-based play reaches people: what the service needs of Discord to tell them
(:class:`TurnNotifier`, implemented by cogs.turns), and whether it is someone's declared night."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.pace_models import PlayerPrefs
from bot.table import Table


class TurnNotifier(Protocol):
    """What the service needs of Discord (cogs.turns implements it)."""

    async def mention(self, table: Table, user_id: int, text: str) -> bool:
        """Say ``text`` in the table's channel, pinging only ``user_id``; False if the channel is gone."""
        ...

    async def direct(self, user_id: int, text: str, table: Table, *, link: bool = True) -> bool:
        """Send ``text`` to the person's DMs with a link to the table (``link=False``: none, the table's
        channel is gone); False when their DMs are closed."""
        ...

    async def timed_out(self, table: Table, seat: int, since: datetime) -> None:
        """Tell the table ``seat`` ran out of time, with the others' three buttons."""
        ...

    async def say(self, table: Table, text: str) -> None:
        """A sentence in the table's channel (no one pinged)."""
        ...

    async def wake(self, table: Table, *, unarchive: bool = True) -> bool:
        """Make sure the table's thread takes messages (unarchive it; if it was deleted, move the table
        to the thread's channel and tell its people). False when the table has nowhere to go."""
        ...


def quiet_now(prefs: PlayerPrefs, now: datetime) -> bool:
    """Is it the person's declared night (their time zone, whole hours; a span may wrap midnight)?"""
    if prefs.quiet_start is None or prefs.quiet_end is None or prefs.quiet_start == prefs.quiet_end:
        return False
    try:
        zone = ZoneInfo(prefs.time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        zone = ZoneInfo("UTC")
    hour = now.astimezone(zone).hour
    start, end = prefs.quiet_start, prefs.quiet_end
    return start <= hour < end if start < end else hour >= start or hour < end
