"""Issue 46 at scale, through Discord: a ten-minute Arena of 100 in High Card (one-card hands).

Fourteen people and 90 computers sign up; four people do not check in, so 100 start and round 1
names the four. A person drops out in the middle of a game (which they play out), and the bot is
restarted while games are being played. The tournament service runs on the harness's fake clock,
which the test moves on two minutes between waves of games; the games of computers alone end with
the next wave (see ``Watch``), so the Arena ends while games still play.

Checked as people would see it, and against the database: nobody sits at two tables at once, no
table starts after the end, the games that started before it count when they end after it, and
every player's points and streak are what their recorded games give by the rule.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlmodel import col, select

import bot.tournaments.service as service_module
from bot.tournaments.models import TournamentRound, TournamentTable
from bot.tournaments.service import TableEnd, TableRequest, TournamentService
from engine.core import Outcome
from render.common import WIDTH
from tests.e2e.harness import FakeClock, Parlour
from tests.e2e.scale import (
    SEATING_A_ROUND,
    add_computers,
    announced_round,
    channel_messages,
    picture_sizes,
    table_posts,
)
from tests.e2e.tournaments import cog, mention, play_round, settle, sign_up, stored

PEOPLE = 14
COMPUTERS = 90
NO_SHOWS = 4
FIELD = PEOPLE + COMPUTERS - NO_SHOWS
#: How far the clock moves between two waves of games (the Arena lasts ten minutes).
WAVE = timedelta(minutes=2)


class Watch:
    """What the test sees of every tournament service the bot makes (one per start): when each game
    table started and ended on the test's clock, and anyone seated while still at another table.

    Computers finish a game as soon as it starts; the test holds the end of a table of computers
    only until the clock has moved on (:meth:`release`), as if their game took that long: otherwise
    they would play the whole Arena at one instant while people are still at their first game."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.started: dict[int, datetime] = {}
        self.ended: dict[int, datetime] = {}
        self.double_seated: list[str] = []
        self.computers_only: set[int] = set()
        self.held: dict[int, Outcome | None] = {}

    def service_class(self) -> type[TournamentService]:
        watch = self

        class WatchedService(TournamentService):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                kwargs["clock"] = watch.clock
                super().__init__(*args, **kwargs)
                start_table, table_end = self.opener.start_table, self.opener.table_end

                async def watched_start(table_id: int, request: TableRequest) -> None:
                    if table_id not in watch.started:
                        watch.started[table_id] = watch.clock()
                        if all(seat.computer for seat in request.seats):
                            watch.computers_only.add(table_id)
                        await watch.check_seats(self, table_id)
                    await start_table(table_id, request)

                async def watched_end(table_id: int) -> TableEnd | None:
                    return None if table_id in watch.held else await table_end(table_id)

                self.opener.start_table = watched_start  # type: ignore[method-assign]
                self.opener.table_end = watched_end  # type: ignore[method-assign]

            async def table_finished(self, game_table_id: int, outcome: Outcome | None) -> bool:
                if game_table_id in watch.computers_only and game_table_id not in watch.ended:
                    watch.held[game_table_id] = outcome
                    return True
                return await watch.record_end(self, game_table_id, outcome)

        return WatchedService

    async def record_end(self, service: TournamentService, game_table_id: int, outcome: Outcome | None) -> bool:
        self.ended.setdefault(game_table_id, self.clock())
        return await TournamentService.table_finished(service, game_table_id, outcome)

    async def release(self, service: TournamentService) -> None:
        """The games of computers held so far end now (each seats its players again)."""
        held, self.held = self.held, {}
        for game_table_id, outcome in held.items():
            await self.record_end(service, game_table_id, outcome)

    async def check_seats(self, service: TournamentService, table_id: int) -> None:
        async with service.sessions() as session:
            row = (await session.exec(select(TournamentTable).where(TournamentTable.game_table_id == table_id))).one()
            others = (
                await session.exec(
                    select(TournamentTable).where(
                        TournamentTable.tournament_id == row.tournament_id,
                        col(TournamentTable.status).in_(["planned", "playing"]),
                        TournamentTable.id != row.id,
                    )
                )
            ).all()
        for other in others:
            if both := set(row.entrants) & set(other.entrants):
                self.double_seated.append(f"table {row.number} seats {both}, still at table {other.number}")


def streak_points(games: list[tuple[int, bool]]) -> tuple[int, int, bool]:
    """Points, games and whether on a streak, by the rule the standings state: a win 3, a tie 2, a
    loss 1 at a table of two; doubled after two wins in a row until a game that is not a win.
    ``games``: (placement points, sole win) in the order played."""
    points, run = 0, 0
    for earned, won in games:
        points += 2 * earned if run >= 2 else earned
        run = run + 1 if won else 0
    return points, len(games), run >= 2


async def test_an_arena_of_100_with_no_shows_a_drop_and_a_restart(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = parlour.server
    mod = server.user("mod", manage_guild=True)
    people = [server.user(f"player{n}") for n in range(1, PEOPLE + 1)]
    no_shows, present = people[:NO_SHOWS], people[NO_SHOWS:]
    watch = Watch(parlour.clock)
    # Every service the bot makes from now on (the cog is loaded again at each start) is watched.
    monkeypatch.setattr(service_module, "TournamentService", watch.service_class())
    await parlour.restart()
    cog(parlour).post_spacing = 0

    created = await server.slash(
        mod,
        "tournament create",
        game="highcard",
        format="arena",
        table_size=2,
        round_minutes=10,
        checkin=30,
        options="hand_size=1",
    )
    signup = await sign_up(parlour, await created.message(), people)
    await add_computers(parlour, mod, COMPUTERS)
    assert await parlour.sentence(await server.slash(mod, "tournament checkin")) == "Check-in is open."
    for person in present:
        assert (await parlour.press(person, signup, "Check in"))[0] == "update"
    started = await server.slash(mod, "tournament start")
    await started.answer()
    await started.next("followup", timeout=SEATING_A_ROUND)
    await settle(parlour)

    first, text = announced_round(parlour, 1)
    assert f"Dropped for not checking in: {', '.join(mention(p) for p in no_shows)}." in text
    seated = [w for _, names in first.tables.values() for w in names]
    assert len(first.tables) == FIELD // 2 and len(seated) == len(set(seated)) == FIELD
    _, _, by_round = await stored(parlour, 1)
    assert len(by_round) == 1
    async with cog(parlour).service.sessions() as session:
        round_ = (await session.exec(select(TournamentRound))).one()
    assert round_.deadline is not None
    end = round_.deadline

    async def people_at_play() -> list[int]:
        _, entrants, by_round = await stored(parlour, 1)
        persons = {e.id for e in entrants if not e.computer}
        return [
            t.game_table_id
            for t in by_round[1]
            if t.status == "playing" and t.game_table_id is not None and persons & set(t.entrants)
        ]

    leaver, leaving_table = None, None
    for wave in range(20):
        await settle(parlour)
        tournament, entrants, by_round = await stored(parlour, 1)
        if tournament.status == "finished":
            break
        if wave == 1:  # a person playing leaves: this game plays on, and they are seated no more
            by_user = {e.user_id: e.id for e in entrants}
            leaver = next(
                p for p in present if any(by_user[p.id] in t.entrants for t in by_round[1] if t.status == "playing")
            )
            leaving_table = next(
                t.number for t in by_round[1] if t.status == "playing" and by_user[leaver.id] in t.entrants
            )
            assert await parlour.sentence(await server.slash(leaver, "tournament drop")) == "You have dropped out."
        if wave == 2:  # the bot restarts with games being played
            assert await people_at_play() and parlour.clock() < end
            await parlour.restart()
            cog(parlour).post_spacing = 0
            await settle(parlour)
        await play_round(parlour, await people_at_play(), people)
        parlour.clock.advance(seconds=WAVE.total_seconds())
        await watch.release(cog(parlour).service)
    else:
        raise AssertionError("the Arena did not end")

    tournament, entrants, by_round = await stored(parlour, 1)
    tables = sorted(by_round[1], key=lambda t: t.number)
    print(
        "DEBUG tables", len(tables), "wave", wave, "started", len(watch.started), "clock", parlour.clock(), "end", end
    )
    assert all(t.status == "finished" for t in tables)
    assert watch.double_seated == []
    # Every table started once, before the end; some ended after it, and all of them count.
    game_tables = [t.game_table_id for t in tables]
    assert set(watch.started) == set(game_tables) and len(game_tables) == len(set(game_tables))
    assert all(when < end for when in watch.started.values())
    late = [t for t in game_tables if t is not None and watch.ended.get(t, end) >= end]
    assert late, "no game was still being played at the end"
    posts = table_posts(parlour)
    assert set(posts.values()) == {1} and len(posts) == len(tables)
    # The one who left played out their game and was not seated again.
    assert leaver is not None and leaving_table is not None
    left = next(e for e in entrants if e.user_id == leaver.id)
    assert max(t.number for t in tables if left.id in t.entrants) == leaving_table

    # Points and streaks add up from the recorded games.
    games: dict[int, list[tuple[int, bool]]] = {e.id or 0: [] for e in entrants if e.dropped_after != 0}
    for table in tables:
        places = json.loads(table.places_json or "[]")
        for seat, entrant in enumerate(table.entrants):
            tied = places.count(places[seat])
            earned = 2 if tied == 2 else (3 if places[seat] == 1 else 1)
            games[entrant].append((earned, places[seat] == 1 and tied == 1))
    rows, rule = await cog(parlour).service.standings(1)
    assert "doubled after 2 wins in a row" in rule
    assert len(rows) == FIELD
    for row in rows:
        points, played, on_fire = streak_points(games[row.entrant])
        assert (row.points, row.played, row.name.endswith(" 🔥")) == (points, played, on_fire), row
        assert row.dropped == (row.entrant == left.id)
    assert sum(r.played for r in rows) == 2 * len(tables)
    assert any(len(g) >= 3 for g in games.values()), "the Arena seated players again and again"
    final = [m for m in channel_messages(parlour) if "is over" in m.content]
    assert len(final) == 1 and f"Congratulations, {rows[0].name.removesuffix(' 🔥')}" in final[0].content
    assert picture_sizes(final, "final.png")[0][0] == WIDTH
