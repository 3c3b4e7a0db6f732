"""Issue 46 through Discord: an Arena of five (four people and a computer) in Gin Rummy. Whoever
finishes is seated again at once with a free player; at the end no new table starts, a table
started before it still counts, and the final standings come with the podium."""

from __future__ import annotations

from datetime import timedelta

from tests.e2e.harness import Parlour
from tests.e2e.tournaments import cog, play_round, settle, sign_up, stored


async def test_an_arena_reseats_finishers_and_ends_on_time(parlour: Parlour) -> None:
    server = parlour.server
    recorder = server.recorder
    mod = server.user("mod", manage_guild=True)
    people = [server.user(f"p{n}") for n in range(1, 5)]
    tournaments = cog(parlour)
    tournaments.post_spacing = 0

    refused = await server.slash(mod, "tournament create", game="gin_rummy", format="arena")
    assert await parlour.sentence(refused) == (
        "An Arena lasts 10 minutes to 24 hours: give its length as round_minutes."
    )
    created = await server.slash(
        mod, "tournament create", game="gin_rummy", format="arena", round_minutes=30, options="target_score=0"
    )
    signup = await created.message()
    assert "Arena" in signup.content
    await sign_up(parlour, signup, people)
    assert "computer" in await parlour.sentence(await server.slash(mod, "tournament computer"))
    started = await server.slash(mod, "tournament start")
    await started.answer()
    await started.next("followup")
    await settle(parlour)

    real_clock = tournaments.service.clock
    offset = timedelta(0)
    tournaments.service.clock = lambda: real_clock() + offset
    for _ in range(3):  # three waves of games inside the half hour
        _, _, by_round = await stored(parlour, 1)
        live = [t.game_table_id for t in by_round[1] if t.status in ("planned", "playing")]
        assert len(live) == 2, "five players: two tables play, one player waits at most"
        await play_round(parlour, [t for t in live if t is not None], people)
        await settle(parlour)
    _, _, by_round = await stored(parlour, 1)
    seated_before_end = {t.game_table_id for t in by_round[1]}
    offset = timedelta(minutes=31)  # the Arena is over: the tables still playing finish and count
    still = [t.game_table_id for t in by_round[1] if t.status in ("planned", "playing")]
    assert still
    await play_round(parlour, [t for t in still if t is not None], people)
    await settle(parlour)
    await tournaments.service.recover()
    await settle(parlour)

    tournament, _, by_round = await stored(parlour, 1)
    assert tournament.status == "finished"
    assert {t.game_table_id for t in by_round[1]} == seated_before_end  # nothing started after the end
    assert all(t.status == "finished" for t in by_round[1])
    rows, rule = await tournaments.service.standings(1)
    assert "Arena" in rule and sum(r.played for r in rows) == 2 * len(by_round[1])
    final = [m for m in recorder.messages_in(parlour.channel.id) if "is over" in m.content]
    assert len(final) == 1 and f"Congratulations, {rows[0].name.removesuffix(' 🔥')}" in final[0].content
