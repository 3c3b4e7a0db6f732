"""The table service's lobbies: a table opened, joined and left, computers seated, partners and
options chosen, cancelled; and a finished game's rematch, a new lobby.
"""

from __future__ import annotations

from typing import Any

from bot.actor import Actor
from bot.models import TableStatus
from bot.table import Seat, Table, TableError
from bot.tables.core import TableCore, check_computer_level, no_table, sentence_of
from engine import registry
from engine.players import DEFAULT_LEVEL
from engine.words import Text

MAX_NAME = 32


class Lobbies(TableCore):
    """A table before its game starts."""

    async def open(
        self,
        guild_id: int,
        channel_id: int,
        game_key: str,
        host_id: int,
        host_name: str,
        parent_channel_id: int | None = None,
    ) -> Table:
        """Open a lobby with the host in the first seat (``channel_id`` is the thread, if one was made)."""
        try:
            game = registry.get(game_key)
        except KeyError as error:
            raise TableError(sentence_of(error)) from None
        table = Table(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            parent_channel_id=parent_channel_id or channel_id,
            game=game,
            host_id=host_id,
            options=game.validate_options({}),
            seats=[Seat(host_id, clean_name(host_name))],
            seed=self._seed_source.randrange(2**63),
            last_action_at=self.clock(),
        )
        table.four_colour, table.language = await self._looks(guild_id)
        table.id = await self.store.create_table(table)
        self.tables[table.id] = table
        return table

    async def join(self, table_id: int, actor: Actor, name: str) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            if table.seat_of(actor.user_id) is not None:
                raise TableError(Text("You are already seated at this table."))
            if len(table.seats) >= table.game.max_players:
                raise table_full(table)
            await self._must_be_free(table, actor.user_id)
            return await self._save_lobby(table, seats=[*table.seats, Seat(actor.user_id, clean_name(name))])

    async def leave(self, table_id: int, actor: Actor) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            seat = table.seat_of(actor.user_id)
            if seat is None:
                raise TableError(Text("You are not seated at this table."))
            if actor.user_id == table.host_id:
                raise TableError(Text("The host can't leave the lobby; press Cancel to close it instead."))
            return await self._save_lobby(table, seats=[s for i, s in enumerate(table.seats) if i != seat])

    async def add_computer(self, table_id: int, actor: Actor, level: str = DEFAULT_LEVEL) -> Table:
        """Seat a computer playing at ``level`` (one of engine.players.LEVELS)."""
        check_computer_level(level)
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            self._must_be_seated(table, actor)
            if len(table.seats) >= table.game.max_players:
                raise table_full(table)
            number = 1 + sum(1 for s in table.seats if s.computer)
            computer = Seat(None, f"Computer {number}", True, level)
            return await self._save_lobby(table, seats=[*table.seats, computer])

    async def remove_computer(self, table_id: int, actor: Actor) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            self._must_be_seated(table, actor)
            computers = [i for i, s in enumerate(table.seats) if s.computer]
            if not computers:
                raise TableError(Text("There is no computer player to remove."))
            return await self._save_lobby(table, seats=[s for i, s in enumerate(table.seats) if i != computers[-1]])

    async def choose_partner(self, table_id: int, actor: Actor, partner: str) -> Table:
        """In a team game, the host picks their partner: seats are swapped so the two share a team.

        ``partner`` names a seat as the lobby shows it (:func:`seat_key`), so a choice made before
        someone joined or left still means the same player.
        """
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            self._must_be_host(table, actor, Text("Only the host can choose partners."))
            teams = table.game.teams.get(len(table.seats))
            if not teams:
                raise TableError(
                    Text("Partners are chosen when {game} has a full table for teams.", game=table.game.name)
                )
            chosen = next((i for i, seat in enumerate(table.seats) if seat_key(seat) == partner), None)
            host = table.seat_of(actor.user_id)
            if chosen is None or host is None or chosen == host:
                raise TableError(Text("That player is no longer at this table; pick another partner."))
            team = next(t for t in teams if host in t)
            place = next(s for s in team if s != host)
            seats = list(table.seats)
            seats[place], seats[chosen] = seats[chosen], seats[place]
            return await self._save_lobby(table, seats=seats)

    async def set_options(self, table_id: int, actor: Actor, changes: dict[str, Any]) -> Table:
        """Change host options; a bad value is refused with the game's sentence."""
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            self._must_be_host(table, actor, Text("Only the host can change the options."))
            try:
                options = table.game.validate_options({**table.options, **changes})
            except ValueError as error:
                raise TableError(sentence_of(error)) from None
            return await self._save_lobby(table, options=options)

    async def cancel(self, table_id: int, actor: Actor) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            self._must_be_host(table, actor, Text("Only the host can cancel the table."))
            await self._close(table, TableStatus.CANCELLED)
            return table

    async def rematch(self, table_id: int, actor: Actor) -> Table:
        """A new lobby with the same options and computers, the asker its host and only person:
        the others join by their own click. One rematch per finished table (kept in the database):
        asking again points to it."""
        old = self.tables.get(table_id) or self.finished.get(table_id) or await self.store.load_table(table_id)
        if old is not None and not actor.owns(old.guild_id):
            raise TableError(no_table(table_id))
        if old is None or old.status != TableStatus.FINISHED:
            raise TableError(Text("That table is gone; start a new one with /play."))
        if old.rematch_id is not None:
            raise rematch_open(old.rematch_id)
        seat = old.seat_of(actor.user_id)
        if seat is None:
            raise TableError(Text("Only the players of that game can ask for a rematch."))
        table = Table(
            id=0,
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            parent_channel_id=old.parent_channel_id,
            game=old.game,
            host_id=actor.user_id,
            options=dict(old.options),
            seats=[
                Seat(actor.user_id, old.seats[seat].name),
                *(Seat(None, s.name, True, s.level) for s in old.seats if s.generated),
            ],
            seed=self._seed_source.randrange(2**63),
            last_action_at=self.clock(),
        )
        await self._must_be_free(table, actor.user_id)
        table.four_colour, table.language = old.four_colour, old.language
        table.id, opened = await self.store.create_rematch(old.id, table)
        old.rematch_id = table.id
        if not opened:  # another click (or process) opened it first
            raise rematch_open(table.id)
        self.tables[table.id] = table
        return table


def rematch_open(table_id: int) -> TableError:
    return TableError(Text("This game's rematch is already open at table #{table}; join it there.", table=table_id))


def table_full(table: Table) -> TableError:
    return TableError(
        Text("The table is full: {game} seats at most {count}.", game=table.game.name, count=table.game.max_players)
    )


def clean_name(name: str) -> str:
    name = " ".join(name.split()) or "Player"
    return name[:MAX_NAME]


def seat_key(seat: Seat) -> str:
    """A seat as the lobby names it: the person's id, or the computer's name."""
    return f"u{seat.user_id}" if not seat.computer else f"c{seat.name}"[:90]
