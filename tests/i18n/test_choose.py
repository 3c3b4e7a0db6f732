"""Who reads what: the clicking person's language for ephemeral answers, the server's for public ones."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import discord

from bot.i18n.choose import public_language, reader_language, server_language


@dataclass
class Saved:
    language: str | None


class Source:
    def __init__(self, language: str | None) -> None:
        self.saved = Saved(language)

    async def guild_settings(self, guild_id: int) -> Saved:
        return self.saved


def interaction(locale: str, guild_locale: str | None, guild_id: int | None = 1) -> Any:
    guild = SimpleNamespace(preferred_locale=discord.Locale(guild_locale)) if guild_locale else None
    return SimpleNamespace(locale=discord.Locale(locale), guild=guild, guild_locale=None, guild_id=guild_id)


def test_an_ephemeral_answer_is_in_the_clicking_persons_language() -> None:
    assert reader_language(interaction("ja", "fr")) == "ja"
    assert reader_language(interaction("es-419", "fr")) == "es"
    assert reader_language(interaction("uk", "fr")) == "en"


def test_a_public_message_is_in_the_servers_language_its_setting_first() -> None:
    assert server_language(None, discord.Locale.german) == "de"
    assert server_language("ko", discord.Locale.german) == "ko"
    assert server_language("en", discord.Locale.german) == "en"
    assert server_language("xx", discord.Locale.german) == "de"  # a value no longer shipped: Discord's
    assert server_language(None, None) == "en"


async def test_public_language_reads_the_saved_setting_then_discords() -> None:
    assert await public_language(Source(None), interaction("ja", "pt-BR")) == "pt_BR"
    assert await public_language(Source("tr"), interaction("ja", "pt-BR")) == "tr"
    assert await public_language(Source("tr"), interaction("ja", None, guild_id=None)) == "ja"  # a DM
