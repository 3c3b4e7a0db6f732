"""Keeping the catalogs: extraction, merging, compiling and the checks CI runs.

``python -m bot.i18n extract`` runs Babel's extractor (what ``pybabel extract`` does) over the
code, with Parlour's keywords (``_``, ``n_``, ``p_``, ``N_``, ``command_text``, and
:mod:`engine.words`'s ``Text``, ``say`` and ``plural``), adds every text
the slash commands are made of (read from the command tree itself, as discord.py hands them to the
translator) and writes ``locales/parlour.pot``. ``update`` merges the template into every language,
``init`` starts a new one, ``compile`` compiles each as the bot does at start, ``check`` lists what
is missing or wrong.
"""

from __future__ import annotations

import importlib
import io
import re
from collections.abc import Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from bot.i18n import p_
from bot.i18n.catalogs import DOMAIN, TEMPLATE, po_path, read_catalog
from bot.i18n.commands import DESCRIPTION_LIMIT, NAME_CONTEXT, valid_name
from bot.i18n.languages import BABEL_LOCALES, SHIPPED
from engine import registry
from engine.core import Game

#: The project root (the folders the extractor reads are under it).
ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "cogs", "engine", "render")
#: Parlour's gettext keywords, in Babel's spelling: which arguments are the message ids.
KEYWORDS: dict[str, Any] = {
    "_": (2,),
    "n_": (2, 3),
    "p_": ((2, "c"), 3),
    "N_": None,
    "command_text": None,
    # engine.words: a game's sentences (Text) and the words a picture says (Words.say, Words.plural)
    "Text": None,
    "say": None,
    "plural": (1, 2),
}
#: Dates in the files' headers stay put, so a catalog changes only when its texts do.
FIXED_DATE = datetime(2026, 11, 28, tzinfo=UTC)
#: What translators are told about a command name.
NAME_NOTE = "A command or option name: lower-case, one word (letters, digits, - or _), 32 characters at most."
DESCRIPTION_NOTE = f"A slash-command text: at most {DESCRIPTION_LIMIT} characters."
SUMMARY_NOTE = "A game's summary (/parlour about); a command shows its first 100 characters."
#: ``{name}``, ``{count:,}`` and ``%(name)s`` placeholders, by name.
PLACEHOLDER = re.compile(r"\{([^{}:!]*)[^{}]*\}|%\(([^)]+)\)[a-z]")

Key = tuple[str | None, str]


@dataclass(frozen=True)
class Found:
    """One text to translate: its context, id (and plural), where it was found, a note for translators."""

    context: str | None
    msgid: str | tuple[str, ...]
    where: tuple[str, int] | None = None
    note: str | None = None

    @property
    def key(self) -> Key:
        return (self.context, self.msgid if isinstance(self.msgid, str) else self.msgid[0])


def source_texts() -> Iterator[Found]:
    """The texts the code marks for the catalog (Babel's Python extractor, as ``pybabel extract``)."""
    for folder in SOURCES:

        def skip(path: str) -> bool:
            return "locales" not in Path(path).parts and "fonts" not in Path(path).parts

        found = extract_from_dir(ROOT / folder, [("**.py", "python")], keywords=KEYWORDS, directory_filter=skip)
        for filename, line, message, _comments, context in found:
            yield Found(context, message, (f"{folder}/{filename}", line))


@asynccontextmanager
async def offline_bot() -> Any:
    """The bot with every cog loaded, never connected (its command tree is what extraction reads)."""
    from sqlalchemy.ext.asyncio import create_async_engine

    from bot.client import EXTENSIONS, ParlourBot
    from bot.db import Database, session_maker
    from bot.settings import Settings

    engine = create_async_engine("sqlite+aiosqlite://")
    bot = ParlourBot(Settings(discord_token="offline"), Database(engine, session_maker(engine)))
    try:
        async with bot:
            for extension in EXTENSIONS:
                await bot.load_extension(extension)
            yield bot
    finally:
        await engine.dispose()


async def command_texts() -> list[Found]:
    """Every text of the slash commands: names, descriptions, options, choices."""
    from bot.i18n.commands import command_strings

    async with offline_bot() as bot:
        strings = await command_strings(bot.tree)
    summaries = {game.summary for game in shipped_games()}
    added = {game.summary for game in registry.all_games()} - summaries

    def note(context: str | None, msgid: str) -> str:
        if context == NAME_CONTEXT:
            return NAME_NOTE
        return SUMMARY_NOTE if msgid in summaries else DESCRIPTION_NOTE

    return [Found(context, msgid, None, note(context, msgid)) for context, msgid in strings if msgid not in added]


def shipped_games() -> list[Game]:
    """The games under engine/ (not those a test or PARLOUR_EXTRA_GAMES adds: their texts are not Parlour's)."""
    modules = [importlib.import_module(name) for name in registry.game_modules() if name.startswith("engine.")]
    return [module.GAME for module in modules if isinstance(getattr(module, "GAME", None), Game)]


async def template() -> Catalog:
    """The template: every text of the commands, then every text the code marks."""
    catalog = Catalog(
        project="Parlour",
        domain=DOMAIN,
        copyright_holder="Parlour's authors",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
    )
    for found in [*await command_texts(), *source_texts()]:
        existing = catalog.get(found.key[1], found.context)
        locations = [found.where] if found.where else []
        if existing is not None:
            existing.locations.extend(locations)
            continue
        notes = [found.note] if found.note else []
        catalog.add(found.msgid, locations=locations, auto_comments=notes, context=found.context)
    return catalog


def write(catalog: Catalog, path: Path) -> None:
    """Write a catalog the same way every time (sorted by where found, wrapped at 100)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_previous=False, sort_output=False)
    path.write_bytes(out.getvalue())


async def extract() -> int:
    """Write ``locales/parlour.pot``; return how many texts it holds."""
    catalog = await template()
    write(catalog, TEMPLATE)
    return len(catalog)


def new_catalog(language: str) -> Catalog:
    """An empty catalog of a language (its header carries the plural rule)."""
    return Catalog(
        locale=BABEL_LOCALES[language],
        domain=DOMAIN,
        project="Parlour",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        language_team=f"Parlour {language}",
        copyright_holder="Parlour's authors",
        fuzzy=False,
    )


def init(language: str) -> Path:
    """Start a new language from the template (``python -m bot.i18n init xx``)."""
    path = po_path(language)
    if path.exists():
        raise SystemExit(f"{path} exists already: run python -m bot.i18n update instead.")
    if language not in BABEL_LOCALES:
        raise SystemExit(f"Add {language} to bot/i18n/languages.py (BABEL_LOCALES, DISCORD_LOCALES) first.")
    catalog = new_catalog(language)
    catalog.update(read_catalog(TEMPLATE), no_fuzzy_matching=True)
    write(catalog, path)
    return path


def update(languages: tuple[str, ...] = SHIPPED) -> list[str]:
    """Merge the template into each language: new texts arrive empty, removed ones are dropped."""
    done = []
    for language in languages:
        path = po_path(language)
        catalog = read_catalog(path, BABEL_LOCALES[language]) if path.exists() else new_catalog(language)
        catalog.update(read_catalog(TEMPLATE), no_fuzzy_matching=True)
        catalog.obsolete.clear()
        write(catalog, path)
        done.append(f"{language}: {sum(1 for m in catalog if m.id and translated(m))} of {len(catalog)} translated")
    return done


def translated(message: Message) -> bool:
    """Whether an entry has its translation (every plural form of it)."""
    forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
    return bool(forms) and all(forms)


def compile_all(languages: tuple[str, ...] = SHIPPED) -> list[str]:
    """Compile each language the way the bot does at start (a ``.mo`` in memory); one line each."""
    lines = []
    for language in languages:
        catalog = read_catalog(po_path(language), BABEL_LOCALES[language])
        out = io.BytesIO()
        write_mo(out, catalog, use_fuzzy=False)
        lines.append(f"{language}: {len(catalog)} texts, {len(out.getvalue())} bytes compiled")
    return lines


def placeholders(text: str) -> set[str]:
    """The names of a text's placeholders: ``{game}`` -> ``game``, ``%(count)d`` -> ``count``."""
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def message_problems(language: str, message: Message, plurals: int) -> list[str]:
    """What is wrong with one translated entry."""
    where = f"{language}: {message.id!r}"
    if message.fuzzy:
        return [f"{where} is fuzzy (a guess to review)"]
    if not isinstance(message.id, str):
        forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
        if len(forms) != plurals or not all(forms):
            return [f"{where} needs {plurals} plural forms, has {sum(1 for f in forms if f)}"]
        allowed = placeholders(message.id[0]) | placeholders(message.id[1])
        wrong = [f for f in forms if not placeholders(f) <= allowed]
        return [f"{where}: a plural form has placeholders the English has not"] if wrong else []
    text = message.string
    if not text or not isinstance(text, str):
        return [f"{where} is not translated"]
    problems = []
    if placeholders(text) != placeholders(message.id):
        problems.append(
            f"{where}: placeholders {sorted(placeholders(text))} instead of {sorted(placeholders(message.id))}"
        )
    if message.context == NAME_CONTEXT and not valid_name(text):
        problems.append(f"{where}: {text!r} is not a Discord name (lower-case, one word, 32 characters)")
    elif DESCRIPTION_NOTE in message.auto_comments and len(text) > DESCRIPTION_LIMIT:
        problems.append(f"{where}: longer than Discord's {DESCRIPTION_LIMIT} characters")
    return problems


async def name_clashes(languages: tuple[str, ...]) -> list[str]:
    """Two commands of one group, or two options of one command, that a language names alike
    (Discord would refuse every command at sync)."""
    from discord import app_commands

    from bot.i18n.commands import shown_name

    problems = []
    async with offline_bot() as bot:
        items: list[Any] = list(bot.tree.get_commands())
        items += [sub for item in items if isinstance(item, app_commands.Group) for sub in item.commands]
        for language in languages:
            for item in items:
                if isinstance(item, app_commands.Group):
                    shown = [shown_name(command, language) for command in item.commands]
                elif isinstance(item, app_commands.Command):
                    shown = [p_(language, NAME_CONTEXT, option.display_name) for option in item.parameters]
                else:
                    continue
                clashes = sorted({name for name in shown if shown.count(name) > 1})
                problems += [f"{language}: /{item.qualified_name} has two names {name!r}" for name in clashes]
    return problems


def keys(catalog: Catalog) -> set[Key]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


async def check(languages: tuple[str, ...] = SHIPPED) -> list[str]:
    """Everything wrong with the catalogs, one line each (empty: all is well)."""
    problems = []
    fresh = await template()
    committed = read_catalog(TEMPLATE)
    missing = keys(fresh) - keys(committed)
    stale = keys(committed) - keys(fresh)
    problems += [
        f"template: {msgid!r} is missing (run python -m bot.i18n extract)" for _c, msgid in sorted(missing, key=str)
    ]
    problems += [
        f"template: {msgid!r} is no longer used (run python -m bot.i18n extract)"
        for _c, msgid in sorted(stale, key=str)
    ]
    problems += await name_clashes(languages)
    for language in languages:
        catalog = read_catalog(po_path(language), BABEL_LOCALES[language])
        absent = keys(committed) - keys(catalog)
        problems += [
            f"{language}: {msgid!r} is missing (run python -m bot.i18n update)" for _c, msgid in sorted(absent, key=str)
        ]
        for message in catalog:
            if message.id:
                problems += message_problems(language, message, catalog.num_plurals)
    return problems
