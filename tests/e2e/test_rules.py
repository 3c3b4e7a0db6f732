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
