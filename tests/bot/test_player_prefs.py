"""A person's preferences (how they are told of their turn, their time zone and night) are kept
whole when two of their commands arrive at once, their first ones: neither is lost, neither fails."""

from __future__ import annotations

import asyncio

from bot.clock_store import ClockStore
from bot.store import Store


async def test_two_first_changes_at_once_are_both_kept(store: Store) -> None:
    prefs = ClockStore(store.sessions)
    await asyncio.gather(
        prefs.update_prefs(5, notify="dm"),
        prefs.update_prefs(5, time_zone="Asia/Tokyo", quiet_start=23, quiet_end=7),
    )
    kept = await prefs.update_prefs(5)
    assert (kept.notify, kept.time_zone, kept.quiet_start, kept.quiet_end) == ("dm", "Asia/Tokyo", 23, 7)
