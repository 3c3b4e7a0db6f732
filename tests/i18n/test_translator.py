"""The command translator: what it sends Discord, and what it keeps back."""

from __future__ import annotations

import re

import pytest
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import __main__ as cli
from bot.i18n import commands
from bot.i18n.commands import command_text, localize


def test_a_name_and_a_templated_description_in_japanese() -> None:
    assert localize(app_commands.locale_str("play"), "ja", Where.command_name) == "プレイ"
    text = command_text("Open a {game} table here.", game="Nin Jan")
    assert text.message == "Open a Nin Jan table here."
    assert localize(text, "ja", Where.command_description) == "ここで Nin Jan のテーブルを開きます。"


def test_english_game_names_and_the_bots_name_are_not_sent() -> None:
    assert localize(app_commands.locale_str("play"), "en", Where.command_name) is None
    assert localize(app_commands.locale_str("Gin Rummy"), "ja", Where.choice_name) is None
    assert localize(app_commands.locale_str("parlour"), "ja", Where.group_name) is None
    assert localize(app_commands.locale_str("…"), "ja", Where.parameter_description) is None


def test_a_translated_name_discord_would_refuse_is_kept_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(commands, "p_", lambda language, context, message: "Two Words")
    assert localize(app_commands.locale_str("play"), "de", Where.command_name) is None


def test_a_description_is_cut_at_discords_100_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    class Long:
        def gettext(self, message: str) -> str:
            return "x" * 150

    monkeypatch.setattr(commands, "translations", lambda language: Long())
    text = localize(app_commands.locale_str("Open a table."), "de", Where.command_description)
    assert text == "x" * 100


def test_the_command_line_checks_and_compiles(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "ja"]) == 0
    assert capsys.readouterr().out.strip() == "Complete and matching the template: ja."
    assert cli.main(["compile", "ko"]) == 0
    assert re.match(r"ko: \d+ texts, \d+ bytes compiled", capsys.readouterr().out)
