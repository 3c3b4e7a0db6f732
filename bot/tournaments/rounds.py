"""The tournament's state machine: rounds that open, play and end by themselves, results, round timers, the Arena.

A tournament is a small state machine kept entirely in the database. :meth:`RoundDriver.drive`
looks at what is stored and takes the next step, again and again, until there is nothing to
do; every step writes its intent before it acts, so a bot killed between any two steps picks
up where it was when :meth:`recover` drives every running tournament at start:

1. the round is finished (every table ended) -> the round row is marked ``finished``;
2. the next round's pairing is written in ONE transaction: the round row (``opening``), a
   row per table (``planned``) and the tournament's current round. The unique round number
   means a second writer (another process, or a retry) cannot create it twice;
3. each planned table's game table is created (a lobby nobody sees yet) and its id written
   at once; then it is seated, started and announced (:meth:`TableOpener.start_table` does
   nothing to a table already started, so a retry starts nothing twice), and the row is
   ``playing``. A kill between creating a game table and writing its id leaves one unseen
   lobby behind (closed as abandoned a day later); a table is never started twice;
4. when all are open the round is ``open``; it is announced; it is ``playing``;
5. games end: :meth:`table_finished` writes each result; tables whose end was missed while
   the bot was down are asked for with :meth:`TableOpener.table_end`.
"""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import timedelta

from bot.tournaments import arena, pairing
from bot.tournaments.models import (
    RoundStatus,
    Tournament,
    TournamentRound,
    TournamentStatus,
    TournamentTable,
    TournamentTableStatus,
)
from bot.tournaments.pairing import ARENA
from bot.tournaments.ports import SeatSpec, TableEnd, TableRequest
from bot.tournaments.progress import Plan, seed_order
from bot.tournaments.service_base import TournamentServiceBase
from engine import registry
from engine.core import Outcome
from engine.words import Text

__all__ = ["RoundDriver"]

log = logging.getLogger(__name__)


class RoundDriver(TournamentServiceBase):
    """The tournament service's state machine: each due step taken, each one resumable (see the module docstring)."""

    # -- results -----------------------------------------------------------------------------------
    async def table_finished(self, game_table_id: int, outcome: Outcome | None) -> bool:
        """The table service reports a game table's end (None: closed without results).

        Returns False when the table is not a tournament table. Safe to call twice.
        """
        if not await self._claimed(game_table_id):
            return False
        row = await self.repository.table_of_game(game_table_id)
        if row is None:
            return False
        await self._record(row, TableEnd.of(outcome))
        await self.drive(row.tournament_id)
        return True

    async def tournament_of_table(self, game_table_id: int) -> int | None:
        """The tournament a game table was played for (None: no tournament's)."""
        if not await self._claimed(game_table_id):
            return None
        return await self.repository.tournament_of_game(game_table_id)

    async def _claimed(self, game_table_id: int) -> bool:
        """Whether a tournament table has claimed this game table: what the database held when first
        asked, and what was claimed here since (a claim is the only write of a game table's id, and
        the tables claimed by another process's service play and end in that process)."""
        if game_table_id in self._claims:
            return True
        if self._stored_claims is None:
            self._stored_claims = await self.repository.claimed_game_tables()
        return game_table_id in self._stored_claims

    async def _record(self, row: TournamentTable, end: TableEnd) -> None:
        if end.void:
            await self.repository.record(row.id or 0, None, None)
        else:
            await self.repository.record(row.id or 0, end.places, end.points)

    async def tick(self) -> None:
        """Round timers: past a round's deadline, computers finish its unfinished tables."""
        now = self.clock()
        rows = await self.repository.rounds_past_deadline(now)
        due = [round_ for round_, guild_id in rows if self.serves(guild_id)]
        for round_ in due:
            for table in await self._tables(round_.id or 0):
                if table.status == TournamentTableStatus.PLAYING and table.game_table_id is not None:
                    await self.opener.finish_with_computers(table.game_table_id)
            await self.repository.timer_fired(round_.id or 0)

    # -- the state machine -------------------------------------------------------------------------
    async def recover(self) -> list[int]:
        """At start: drive every live tournament to where it should be. Returns their ids."""
        live = [tournament_id for tournament_id, guild_id in await self.repository.live() if self.serves(guild_id)]
        for tournament_id in live:
            try:
                await self.drive(tournament_id)
            except Exception:
                log.exception("Could not resume tournament %s", tournament_id)
        return live

    async def drive(self, tournament_id: int) -> None:
        """Take every step that is due, each one resumable (see the module docstring)."""
        async with self._locks.setdefault(tournament_id, asyncio.Lock()):
            while await self._step(tournament_id):
                self.checkpoint("step")

    async def _step(self, tournament_id: int) -> bool:
        """Take the next due step; False when there is nothing to do now."""
        tournament = await self.get(tournament_id)
        if tournament.status == TournamentStatus.FINAL:
            if self.presenter:
                await self.presenter.tournament_ended(tournament)
            self.checkpoint("announced end")
            return await self._move(tournament_id, TournamentStatus.FINAL, TournamentStatus.FINISHED)
        if tournament.status not in (TournamentStatus.RUNNING, TournamentStatus.PAUSED):
            return False
        current = await self._round(tournament_id, tournament.current_round)
        if current is None:
            if tournament.status == TournamentStatus.PAUSED:
                return False
            return await self._create_round(tournament, 1)
        match current.status:
            case RoundStatus.OPENING:
                await self._open_tables(tournament, current)
                return await self._round_to(current, RoundStatus.OPENING, RoundStatus.OPEN)
            case RoundStatus.OPEN:
                if self.presenter:
                    await self.presenter.round_started(tournament, current.number)
                self.checkpoint("announced round")
                return await self._round_to(current, RoundStatus.OPEN, RoundStatus.PLAYING)
            case RoundStatus.PLAYING:
                if tournament.format == ARENA:
                    return await self._arena_step(tournament, current)
                if not await self._all_ended(current):
                    return False
                return await self._round_to(current, RoundStatus.PLAYING, RoundStatus.FINISHED)
            case _:
                plan = await self.progress.next_plan(tournament, current.number + 1)
                if plan is None:
                    return await self._end(tournament, current.number)
                if tournament.status == TournamentStatus.PAUSED:
                    return False
                return await self._create_round(tournament, current.number + 1, plan)

    async def _create_round(self, tournament: Tournament, number: int, plan: Plan | None = None) -> bool:
        """Write the round, its tables and the current round in one transaction (once only)."""
        plan = plan or await self.progress.next_plan(tournament, number)
        if plan is None:
            return await self._end(tournament, number - 1)
        now = self.clock()
        deadline = now + timedelta(minutes=tournament.round_minutes) if tournament.round_minutes else None
        round_ = TournamentRound(
            tournament_id=tournament.id or 0,
            number=number,
            byes_json=json.dumps(list(plan.round.byes)),
            slots_json=json.dumps(plan.slots),
            deadline=deadline,
            # An Arena's deadline is its end: no table is handed to the computers then.
            timer_fired=tournament.format == ARENA,
            started_at=now,
        )
        if not await self.repository.create_round(round_, plan.round.tables, tournament_id=tournament.id or 0, now=now):
            log.info("Round %s of tournament %s was already created", number, tournament.id)
        return True

    async def _open_tables(self, tournament: Tournament, round_: TournamentRound) -> None:
        entrants = {e.id: e for e in await self.entrants(tournament.id or 0)}
        game = registry.get(tournament.game_key)
        for table in await self._tables(round_.id or 0):
            if table.status != TournamentTableStatus.PLANNED:
                continue
            seats = tuple(SeatSpec(entrants[e].user_id, entrants[e].name, entrants[e].computer) for e in table.entrants)
            request = TableRequest(
                key=f"tournament:{tournament.id}:round:{round_.number}:table:{table.number}",
                guild_id=tournament.guild_id,
                channel_id=tournament.channel_id,
                host_id=tournament.host_id,
                game_key=tournament.game_key,
                options=tournament.options,
                seats=seats,
                title=Text(
                    "{game} tournament #{number} · round {round} · table {table}",
                    game=game.name,
                    number=tournament.id,
                    round=round_.number,
                    table=table.number,
                ),
            )
            game_table_id = table.game_table_id
            if game_table_id is None:
                created = await self.opener.create_table(request)
                self.checkpoint("created table")
                game_table_id = await self._claim(table, created)
                self.checkpoint("wrote table")
            await self.opener.start_table(game_table_id, request)
            self.checkpoint("started table")
            await self.repository.update_planned_table(table.id or 0, status=TournamentTableStatus.PLAYING.value)
            self.checkpoint("table playing")

    async def _claim(self, table: TournamentTable, game_table_id: int) -> int:
        """Write the game table of a planned table unless another writer did first; return the one that stands."""
        stored = await self.repository.claim(table.id or 0, game_table_id)
        assert stored.game_table_id is not None
        self._claims.add(stored.game_table_id)
        if stored.game_table_id != game_table_id:
            log.info("Table %s of tournament %s was created by another writer", table.number, table.tournament_id)
        return stored.game_table_id

    async def _all_ended(self, round_: TournamentRound) -> bool:
        """Whether every table of the round has ended; asks about tables whose end was missed."""
        done = True
        for table in await self._tables(round_.id or 0):
            if table.status in (TournamentTableStatus.FINISHED, TournamentTableStatus.VOID):
                continue
            if table.status == TournamentTableStatus.PLAYING and table.game_table_id is not None:
                end = await self.opener.table_end(table.game_table_id)
                if end is not None:
                    await self._record(table, end)
                    continue
            done = False
        return done

    # -- the Arena: free players seated again at once ---------------------------------------------
    async def _arena_step(self, tournament: Tournament, round_: TournamentRound) -> bool:
        """Seat the free players again at once while the Arena lasts; after its end, finish the round
        once every table that started before it has ended."""
        playing = not await self._all_ended(round_)
        if round_.deadline is not None and self.clock() >= round_.deadline:
            if playing:
                return False
            return await self._round_to(round_, RoundStatus.PLAYING, RoundStatus.FINISHED)
        entrants = await self.entrants(tournament.id or 0)
        tables = await self._tables(round_.id or 0)
        busy = {
            e
            for t in tables
            if t.status in (TournamentTableStatus.PLANNED, TournamentTableStatus.PLAYING)
            for e in t.entrants
        }
        free = [e.id or 0 for e in seed_order(entrants) if e.dropped_after is None and e.id not in busy]
        game = registry.get(tournament.game_key)
        sizes = pairing.mixable_sizes(game.allowed_counts, tournament.table_size, bool(game.teams))
        if len(free) < min(sizes):
            return False
        _, results, _ = await self.progress.history(tournament)
        scores = {line.entrant: line.points for line in arena.arena_lines(results, free, tournament.scoring)}
        last: dict[int, frozenset[int]] = {}
        came_free: dict[int, int] = {}
        for table in tables:  # in table order: the latest table of each player wins
            for entrant in table.entrants:
                last[entrant] = frozenset(table.entrants) - {entrant}
                came_free[entrant] = table.number
        plan = arena.seat_free(
            free, scores, last, table_sizes=sizes, preferred=tournament.table_size, came_free=came_free
        )
        if not plan.tables:
            return False
        number = max((t.number for t in tables), default=0)
        if not await self.repository.add_tables(tournament.id or 0, round_.id or 0, number + 1, plan.tables):
            log.info("Arena tables after %s of tournament %s were written by another writer", number, tournament.id)
        self.checkpoint("arena seated")
        await self._open_tables(tournament, round_)
        # One seating per drive: whoever comes free meanwhile is seated by their own table's end,
        # which drives again. Looking again here would, with computers whose games end at once,
        # run the whole Arena inside this call (the organiser's start waiting on it the while).
        return False
