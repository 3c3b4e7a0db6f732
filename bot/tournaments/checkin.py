"""A start time, a check-in window before it, and late entry to a Swiss.

An organiser may give a tournament a start time and a check-in window (the last minutes before
it). When the window opens, people who signed up confirm with a Check in button; at the start,
whoever has not checked in is dropped (the service's :meth:`start` does it in the transaction
that starts the tournament, and round 1's announcement names them). Computers need no check-in,
and who joins while check-in is open is checked in by joining. Without a start time the
organiser opens check-in with a command and starts the tournament when ready.

Everything is kept in the database as dates and flags: :meth:`CheckIns.tick` opens every window
that is due and starts every tournament whose time has come, each exactly once (the opening is a
conditional write, the start the service's guarded status change), so a restart or a second
process changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Protocol

from bot.actor import Actor
from bot.tournaments.checks import MAX_ROUNDS, TournamentError, must_manage
from bot.tournaments.models import Entrant, Tournament
from bot.tournaments.pairing import SWISS
from bot.tournaments.service import TournamentService
from engine.words import Text

log = logging.getLogger(__name__)

#: The longest check-in window, and how far ahead a start may be set.
MAX_CHECKIN_MINUTES = 24 * 60
MAX_START_DAYS = 60


class CheckInPresenter(Protocol):
    """How check-in tells the Discord layer what it did by itself."""

    async def checkin_opened(self, tournament: Tournament) -> None: ...
    async def started_by_clock(self, tournament: Tournament) -> None: ...
    async def could_not_start(self, tournament: Tournament, reason: str) -> None: ...


class CheckIns:
    """Start times, check-in windows and late entry, over the tournament service."""

    def __init__(
        self,
        service: TournamentService,
        presenter: CheckInPresenter | None = None,
        *,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.service = service
        self.presenter = presenter
        self.clock = clock or service.clock

    async def configure(
        self,
        tournament_id: int,
        *,
        starts_in_minutes: int | None = None,
        checkin_minutes: int | None = None,
        late_entry_until: int | None = None,
    ) -> Tournament:
        """Set a new tournament's start time, check-in window and late entry, checked, with a sentence if wrong."""
        tournament = await self.service._in_signup(tournament_id)
        if starts_in_minutes is not None and not 1 <= starts_in_minutes <= MAX_START_DAYS * 24 * 60:
            raise TournamentError(Text("A tournament starts within {days} days.", days=MAX_START_DAYS))
        if checkin_minutes is not None and not 5 <= checkin_minutes <= MAX_CHECKIN_MINUTES:
            raise TournamentError(Text("Check-in lasts 5 minutes to 24 hours."))
        if late_entry_until is not None:
            if tournament.format != SWISS:
                raise TournamentError(Text("Late entry is for Swiss tournaments."))
            if not 2 <= late_entry_until <= MAX_ROUNDS:
                raise TournamentError(Text("Late entry lasts until a round from 2 to {most}.", most=MAX_ROUNDS))
        values: dict[str, object] = {"checkin_minutes": checkin_minutes, "late_entry_until": late_entry_until}
        if starts_in_minutes is not None:
            values["starts_at"] = self.clock() + timedelta(minutes=starts_in_minutes)
        await self.service.repository.update(tournament_id, **values)
        return await self.service.get(tournament_id)

    async def open(self, tournament_id: int, actor: Actor | None = None) -> Tournament:
        """Open check-in now (the organiser, who must manage the server, or the clock: no actor). Says
        so once; a second opening is refused."""
        if actor is not None:
            must_manage(actor)
        tournament = await self.service._in_signup(tournament_id, actor)
        if not await self.service.repository.open_checkin(tournament_id, self.clock()):
            raise TournamentError(Text("Check-in is already open."))
        tournament = await self.service.get(tournament.id or 0)
        if self.presenter:
            await self.presenter.checkin_opened(tournament)
        return tournament

    async def check_in(self, tournament_id: int, actor: Actor) -> int:
        """Confirm a signed-up player (of the tournament's server); returns how many people have checked in."""
        tournament = await self.service._in_signup(tournament_id, actor)
        user_id = actor.user_id
        if not tournament.checkin_open:
            raise TournamentError(Text("Check-in has not opened yet."))
        if not await self.service.repository.check_in(tournament_id, user_id):
            raise TournamentError(Text("You are not signed up; press Join first."))
        return await self.checked_in(tournament_id)

    async def checked_in(self, tournament_id: int) -> int:
        """How many are confirmed (computers count: they are always there)."""
        return sum(1 for e in await self.service.entrants(tournament_id) if e.checked_in or e.computer)

    async def no_shows(self, tournament_id: int) -> list[Entrant]:
        """The people dropped at the start for not checking in."""
        return [e for e in await self.service.entrants(tournament_id) if e.dropped_after == 0 and not e.checked_in]

    async def tick(self) -> None:
        """Open the check-in windows that are due and start the tournaments whose time has come."""
        now = self.clock()
        waiting = await self.service.repository.waiting_to_start()
        for tournament in waiting:
            if not self.service.serves(tournament.guild_id) or tournament.starts_at is None:
                continue
            tournament_id = tournament.id or 0
            try:
                if tournament.starts_at <= now:
                    await self._start(tournament)
                elif (
                    tournament.checkin_minutes is not None
                    and not tournament.checkin_open
                    and tournament.starts_at - timedelta(minutes=tournament.checkin_minutes) <= now
                ):
                    await self.open(tournament_id)
            except TournamentError as error:
                log.info("Tournament %s: %s", tournament_id, error)

    async def _start(self, tournament: Tournament) -> None:
        tournament_id = tournament.id or 0
        try:
            started = await self.service.start_on_time(tournament_id)
        except TournamentError as error:
            if str(error) == "The tournament has already started.":
                return
            # Too few players at the start time: the tournament is cancelled, with the reason, once.
            try:
                await self.service.cancel_unchecked(tournament_id)
            except TournamentError:
                return
            if self.presenter:
                await self.presenter.could_not_start(await self.service.get(tournament_id), error.text)
            return
        if self.presenter:
            await self.presenter.started_by_clock(started)
