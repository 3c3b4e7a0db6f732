"""A game's sentences (engine.words.Text) said again in a reader's language."""

from __future__ import annotations

import pickle
from pathlib import Path

from babel.messages.extract import extract_from_dir

from bot.i18n import PSEUDO, say, words
from bot.i18n.tools import KEYWORDS
from engine.words import ENGLISH, Text, Whole


def test_a_text_reads_as_its_english_sentence_and_keeps_its_parts() -> None:
    line = Text("{who} discards {card}.", who="Seat 1", card="4♦")
    assert line == "Seat 1 discards 4♦." and line.template == "{who} discards {card}."
    assert ENGLISH.say(line) == "Seat 1 discards 4♦."


def test_a_text_survives_json_and_pickle_with_its_template() -> None:
    inner = Text.plural("{count} card", "{count} cards", 2)
    line = Text("{who} keeps {what} of {all}.", who="Seat 2", what=inner, all=Whole(12345))
    for copy in (Text.from_data(line.to_data()), pickle.loads(pickle.dumps(line))):
        assert copy == line and copy.template == line.template
        assert say(PSEUDO, copy) == say(PSEUDO, line)
        assert "12.345" in say("de", copy)


def test_the_pseudo_language_marks_the_template_and_every_text_inside_it() -> None:
    line = Text("{who} keeps {what}.", who="Seat 2", what=Text("the upcard"))
    said = say(PSEUDO, line)
    assert said.startswith("⟦") and "Seat 2" in said and "⟦thé üpçàrd⟧" in said


def test_plurals_take_the_forms_of_the_readers_language() -> None:
    forms = {n: words("ru").plural("{count} player", "{count} players", n) for n in (1, 2, 5)}
    assert len(set(forms.values())) == 3 and forms[1].startswith("1 ")
    assert words("de").plural("{count} player", "{count} players", 12345).startswith("12.345")


def test_the_extractor_finds_game_texts_and_picture_words(tmp_path: Path) -> None:
    (tmp_path / "game.py").write_text(
        'line = Text("{who} knocks.", who=w)\n'
        'many = Text.plural("{count} card", "{count} cards", n)\n'
        'head = words.say("Stock")\n'
        "skip = words.say(view.prompt)\n"
    )
    found = {m for _f, _l, m, _c, _ctx in extract_from_dir(tmp_path, [("**.py", "python")], keywords=KEYWORDS)}
    assert found == {"{who} knocks.", ("{count} card", "{count} cards"), "Stock"}
