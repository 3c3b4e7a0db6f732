"""Who reads what, in which language.

- An ephemeral answer (a hand, a refusal, ``/help``) is read by the person who clicked: their
  Discord language (``interaction.locale``).
- A public message (the table, an announcement) is read by the whole server: the language saved
  with ``/settings language``, else the server's Discord language (``guild.preferred_locale``,
  which an interaction carries as ``guild_locale``), else English.
"""

from __future__ import annotations

from typing import Protocol

import discord

from bot.i18n.languages import ENGLISH, SHIPPED, from_discord

#: What ``/settings language`` saves to mean "the server's Discord language" (no override).
AUTO = "auto"


class HasLanguage(Protocol):
    @property
    def language(self) -> str | None: ...  # read-only: a frozen settings row is one


class SettingsSource(Protocol):
    async def guild_settings(self, guild_id: int) -> HasLanguage: ...


def reader_language(interaction: discord.Interaction) -> str:
    """The language of an answer only the clicking person sees: their own Discord language."""
    return from_discord(interaction.locale)


def server_language(saved: str | None, preferred_locale: object | None) -> str:
    """A server's language for public messages: its ``/settings language``, else its Discord language."""
    if saved is not None and (saved == ENGLISH or saved in SHIPPED):
        return saved
    if preferred_locale is None:
        return ENGLISH
    return from_discord(preferred_locale)


def guild_locale(interaction: discord.Interaction) -> object | None:
    """The server's Discord language as the interaction tells it (the cached guild's when it has one)."""
    if interaction.guild is not None:
        return interaction.guild.preferred_locale
    return interaction.guild_locale


async def public_language(settings: SettingsSource, interaction: discord.Interaction) -> str:
    """The language of a public message answering ``interaction`` (the reader's outside a server)."""
    if interaction.guild_id is None:
        return reader_language(interaction)
    saved = (await settings.guild_settings(interaction.guild_id)).language
    return server_language(saved, guild_locale(interaction))
