"""Each shipped language has its glossary of game terms (docs/glossary/<lang>.md), and the catalog
uses the glossary's words: the /help footer names the Show my hand button as the glossary does."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import SHIPPED, _

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary"
TERMS = ("meld", "knock", "deadwood", "undercut", "lay off", "stock", "discard pile", "trick", "Tier", "Set", "pile")


def words(language: str) -> dict[str, str]:
    """The glossary's table: English term -> the language's word."""
    rows = (GLOSSARY / f"{language}.md").read_text(encoding="utf-8").splitlines()
    cells = [[cell.strip() for cell in row.strip("|").split("|")] for row in rows if row.startswith("| ")]
    return {row[0]: row[1] for row in cells[1:]}


@pytest.mark.parametrize("language", SHIPPED)
def test_each_language_has_a_glossary_of_the_game_terms(language: str) -> None:
    glossary = words(language)
    assert all(glossary.get(term) for term in TERMS), [term for term in TERMS if not glossary.get(term)]


@pytest.mark.parametrize("language", SHIPPED)
def test_help_names_the_show_my_hand_button_as_the_glossary_does(language: str) -> None:
    footer = _(language, "Start with {play}, or a game's own command. Press Show my hand to play.", play="/x")
    assert words(language)["Show my hand"] in footer
