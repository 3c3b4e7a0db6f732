"""Issue 46 at scale, through Discord: a double elimination of 128 in High Card (one-card hands).

Sixteen people and 116 computers sign up; check-in opens and four people do not check in, so 128
start and round 1 names the four. Two people drop out later (one in the middle of a round, whose
table the idle rule then finishes; one between rounds), and the bot is restarted in the middle of
round 3. What people would notice is checked: each round is announced once and matches what the
database holds, each table is posted once, nobody is seated after losing twice, the standings
list the 128 with the grand finalists on top, and every round's bracket picture is a phone page.
"""

from __future__ import annotations

import json

from render.bracket import PAGE_HEIGHT
from render.common import WIDTH
from render.text import recording
from tests.e2e.harness import Parlour
from tests.e2e.scale import (
    SEATING_A_ROUND,
    add_computers,
    announced_round,
    channel_messages,
    picture_sizes,
    table_posts,
)
from tests.e2e.tournaments import cog, mention, play_round, settle, sign_up, status_of, stored

PEOPLE = 16
COMPUTERS = 116
NO_SHOWS = 4
FIELD = PEOPLE + COMPUTERS - NO_SHOWS


async def test_a_double_elimination_of_128_with_no_shows_drops_and_a_restart(parlour: Parlour) -> None:
    server = parlour.server
    mod = server.user("mod", manage_guild=True)
    people = [server.user(f"player{n}") for n in range(1, PEOPLE + 1)]
    no_shows, present = people[:NO_SHOWS], people[NO_SHOWS:]
    cog(parlour).post_spacing = 0

    created = await server.slash(
        mod,
        "tournament create",
        game="highcard",
        format="double_elimination",
        table_size=2,
        checkin=30,
        options="hand_size=1",
    )
    signup = await created.message()
    signup = await sign_up(parlour, signup, people)
    await add_computers(parlour, mod, COMPUTERS)
    assert await parlour.sentence(await server.slash(mod, "tournament checkin")) == "Check-in is open."
    for person in present:
        kind, _ = await parlour.press(person, signup, "Check in")
        assert kind == "update"
    started = await server.slash(mod, "tournament start")
    await started.answer()
    await started.next("followup", timeout=SEATING_A_ROUND)
    await settle(parlour)

    first, text = announced_round(parlour, 1)
    assert f"Dropped for not checking in: {', '.join(mention(p) for p in no_shows)}." in text
    seated = [w for _, names in first.tables.values() for w in names]
    assert len(first.tables) == FIELD // 2 and sorted(seated) == sorted(set(seated)) and len(seated) == FIELD
    assert not {mention(p) for p in no_shows} & set(seated)

    def over() -> bool:
        return any("is over" in m.content for m in channel_messages(parlour))

    dropped: list = []
    number = 0
    announced: dict[int, dict[int, tuple[int, list[str]]]] = {}
    while not over():
        number += 1
        assert number <= 2 * 7 + 2, "a double elimination of 128 takes at most 16 rounds"
        seen, _ = announced_round(parlour, number)
        announced[number] = seen.tables
        table_ids = [t for t, _ in seen.tables.values()]
        if number == 2:  # a person leaves in the middle of their table: the idle rule finishes it
            leaver = next(p for p in present if any(mention(p) in names for _, names in seen.tables.values()))
            assert await parlour.sentence(await server.slash(leaver, "tournament drop")) == "You have dropped out."
            dropped.append(leaver)
        leaver = None
        if number == 3:  # mid-round: the tables and the bracket come back from the database
            assert "playing" in [await status_of(parlour, t) for t in table_ids]
            await parlour.restart()
            cog(parlour).post_spacing = 0
            await settle(parlour)
            # ... and a person still in says they leave after this table (which they play out).
            seated = {w for _, names in seen.tables.values() for w in names}
            leaver = next((p for p in present if p not in dropped and mention(p) in seated), None)
            if leaver is not None:
                assert await parlour.sentence(await server.slash(leaver, "tournament drop")) == "You have dropped out."
        await play_round(parlour, table_ids, people, absent=dropped)
        await settle(parlour)
        if leaver is not None:
            dropped.append(leaver)

    tournament, entrants, by_round = await stored(parlour, 1)
    assert tournament.status == "finished"
    while number < max(by_round):  # the last rounds, of computers only, played out by themselves
        number += 1
        announced[number] = announced_round(parlour, number)[0].tables
    entrant_of = {e.id: e for e in entrants}

    def who(entrant_id: int) -> str:
        entrant = entrant_of[entrant_id]
        return entrant.name if entrant.computer else mention_id(entrant.user_id)

    # Every round was seated once, as announced, and as the database holds it.
    assert sorted(by_round) == list(range(1, number + 1))
    for round_number, tables in by_round.items():
        stored_tables = {t.number: (t.game_table_id, [who(e) for e in t.entrants]) for t in tables}
        assert stored_tables == announced[round_number], f"round {round_number} differs from its announcement"
        everyone = [e for t in tables for e in t.entrants]
        assert len(everyone) == len(set(everyone)), f"someone sat twice in round {round_number}"
    all_tables = [t for n in sorted(by_round) for t in sorted(by_round[n], key=lambda t: t.number)]
    assert all(t.status == "finished" for t in all_tables)
    game_tables = [t.game_table_id for t in all_tables]
    assert len(game_tables) == len(set(game_tables))
    # ... and each table was posted once (a table started twice would be posted twice).
    posts = table_posts(parlour)
    assert set(posts) == {(n, t.number) for n in by_round for t in by_round[n]}
    assert set(posts.values()) == {1}

    # Nobody is seated after a second loss; everyone but the champion and those who dropped lost twice.
    rating = {e.id: e.rating for e in entrants}
    losses: dict[int, int] = {}
    for table in all_tables:
        assert all(losses.get(e, 0) < 2 for e in table.entrants), "someone was seated after losing twice"
        places = json.loads(table.places_json or "null")
        points = [int(p) for p in json.loads(table.points_json or "null")]
        best = min(range(2), key=lambda s: (places[s], -points[s], -rating[table.entrants[s]], table.entrants[s]))
        loser = table.entrants[1 - best]
        losses[loser] = losses.get(loser, 0) + 1
    left = {e.id for e in entrants if e.dropped_after not in (None, 0)}
    assert dropped and dropped[0] in people
    assert {p.id for p in dropped} == {entrant_of[e].user_id for e in left}
    for entrant in left:  # after leaving, never seated again
        gone = entrant_of[entrant].dropped_after or 0
        assert all(entrant not in t.entrants for n in by_round if n > gone for t in by_round[n])

    # The standings: the 128 who started, once each, the grand finalists first.
    rows, _ = await cog(parlour).service.standings(1)
    assert len(rows) == FIELD and len({r.entrant for r in rows}) == FIELD
    assert [r.place for r in rows] == list(range(1, FIELD + 1))
    assert {r.entrant for r in rows} == {e.id for e in entrants if e.dropped_after != 0}
    champion = rows[0]
    assert losses.get(champion.entrant, 0) <= 1
    assert set(all_tables[-1].entrants) == {rows[0].entrant, rows[1].entrant}
    assert all(losses.get(r.entrant) == 2 for r in rows[1:] if r.entrant not in left)
    final = [m for m in channel_messages(parlour) if "is over" in m.content]
    assert len(final) == 1 and f"Congratulations, {champion.name}!" in final[0].content

    # A bracket picture with each round, a phone page each; asked for, its pages show all 128.
    brackets = [m for m in channel_messages(parlour) if m.attachments and m.attachments[0].filename == "bracket.png"]
    assert len(brackets) == number
    sizes = picture_sizes(brackets, "bracket.png")
    assert all(width == WIDTH and height <= PAGE_HEIGHT for width, height in sizes), sizes
    names: set[str] = set()
    page = 0
    pages = 1
    while page < pages:
        page += 1
        with recording() as drawn:
            shown = await (await server.slash(people[-1], "tournament bracket", tournament=1, page=page)).message()
        words = [d.content for d in drawn]
        status = next(w for w in words if w.startswith("Final bracket"))
        pages = int(status.rsplit(" of ", 1)[1]) if " of " in status else 1
        names.update(words)
        assert picture_sizes([shown], "bracket.png")[0][1] <= PAGE_HEIGHT
    assert pages > 1 and {"Winners' round 1", "Losers' final", "Grand final"} <= names
    assert {e.name for e in entrants if e.dropped_after != 0} <= names


def mention_id(user_id: int | None) -> str:
    return f"<@{user_id}>"
