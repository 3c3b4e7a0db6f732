"""The gettext helpers and Babel's formatting per language (bot.i18n)."""

from __future__ import annotations

from datetime import timedelta

from bot.i18n import ENGLISH, PSEUDO, _, compact, duration, join, n_, number, percent
from bot.i18n.catalogs import pseudo
from bot.i18n.languages import DISCORD_LOCALES, SHIPPED, from_discord


def test_english_is_the_message_itself_with_its_placeholders_filled() -> None:
    assert _(ENGLISH, "Open a {game} table here.", game="Nin Jan") == "Open a Nin Jan table here."
    assert n_(ENGLISH, "{count} player", "{count} players", 1) == "1 player"
    assert n_(ENGLISH, "{count} player", "{count} players", 1234) == "1,234 players"


def test_numbers_are_grouped_the_way_each_language_writes_them() -> None:
    huge = 12_345_678_901_234_567_890  # a Gin-jon-tan score
    assert number("en", huge) == "12,345,678,901,234,567,890"
    assert number("de", 12345678) == "12.345.678"
    assert number("fr", 12345678) == "12\u202f345\u202f678"
    assert number("ja", 12345678) == "12,345,678"


def test_big_numbers_have_a_short_form_and_past_trillions_scientific_notation() -> None:
    assert compact("en", 1_234_567) == "1.2M"
    assert compact("de", 1_234_567) == "1,2\xa0Mio."
    assert compact("ja", 1_234_567) == "123.5万"
    assert compact("ko", 1_234_567) == "123.5만"
    assert compact("en", 12_345_678_901_234_567_890) == "1.23E19"
    assert compact("fr", 12_345_678_901_234_567_890) == "1,23E19"


def test_durations_lists_and_percentages_in_words_of_the_language() -> None:
    assert duration("en", timedelta(minutes=5)) == "5 minutes"
    assert duration("de", timedelta(minutes=5)) == "5 Minuten"
    assert duration("ru", timedelta(minutes=5)) == "5 минут"
    assert duration("ja", timedelta(minutes=5)) == "5 分"
    assert join("en", ["alice", "bob", "carol"]) == "alice, bob, and carol"
    assert join("es", ["alice", "bob", "carol"]) == "alice, bob y carol"
    assert join("ja", ["alice", "bob", "carol"]) == "alice、bob、carol"
    assert percent("tr", 0.25) == "%25"


def test_every_discord_locale_of_a_shipped_language_reads_it_and_others_read_english() -> None:
    assert set(DISCORD_LOCALES.values()) == {ENGLISH, *SHIPPED}
    assert from_discord("ja") == "ja" and from_discord("pt-BR") == "pt_BR" and from_discord("zh-CN") == "zh_CN"
    assert from_discord("uk") == ENGLISH and from_discord("zh-TW") == ENGLISH


def test_the_pseudo_language_marks_text_and_keeps_placeholders() -> None:
    assert pseudo("Open a {game} table") == "⟦Õpéñ à {game} tàblé⟧"
    assert _(PSEUDO, "Open a {game} table here.", game="Nin Jan") == "⟦Õpéñ à Nin Jan tàblé héré.⟧"
    assert n_(PSEUDO, "{count} player", "{count} players", 3) == "⟦3 plàýérs⟧"
