"""Each person's Discord language as Parlour last saw it (the locale of their last interaction): a
direct message is read by that person alone, so it is written in their language, not in a
server's (issue 47).

Remembered for everyone while the bot runs; kept in the database for the people who have
preferences there (who chose how they are told of their turn, /notify, which saves their language
too): a click of anyone else writes nothing. Saved off the interaction's way, when it changed."""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

log = logging.getLogger(__name__)


class PrefsStore(Protocol):
    """Where a person's preferences are kept (bot.clock_store.ClockStore)."""

    async def update_prefs(self, user_id: int, **changes: object) -> object: ...
    async def kept_language(self, user_id: int) -> tuple[bool, str | None]: ...


class LastSeenLanguages:
    """``seen`` on every interaction, ``of`` when a direct message is written."""

    def __init__(self, store: PrefsStore) -> None:
        self.store = store
        self._known: dict[int, str] = {}
        self._saving: set[asyncio.Task[None]] = set()

    def seen(self, user_id: int, language: str) -> None:
        """The person acted in ``language``: remember it (kept in the background when it changed)."""
        if self._known.get(user_id) == language:
            return
        self._known[user_id] = language
        task = asyncio.get_running_loop().create_task(self._save(user_id, language))
        self._saving.add(task)
        task.add_done_callback(self._saving.discard)

    async def of(self, user_id: int) -> str | None:
        """The person's language as last seen (None: never seen, here or by an earlier run)."""
        known = self._known.get(user_id)
        return known if known is not None else (await self.store.kept_language(user_id))[1]

    async def settled(self) -> None:
        """Wait for the saves under way (tests, shutdown)."""
        while self._saving:
            await asyncio.gather(*self._saving, return_exceptions=True)

    async def _save(self, user_id: int, language: str) -> None:
        try:
            has_prefs, kept = await self.store.kept_language(user_id)
            if has_prefs and kept != language:
                await self.store.update_prefs(user_id, language=language)
        except Exception:  # a language not kept only means a DM in the server's language
            log.exception("Could not keep the language of user %s", user_id)
