"""A server's settings: read with their defaults, changed one field at a time."""

from __future__ import annotations

from bot.models import GuildSettingsRow, utcnow
from bot.store.base import StoreBase


class SettingsStore(StoreBase):
    """The ``guild_settings`` rows."""

    def _default_settings(self, guild_id: int) -> GuildSettingsRow:
        return GuildSettingsRow(guild_id=guild_id, computer_pause_ms=self.default_computer_pause_ms)

    async def get_settings(self, guild_id: int) -> GuildSettingsRow:
        """The server's settings; the defaults (not saved) when it never changed them."""
        async with self.sessions() as session:
            row = await session.get(GuildSettingsRow, guild_id)
        return row if row is not None else self._default_settings(guild_id)

    async def update_settings(
        self,
        guild_id: int,
        *,
        idle_minutes: int | None = None,
        use_threads: bool | None = None,
        computer_pause_ms: int | None = None,
        language: str | None = None,
        four_colour: bool | None = None,
    ) -> GuildSettingsRow:
        """Change the given settings (others keep their value) and return them all.

        ``language=""`` forgets the server's language (its Discord language is used again)."""
        async with self._writing() as session:
            row = await session.get(GuildSettingsRow, guild_id, with_for_update=True)
            if row is None:
                row = self._default_settings(guild_id)
                session.add(row)
            if idle_minutes is not None:
                row.idle_minutes = idle_minutes
            if use_threads is not None:
                row.use_threads = use_threads
            if computer_pause_ms is not None:
                row.computer_pause_ms = computer_pause_ms
            if language is not None:
                row.language = language or None
            if four_colour is not None:
                row.four_colour = four_colour
            row.updated_at = utcnow()
        return row
