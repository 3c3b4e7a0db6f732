"""CI's checks of the catalogs (python -m bot.i18n check): the template is current, every shipped
language translates every text with no fuzzy entry, placeholders match, plural forms are all
there, command names keep Discord's rules; and the checks themselves catch each fault."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import PSEUDO, SHIPPED, _, n_, tools
from bot.i18n.catalogs import TEMPLATE, po_path, read_catalog
from bot.i18n.commands import NAME_CONTEXT
from bot.i18n.languages import BABEL_LOCALES


@pytest.fixture(scope="module")
async def problems() -> list[str]:
    return await tools.check()


async def test_the_template_holds_every_text_the_code_and_the_commands_have() -> None:
    fresh = tools.keys(await tools.template())
    committed = tools.keys(read_catalog(TEMPLATE))
    assert fresh - committed == set(), "run python -m bot.i18n extract"
    assert committed - fresh == set(), "run python -m bot.i18n extract"
    assert (NAME_CONTEXT, "play") in committed and (None, "Open a {game} table here.") in committed


async def test_every_shipped_language_is_complete_and_right() -> None:
    assert await tools.check() == []


@pytest.mark.parametrize("language", SHIPPED)
def test_each_language_has_its_plural_forms_and_answers_from_its_catalog(language: str) -> None:
    catalog = read_catalog(po_path(language), BABEL_LOCALES[language])
    assert catalog.num_plurals == {"ja": 1, "zh_CN": 1, "ko": 1, "de": 2, "tr": 2}.get(language, 3)
    assert _(language, "Parlour commands") != "Parlour commands"
    assert "7" in n_(language, "{count} player", "{count} players", 7)


def test_plural_forms_follow_each_language() -> None:
    assert [n_("ru", "{count} player", "{count} players", n) for n in (1, 3, 5, 21)] == [
        "1 игрок",
        "3 игрока",
        "5 игроков",
        "21 игрок",
    ]
    assert [n_("pl", "{count} player", "{count} players", n) for n in (1, 3, 5)] == ["1 gracz", "3 gracze", "5 graczy"]


def entry(msgid: object, msgstr: object, *, context: str | None = None, fuzzy: bool = False) -> list[str]:
    catalog = Catalog(locale="pl")
    message = catalog.add(msgid, msgstr, context=context, flags=["fuzzy"] if fuzzy else [])  # type: ignore[arg-type]
    return tools.message_problems("pl", message, catalog.num_plurals)


def test_the_checks_catch_what_would_reach_a_reader_wrong() -> None:
    assert entry("Open a {game} table here.", "Otwórz tu stół do gry {game}.") == []
    assert "not translated" in entry("Open a {game} table here.", "")[0]
    assert "fuzzy" in entry("Open a {game} table here.", "Otwórz stół {game}.", fuzzy=True)[0]
    assert "placeholders" in entry("Open a {game} table here.", "Otwórz tu stół do gry {gra}.")[0]
    assert "placeholders" in entry("%(count)d tables", "stoły")[0]
    assert "plural forms" in entry(("{count} player", "{count} players"), ("{count} gracz", "{count} graczy", ""))[0]
    assert "placeholders" in entry(("{count} player", "{count} players"), ("{n} gracz", "{n} gracze", "{n} graczy"))[0]
    assert "not a Discord name" in entry("play", "Graj teraz", context=NAME_CONTEXT)[0]
    assert "not a Discord name" in entry("play", "a" * 33, context=NAME_CONTEXT)[0]
    assert entry("play", "graj", context=NAME_CONTEXT) == []


def test_the_pseudo_language_is_not_a_shipped_catalog() -> None:
    assert PSEUDO not in SHIPPED and not po_path(PSEUDO).exists()


def test_a_range_of_players_agrees_with_its_higher_number() -> None:
    from cogs.parlour import players

    assert [players("en", (2, 3, 4)), players("en", (2,))] == ["2–4 players", "2 players"]
    assert [players("ru", (2, 3, 4)), players("ru", (2, 3, 4, 5, 6))] == ["2–4 игрока", "2–6 игроков"]
    assert players("ja", (2, 3, 4, 5, 6)) == "2～6人"
    assert players("en", (2, 4)) == "2 or 4 players"  # Gin-Go: 3 are refused


async def test_two_options_named_alike_in_a_language_are_found(monkeypatch: pytest.MonkeyPatch) -> None:
    assert await tools.name_clashes(SHIPPED) == []
    same = {"player": "gracz", "substitute": "gracz"}
    monkeypatch.setattr(tools, "p_", lambda language, context, name: same.get(name, name))
    assert await tools.name_clashes(("pl",)) == ["pl: /tournament replace has two names 'gracz'"]
