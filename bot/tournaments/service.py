"""The tournament service: sign-up, rounds that open by themselves, results, standings.

A tournament is a small state machine kept entirely in the database. :meth:`TournamentService.drive`
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

The service knows nothing of Discord: it opens tables through a ``TableOpener`` and tells the
Discord layer about rounds through a ``TournamentPresenter``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.actor import Actor
from bot.tournaments import arena, pairing
from bot.tournaments import double_elimination as double
from bot.tournaments.bracket_view import SingleTable
from bot.tournaments.models import (
    Entrant,
    RoundStatus,
    Tournament,
    TournamentRound,
    TournamentStatus,
    TournamentTable,
    TournamentTableStatus,
)
from bot.tournaments.pairing import (
    ARENA,
    DOUBLE_ELIMINATION,
    ELIMINATION,
    FORMATS,
    ROUND_ROBIN,
    SWISS,
)
from bot.tournaments.progress import DoubleProgress, Plan, TournamentProgress, seed_order
from bot.tournaments.repository import TournamentRepository
from bot.tournaments.standings import PLACEMENT, SCORINGS, Row
from engine import registry
from engine.core import Game, Outcome
from engine.players import DEFAULT_LEVEL

log = logging.getLogger(__name__)

MAX_ROUNDS = 20
MAX_ENTRANTS = 512
MAX_NAME = 32
#: The level of a tournament's computers: its computer entrants and the stand-ins that finish an
#: idle player's table (the everyday opponent, not the strongest one).
STAND_IN_LEVEL = DEFAULT_LEVEL


class TournamentError(Exception):
    """Something a user asked that the tournament refuses; the message is one sentence for them."""


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in one seat of a tournament table."""

    user_id: int | None
    name: str
    computer: bool = False
    level: str = STAND_IN_LEVEL


@dataclass(frozen=True)
class TableRequest:
    """A game table the tournament needs. ``key`` names it (``tournament:1:round:2:table:3``)."""

    key: str
    guild_id: int
    channel_id: int
    #: The tournament's host: the table's host too (a seated player cannot end their own table).
    host_id: int
    game_key: str
    options: Mapping[str, Any]
    seats: tuple[SeatSpec, ...]
    #: For the table's thread and message, e.g. "Spring Cup · round 2 · table 3".
    title: str


@dataclass(frozen=True)
class TableEnd:
    """How a game table ended: places and exact points by seat, or ``void`` (closed without results)."""

    places: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    void: bool = False

    @classmethod
    def of(cls, outcome: Outcome | None) -> TableEnd:
        if outcome is None:
            return cls(void=True)
        return cls(tuple(outcome.places), tuple(int(p) for p in outcome.points))


class TableOpener(Protocol):
    """The narrow seam to the table service (bot/tournaments/tables_adapter.py implements it)."""

    async def create_table(self, request: TableRequest) -> int:
        """Create the game table, not yet seated or started, and return its id (nobody sees it yet)."""
        ...

    async def start_table(self, table_id: int, request: TableRequest) -> None:
        """Seat and start the table as asked, and show it to its players.

        Must be safe to call again (the bot may die right after): a table already started is
        left as it is (only shown, if it was never shown).
        """
        ...

    async def table_end(self, table_id: int) -> TableEnd | None:
        """How the table ended, or None while it is still being played."""
        ...

    async def finish_with_computers(self, table_id: int) -> None:
        """The round timer ran out: let the computer play every seat whose player is idle."""
        ...


class TournamentPresenter(Protocol):
    """How the service tells the Discord layer what it did by itself (at least once)."""

    async def round_started(self, tournament: Tournament, number: int) -> None: ...
    async def tournament_ended(self, tournament: Tournament) -> None: ...


@dataclass(frozen=True)
class RoundView:
    """One round as the Discord layer shows it."""

    number: int
    status: str
    tables: list[TournamentTable]
    byes: list[int]
    deadline: datetime | None


class TournamentService:
    """Runs every tournament of the process; all state is in the database."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        opener: TableOpener,
        *,
        presenter: TournamentPresenter | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        checkpoint: Callable[[str], None] = lambda step: None,
        serves: Callable[[int], bool] = lambda guild_id: True,
    ) -> None:
        self.sessions = sessions
        #: Every read and write of the tournament rows (stamped by this service's clock, which tests replace).
        self.repository = TournamentRepository(sessions, lambda: self.clock())
        #: What is stored, read as the tournament's progress (history, standings, next round, brackets).
        self.progress = TournamentProgress(self.repository)
        #: Whether this process serves a guild (its shard): only its own tournaments are driven here.
        self.serves = serves
        self.opener = opener
        self.presenter = presenter
        self.clock = clock
        #: Called between any two steps of a round change (tests raise here to simulate a kill).
        self.checkpoint = checkpoint
        self._locks: dict[int, asyncio.Lock] = {}
        self._seeds = random.SystemRandom()
        #: The game tables a tournament table has claimed, as read once from the database (None:
        #: not yet), and as claimed here since: a game's end looks for its tournament table only
        #: if its table is one of them (every game's end is no tournament's but a few).
        self._stored_claims: set[int] | None = None
        self._claims: set[int] = set()

    # -- sign-up -----------------------------------------------------------------------------------
    async def create(
        self,
        actor: Actor,
        *,
        channel_id: int,
        game_key: str,
        format: str = SWISS,
        rounds: int = 3,
        table_size: int | None = None,
        scoring: str = PLACEMENT,
        round_minutes: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Tournament:
        """A new tournament in sign-up (Manage Server). Every choice is checked here, with a sentence if wrong."""
        must_manage(actor)
        try:
            game = registry.get(game_key)
            game_options = game.validate_options(options)
        except (KeyError, ValueError) as error:
            raise TournamentError(str(error.args[0])) from None
        if format not in FORMATS:
            raise TournamentError(f"The format must be one of {', '.join(FORMATS)}.")
        if scoring not in SCORINGS:
            raise TournamentError(f"The scoring must be one of {', '.join(SCORINGS)}.")
        if not 1 <= rounds <= MAX_ROUNDS:
            raise TournamentError(f"A tournament has 1 to {MAX_ROUNDS} rounds.")
        size = table_size or pairing.default_table_size(game.allowed_counts, bool(game.teams))
        if size not in game.allowed_counts:
            counts = ", ".join(str(n) for n in game.allowed_counts)
            raise TournamentError(f"{game.name} tables seat {counts} players, not {size}.")
        if format == ELIMINATION and size != 2:
            raise TournamentError("Single elimination is for two-player tables.")
        if format == DOUBLE_ELIMINATION:
            _check_double(game, size)
        if format == ARENA:
            if round_minutes is None or not arena.MIN_MINUTES <= round_minutes <= arena.MAX_MINUTES:
                raise TournamentError("An Arena lasts 10 minutes to 24 hours: give its length as round_minutes.")
        elif round_minutes is not None and not 5 <= round_minutes <= 24 * 60:
            raise TournamentError("The round timer is 5 minutes to 24 hours.")
        tournament = Tournament(
            guild_id=actor.guild_id,
            channel_id=channel_id,
            host_id=actor.user_id,
            game_key=game.key,
            format=format,
            scoring=scoring,
            rounds=rounds,
            table_size=size,
            options_json=json.dumps(game_options),
            round_minutes=round_minutes,
            seed=self._seeds.randrange(2**62),
        )
        await self.repository.add(tournament)
        return tournament

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        await self._update(tournament_id, message_id=message_id)

    async def set_event(self, tournament_id: int, event_id: int) -> None:
        """Keep the id of the tournament's Discord scheduled event."""
        await self._update(tournament_id, event_id=event_id)

    async def join(self, tournament_id: int, actor: Actor, name: str, rating: float = 0.0) -> int:
        """Sign up (or, in a Swiss open to late entry, join from the next round); returns how many are signed up."""
        tournament = await self._open_to_join(tournament_id, actor)
        user_id = actor.user_id
        if await self.count(tournament.id or 0) >= MAX_ENTRANTS:
            raise TournamentError(f"The tournament is full ({MAX_ENTRANTS} players).")
        present = tournament.checkin_open or tournament.status != TournamentStatus.SIGNUP  # no need to check in
        entrant = Entrant(
            tournament_id=tournament_id, user_id=user_id, name=_clean(name), rating=rating, checked_in=present
        )
        if not await self.repository.add_entrant(entrant):
            raise TournamentError("You are already signed up.")
        return await self.count(tournament_id)

    async def leave(self, tournament_id: int, actor: Actor) -> int:
        await self._in_signup(tournament_id, actor)
        if not await self.repository.remove_entrant(tournament_id, actor.user_id):
            raise TournamentError("You are not signed up.")
        return await self.count(tournament_id)

    async def add_computer(self, tournament_id: int, actor: Actor) -> int:
        """A moderator adds a computer entrant (to make the numbers work, or to practise)."""
        must_manage(actor)
        await self._in_signup(tournament_id, actor)
        entrants = await self.entrants(tournament_id)
        number = 1 + sum(1 for e in entrants if e.computer)
        await self.repository.add_entrant(
            Entrant(tournament_id=tournament_id, name=f"Computer {number}", computer=True)
        )
        return len(entrants) + 1

    async def start(self, tournament_id: int, actor: Actor) -> Tournament:
        """Close sign-up and open the first round (Manage Server)."""
        must_manage(actor)
        await self._in_signup(tournament_id, actor)
        return await self.start_on_time(tournament_id)

    async def start_on_time(self, tournament_id: int) -> Tournament:
        """Close sign-up and open the first round: for an organiser's start, or by the clock at the
        tournament's start time (bot/tournaments/checkin.py).

        With check-in open, the people who did not check in are dropped (``dropped_after`` 0); every
        entrant's seed is read from the server's ratings (bot/tournaments/seeding.py). Both are written
        in the transaction that starts the tournament."""
        tournament = await self._in_signup(tournament_id)
        entrants = await self.entrants(tournament_id)
        no_shows = [e.id for e in entrants if tournament.checkin_open and not e.computer and not e.checked_in]
        game = registry.get(tournament.game_key)
        rounds = _rounds_for(tournament, len(entrants) - len(no_shows), game)
        if not await self.repository.start(tournament, entrants, no_shows, rounds):
            raise TournamentError("The tournament has already started.")
        await self.drive(tournament_id)
        return await self.get(tournament_id)

    # -- moderation --------------------------------------------------------------------------------
    async def drop(self, tournament_id: int, actor: Actor) -> None:
        """Leave for good: later rounds skip this player (the current table plays on)."""
        tournament = await self.find(tournament_id, actor)
        if tournament.status == TournamentStatus.SIGNUP:
            await self.leave(tournament_id, actor)
            return
        if tournament.status not in (TournamentStatus.RUNNING, TournamentStatus.PAUSED):
            raise TournamentError("The tournament is over.")
        entrant = await self._entrant_of(tournament_id, actor.user_id)
        if entrant.dropped_after is not None:
            raise TournamentError("You have already dropped out.")
        await self.repository.update_entrant(entrant.id or 0, dropped_after=tournament.current_round)
        await self.drive(tournament_id)

    async def replace(self, tournament_id: int, actor: Actor, old_user: int, new_user: int, new_name: str) -> None:
        """Someone else takes over a player's place (and standings) from the next table on (Manage Server)."""
        must_manage(actor)
        tournament = await self.find(tournament_id, actor)
        if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED, TournamentStatus.FINAL):
            raise TournamentError("The tournament is over.")
        entrant = await self._entrant_of(tournament_id, old_user)
        if not await self.repository.update_entrant(entrant.id or 0, user_id=new_user, name=_clean(new_name)):
            raise TournamentError(f"{new_name} is already in this tournament.")

    async def pause(self, tournament_id: int, actor: Actor) -> None:
        """No new round starts (the tables of the current round play on)."""
        must_manage(actor)
        await self.find(tournament_id, actor)
        if not await self._move(tournament_id, TournamentStatus.RUNNING, TournamentStatus.PAUSED):
            raise TournamentError("Only a running tournament can be paused.")

    async def resume(self, tournament_id: int, actor: Actor) -> None:
        must_manage(actor)
        await self.find(tournament_id, actor)
        if not await self._move(tournament_id, TournamentStatus.PAUSED, TournamentStatus.RUNNING):
            raise TournamentError("The tournament is not paused.")
        await self.drive(tournament_id)

    async def cancel(self, tournament_id: int, actor: Actor) -> None:
        """End the tournament without final standings (open tables play on as ordinary games)."""
        must_manage(actor)
        await self.find(tournament_id, actor)
        await self.cancel_unchecked(tournament_id)

    async def cancel_unchecked(self, tournament_id: int) -> None:
        """:meth:`cancel` for the bot itself (too few players at a tournament's start time), or after
        the organiser was checked."""
        if not await self.repository.cancel(tournament_id):
            raise TournamentError("That tournament is already over.")

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
                title=f"{game.name} tournament #{tournament.id} · round {round_.number} · table {table.number}",
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

    # -- reading -----------------------------------------------------------------------------------
    async def standings(self, tournament_id: int) -> tuple[list[Row], str]:
        """The standings, best first, and the scoring rule in words."""
        return await self.progress.standings(await self.get(tournament_id))

    async def double_progress(self, tournament_id: int) -> DoubleProgress:
        """The double elimination so far (for its picture and standings), with walkovers due now decided."""
        return await self.progress.double_progress(await self.get(tournament_id))

    async def single_bracket(self, tournament_id: int) -> list[list[SingleTable]]:
        """A single elimination's rounds as stored: each pairing, its state and who went on."""
        return await self.progress.single_bracket(await self.get(tournament_id))

    async def find(self, tournament_id: int, actor: Actor) -> Tournament:
        """A tournament of the actor's server: another server's does not exist for them."""
        tournament = await self.repository.get(tournament_id)
        if tournament is None or not actor.owns(tournament.guild_id):
            raise TournamentError(f"There is no tournament #{tournament_id} in this server.")
        return tournament

    async def pick(self, actor: Actor, given: int | None) -> int:
        """The tournament a command names (``given``), or the server's newest one not over."""
        if given is not None:
            return (await self.find(given, actor)).id or 0
        latest = await self.latest(actor.guild_id)
        if latest is None:
            raise TournamentError("There is no tournament going on here; give its number.")
        return latest.id or 0

    async def get(self, tournament_id: int) -> Tournament:
        tournament = await self.repository.get(tournament_id)
        if tournament is None:
            raise TournamentError(f"There is no tournament #{tournament_id}.")
        return tournament

    async def latest(self, guild_id: int) -> Tournament | None:
        """The newest tournament of a server that is not over (for commands without a number)."""
        return await self.repository.latest(guild_id)

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        return await self.repository.entrants(tournament_id)

    async def count(self, tournament_id: int) -> int:
        return len(await self.entrants(tournament_id))

    async def round_view(self, tournament_id: int, number: int) -> RoundView | None:
        round_ = await self._round(tournament_id, number)
        if round_ is None:
            return None
        return RoundView(round_.number, round_.status, await self._tables(round_.id or 0), round_.byes, round_.deadline)

    async def _round(self, tournament_id: int, number: int) -> TournamentRound | None:
        if number < 1:
            return None
        return await self.repository.round(tournament_id, number)

    async def _tables(self, round_id: int) -> list[TournamentTable]:
        return await self.repository.tables(round_id)

    # -- small writes ------------------------------------------------------------------------------
    async def _update(self, tournament_id: int, **values: Any) -> None:
        await self.repository.update(tournament_id, **values)

    async def _move(self, tournament_id: int, before: str, after: str) -> bool:
        """Change the status only if it is still ``before`` (another writer may have moved it)."""
        return await self.repository.move(tournament_id, before, after)

    async def _end(self, tournament: Tournament, last_round: int) -> bool:
        """No round follows ``last_round``: the tournament is over, unless another writer (another
        process) opened a round since it was read (the plan then found that round's tables in play,
        and nothing new). Returns True: either way there is a next step to look at."""
        await self.repository.end(tournament, last_round)
        return True

    async def _round_to(self, round_: TournamentRound, before: str, after: str) -> bool:
        await self.repository.round_to(round_.id or 0, before, after)
        return True

    async def _open_to_join(self, tournament_id: int, actor: Actor) -> Tournament:
        """The tournament, if it takes new players: in sign-up, or a Swiss still open to late entry."""
        tournament = await self.find(tournament_id, actor)
        if late_entry_open(tournament):
            return tournament
        return await self._in_signup(tournament_id, actor)

    async def _in_signup(self, tournament_id: int, actor: Actor | None = None) -> Tournament:
        """The tournament while in sign-up (of the actor's server, when one acts)."""
        tournament = await (self.find(tournament_id, actor) if actor is not None else self.get(tournament_id))
        if tournament.status != TournamentStatus.SIGNUP:
            raise TournamentError("Sign-up for this tournament is closed.")
        return tournament

    async def _entrant_of(self, tournament_id: int, user_id: int) -> Entrant:
        for entrant in await self.entrants(tournament_id):
            if entrant.user_id == user_id and not entrant.computer:
                return entrant
        raise TournamentError("That player is not in this tournament.")


def must_manage(actor: Actor) -> None:
    """Running tournaments is for members with Manage Server."""
    if not actor.manage_guild:
        raise TournamentError("Only someone with Manage Server can do that.")


def _rounds_for(tournament: Tournament, players: int, game: Game) -> int:
    """The rounds the format really takes, or a sentence why it cannot start."""
    need = min(pairing.mixable_sizes(game.allowed_counts, tournament.table_size, bool(game.teams)))
    if players < need:
        raise TournamentError(
            f"A {game.name} tournament at tables of {tournament.table_size} needs at least {need} players."
        )
    if tournament.format == ELIMINATION:
        return pairing.elimination_rounds(players)
    if tournament.format == DOUBLE_ELIMINATION:
        return double.most_rounds(players, tournament.table_size)
    if tournament.format == ARENA:
        return 1
    if tournament.format == ROUND_ROBIN:
        if tournament.table_size > 2:
            if players not in game.allowed_counts:
                raise TournamentError(
                    f"A {game.name} round robin seats everyone at one table: {players} players is too many."
                )
            return tournament.rounds
        if players > pairing.ROUND_ROBIN_MAX:
            raise TournamentError(f"A round robin is for at most {pairing.ROUND_ROBIN_MAX} players; use Swiss.")
        return pairing.round_robin_rounds(players)
    return tournament.rounds


def late_entry_open(tournament: Tournament) -> bool:
    """Whether a running Swiss still takes players (they play from the next round on)."""
    return (
        tournament.format == SWISS
        and tournament.status in (TournamentStatus.RUNNING, TournamentStatus.PAUSED)
        and tournament.late_entry_until is not None
        and tournament.current_round < tournament.late_entry_until
    )


def _check_double(game: Game, size: int) -> None:
    """Double elimination seats 2, 4 or 6, the top half going on; a table short of players must still be a
    game (every count from just over half to full)."""
    if size not in double.TABLE_SIZES:
        raise TournamentError("Double elimination is for tables of 2, 4 or 6 (the top half goes on).")
    needed = range(size // 2 + 1, size + 1)
    if (game.teams and size > 2) or any(n not in game.allowed_counts for n in needed):
        raise TournamentError(f"{game.name} cannot play a double elimination at tables of {size}; try tables of 2.")


def _clean(name: str) -> str:
    return (" ".join(name.split()) or "Player")[:MAX_NAME]
