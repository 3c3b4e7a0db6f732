"""Tournament sentences (issue 44, item 5): refusals of /tournament commands only the asker sees."""

from __future__ import annotations

from tests.e2e.harness import Parlour


async def test_a_refused_tournament_start_is_seen_only_by_the_moderator(parlour: Parlour) -> None:
    server = parlour.server
    mod, bob = server.user("Дмитрий", manage_guild=True), server.user("bob")
    said = await parlour.sentence(await server.slash(mod, "tournament start"))  # asserts only mod sees it
    assert "no tournament going on here" in said
    assert server.recorder.messages_in(parlour.channel.id) == [] and not server.recorder.ephemeral_for(bob)


async def test_a_refused_standings_request_is_seen_only_by_the_asker(parlour: Parlour) -> None:
    server = parlour.server
    alice = server.user("alice")
    said = await parlour.sentence(await server.slash(alice, "tournament standings", tournament=99))
    assert "no tournament #99" in said
