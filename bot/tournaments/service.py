"""The tournament service: sign-up, rounds that open by themselves, results, standings.

:class:`TournamentService` is the whole service, in parts: the sign-up and moderation here, the
state machine (rounds, results, round timers, the Arena) in :mod:`bot.tournaments.rounds`, and
what it works with, reads and writes in :mod:`bot.tournaments.service_base`. What a tournament
allows is in :mod:`bot.tournaments.checks`; the values and Protocols of its seams to the table
service and the Discord layer in :mod:`bot.tournaments.ports`.

The service knows nothing of Discord: it opens tables through a ``TableOpener`` and tells the
Discord layer about rounds through a ``TournamentPresenter``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.actor import Actor
from bot.tournaments import arena, pairing
from bot.tournaments import double_elimination as double
from bot.tournaments.checks import MAX_ENTRANTS, MAX_NAME, MAX_ROUNDS, TournamentError, late_entry_open, must_manage
from bot.tournaments.models import Entrant, Tournament, TournamentStatus
from bot.tournaments.pairing import ARENA, DOUBLE_ELIMINATION, ELIMINATION, FORMATS, ROUND_ROBIN, SWISS
from bot.tournaments.ports import (
    STAND_IN_LEVEL,
    RoundView,
    SeatSpec,
    TableEnd,
    TableOpener,
    TableRequest,
    TournamentPresenter,
)
from bot.tournaments.rounds import RoundDriver
from bot.tournaments.standings import PLACEMENT, SCORINGS
from engine import registry
from engine.core import Game
from engine.words import Text

__all__ = [
    "MAX_ENTRANTS",
    "MAX_NAME",
    "MAX_ROUNDS",
    "STAND_IN_LEVEL",
    "RoundView",
    "SeatSpec",
    "TableEnd",
    "TableOpener",
    "TableRequest",
    "TournamentError",
    "TournamentPresenter",
    "TournamentService",
    "late_entry_open",
    "must_manage",
]


class TournamentService(RoundDriver):
    """Runs every tournament of the process; all state is in the database."""

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
            raise TournamentError(error.args[0] if isinstance(error.args[0], str) else str(error.args[0])) from None
        if format not in FORMATS:
            raise TournamentError(Text("The format must be one of {formats}.", formats=", ".join(FORMATS)))
        if scoring not in SCORINGS:
            raise TournamentError(Text("The scoring must be one of {scorings}.", scorings=", ".join(SCORINGS)))
        if not 1 <= rounds <= MAX_ROUNDS:
            raise TournamentError(Text("A tournament has 1 to {most} rounds.", most=MAX_ROUNDS))
        size = table_size or pairing.default_table_size(game.allowed_counts, bool(game.teams))
        if size not in game.allowed_counts:
            counts = ", ".join(str(n) for n in game.allowed_counts)
            raise TournamentError(
                Text("{game} tables seat {counts} players, not {size}.", game=game.name, counts=counts, size=size)
            )
        if format == ELIMINATION and size != 2:
            raise TournamentError(Text("Single elimination is for two-player tables."))
        if format == DOUBLE_ELIMINATION:
            _check_double(game, size)
        if format == ARENA:
            if round_minutes is None or not arena.MIN_MINUTES <= round_minutes <= arena.MAX_MINUTES:
                raise TournamentError(Text("An Arena lasts 10 minutes to 24 hours: give its length as round_minutes."))
        elif round_minutes is not None and not 5 <= round_minutes <= 24 * 60:
            raise TournamentError(Text("The round timer is 5 minutes to 24 hours."))
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
            raise TournamentError(Text("The tournament is full ({most} players).", most=MAX_ENTRANTS))
        present = tournament.checkin_open or tournament.status != TournamentStatus.SIGNUP  # no need to check in
        entrant = Entrant(
            tournament_id=tournament_id, user_id=user_id, name=_clean(name), rating=rating, checked_in=present
        )
        if not await self.repository.add_entrant(entrant):
            raise TournamentError(Text("You are already signed up."))
        return await self.count(tournament_id)

    async def leave(self, tournament_id: int, actor: Actor) -> int:
        await self._in_signup(tournament_id, actor)
        if not await self.repository.remove_entrant(tournament_id, actor.user_id):
            raise TournamentError(Text("You are not signed up."))
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
            raise TournamentError(Text("The tournament has already started."))
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
            raise TournamentError(Text("The tournament is over."))
        entrant = await self._entrant_of(tournament_id, actor.user_id)
        if entrant.dropped_after is not None:
            raise TournamentError(Text("You have already dropped out."))
        await self.repository.update_entrant(entrant.id or 0, dropped_after=tournament.current_round)
        await self.drive(tournament_id)

    async def replace(self, tournament_id: int, actor: Actor, old_user: int, new_user: int, new_name: str) -> None:
        """Someone else takes over a player's place (and standings) from the next table on (Manage Server)."""
        must_manage(actor)
        tournament = await self.find(tournament_id, actor)
        if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED, TournamentStatus.FINAL):
            raise TournamentError(Text("The tournament is over."))
        entrant = await self._entrant_of(tournament_id, old_user)
        if not await self.repository.update_entrant(entrant.id or 0, user_id=new_user, name=_clean(new_name)):
            raise TournamentError(Text("{name} is already in this tournament.", name=new_name))

    async def pause(self, tournament_id: int, actor: Actor) -> None:
        """No new round starts (the tables of the current round play on)."""
        must_manage(actor)
        await self.find(tournament_id, actor)
        if not await self._move(tournament_id, TournamentStatus.RUNNING, TournamentStatus.PAUSED):
            raise TournamentError(Text("Only a running tournament can be paused."))

    async def resume(self, tournament_id: int, actor: Actor) -> None:
        must_manage(actor)
        await self.find(tournament_id, actor)
        if not await self._move(tournament_id, TournamentStatus.PAUSED, TournamentStatus.RUNNING):
            raise TournamentError(Text("The tournament is not paused."))
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
            raise TournamentError(Text("That tournament is already over."))

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
            raise TournamentError(Text("Sign-up for this tournament is closed."))
        return tournament

    async def _entrant_of(self, tournament_id: int, user_id: int) -> Entrant:
        for entrant in await self.entrants(tournament_id):
            if entrant.user_id == user_id and not entrant.computer:
                return entrant
        raise TournamentError(Text("That player is not in this tournament."))


def _rounds_for(tournament: Tournament, players: int, game: Game) -> int:
    """The rounds the format really takes, or a sentence why it cannot start."""
    need = min(pairing.mixable_sizes(game.allowed_counts, tournament.table_size, bool(game.teams)))
    if players < need:
        raise TournamentError(
            Text(
                "A {game} tournament at tables of {size} needs at least {need} players.",
                game=game.name,
                size=tournament.table_size,
                need=need,
            )
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
                    Text(
                        "A {game} round robin seats everyone at one table: {players} players is too many.",
                        game=game.name,
                        players=players,
                    )
                )
            return tournament.rounds
        if players > pairing.ROUND_ROBIN_MAX:
            raise TournamentError(
                Text("A round robin is for at most {most} players; use Swiss.", most=pairing.ROUND_ROBIN_MAX)
            )
        return pairing.round_robin_rounds(players)
    return tournament.rounds


def _check_double(game: Game, size: int) -> None:
    """Double elimination seats 2, 4 or 6, the top half going on; a table short of players must still be a
    game (every count from just over half to full)."""
    if size not in double.TABLE_SIZES:
        raise TournamentError(Text("Double elimination is for tables of 2, 4 or 6 (the top half goes on)."))
    needed = range(size // 2 + 1, size + 1)
    if (game.teams and size > 2) or any(n not in game.allowed_counts for n in needed):
        raise TournamentError(
            Text(
                "{game} cannot play a double elimination at tables of {size}; try tables of 2.",
                game=game.name,
                size=size,
            )
        )


def _clean(name: str) -> str:
    return (" ".join(name.split()) or "Player")[:MAX_NAME]
