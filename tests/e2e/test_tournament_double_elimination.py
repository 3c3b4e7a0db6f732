"""Issue 46 through Discord: a double elimination of eight in Gin Rummy (six people, two computers;
one-hand games) played to the end, with a restart mid-round: the losers' bracket fills from the
winners' bracket, nobody is seated after a second loss, and the champion tops the standings."""

from __future__ import annotations

import json

from render.text import recording
from tests.e2e.harness import Parlour
from tests.e2e.tournaments import cog, play_round, round_announcement, settle, sign_up, stored


async def test_a_double_elimination_of_eight_with_computers_to_the_end(parlour: Parlour) -> None:
    server = parlour.server
    recorder = server.recorder
    mod = server.user("mod", manage_guild=True)
    people = [server.user(f"player{n}") for n in range(1, 7)]
    cog(parlour).post_spacing = 0

    created = await server.slash(
        mod, "tournament create", game="gin_rummy", format="double_elimination", options="target_score=0"
    )
    signup = await created.message()
    assert "Double elimination" in signup.content
    await sign_up(parlour, signup, people)
    for _ in range(2):
        assert "computer" in await parlour.sentence(await server.slash(mod, "tournament computer"))
    started = await server.slash(mod, "tournament start")
    await started.answer()
    await started.next("followup")
    await settle(parlour)

    def over() -> bool:
        return any("is over" in m.content for m in recorder.messages_in(parlour.channel.id))

    number = 0
    while not over():
        number += 1
        assert number <= 7, "the bracket of eight takes at most seven rounds"
        seen = round_announcement(parlour, number)
        table_ids = [t for t, _ in seen.tables.values()]
        if number == 3:
            await parlour.restart()  # mid-round: the tables and the bracket come back from the database
            cog(parlour).post_spacing = 0
            await settle(parlour)
        await play_round(parlour, table_ids, people)
        await settle(parlour)

    tournament, entrants, by_round = await stored(parlour, 1)
    assert tournament.status == "finished"
    tables = [t for n in sorted(by_round) for t in sorted(by_round[n], key=lambda t: t.number)]
    assert len(tables) in (14, 15) and all(t.status == "finished" for t in tables)
    assert [len(by_round[1]), len(by_round[2])] == [4, 4]  # winners' round 2 and losers' round 1 at once
    rating = {e.id: e.rating for e in entrants}
    losses: dict[int, int] = {}
    for table in tables:
        assert all(losses.get(e, 0) < 2 for e in table.entrants), "someone was seated after losing twice"
        places = json.loads(table.places_json or "null")
        points = [int(p) for p in json.loads(table.points_json or "null")]
        best = min(range(2), key=lambda s: (places[s], -points[s], -rating[table.entrants[s]], table.entrants[s]))
        loser = table.entrants[1 - best]
        losses[loser] = losses.get(loser, 0) + 1
    rows, _ = await cog(parlour).service.standings(1)
    champion = rows[0]
    assert losses.get(champion.entrant, 0) <= 1
    assert sorted(n for e, n in losses.items() if e != champion.entrant) == [2] * 7
    final = [m for m in recorder.messages_in(parlour.channel.id) if "is over" in m.content]
    assert len(final) == 1 and f"Congratulations, {champion.name}!" in final[0].content

    # Each round came with the bracket; asked for, it shows every player and the champion went on.
    brackets = [
        m
        for m in recorder.messages_in(parlour.channel.id)
        if m.attachments and m.attachments[0].filename == "bracket.png"
    ]
    assert len(brackets) == number
    # ... and each round's picture was drawn again as its tables ended.
    assert sum(1 for m in brackets if m.payload.get("edited_timestamp")) >= number - 1
    with recording() as drawn:
        shown = await (await server.slash(people[0], "tournament bracket", tournament=1)).message()
    assert shown.attachments[0].filename == "bracket.png"
    words = {d.content for d in drawn}
    assert {"Winners' round 1", "Losers' final", "Grand final", champion.name} <= words
    assert all(e.name in words for e in entrants)
