"""Double elimination through the tournament service: kills at every step, drops, the reset final."""

from __future__ import annotations

import json
import random

import pytest

from bot.actor import Actor
from bot.db import Database
from bot.tournaments.models import TournamentRound, TournamentTable
from bot.tournaments.service import TableEnd, TournamentError, TournamentService
from engine.core import Outcome
from tests.bot.test_tournament_service import Announcer, FakeOpener, Killed, new_tournament, rows, unfinished

#: The organiser: a member of server 1 with Manage Server.
ORGANISER = Actor(3, 1, manage_guild=True)


def killing_service(database: Database, opener: FakeOpener, announcer: Announcer):
    """Services that die at their first checkpoint (after a death at step X, the next passes X once)."""
    last_kill = [""]

    def make(kill: bool) -> TournamentService:
        passed = [False]

        def checkpoint(step: str) -> None:
            if not kill:
                return
            if step == last_kill[0] and not passed[0]:
                passed[0] = True
                return
            last_kill[0] = step
            raise Killed(step)

        return TournamentService(database.sessions, opener, presenter=announcer, checkpoint=checkpoint)

    return make


async def seated_losses(
    database: Database, tournament_id: int, half: int = 1
) -> list[tuple[int, list[int], list[int]]]:
    """Per table in round order: the round, who sat there, and who finished below the top ``half``
    (ties: more game points, then the better seed: the later sign-up, rated higher here)."""
    rounds = {r.id: r.number for r in await rows(database, TournamentRound, tournament_id)}
    found = []
    for table in sorted(
        await rows(database, TournamentTable, tournament_id), key=lambda t: (rounds[t.round_id], t.number)
    ):
        places = json.loads(table.places_json or "null") or list(range(1, len(table.entrants) + 1))  # void: seats
        points = [int(p) for p in json.loads(table.points_json or "null") or [0] * len(places)]
        seats = sorted(range(len(places)), key=lambda s: (places[s], -points[s], -table.entrants[s]))
        found.append((rounds[table.round_id], table.entrants, [table.entrants[s] for s in seats[half:]]))
    return found


async def test_a_double_elimination_killed_after_every_step_ends_with_everyone_out_twice(database: Database) -> None:
    opener, announcer = FakeOpener(), Announcer()
    service = killing_service(database, opener, announcer)
    tournament_id = await new_tournament(
        service(False), 8, game_key="gin_rummy", table_size=2, format="double_elimination"
    )
    rng = random.Random(8)
    kills = 0

    async def run(action) -> None:
        nonlocal kills
        try:
            await action(service(True))
            return
        except Killed:
            kills += 1
        while True:
            try:
                await service(True).recover()  # a new process on the same database resumes
                return
            except Killed:
                kills += 1

    await run(lambda s: s.start(tournament_id, ORGANISER))
    while (await service(False).get(tournament_id)).status != "finished":
        table_id = unfinished(opener)[0]
        end = opener.play(table_id, rng)
        await run(lambda s, t=table_id, o=end: s.table_finished(t, o))

    assert kills > 20
    tables = await rows(database, TournamentTable, tournament_id)
    # 7 tables in the winners' bracket, 6 in the losers', one or two finals; each started once.
    assert len(tables) in (14, 15) and all(t.status == "finished" for t in tables)
    assert sorted(t.game_table_id for t in tables) == sorted(opener.by_key.values())
    losses: dict[int, int] = {}
    for _, seated, lost in await seated_losses(database, tournament_id):
        assert all(losses.get(e, 0) < 2 for e in seated), "someone played after losing twice"
        for entrant in lost:
            losses[entrant] = losses.get(entrant, 0) + 1
    standings, rule = await service(False).standings(tournament_id)
    champion = standings[0].entrant
    assert losses.get(champion, 0) <= 1
    assert sorted(n for e, n in losses.items() if e != champion) == [2] * 7
    assert "bracket" in rule and [r.place for r in standings] == list(range(1, 9))
    assert announcer.ended >= 1


async def test_drops_and_no_results_never_stop_the_bracket(database: Database) -> None:
    opener, announcer = FakeOpener(), Announcer()
    service = TournamentService(database.sessions, opener, presenter=announcer)
    tournament_id = await new_tournament(service, 11, game_key="gin_rummy", table_size=2, format="double_elimination")
    await service.start(tournament_id, ORGANISER)
    first = await service.round_view(tournament_id, 1)
    assert first is not None
    # 11 players in a bracket of 16: the five best seeds (users 110..106) wait out round 1.
    entrants = {e.id: e.user_id for e in await service.entrants(tournament_id)}
    assert sorted(entrants[e] for e in first.byes) == [106, 107, 108, 109, 110]
    await service.drop(tournament_id, Actor(110, 1))
    rng = random.Random(11)
    step = 0
    while unfinished(opener):
        for table_id in unfinished(opener):
            step += 1
            if step % 5 == 0:
                await service.table_finished(table_id, None)  # closed without results
            else:
                await service.table_finished(table_id, opener.play(table_id, rng))
    assert (await service.get(tournament_id)).status == "finished"
    for _, seated, _ in await seated_losses(database, tournament_id):
        assert not any(entrants[e] == 110 for e in seated)
    standings, _ = await service.standings(tournament_id)
    assert len(standings) == 11 and standings[0].entrant != next(e for e, u in entrants.items() if u == 110)


async def test_the_losers_side_winning_the_final_resets_it(database: Database) -> None:
    opener = FakeOpener()
    service = TournamentService(database.sessions, opener)
    tournament_id = await new_tournament(service, 2, game_key="gin_rummy", table_size=2, format="double_elimination")
    await service.start(tournament_id, ORGANISER)
    entrants = {e.id: e.user_id for e in await service.entrants(tournament_id)}

    async def finish(winner_user: int) -> None:
        (table_id,) = unfinished(opener)
        seats = opener.requests[table_id].seats
        points = tuple(10 if s.user_id == winner_user else 0 for s in seats)
        outcome = Outcome("test", points, tuple(1 if p else 2 for p in points))
        opener.ends[table_id] = TableEnd.of(outcome)
        await service.table_finished(table_id, outcome)

    await finish(101)  # the better seed wins the winners' final
    await finish(100)  # the other comes back through the losers' side and wins the first final
    assert (await service.get(tournament_id)).status == "running"
    await finish(100)  # and the reset final
    assert (await service.get(tournament_id)).status == "finished"
    standings, _ = await service.standings(tournament_id)
    assert [entrants[r.entrant] for r in standings] == [100, 101]
    assert len(opener.by_key) == 3


async def test_four_player_tables_send_the_top_half_on(database: Database) -> None:
    opener = FakeOpener()
    service = TournamentService(database.sessions, opener)
    tournament_id = await new_tournament(service, 14, game_key="nin_jan", table_size=4, format="double_elimination")
    await service.start(tournament_id, ORGANISER)
    rng = random.Random(4)
    while unfinished(opener):
        for table_id in unfinished(opener):
            await service.table_finished(table_id, opener.play(table_id, rng))
    assert (await service.get(tournament_id)).status == "finished"
    losses: dict[int, int] = {}
    for _, seated, lost in await seated_losses(database, tournament_id, half=2):
        assert 3 <= len(seated) <= 4
        assert all(losses.get(e, 0) < 2 for e in seated)
        for entrant in lost:
            losses[entrant] = losses.get(entrant, 0) + 1


async def test_double_elimination_refusals_are_sentences(database: Database) -> None:
    service = TournamentService(database.sessions, FakeOpener())
    with pytest.raises(TournamentError, match="tables of 2, 4 or 6"):
        await service.create(
            Actor(3, 1, manage_guild=True), channel_id=2, game_key="nin_jan", table_size=3, format="double_elimination"
        )
    with pytest.raises(TournamentError, match="Gin-Go cannot play a double elimination at tables of 4"):
        await service.create(
            Actor(3, 1, manage_guild=True), channel_id=2, game_key="gin_go", table_size=4, format="double_elimination"
        )
