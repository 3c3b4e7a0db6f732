"""/rules: every game explains itself; Tet-Gow shows its Sets and Tiers table as a picture."""

import io

import pytest
from PIL import Image

from engine import registry
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
