"""Issue 16 through Discord: a 9-player Swiss Nin Jan tournament of 3 rounds (tables of 3) with six
people and three computers: sign-up with the buttons, rounds seated in threads with the players
pinged, a drop, a no-show played by the idle rule, a restart during a round, a kill in the middle
of a round change, a pause across a restart, and the final standings and podium as pictures."""

from __future__ import annotations

import itertools

from bot.tournaments.pairing import History
from bot.tournaments.standings import Row, show_points
from render.standings import StandingLine, tie_breaks
from render.text import recording
from tests.e2e.harness import Parlour
from tests.e2e.tournaments import (
    cog,
    mention,
    play_round,
    round_announcement,
    settle,
    sign_up,
    signed_up,
    status_of,
    stored,
)


class Killed(BaseException):
    """The bot dies here (raised out of the tournament service at one of its checkpoints)."""


async def test_a_swiss_nin_jan_tournament_from_sign_up_to_podium(parlour: Parlour) -> None:
    server = parlour.server
    recorder = server.recorder
    mod = server.user("mod", manage_guild=True)
    people = [server.user(n) for n in ("alice", "bob", "carol", "dave", "erin", "frank")]
    alice, carol, dave, frank = people[0], people[2], people[3], people[5]
    names = {p.id: p.name for p in people}
    assert parlour.bot is not None
    await parlour.bot.store_adapter.update_settings(server.guild.id, use_threads=True)
    cog(parlour).post_spacing = 0

    # Sign-up: the message counts people pressing Join, and the computers the host adds.
    created = await server.slash(mod, "tournament create", game="nin_jan", rounds=3, table_size=3)
    signup = await created.message()
    assert "Nin Jan tournament #1" in signup.content and "Swiss, 3 rounds, tables of 3" in signup.content
    assert signed_up(signup) == 0 and [b["label"] for b in signup.buttons] == ["Join", "Leave"]
    assert (
        "only someone with manage server"
        in (await parlour.sentence(await server.slash(alice, "tournament start"))).lower()
    )
    await sign_up(parlour, signup, people)
    assert "already signed up" in await parlour.sentence(await server.click(alice, signup, label="Join"))
    for _ in range(3):
        assert "computer player" in await parlour.sentence(await server.slash(mod, "tournament computer"))
    assert signed_up(recorder.messages[signup.id]) == 9

    started = await server.slash(mod, "tournament start")
    await started.answer()
    assert "has started" in ((await started.next("followup")).content or "")
    await settle(parlour)
    closed = recorder.messages[signup.id]
    assert "Sign-up is closed" in closed.content and signed_up(closed) == 9 and not closed.buttons

    # Round 1: three tables of three, each in its own thread, its people pinged there.
    first = round_announcement(parlour, 1)
    assert sorted(first.tables) == [1, 2, 3] and first.byes == []
    seated = [who for _, who in first.tables.values()]
    assert sorted(itertools.chain(*seated)) == sorted(
        [mention(p) for p in people] + [f"Computer {n}" for n in (1, 2, 3)]
    )
    check_pings(parlour, [t for t, _ in first.tables.values()])
    assert len(recorder.threads) == 3

    # Dave drops during round 1 (his table plays on); frank never shows up.
    assert "dropped out" in await parlour.sentence(await server.slash(dave, "tournament drop"))
    round1 = [t for t, _ in first.tables.values()]
    # Some moves, then the bot restarts in the middle of the round: the tables and their buttons carry on.
    # (a table of someone who plays: the seating is drawn anew each run, and frank never moves)
    table, mover = next(
        (parlour.table(t), s)
        for t in round1
        for s in parlour.table(t).waiting_people()
        if parlour.table(t).seats[s].user_id != frank.id
    )
    user = next(p for p in people if p.id == table.seats[mover].user_id)
    assert (await parlour.outcome(await parlour.play(user, table.id)))[0] == "update"
    await parlour.restart()  # (the harness turns threads off again for what the bot opens from now on)
    cog(parlour).post_spacing = 0
    sweeps = await play_round(parlour, round1, people, absent=[frank])
    assert sweeps > 0  # frank's moves were made by the idle rule
    await settle(parlour)
    assert [await status_of(parlour, t) for t in round1] == ["finished"] * len(round1)

    # Round 2 opened by itself once round 1's last table ended (no sweep ran: the sweep is an hour away).
    second = round_announcement(parlour, 2)
    assert mention(dave) not in str(second.tables) and mention(frank) in str(second.tables)
    assert sum(len(who) for _, who in second.tables.values()) + len(second.byes) == 8
    check_pings(parlour, [t for t, _ in second.tables.values()], threads=False)

    # The mid-round standings, as a picture anyone can ask for.
    with recording() as drawn:
        standings = await (await server.slash(carol, "tournament standings")).message()
    assert standings.attachments[0].filename == "standings.png"
    lines = [d.content for d in drawn]
    # Round 2 is seated, so the standings are those after round 1 (every row counts one round).
    assert "After round 1 of 3" in lines and "dave" in lines
    assert any("dropped" in line for line in lines)

    # Round 2 ends; the round change to round 3 is killed half-way through (after its first table is
    # created); the bot comes back and finishes it: three rounds, no table twice, none lost.
    kills: list[str] = []

    def die_once(step: str) -> None:
        if step == "wrote table" and not kills:
            kills.append(step)
            raise Killed(step)

    cog(parlour).service.checkpoint = die_once
    await play_round(parlour, [t for t, _ in second.tables.values()], people, absent=[frank])
    await settle(parlour)
    assert kills == ["wrote table"]
    tournament, _, by_round = await stored(parlour, 1)
    assert tournament.current_round == 3 and [t.status for t in by_round[3]].count("planned") == len(by_round[3])
    assert sum(1 for t in by_round[3] if t.game_table_id is not None) == 1
    await parlour.restart()
    cog(parlour).post_spacing = 0
    await recorder.wait_for(
        lambda: any("**Round 3** of" in m.content for m in recorder.messages_in(parlour.channel.id))
    )
    await settle(parlour)
    third = round_announcement(parlour, 3)
    tournament, entrants, by_round = await stored(parlour, 1)
    assert sorted(by_round) == [1, 2, 3]
    round3 = [t for t, _ in third.tables.values()]
    assert sorted(round3) == sorted(t.game_table_id for t in by_round[3])
    assert all(parlour.table(t).status == "playing" for t in round3)
    check_pings(parlour, round3, threads=False)

    # Repeat opponents only where they cannot be avoided: every round after the first has as few
    # (weighed by how often each pair met) as any seating of the same tables could have.
    history = History()
    for number in (1, 2, 3):
        tables = [row.entrants for row in by_round[number]]
        if number > 1:
            assert sum(map(history.repeat_cost, tables)) == fewest_repeats(history, tables), f"round {number}"
        for seated in tables:
            history.add_table(seated)

    # The last round: the final standings and the podium are posted as pictures.
    with recording() as drawn:
        await play_round(parlour, round3, people, absent=[frank])
        await settle(parlour)
    final = [m for m in recorder.messages_in(parlour.channel.id) if "is over" in m.content]
    assert len(final) == 1
    rows, rule = await cog(parlour).service.standings(1)
    assert f"Congratulations, {rows[0].name}!" in final[0].content
    assert [a.filename for a in final[0].attachments] == ["podium.png", "final.png"]
    lines = [d.content for d in drawn]
    assert "Final standings" in lines and "Podium" in lines
    # The rule is wrapped over several lines, and other pictures (hands drawn ahead) may be drawn
    # between them: its words must all be drawn, in order.
    words = iter(" ".join(lines).split())
    assert all(word in words for word in rule.split()), (rule, lines)
    for row in rows:
        assert row.name in lines
    for row in rows[:3]:
        assert f"{show_points(row.points)} pts" in lines  # on the podium
    by_name = {row.name: row for row in rows}
    assert by_name["dave"].dropped and by_name["dave"].played == 1
    assert by_name["frank"].played == 3  # a no-show is still played for, and scores
    assert any(tie_breaks_line(by_name["frank"]) == line for line in lines)
    assert [row.place for row in rows] == sorted(row.place for row in rows)

    # The database agrees: finished, three rounds of finished tables, every result written.
    tournament, entrants, by_round = await stored(parlour, 1)
    assert tournament.status == "finished"
    assert all(t.status == "finished" and t.places_json for tables in by_round.values() for t in tables)
    assert [len(by_round[n]) for n in (1, 2, 3)] == [3, len(second.tables), len(third.tables)]
    assert {e.name for e in entrants if e.dropped_after == 1} == {names[dave.id]}
    game_tables = [t.game_table_id for tables in by_round.values() for t in tables]
    assert len(set(game_tables)) == len(game_tables)
    for tables in by_round.values():
        for row in tables:
            results = await parlour.bot.store.results_for(row.game_table_id or 0)
            assert len(results) == len(row.entrants)


def fewest_repeats(history: History, tables: list[list[int]]) -> int:
    """The least repeat cost of any seating of these players at tables of these sizes (brute force)."""
    players = sorted(p for table in tables for p in table)
    sizes = sorted((len(t) for t in tables), reverse=True)

    def best(left: list[int], sizes: list[int]) -> int:
        if not sizes:
            return 0
        first, rest = left[0], left[1:]
        return min(
            history.repeat_cost((first, *others)) + best([p for p in rest if p not in others], sizes[1:])
            for others in itertools.combinations(rest, sizes[0] - 1)
        )

    return min(best(players, list(order)) for order in set(itertools.permutations(sizes)))


def tie_breaks_line(row: Row) -> str:
    """The tie-break line the standings picture draws under a player's name."""
    return tie_breaks(
        StandingLine(
            row.place,
            row.name,
            show_points(row.points),
            row.game_points,
            show_points(row.buchholz),
            row.head_to_head,
            row.played,
            row.dropped,
        )
    )


def check_pings(parlour: Parlour, table_ids: list[int], *, threads: bool = True) -> None:
    """Each table's first message (in its own thread, when the server uses threads) pings exactly its
    people (computers are not pinged)."""
    recorder = parlour.server.recorder
    for table_id in table_ids:
        table = parlour.table(table_id)
        people = [s.user_id or 0 for s in table.seats if not s.computer]
        assert (table.channel_id != parlour.channel.id) == threads, f"table {table_id} is in the wrong channel"
        posts = [
            e
            for e in recorder.events_of("message")
            if e.channel_id == table.channel_id and e.message_id == table.message_id
        ]
        assert posts, f"table {table_id} was never posted"
        first = posts[0]
        assert ("your table is ready" in (first.content or "")) == bool(people)
        assert sorted(int(u) for u in first.body["allowed_mentions"]["users"]) == sorted(people)
        assert all(f"<@{u}>" in (first.content or "") for u in people)
