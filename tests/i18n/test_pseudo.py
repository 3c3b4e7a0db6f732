"""The pseudo-language finds English built outside the catalog: /help is wholly marked in it,
and English added to a screen by hand is found."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from discord import app_commands

from bot.i18n import PSEUDO
from bot.i18n.pseudo import screen_texts, unmarked
from bot.i18n.tools import offline_bot
from cogs.help import help_embed
from cogs.parlour import about_embed


@pytest.fixture
async def tree() -> AsyncIterator[app_commands.CommandTree]:
    async with offline_bot() as bot:
        yield bot.tree


async def test_help_in_the_pseudo_language_has_no_unmarked_english(tree: app_commands.CommandTree) -> None:
    embed = help_embed(tree, PSEUDO)
    texts = screen_texts(embed)
    assert texts and all("⟦" in text for text in texts)
    assert unmarked(texts) == []


async def test_english_built_outside_the_catalog_is_found(tree: app_commands.CommandTree) -> None:
    embed = help_embed(tree, PSEUDO)
    embed.add_field(name="Tip", value="Press ⟦Plàý⟧ now")
    assert unmarked(screen_texts(embed)) == ["Tip", "Press", "now"]


def test_about_in_the_pseudo_language_keeps_only_names_unmarked() -> None:
    texts = screen_texts(about_embed(PSEUDO))
    assert unmarked(texts) == []
    assert any("Gin Rummy" in text for text in texts)
