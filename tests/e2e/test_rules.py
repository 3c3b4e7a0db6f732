"""/rules: every game explains itself; Tet-Gow shows its Sets and Tiers table as a picture; each page
reads in the asker's language (issue 47)."""

import io
from typing import Any

import pytest
from PIL import Image

from bot.i18n import PSEUDO, SHIPPED, _
from bot.i18n.languages import DISCORD_LOCALES
from bot.i18n.pseudo import screen_texts, unmarked
from bot.i18n.tools import shipped_games
from cogs.rules import rules_embed
from engine import registry
from engine.core import Game
from tests.e2e.harness import Parlour


@pytest.mark.parametrize("key", ["gin_rummy", "nin_jan", "tet_gow"])
async def test_rules_explain_each_game_privately(parlour: Parlour, key: str) -> None:
    alice = parlour.server.user("alice")
    message = await (await parlour.server.slash(alice, "rules", game=key)).message()
    game = registry.get(key)
    assert message.ephemeral
    embed = message.embeds[0]
    assert embed["title"].startswith(game.name)
    assert len(embed["description"]) > 200  # a real explanation, not just the one-line summary
    assert {f["name"] for f in embed.get("fields", [])} == {o.description for o in game.options}


async def test_tet_gow_rules_show_the_sets_and_tiers_picture(parlour: Parlour) -> None:
    alice = parlour.server.user("alice")
    message = await (await parlour.server.slash(alice, "rules", game="tet_gow")).message()
    [attachment] = message.attachments
    picture = Image.open(io.BytesIO(attachment.data))
    assert picture.format == "PNG" and picture.width >= 400
    assert message.embeds[0]["image"]["url"] == "attachment://rules.png"
    assert "Tier" in message.embeds[0]["description"] and "Set" in message.embeds[0]["description"]


async def test_gin_go_says_it_is_for_2_or_4_players_not_2_to_4(parlour: Parlour) -> None:
    alice = parlour.server.user("alice")
    rules = await (await parlour.server.slash(alice, "rules", game="gin_go")).message()
    assert rules.embeds[0]["title"] == "Gin-Go (2 or 4 players)"
    about = await (await parlour.server.slash(alice, "parlour about")).message()
    assert "**Gin-Go** (2 or 4 players)" in about.embeds[0]["description"]
    assert "**Gin-Go** (2–4 players)" not in about.embeds[0]["description"]


# -- issue 47: /rules in the asker's language ---------------------------------------------------


def _page(message: Any) -> list[str]:
    return screen_texts({"embeds": message.embeds})


def _typed_values(game: Game) -> set[str]:
    """An option's values as a host types them (``/tournament … options: deck=personal``): never translated."""
    return {str(v) for o in game.options for v in (*o.choices, o.default)}


@pytest.mark.parametrize("game", shipped_games(), ids=lambda g: g.key)
async def test_english_rules_read_as_each_game_declares_them(parlour: Parlour, game: Game) -> None:
    alice = parlour.server.user("alice")
    embed = (await (await parlour.server.slash(alice, "rules", game=game.key)).message()).embeds[0]
    assert embed["description"] == game.rules
    assert embed["title"] == f"{game.name} ({game.players_text})"
    for option, field in zip(game.options, embed.get("fields", []), strict=True):
        allowed = "/".join(map(str, option.choices)) if option.choices else f"{option.minimum}–{option.maximum}"
        assert (field["name"], field["value"]) == (option.description, f"{allowed}, default **{option.default}**")


@pytest.mark.parametrize("game", shipped_games(), ids=lambda g: g.key)
async def test_rules_in_the_pseudo_language_have_no_english_outside_the_catalog(
    parlour: Parlour, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(DISCORD_LOCALES, "en-GB", PSEUDO)  # a reader whose Discord is in the pseudo-language
    alice = parlour.server.user("alice", locale="en-GB")
    message = await (await parlour.server.slash(alice, "rules", game=game.key)).message()
    texts = _page(message)
    assert unmarked(texts) == []
    # Each paragraph is its own catalog text (a translator gets paragraphs, not a whole page).
    assert message.embeds[0]["description"].count("⟦") == game.rules.count("\n\n") + 1


@pytest.mark.parametrize("game", shipped_games(), ids=lambda g: g.key)
async def test_a_japanese_reader_gets_the_rules_in_japanese(parlour: Parlour, game: Game) -> None:
    yuki = parlour.server.user("yuki", locale="ja")
    message = await (await parlour.server.slash(yuki, "rules", game=game.key)).message()
    embed = message.embeds[0]
    assert message.ephemeral and embed["title"].startswith(game.name) and "人" in embed["title"]
    for paragraph in game.rules.split("\n\n"):
        assert _("ja", paragraph) != paragraph and _("ja", paragraph) in embed["description"]
    assert [f["name"] for f in embed.get("fields", [])] == [_("ja", o.description) for o in game.options]
    assert all("既定値" in f["value"] for f in embed.get("fields", []))
    # Only names (the games', Parlour, "Kat oh!") and the values a host types stay in Latin letters.
    latin = unmarked(_page(message), allowed={*_typed_values(game), "Gin jon tan", "Kat oh", "Rummy", "4×13"})
    assert latin == []


@pytest.mark.parametrize("language", SHIPPED)
def test_every_rules_page_fits_discords_embed_limits_in_every_language(language: str) -> None:
    for game in shipped_games():
        embed = rules_embed(game, language)
        paragraphs = [_(language, p) for p in game.rules.split("\n\n")]
        assert len("\n\n".join(paragraphs)) <= 4096 and embed.description == "\n\n".join(paragraphs)
        assert len(embed.title or "") <= 256 and (embed.title or "").endswith(")")
        for option, field in zip(game.options, embed.fields, strict=True):
            assert field.name == _(language, option.description) and len(field.name) <= 256
            assert field.value is not None and len(field.value) <= 1024
        assert len(embed) <= 6000, (game.key, len(embed))  # Discord's limit on an embed's whole text
