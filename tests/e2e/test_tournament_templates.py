"""Issue 46 through Discord: an organiser saves a tournament's settings as a template and starts the
next one from it; others cannot; the list and delete say what they did in one sentence."""

from __future__ import annotations

from tests.e2e.harness import Parlour
from tests.e2e.tournaments import cog


async def test_a_template_saved_from_one_tournament_starts_the_next(parlour: Parlour) -> None:
    server = parlour.server
    mod = server.user("mod", manage_guild=True)
    player = server.user("player")
    cog(parlour).post_spacing = 0
    first = await server.slash(
        mod, "tournament create", game="gin_rummy", format="double_elimination", checkin=20, options="target_score=0"
    )
    await first.message()
    said = await parlour.sentence(await server.slash(mod, "tournament template save", name="Friday Night"))
    assert said == "Saved tournament #1's settings as 'friday night'."
    refused = await parlour.sentence(await server.slash(player, "tournament template save", name="mine"))
    assert refused == "Only someone with Manage Server can do that."
    listed = await parlour.sentence(await server.slash(player, "tournament template list"))
    assert "**friday night**: Gin Rummy · double elimination" in listed and "check-in 20 min" in listed

    missing = await server.slash(mod, "tournament create", template="tuesday")
    assert "There is no template called 'tuesday'" in await parlour.sentence(missing)
    created = await server.slash(mod, "tournament create", template="friday night")
    signup = await created.message()
    assert "Gin Rummy tournament #2" in signup.content and "Double elimination" in signup.content
    assert "Options: Target score 0." in signup.content and "Check-in opens 20 minutes" in signup.content

    assert await parlour.sentence(await server.slash(mod, "tournament template delete", name="Friday night")) == (
        "Deleted the template 'friday night'."
    )
    empty = await parlour.sentence(await server.slash(mod, "tournament template list"))
    assert empty == "This server has no templates yet; save one with /tournament template save."
