"""The tournament service's common part: what it works with, reading what is stored, and its small writes."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.actor import Actor
from bot.tournaments.bracket_view import SingleTable
from bot.tournaments.checks import TournamentError
from bot.tournaments.models import Entrant, Tournament, TournamentRound, TournamentTable
from bot.tournaments.ports import RoundView, TableOpener, TournamentPresenter
from bot.tournaments.progress import DoubleProgress, TournamentProgress
from bot.tournaments.repository import TournamentRepository
from bot.tournaments.standings import Row
from engine.words import Text

__all__ = ["TournamentServiceBase"]


class TournamentServiceBase:
    """The part of :class:`~bot.tournaments.service.TournamentService` the others build on: what it
    works with, reading what is stored, and the small writes every other part needs."""

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
            raise TournamentError(Text("There is no tournament #{number} in this server.", number=tournament_id))
        return tournament

    async def pick(self, actor: Actor, given: int | None) -> int:
        """The tournament a command names (``given``), or the server's newest one not over."""
        if given is not None:
            return (await self.find(given, actor)).id or 0
        latest = await self.latest(actor.guild_id)
        if latest is None:
            raise TournamentError(Text("There is no tournament going on here; give its number."))
        return latest.id or 0

    async def get(self, tournament_id: int) -> Tournament:
        tournament = await self.repository.get(tournament_id)
        if tournament is None:
            raise TournamentError(Text("There is no tournament #{number}.", number=tournament_id))
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
