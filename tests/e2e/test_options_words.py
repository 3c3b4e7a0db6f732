"""The Options form and the lobby read in full (issue 44, item 2): a short label per option with
its whole description, each choice with its meaning, errors in the label's words, and no Options
button for a game that has none."""

from __future__ import annotations

from bot.i18n import SHIPPED, _
from bot.i18n.tools import shipped_games
from engine import registry
from tests.e2e.harness import Parlour


def fields(modal: dict) -> list[dict]:
    return [row for row in modal["components"] if row.get("type") == 18]


async def test_every_option_of_every_game_is_readable_in_full(parlour: Parlour) -> None:
    server = parlour.server
    host = server.user("Zoë")
    for game in registry.all_games():
        lobby = await parlour.open_table(host, game.key)
        if not game.options:
            assert "Options" not in [b["label"] for b in lobby.buttons]  # Nin Jan: nothing to set
            continue
        modal = await (await server.click(host, lobby, label="Options")).modal()
        shown = fields(modal)
        assert len(shown) == min(5, len(game.options))
        for option, field in zip(game.options, shown, strict=False):
            assert field["label"] == option.title and len(field["label"]) <= 45  # never cut
            assert not field["description"].endswith(("…", " ")) or len(option.description) > 100
            menu = field["component"]
            for value, meaning in zip(option.choices, option.meanings, strict=False):
                described = {o["value"]: o.get("description") for o in menu["options"]}
                assert described[str(value)] == meaning
        assert "_" not in str([f["label"] for f in shown])  # no internal names


async def test_gin_jon_tan_deck_choice_says_what_each_deck_is(parlour: Parlour) -> None:
    server = parlour.server
    host = server.user("王小明")
    lobby = await parlour.open_table(host, "gin_jon_tan")
    opened = await server.click(host, lobby, label="Options")
    modal = await opened.modal()
    deck = next(f for f in fields(modal) if f["label"] == "Deck")
    meanings = {o["value"]: o["description"] for o in deck["component"]["options"]}
    assert meanings == {
        "common": "33 random cards each from the full set",
        "personal": "each player plays the cards of their own collection",
    }
    answer = await server.submit_modal(host, opened, {"option:deck": "personal"})
    assert (await parlour.outcome(answer))[0] == "update"
    listed = str(server.recorder.messages[lobby.id].embeds[0]["fields"])
    assert "Deck: **personal** (each player plays the cards of their own collection)" in listed
    assert "Rounds in the game.:" not in listed and "Rounds: **3**" in listed


async def test_a_typo_is_answered_in_the_labels_words(parlour: Parlour) -> None:
    server = parlour.server
    host = server.user("Дмитрий")
    lobby = await parlour.open_table(host, "gin_rummy")
    opened = await server.click(host, lobby, label="Options")
    await opened.modal()
    answer = await server.submit_modal(host, opened, {"option:target_score": "thirty"})
    assert await parlour.sentence(answer) == "Target score must be a whole number; 'thirty' is not."


async def test_the_options_form_reads_in_the_hosts_language(parlour: Parlour) -> None:
    server = parlour.server
    host = server.user("由紀", locale="ja")
    for game in [g for g in shipped_games() if g.options]:
        lobby = await parlour.open_table(host, game.key)
        modal = await (await server.click(host, lobby, label="Options")).modal()
        assert modal["title"] == _("ja", "{game} options", game=game.name)
        for option, field in zip(game.options, fields(modal), strict=False):
            assert field["label"] == _("ja", option.title) != option.title
            assert field["description"].startswith(_("ja", option.description).rstrip("。")[:20])
            shown = {o["value"]: o.get("description") for o in field["component"].get("options", [])}
            for value, meaning in zip(option.choices, option.meanings, strict=False):
                assert shown[str(value)] == _("ja", meaning) != meaning
        if game.key == "gin_rummy":  # a number from a wide range: a text field, its range said in Japanese
            target = next(f for f in fields(modal) if f["label"] == _("ja", "Target score"))
            whole = _("ja", "(a whole number from {minimum} to {maximum})", minimum=0, maximum=500)
            assert target["description"].endswith(whole)


def test_every_options_word_is_a_catalog_text_within_discords_limits() -> None:
    for game in shipped_games():
        for option in game.options:
            for text in (option.title, option.description, *option.meanings):
                assert _("ja", text) != text, text  # a catalog text (the template has it), translated
            for language in SHIPPED:
                assert len(_(language, option.title)) <= 45, (language, option.title)
                assert all(len(_(language, m)) <= 100 for m in option.meanings), (language, option.name)
