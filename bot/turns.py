"""Turn-based tables: their clocks, what happens when a time runs out, turn notices, absences.

The table service tells this service every moment of a table (:attr:`TableService.on_moment`):
the clocks of seats the game stops waiting on stop (a slow move eats into the bank), the clocks
of seats it starts waiting on start, and those people are told. :meth:`TurnService.tick`, run
every few seconds by the bot, acts on what is due: a notice delayed by quiet hours, a reminder, a
time-out (the table is told and the others choose: wait longer, the computer plays the move, or
the computer takes the seat), the end of the others' time to choose (the computer plays), and a
table abandoned for longer than its pace allows. Each is claimed first by a conditional write of
the table's clocks (:meth:`bot.clock_store.ClockStore.write`), so it happens once. What the clocks
show people (the picture's clock band, the table message's lines) is in :mod:`bot.clock_display`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from datetime import datetime, timedelta

from bot.actor import Actor
from bot.clock_display import clock_lines as clock_lines
from bot.clock_display import clock_strip as clock_strip
from bot.clock_display import until
from bot.clock_store import ClockStore
from bot.models import TableStatus
from bot.pace import (
    ASK,
    COMPUTER_MOVE,
    COMPUTER_SEAT,
    HAND_OVER,
    MAX_AWAY,
    OUT,
    PACES,
    REMINDED,
    RUNNING,
    TIMEOUT_RULES,
    Night,
    Pace,
    SeatClock,
    TableClocks,
    duration_text,
    pace_choice,
    pace_named,
)
from bot.pace_models import PlayerPrefs
from bot.tables import Table, TableError, TableService
from bot.tournaments.models import TournamentStatus
from bot.turn_notices import TurnNotifier, quiet_now
from engine.words import Text

log = logging.getLogger(__name__)

#: The choices the others have when a person's time runs out (button codes).
WAIT, PLAY_MOVE, HAND_SEAT = "w", "m", "s"
#: How often the tick makes sure a waiting table's channel still exists.
LOOK_FOR_CHANNEL_EVERY = timedelta(hours=1)
#: The log's actor for a move the computer played after a time-out (bot.models.ActorKind.TIMEOUT).
TIMEOUT_ACTOR = "timeout"


class TurnService:
    """Clocks of the turn-based tables the table service holds (see the module docstring)."""

    def __init__(
        self,
        tables: TableService,
        store: ClockStore,
        *,
        notifier: TurnNotifier | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.tables = tables
        self.store = store
        self.notifier = notifier
        self.clock = clock or tables.clock
        #: The last move of each turn-based table (by this clock), for abandonment.
        self.moved_at: dict[int, datetime] = {}
        #: When the tick last made sure each table's channel exists.
        self.looked_at: dict[int, datetime] = {}
        #: The round deadline of each tournament table (None: its round has none).
        self.round_deadlines: dict[int, datetime | None] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        tables.on_moment = self.moment

    # -- loading -----------------------------------------------------------------------------
    async def restore(self) -> None:
        """Bring back the clocks of the tables the table service restored (after its restore)."""
        found = await self.store.clocks_and_moves(list(self.tables.tables))
        for table_id, (clocks, moved_at) in found.items():
            table = self.tables.tables.get(table_id)
            if table is None:
                continue
            self._adopt(table, clocks)
            self.moved_at[table_id] = moved_at
            if table.status == TableStatus.PLAYING and clocks.turn_based:
                async with self.tables.lock(table_id):
                    await self._sync(table, moved=False)  # a move saved before its clocks were: start them now

    # -- the lobby: a pace per table ---------------------------------------------------------
    async def choose_pace(self, table_id: int, actor: Actor, pace_key: str) -> Table:
        """The host sets the table's pace in the lobby (a value from a click is checked here); a
        value ending in ``+nights`` stops each person's clock during their declared night."""
        try:
            pace, nights = pace_choice(pace_key)
        except ValueError as error:
            raise TableError(str(error)) from None
        async with self.tables.lock(table_id):
            table = self.tables.get(table_id, actor)
            if table.status != TableStatus.LOBBY:
                raise TableError(Text("The game has already started: its pace is set."))
            if actor.user_id != table.host_id:
                raise TableError(Text("Only the host can change the pace."))
            now = self.clock()
            if table.clocks is None:
                clocks = TableClocks(pace, nights=nights)
                if not await self.store.create(table.id, clocks, now):
                    clocks = (await self.store.clocks([table.id]))[table.id]
                    clocks.pace, clocks.nights = pace, nights
                    await self._write(table, clocks)
            else:
                clocks = table.clocks
                clocks.pace, clocks.nights = pace, nights
                await self._write(table, clocks)
            self._adopt(table, clocks)
            self.moved_at[table.id] = now
        return table

    async def opened(self, table: Table) -> None:
        """A lobby was opened: it takes the server's default pace (the host may change it), so that a
        turn-based lobby shows its pace and outlives a day."""
        pace = pace_named(await self.store.guild_pace(table.guild_id))
        if not pace.turn_based or table.clocks is not None:
            return
        clocks = TableClocks(pace)
        now = self.clock()
        if await self.store.create(table.id, clocks, now):
            self._adopt(table, clocks)
            self.moved_at[table.id] = now

    async def rematched(self, old_id: int, table: Table) -> None:
        """A rematch's lobby plays at its finished table's pace (night pauses too); a table that was
        live, or is no longer in memory, gives it the server's default, as a new lobby gets."""
        old = self.tables.finished.get(old_id) or self.tables.tables.get(old_id)
        kept = old.clocks if old is not None else None
        if kept is None or not kept.turn_based or table.clocks is not None:
            await self.opened(table)
            return
        clocks = TableClocks(kept.pace, nights=kept.nights)
        now = self.clock()
        if await self.store.create(table.id, clocks, now):
            self._adopt(table, clocks)
            self.moved_at[table.id] = now

    async def default_pace(self, table: Table) -> TableClocks:
        """A table's pace when its game starts: its tournament's, or the host's choice, or the server's."""
        tournament = await self.store.tournament_pace_of_table(table.id)
        if tournament is not None:
            tournament_id, pace, rule = tournament
            return TableClocks(pace_named(pace), on_timeout=rule, on_away=HAND_OVER, tournament_id=tournament_id)
        if table.clocks is not None:
            return table.clocks
        return TableClocks(pace_named(await self.store.guild_pace(table.guild_id)))

    # -- every moment of a table (under its lock) ----------------------------------------------
    async def moment(self, table: Table) -> None:
        """A game started, a move was saved or a seat changed hands: start and stop the clocks."""
        if table.status == TableStatus.LOBBY:
            return
        if table.version == 0 and table.status == TableStatus.PLAYING and not (table.clocks and table.clocks.seats):
            clocks = await self.default_pace(table)
            if not clocks.turn_based:
                table.clocks = None
                return
            clocks.seats = [SeatClock(clocks.pace.bank) for _ in table.seats]
            if table.clocks is None and not await self.store.create(table.id, clocks, self.clock()):
                clocks.stamp = (await self.store.clocks([table.id]))[table.id].stamp
            elif table.clocks is not None:
                clocks.stamp = table.clocks.stamp
            self._adopt(table, clocks)
        if table.clocks is None or not table.clocks.turn_based:
            return
        await self._sync(table, moved=True)

    async def _sync(self, table: Table, *, moved: bool) -> None:
        clocks = table.clocks
        assert clocks is not None
        now = self.clock()
        waiting = table.waiting_people()
        prefs = await self._prefs(table, waiting)
        away = {seat: p.away_until for seat, p in prefs.items() if p.away_until is not None and p.away_until > now}
        paused = {seat: until for seat, until in away.items() if clocks.on_away != HAND_OVER}
        nights = {
            seat: Night(p.time_zone, p.quiet_start, p.quiet_end)
            for seat, p in prefs.items()
            if p.quiet_start is not None and p.quiet_end is not None and p.quiet_start != p.quiet_end
        }
        started = clocks.sync(waiting, now, paused, nights)
        if moved:
            self.moved_at[table.id] = now
        await self._write(table, clocks, now if moved else None)
        if started and self.notifier is not None:
            await self._wake(table)  # before the table message is edited: an archived thread refuses edits
        for seat in started:
            if seat in away and clocks.on_away == HAND_OVER:
                self._later(self._hand_over(table, seat, away=True))
            else:
                self._later(self._tell_turn(table, seat))

    async def _prefs(self, table: Table, seats: list[int]) -> dict[int, PlayerPrefs]:
        """The preferences of the people in these seats."""
        people = {seat: user for seat in seats if (user := table.seats[seat].user_id) is not None}
        prefs = await self.store.prefs(list(people.values()))
        return {seat: prefs[user] for seat, user in people.items()}

    async def _write(self, table: Table, clocks: TableClocks, moved_at: datetime | None = None) -> bool:
        """Save the clocks; on a conflict (another process wrote first) take the saved ones."""
        if await self.store.write(table.id, clocks, moved_at):
            return True
        saved = (await self.store.clocks([table.id])).get(table.id)
        if saved is not None:
            self._adopt(table, saved)
        log.info("The clocks of table %s were changed by another process", table.id)
        return False

    def _adopt(self, table: Table, clocks: TableClocks) -> None:
        clocks.now = self.clock
        table.clocks = clocks

    def _later(self, work: Coroutine[object, object, None]) -> None:
        """Run a notice off the table's lock (it waits for Discord)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def settle(self) -> None:
        """Wait for the notices under way (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # -- notices -----------------------------------------------------------------------------
    async def _tell_turn(self, table: Table, seat: int) -> None:
        """Tell a person it is their turn (a DM waits for the end of their quiet hours)."""
        clocks, person = table.clocks, table.seats[seat]
        if self.notifier is None or clocks is None or person.user_id is None:
            return
        clock = clocks.seats[seat]
        now = self.clock()
        if clock.told or clock.since is None or clock.since > now:
            return
        prefs = (await self.store.prefs([person.user_id]))[person.user_id]
        facts = {
            "game": table.game.name,
            "table": table.id,
            "left": duration_text(clocks.left(seat, now) or timedelta(0)),
            "until": until(clocks.due(seat)),
        }
        if prefs.notify == "dm":
            if quiet_now(prefs, now):
                return  # the tick sends it when their night is over; the clock runs as for everyone
            said = Text("It is your turn at {game} table #{table}: you have {left}{until}.", **facts)
            if await self.notifier.direct(person.user_id, said, table):
                await self._mark_told(table, seat)
                return
            if not prefs.dm_closed_told:
                await self.store.update_prefs(person.user_id, dm_closed_told=True)
                closed = Text(
                    "{mention}: your turn at {game} table #{table}: you have {left}{until}. (Your direct "
                    "messages are closed, so I mention you here instead.)",
                    mention=f"<@{person.user_id}>",
                    **facts,
                )
                if await self.notifier.mention(table, person.user_id, closed):
                    await self._mark_told(table, seat)
                return
        mention = Text(
            "{mention}: your turn at {game} table #{table}: you have {left}{until}.",
            mention=f"<@{person.user_id}>",
            **facts,
        )
        if await self.notifier.mention(table, person.user_id, mention):
            await self._mark_told(table, seat)

    async def _mark_told(self, table: Table, seat: int) -> None:
        async with self.tables.lock(table.id):
            clocks = table.clocks
            if clocks is None or clocks.seats[seat].since is None or clocks.seats[seat].told:
                return
            clocks.seats[seat].told = True
            await self._write(table, clocks)

    async def _wake(self, table: Table, *, unarchive: bool = True) -> None:
        assert self.notifier is not None
        self.looked_at[table.id] = self.clock()
        try:
            if not await self.notifier.wake(table, unarchive=unarchive):
                self._later(self._lost(table))
        except Exception:
            log.exception("Could not wake the thread of table %s", table.id)

    async def _lost(self, table: Table) -> None:
        """The table's channel is gone (and the channel of its thread): end it without results and
        tell its people why, by DM."""
        try:
            await self.tables.end(table.id, Actor.host_of(table.guild_id, table.host_id))
        except TableError:
            return
        if self.notifier is None:
            return
        threaded = table.parent_channel_id is not None and table.parent_channel_id != table.channel_id
        where = (
            Text("its thread and the channel it was in were deleted") if threaded else Text("its channel was deleted")
        )
        why = Text(
            "{game} table #{table} was ended without results: {where}.",
            game=table.game.name,
            table=table.id,
            where=where,
        )
        for seat in table.seats:
            if not seat.computer and seat.user_id is not None:
                await self.notifier.direct(seat.user_id, why, table, link=False)

    # -- the tick ----------------------------------------------------------------------------
    async def tick(self) -> None:
        """Act on everything due at the turn-based tables (each table on its own)."""
        for table in list(self.tables.tables.values()):
            if table.clocks is None or not table.clocks.turn_based:
                continue
            try:
                await self._tick_table(table)
            except Exception:
                log.exception("Could not keep the time of table %s", table.id)

    async def _tick_table(self, table: Table) -> None:
        clocks = table.clocks
        assert clocks is not None
        now = self.clock()
        if now - self.moved_at.get(table.id, now) >= clocks.pace.abandoned_after:
            await self._abandon(table, clocks.pace)
            return
        if table.status != TableStatus.PLAYING:
            return
        if clocks.tournament_id is not None and await self._round_over(table, now):
            return
        if self.notifier is not None and now - self.looked_at.get(table.id, now - LOOK_FOR_CHANNEL_EVERY) >= (
            LOOK_FOR_CHANNEL_EVERY
        ):
            await self._wake(table, unarchive=False)  # deleted while it waited: the game moves
        for seat, clock in enumerate(clocks.seats):
            if clock.since is None or table.seats[seat].computer:
                continue
            if not clock.told and clock.since <= now:
                await self._tell_turn(table, seat)
            due, remind_at, grace_end = clocks.due(seat), clocks.remind_at(seat), clocks.grace_end(seat)
            if clock.stage == RUNNING and remind_at is not None and now >= remind_at and due is not None and now < due:
                if await self._claim(table, seat, clock, REMINDED):
                    await self._remind(table, seat)
            elif clock.stage in (RUNNING, REMINDED) and due is not None and now >= due:
                if await self._claim(table, seat, clock, OUT):
                    await self._timed_out(table, seat)
            elif clock.stage == OUT and grace_end is not None and now >= grace_end:
                await self._computer_plays(table, seat)

    async def _round_over(self, table: Table, now: datetime) -> bool:
        """Past its tournament round's deadline, a table is settled by the tournament's rule: the
        computer plays every seat to the end (the round closes with the table's result)."""
        if table.id not in self.round_deadlines:
            self.round_deadlines[table.id] = await self.store.round_deadline(table.id)
        deadline = self.round_deadlines[table.id]
        if deadline is None or now < deadline:
            return False
        people = [seat for seat, who in enumerate(table.seats) if not who.computer]
        if people and self.notifier is not None:
            await self.notifier.say(
                table, Text("The round's deadline has passed, so the computer finishes table #{table}.", table=table.id)
            )
        for seat in people:
            person = table.seats[seat]
            try:
                host = Actor.host_of(table.guild_id, table.host_id)
                await self.tables.replace_with_computer(table.id, host, person.user_id or 0, person.name)
            except TableError as error:
                log.info("Could not settle seat %s of table %s: %s", seat, table.id, error)
        return True

    async def _claim(self, table: Table, seat: int, clock: SeatClock, stage: str) -> bool:
        """Move a seat's clock to ``stage``, once: False when it had moved already (here or elsewhere)."""
        async with self.tables.lock(table.id):
            clocks = table.clocks
            if clocks is None or clocks.seats[seat] is not clock or clock.stage == stage or clock.since is None:
                return False
            clock.stage = stage
            if stage == OUT:
                clock.out_at = self.clock()
            return await self._write(table, clocks)

    async def _remind(self, table: Table, seat: int) -> None:
        clocks, person = table.clocks, table.seats[seat]
        if self.notifier is None or clocks is None or person.user_id is None:
            return
        facts = {
            "game": table.game.name,
            "table": table.id,
            "left": duration_text(clocks.left(seat, self.clock()) or timedelta(0)),
            "until": until(clocks.due(seat)),
        }
        prefs = (await self.store.prefs([person.user_id]))[person.user_id]
        dm = prefs.notify == "dm" and not quiet_now(prefs, self.clock())
        reminder = Text("Reminder: your time at {game} table #{table} runs out in {left}{until}.", **facts)
        if dm and await self.notifier.direct(person.user_id, reminder, table):
            return
        mention = Text(
            "{mention}: your time at {game} table #{table} runs out in {left}{until}.",
            mention=f"<@{person.user_id}>",
            **facts,
        )
        await self.notifier.mention(table, person.user_id, mention)

    async def _timed_out(self, table: Table, seat: int) -> None:
        """A time ran out: the table's rule, or the others choose (with nobody else to ask, the computer plays)."""
        clocks = table.clocks
        assert clocks is not None
        rule = clocks.on_timeout
        others = [s for s, who in enumerate(table.seats) if s != seat and not who.computer]
        if rule == ASK and not others:
            rule = COMPUTER_MOVE
        if rule == COMPUTER_SEAT:
            await self._hand_over(table, seat, away=False)
        elif rule == COMPUTER_MOVE:
            await self._computer_plays(table, seat)
        elif self.notifier is not None:
            since = clocks.seats[seat].since
            assert since is not None
            await self.notifier.timed_out(table, seat, since)

    async def _computer_plays(self, table: Table, seat: int) -> None:
        """The computer plays the seat's move (each step of its turn) after a time-out, marked as such."""
        name = table.seats[seat].name
        for _ in range(20):  # a turn of a few decisions (a draw, then a discard) is played whole
            clocks = table.clocks
            if clocks is None or seat not in table.waiting_people() or clocks.seats[seat].stage != OUT:
                return
            clocks.seats[seat].timeouts += 1
            note = Text("{name} ran out of time, so this move was played by the computer after a time-out.", name=name)
            if not await self.tables.play_for_absent(table, seat, TIMEOUT_ACTOR, note):
                clocks.seats[seat].timeouts -= 1
                return

    async def _hand_over(self, table: Table, seat: int, *, away: bool) -> None:
        """A computer takes the seat for the rest of the game: its person is away, or ran out of time."""
        person = table.seats[seat]
        if person.computer or person.user_id is None:
            return
        try:
            host = Actor.host_of(table.guild_id, table.host_id)
            await self.tables.replace_with_computer(table.id, host, person.user_id, person.name)
        except TableError as error:
            log.info("Could not hand seat %s of table %s to a computer: %s", seat, table.id, error)
            return
        if self.notifier is not None:
            await self.notifier.say(
                table,
                Text("{name} is away, so a computer plays their seat for the rest of the game.", name=person.name)
                if away
                else Text(
                    "{name} ran out of time, so a computer plays their seat for the rest of the game.", name=person.name
                ),
            )

    async def _abandon(self, table: Table, pace: Pace) -> None:
        try:
            await self.tables.end(table.id, Actor.host_of(table.guild_id, table.host_id))
        except TableError:
            return
        self.moved_at.pop(table.id, None)
        after = duration_text(pace.abandoned_after)
        note = Text("This table was closed after {after} without a move. No results were recorded.", after=after)
        if self.tables.presenter is not None:
            await self.tables.presenter.table_changed(table, note)

    # -- the others' choice after a time-out --------------------------------------------------
    async def choose(self, table_id: int, actor: Actor, seat: int, since: int, choice: str) -> str:
        """Another player chooses what happens to ``seat`` whose time ran out; returns what was done.

        ``since`` names the turn the buttons were made for (its start, in whole seconds): a choice
        for a turn that is over, or made already, is refused with a sentence."""
        table = self.tables.get(table_id, actor)
        clocks = table.clocks
        chooser = table.seat_of(actor.user_id)
        if chooser is None:
            raise TableError(Text("Only the players of this table can choose."))
        if clocks is None or not 0 <= seat < len(clocks.seats) or chooser == seat:
            raise TableError(Text("That choice is not yours to make."))
        clock = clocks.seats[seat]
        if clock.stage != OUT or clock.since is None or int(clock.since.timestamp()) != since:
            raise TableError(Text("That time-out is settled already."))
        name = table.seats[seat].name
        if choice == WAIT:
            async with self.tables.lock(table_id):
                if clock.stage != OUT:
                    raise TableError(Text("That time-out is settled already."))
                clocks.wait_longer(seat, self.clock())
                if not await self._write(table, clocks):
                    raise TableError(Text("That time-out is settled already."))
            more = duration_text(clocks.pace.per_move or timedelta(0))
            return Text("{name} has {time} more for this move.", name=name, time=more)
        if choice == PLAY_MOVE:
            await self._computer_plays(table, seat)
            return Text("The computer played {name}'s move.", name=name)
        if choice == HAND_SEAT:
            async with self.tables.lock(table_id):
                if clock.stage != OUT:
                    raise TableError(Text("That time-out is settled already."))
            await self._hand_over(table, seat, away=False)
            return Text("A computer plays {name}'s seat for the rest of the game.", name=name)
        raise TableError(Text("I can't read that button."))

    # -- people ------------------------------------------------------------------------------
    def waiting_on(self, user_id: int, guild_id: int | None) -> list[tuple[Table, timedelta | None]]:
        """The tables (of one server, or all) waiting on this person, soonest deadline first."""
        now = self.clock()
        found = []
        for table in self.tables.tables.values():
            if guild_id is not None and table.guild_id != guild_id:
                continue
            seat = table.seat_of(user_id)
            if seat is None or seat not in table.waiting_people():
                continue
            left = table.clocks.left(seat, now) if table.clocks and table.clocks.turn_based else None
            found.append((table, left))
        found.sort(key=lambda item: (item[1] is None, item[1] or timedelta(0)))
        return found

    async def away(self, user_id: int, until: datetime | None) -> str:
        """The person is away until ``until`` (None: back now): tables that allow it stop their clocks
        meanwhile, the others hand their seats to a computer. Returns one sentence."""
        now = self.clock()
        if until is not None and not now < until <= now + MAX_AWAY:
            raise TableError(Text("Choose a date after today and at most {days} days away.", days=MAX_AWAY.days))
        await self.store.update_prefs(user_id, away_until=until)
        if until is None:
            return Text("Welcome back: your clocks run again.")
        paused, handed = 0, 0
        for table in list(self.tables.tables.values()):
            seat = table.seat_of(user_id)
            clocks = table.clocks
            if seat is None or clocks is None or not clocks.turn_based or table.status != TableStatus.PLAYING:
                continue
            if clocks.on_away == HAND_OVER:
                await self._hand_over(table, seat, away=True)
                handed += 1
                continue
            async with self.tables.lock(table.id):
                clocks.postpone(seat, until, now)
                await self._write(table, clocks)
            paused += 1
        when = f"{until:%Y-%m-%d %H:%M} UTC"
        if handed:
            return Text(
                "You are away until {until}: your clocks wait at {paused} tables, and a computer took your "
                "seat at {handed}.",
                until=when,
                paused=paused,
                handed=handed,
            )
        return Text.plural(
            "You are away until {until}: your clocks wait at {count} table.",
            "You are away until {until}: your clocks wait at {count} tables.",
            paused,
            until=when,
        )

    async def set_tournament_pace(
        self, tournament_id: int, pace: str, on_timeout: str, actor: Actor | None = None
    ) -> None:
        """A tournament's tables play at ``pace``; a time-out there does ``on_timeout``. When a person
        acts (``actor``), only the host of a tournament of their server may, during sign-up."""
        if actor is not None:
            found = await self.store.tournament(tournament_id)
            if found is None or not actor.owns(found.guild_id):
                raise TableError(f"There is no tournament #{tournament_id} in this server.")
            if found.host_id != actor.user_id:
                raise TableError("Only the tournament's host can set its pace.")
            if found.status != TournamentStatus.SIGNUP:
                raise TableError("The tournament has started: its pace is set.")
        if pace not in PACES:
            raise TableError(f"There is no pace {pace!r}.")
        if on_timeout not in TIMEOUT_RULES:
            raise TableError(f"There is no time-out rule {on_timeout!r}.")
        await self.store.set_tournament_pace(tournament_id, pace, on_timeout)
