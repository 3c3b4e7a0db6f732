"""Issue 47 on the loopback Discord: the synced commands carry every shipped language within
Discord's limits, /help answers in the reader's language, and /settings language sets the
language of the server's public messages."""

from __future__ import annotations

import re

import discord

from bot.i18n import _, p_
from bot.i18n.choose import public_language
from bot.i18n.commands import NAME_CONTEXT
from bot.i18n.languages import DISCORD_LOCALES, ENGLISH, SHIPPED
from tests.e2e.harness import Parlour

#: Discord's rule for a localized command or option name (its documentation's regular expression,
#: \p{L} and \p{N} spelled with Python's \w, which holds letters and digits of every script).
DISCORD_NAME = re.compile(r"^[-_\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
SHIPPED_LOCALES = [code for code, language in DISCORD_LOCALES.items() if language != ENGLISH]


def walk(command: dict, path: str = "") -> list[tuple[str, dict]]:
    """Every command, subcommand and option of a synced command, with its path."""
    here = f"{path} {command['name']}".strip()
    found = [(here, command)]
    for option in command.get("options", []):
        found += walk(option, here) if option.get("type") in (1, 2) else [(f"{here} {option['name']}", option)]
    return found


async def test_every_synced_command_carries_every_shipped_language_within_discords_limits(parlour: Parlour) -> None:
    synced = parlour.server.commands.get(None, [])
    assert synced
    for command in synced:
        items = walk(command)
        for path, item in items:
            names = item.get("name_localizations") or {}
            descriptions = item.get("description_localizations") or {}
            proper = item["name"] in ("parlour", "highcard") or item["name"].startswith(("gin", "nin", "tet"))
            for locale in SHIPPED_LOCALES:
                language = DISCORD_LOCALES[locale]
                if not proper:  # a name the language keeps as in English (German "threads") is left out
                    assert locale in names or p_(language, NAME_CONTEXT, item["name"]) == item["name"], (path, locale)
                if item.get("description") != "…":
                    assert locale in descriptions or _(language, item["description"]) == item["description"]
                name = names.get(locale, item["name"])
                assert DISCORD_NAME.match(name) and name == name.lower(), (path, locale, name)
                assert 1 <= len(descriptions.get(locale, "x")) <= 100, (path, locale)
            for choice in item.get("choices", []):
                for locale, text in (choice.get("name_localizations") or {}).items():
                    assert 1 <= len(text) <= 100, (path, locale, text)
        # Siblings keep distinct names in every language (Discord refuses a command with two alike).
        for locale in SHIPPED_LOCALES:
            for _path, item in items:
                children = [o for o in item.get("options", [])]
                shown = [(o.get("name_localizations") or {}).get(locale, o["name"]) for o in children]
                assert len(shown) == len(set(shown)), (item["name"], locale, shown)


async def test_the_japanese_payload_is_japanese(parlour: Parlour) -> None:
    play = next(c for c in parlour.server.commands[None] if c["name"] == "play")
    assert play["name_localizations"]["ja"] != "play"
    assert play["description_localizations"]["ja"] != play["description"]
    group = next(c for c in parlour.server.commands[None] if c["name"] == "nin-jan")
    assert "Nin Jan" in group["description_localizations"]["ja"]
    assert group["description_localizations"]["ja"] != group["description"]


async def test_help_answers_in_the_readers_language_and_english_stays_as_it_was(parlour: Parlour) -> None:
    server = parlour.server
    yuki = server.user("yuki", locale="ja")
    alice = server.user("alice")
    english = (await (await server.slash(alice, "help")).message()).embeds[0]
    japanese = (await (await server.slash(yuki, "help")).message()).embeds[0]
    assert english["title"] == "Parlour commands"
    assert "`/help`: Every Parlour command, with one line each." in english["description"]
    assert japanese["title"] != english["title"]
    assert "Every Parlour command" not in japanese["description"]
    assert len(japanese["description"].splitlines()) == len(english["description"].splitlines())
    play = next(c for c in server.commands[None] if c["name"] == "play")
    assert f"`/{play['name_localizations']['ja']}`" in japanese["description"]


async def test_settings_language_overrides_the_servers_discord_language_until_set_back(parlour: Parlour) -> None:
    server = parlour.server
    server.guild.locale = "de"
    owner = next(m for m in server.guild.members if m.manage_guild)
    handle = await server.slash(owner, "settings", language="ja")
    assert "日本語" in await parlour.sentence(handle)
    saved = await parlour.bot.store.get_settings(server.guild.id)
    assert saved.language == "ja"

    class Clicked:  # what public_language reads of an interaction
        guild_id = server.guild.id
        guild = None
        guild_locale = discord.Locale.german
        locale = discord.Locale.american_english

    assert await public_language(parlour.bot.store_adapter, Clicked()) == "ja"  # type: ignore[arg-type]
    assert "as the server (Discord)" in await parlour.sentence(await server.slash(owner, "settings", language="auto"))
    assert (await parlour.bot.store.get_settings(server.guild.id)).language is None
    assert await public_language(parlour.bot.store_adapter, Clicked()) == "de"  # type: ignore[arg-type]
    assert set(SHIPPED) <= {c["value"] for o in _settings_options(parlour) for c in o.get("choices", [])}


def _settings_options(parlour: Parlour) -> list[dict]:
    settings = next(c for c in parlour.server.commands[None] if c["name"] == "settings")
    return [o for o in settings["options"] if o["name"] == "language"]


def shown_length(item: dict, locale: str) -> int:
    """The characters of a command as one locale sees it: names, descriptions, choices' names and values."""
    size = len((item.get("name_localizations") or {}).get(locale, item["name"]))
    size += len((item.get("description_localizations") or {}).get(locale, item.get("description", "")))
    for choice in item.get("choices", []):
        size += len((choice.get("name_localizations") or {}).get(locale, choice["name"])) + len(str(choice["value"]))
    return size + sum(shown_length(option, locale) for option in item.get("options", []))


async def test_each_command_stays_within_discords_8000_characters_in_every_language(parlour: Parlour) -> None:
    for command in parlour.server.commands[None]:
        for locale in ["en-US", *SHIPPED_LOCALES]:
            assert shown_length(command, locale) <= 8000, (command["name"], locale)
