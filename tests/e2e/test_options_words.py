"""The Options form and the lobby read in full (issue 44, item 2): a short label per option with
its whole description, each choice with its meaning, errors in the label's words, and no Options
button for a game that has none."""

from __future__ import annotations

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
