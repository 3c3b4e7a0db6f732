"""The slash commands in every language: discord.py's ``app_commands.Translator`` backed by the catalogs.

Discord shows a command, option and choice in the reader's language when the command carries
``name_localizations`` / ``description_localizations``; discord.py asks the tree's translator for
them when it syncs. Names are looked up with the context ``command name`` (translators see that a
name is one lower-case word); a translation that breaks Discord's limits is not sent (English
shows instead) and is logged, and the catalog checks refuse it before it ships.

A description built from a template (``Open a {game} table here.``) is a :func:`command_text`:
the template is the message id, and the values named in ``translated`` are looked up too.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import p_
from bot.i18n.catalogs import translations
from bot.i18n.languages import ENGLISH, PSEUDO, from_discord

log = logging.getLogger(__name__)

#: The context of command, group and option names in the catalog.
NAME_CONTEXT = "command name"
#: Discord's rule for command and option names (per locale: lower-case letters of any script, digits, - and _).
NAME_PATTERN = re.compile(r"^[-_\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
DESCRIPTION_LIMIT = 100
CHOICE_LIMIT = 100
#: discord.py's description of an option nobody described: not a text to translate.
UNDESCRIBED = "…"

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)
#: Names that stay as they are in every language: the bot's own.
BRAND = ("parlour", "Parlour")


def proper_names() -> frozenset[str]:
    """Texts never translated: the bot's name and the games' names (as shown and as commands)."""
    from engine import registry

    games = registry.all_games()
    return frozenset(BRAND) | {g.name for g in games} | {g.key.replace("_", "-").lower() for g in games}


def is_proper(string: app_commands.locale_str) -> bool:
    """Whether a command text is a name that stays as it is (a game's, the bot's)."""
    return bool(string.extras.get("proper_name")) or string.message in proper_names()


def command_text(template: str, /, translated: Iterable[str] = (), **values: str) -> app_commands.locale_str:
    """A command text made from a template: English for Discord's default, the template for the catalog.

    ``translated`` names the values that are catalog texts themselves (a game's summary).
    """
    english = template.format(**values)[:DESCRIPTION_LIMIT]
    return app_commands.locale_str(english, template=template, values=values, translated=tuple(translated))


def valid_name(name: str) -> bool:
    """Whether Discord accepts ``name`` as a command, group or option name."""
    return bool(NAME_PATTERN.match(name)) and name == name.lower() and "\u0020" not in name


def lookups(string: app_commands.locale_str, where: Where) -> list[tuple[str | None, str]]:
    """The catalog entries (context, message id) a command text is made of."""
    if where in NAMES:
        return [(NAME_CONTEXT, string.message)]
    if string.message == UNDESCRIBED:
        return []
    template = string.extras.get("template")
    if template is None:
        return [(None, string.message)]
    values = string.extras.get("values", {})
    return [(None, template)] + [(None, values[key]) for key in string.extras.get("translated", ())]


def localize(string: app_commands.locale_str, language: str, where: Where) -> str | None:
    """A command text in ``language``, or None to keep the English (not translated, or against Discord's limits)."""
    if language == ENGLISH or string.message == UNDESCRIBED or is_proper(string):
        return None
    catalog = translations(language)
    if where in NAMES:
        text = p_(language, NAME_CONTEXT, string.message)
    elif (template := string.extras.get("template")) is not None:
        values = dict(string.extras.get("values", {}))
        for key in string.extras.get("translated", ()):
            values[key] = catalog.gettext(values[key])
        text = catalog.gettext(template).format(**values)
    else:
        text = catalog.gettext(string.message)
    if text == string.message:
        return None
    if language == PSEUDO:  # never sent to Discord: kept whole, so its marks stay paired
        return text
    if where in NAMES and not valid_name(text):
        log.warning("The %s name %r is not a valid Discord name: English is shown", language, text)
        return None
    limit = CHOICE_LIMIT if where is Where.choice_name else DESCRIPTION_LIMIT
    return text[:limit]


def shown_name(command: app_commands.Command[Any, ..., Any] | app_commands.Group, language: str) -> str:
    """A command's or group's name as Discord shows it to a reader of ``language``."""
    where = Where.group_name if isinstance(command, app_commands.Group) else Where.command_name
    return localize(app_commands.locale_str(command.name), language, where) or command.name


def shown_description(command: app_commands.Command[Any, ..., Any] | app_commands.Group, language: str) -> str:
    """A command's or group's description in ``language`` (its template when it was built from one)."""
    where = Where.group_description if isinstance(command, app_commands.Group) else Where.command_description
    # discord.py keeps the locale_str a command was given (with its template) only privately.
    string = getattr(command, "_locale_description", None) or app_commands.locale_str(command.description)
    return localize(string, language, where) or command.description


class CatalogTranslator(app_commands.Translator):
    """The tree's translator: each Discord locale with a catalog gets the commands in its language."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        language = from_discord(locale)
        return localize(string, language, context.location)


class Recorder(app_commands.Translator):
    """A translator that translates nothing and remembers what it was asked (for extraction and tests)."""

    def __init__(self) -> None:
        self.asked: list[tuple[app_commands.locale_str, Where, Any]] = []

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale is discord.Locale.american_english:
            self.asked.append((string, context.location, context.data))
        return None


async def command_strings(tree: app_commands.CommandTree[Any]) -> list[tuple[str | None, str]]:
    """Every catalog entry the tree's commands are made of, in tree order, each once."""
    recorder = Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    found: dict[tuple[str | None, str], None] = {}
    for string, where, _data in recorder.asked:
        if is_proper(string):
            continue
        for entry in lookups(string, where):
            found[entry] = None
    return list(found)
