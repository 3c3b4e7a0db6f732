"""Issue 16 through Discord: a single elimination of eight in Gin Rummy (one-hand games, set with the
tournament's options) played to the final: each round halves the field, winners go through, the
final's winner tops the standings and the podium; a pause holds the next round across a restart."""

from __future__ import annotations

from tests.e2e.harness import Parlour
from tests.e2e.tournaments import cog, mention, play_round, round_announcement, settle, sign_up, signed_up, stored


async def test_a_single_elimination_of_eight_in_gin_rummy_to_the_final(parlour: Parlour) -> None:
    server = parlour.server
    recorder = server.recorder
    mod = server.user("mod", manage_guild=True)
    people = [server.user(f"player{n}") for n in range(1, 9)]
    cog(parlour).post_spacing = 0

    bad = await server.slash(mod, "tournament create", game="gin_rummy", format="elimination", options="target=5")
    assert "no option called 'target'" in await parlour.sentence(bad)
    created = await server.slash(
        mod, "tournament create", game="gin_rummy", format="elimination", options="target_score=0"
    )
    signup = await created.message()
    assert "Single elimination" in signup.content and "Options: Target score 0." in signup.content
    await sign_up(parlour, signup, people)
    assert signed_up(recorder.messages[signup.id]) == 8
    started = await server.slash(mod, "tournament start")
    await started.answer()
    await started.next("followup")
    await settle(parlour)

    alive = {p.id for p in people}
    for number, tables in ((1, 4), (2, 2), (3, 1)):
        seen = round_announcement(parlour, number)
        assert len(seen.tables) == tables and seen.byes == []
        seated = sorted(who for _, names in seen.tables.values() for who in names)
        assert seated == sorted(mention(p) for p in people if p.id in alive), f"round {number}"
        table_ids = [t for t, _ in seen.tables.values()]
        assert all(parlour.table(t).options["target_score"] == 0 for t in table_ids)
        if number == 2:
            # Paused before the semi-finals end: the final waits, across a restart, until resumed.
            assert "Paused" in await parlour.sentence(await server.slash(mod, "tournament pause"))
        await play_round(parlour, table_ids, people)
        await settle(parlour)
        winners = set()
        for table_id in table_ids:
            table = parlour.table(table_id)
            assert table.outcome is not None
            best = min(range(2), key=lambda s: table.outcome.places[s])  # type: ignore[union-attr]
            winners.add(table.seats[best].user_id)
        alive &= winners
        if number == 2:
            tournament, _, by_round = await stored(parlour, 1)
            assert tournament.status == "paused" and sorted(by_round) == [1, 2]
            await parlour.restart()
            cog(parlour).post_spacing = 0
            await settle(parlour)
            assert not any("**Round 3**" in m.content for m in recorder.messages_in(parlour.channel.id))
            assert "Resumed" in await parlour.sentence(await server.slash(mod, "tournament resume"))
            await settle(parlour)
    assert len(alive) == 1

    final = [m for m in recorder.messages_in(parlour.channel.id) if "is over" in m.content]
    assert len(final) == 1
    champion = next(p for p in people if p.id in alive)
    assert f"Congratulations, {champion.name}!" in final[0].content
    tournament, _, by_round = await stored(parlour, 1)
    assert tournament.status == "finished" and [len(by_round[n]) for n in (1, 2, 3)] == [4, 2, 1]
    rows, _ = await cog(parlour).service.standings(1)
    assert rows[0].name == champion.name
