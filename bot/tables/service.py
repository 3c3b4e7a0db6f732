"""The table service: every table's life, from lobby to results, for any game.

:class:`TableService` is what the bot and its cogs call: it finds a person's tables (never another
server's), deals a game, makes a person's move, keeps the selection they build, hands a seat to
the computer, ends a table, and brings every open table back at start. Its parts: the lobby
(:mod:`bot.tables.lobby`), the computer seats and idle people (:mod:`bot.tables.computers`), and
what they share (:mod:`bot.tables.core`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.actor import Actor
from bot.models import TableStatus
from bot.table import BROKEN_BUTTON, Change, Draft, Table, TableError
from bot.tables.computers import ComputerSeats
from bot.tables.core import check_computer_level, sentence_of
from bot.tables.lobby import Lobbies
from engine.core import BadMove, Move
from engine.players import DEFAULT_LEVEL
from engine.words import Text


class TableService(Lobbies, ComputerSeats):
    """Lobbies, moves, computer seats, idle timers and results for every open table."""

    # -- loading -----------------------------------------------------------
    async def restore(self) -> list[Table]:
        """Bring back every open table from the database (at start) and resume computers."""
        for table in await self.store.open_tables():
            table.four_colour, table.language = await self._looks(table.guild_id)
            table.last_action_at = table.last_action_at or self.clock()
            self.tables[table.id] = table
            if not table.fresh_from:  # saved before valid-from versions were kept: all current
                table.fresh_from = dict.fromkeys(range(len(table.seats)), table.version)
            table.drop_stale_drafts()
            self._refresh_pending(table)
            self._kick_computers(table)
        for table in await self.store.unshown_finished_tables():
            self.finished[table.id] = table
        # A message that shows an older moment than the saved state (the bot stopped between a
        # save and its edit, or before the end was shown) is drawn again now.
        for table in [*self.tables.values(), *self.finished.values()]:
            if table.message_behind:
                await self._tell_moved(Change.as_it_stands(table))
        return list(self.tables.values())

    def get(self, table_id: int, actor: Actor) -> Table:
        """An open table of the actor's server (another server's table does not exist for them)."""
        return self._open_table(table_id, actor, self.tables.get(table_id))

    def open_tables(self, actor: Actor) -> list[Table]:
        """The open tables of the actor's server (lobbies and games under way)."""
        return [table for table in self.tables.values() if actor.owns(table.guild_id)]

    def in_play(self, table_id: int, actor: Actor) -> Table | None:
        """The open table of the actor's server with this id, or None (closed, or another server's)."""
        table = self.tables.get(table_id)
        return table if table is not None and actor.owns(table.guild_id) else None

    def version_of(self, table_id: int, actor: Actor) -> int:
        """The state version of the actor's server's open table now (0: no such table), which a
        click arriving now acts on."""
        table = self.in_play(table_id, actor)
        return table.version if table is not None else 0

    def seat_view(self, table_id: int, actor: Actor) -> tuple[Table, int]:
        """A started table (open or just finished) and the actor's seat at it, to show their hand."""
        table = self._open_table(table_id, actor, self.tables.get(table_id) or self.finished.get(table_id))
        seat = table.seat_of(actor.user_id)
        if seat is None:
            raise TableError(not_seated(table, actor.user_id))
        if table.state is None:
            raise TableError(Text("The game has not started yet."))
        return table, seat

    async def hand_view(self, table_id: int, actor: Actor) -> tuple[Table, int]:
        """Like :meth:`seat_view`, and a finished table no longer in memory is read from the database
        (its final hand is still shown: the person may hold a message that has not shown the end yet)."""
        if table_id not in self.tables and table_id not in self.finished:
            table = await self.store.load_table(table_id)
            if table is not None and table.status == TableStatus.FINISHED and table.started:
                self._keep_finished(table)
        return self.seat_view(table_id, actor)

    async def own_hand_view(self, table_id: int, user_id: int) -> tuple[Table, int]:
        """:meth:`hand_view` for a person asking from outside the table's server (their DMs: /games
        lists every server's tables waiting on them): a table exists for them where they are seated."""
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is None or table.seat_of(user_id) is None:
            raise TableError(Text("You are not seated at table #{table}.", table=table_id))
        return await self.hand_view(table_id, Actor(user_id, table.guild_id))

    async def message_of(self, table_id: int, actor: Actor) -> int | None:
        """The id of the table's public message (lobby, game or results), for a table of the actor's server.

        Its lobby and table buttons work on that message only: on any other they would rewrite it."""
        table = self.tables.get(table_id) or self.finished.get(table_id) or await self.store.load_table(table_id)
        return self._open_table(table_id, actor, table).message_id

    def options_form_table(self, table_id: int, actor: Actor) -> Table:
        """The lobby whose options the actor may change now (the host, before the start)."""
        table = self._lobby(table_id, actor)
        self._must_be_host(table, actor, Text("Only the host can change the options."))
        if not table.game.options:
            raise TableError(Text("{game} has no options to set.", game=table.game.name))
        return table

    # -- playing -----------------------------------------------------------
    async def start(self, table_id: int, actor: Actor) -> Table:
        """Deal the game (host only, with a legal number of seats)."""
        async with self.lock(table_id):
            table = self._lobby(table_id, actor)
            self._must_be_host(table, actor, Text("Only the host can start the game."))
            topped_up = await self.store.top_up(table) if table.game.uses_profiles else []
            profiles = await self.store.profiles(table) if table.game.uses_profiles else None
            try:
                state = table.game.new_state(len(table.seats), table.seed, table.options, profiles)
            except ValueError as error:
                raise TableError(sentence_of(error)) from None
            await self.store.save_start(table, state.to_json(), profiles)  # stakes the profiles' items
            table.state, table.status, table.version = state, TableStatus.PLAYING, 0
            table.dealt_notes = tuple(topped_up)
            table.fresh_from = dict.fromkeys(range(len(table.seats)), 0)
            self._touch(table)
            await self._moment(table)
        self._kick_computers(table)
        return table

    async def act(self, table_id: int, actor: Actor, version: int, move_text: str) -> Change:
        """A person's move, from a button or select made at state ``version``; returns what it changed."""
        try:
            move = Move.parse(move_text)
        except BadMove:
            raise TableError(BROKEN_BUTTON) from None
        async with self.lock(table_id):
            table, seat = self._seated(table_id, actor, version)
            change = await self._apply(table, seat, move, "player", actor.user_id)
        self._kick_computers(table)
        return change

    def _seated(self, table_id: int, actor: Actor, version: int) -> tuple[Table, int]:
        """The table in play and the actor's seat at it, for a control made at ``version`` (refused
        with a sentence when they are not seated or the control is stale). Called under the lock."""
        table = self._playing(table_id, actor)
        seat = table.seat_of(actor.user_id)
        if seat is None:
            raise TableError(not_seated(table, actor.user_id))
        table.check_version(seat, version)
        return table, seat

    async def draft(self, table_id: int, actor: Actor, version: int, kind: str, picks: Sequence[str]) -> Table:
        """Keep the selection the actor is building for decision ``kind`` (choice screen)."""
        async with self.lock(table_id):
            table, seat = self._seated(table_id, actor, version)
            assert table.state is not None
            decision = next((d for d in table.state.decisions_for(seat) if d.kind == kind), None)
            if decision is None:
                raise TableError(NOT_YOURS_NOW)
            known = {o.id for o in decision.options}
            if any(p not in known for p in picks) or len(set(picks)) != len(picks):
                raise TableError(BROKEN_BUTTON)
            if len(picks) > decision.max_picks:
                raise TableError(
                    Text.plural(
                        "You can pick at most {count}; unpick one first.",
                        "You can pick at most {count}; unpick one first.",
                        decision.max_picks,
                    )
                )
            before = table.drafts.get(seat)
            table.drafts[seat] = Draft(kind, tuple(picks), table.version)
            try:
                await self.store.save_drafts(table)
            except Exception:
                if before is None:
                    table.drafts.pop(seat, None)
                else:
                    table.drafts[seat] = before
                raise
            return table

    async def replace_with_computer(
        self, table_id: int, actor: Actor, player_id: int, player_name: str, level: str = DEFAULT_LEVEL
    ) -> Table:
        """The host hands an absent player's seat to a computer of ``level`` for the rest of the game."""
        check_computer_level(level)
        async with self.lock(table_id):
            table = self._playing(table_id, actor)
            self._must_be_host(table, actor, Text("Only the host can replace a player."))
            seat = table.seat_of(player_id)
            if seat is None:
                raise TableError(Text("{name} is not seated at table #{table}.", name=player_name, table=table_id))
            old = table.seats[seat].name
            seats = list(table.seats)
            seats[seat] = table.seats[seat].taken_over(table.version, level)  # the person's cards stay theirs
            await self._save_lobby(table, seats=seats)
            await self._moment(table)
            computers = bool(table.waiting_computers())
            change = Change(table, table.version, seat, None, table.waiting_on, (seat,), computers)
        self._kick_computers(table)
        await self._tell_moved(change, Text("{name}'s seat is now played by the computer.", name=old))
        return table

    async def end(self, table_id: int, actor: Actor) -> Table:
        """End a table without results: its host, or a moderator of its server."""
        async with self.lock(table_id):
            table = self.get(table_id, actor)
            if actor.user_id != table.host_id and not actor.moderator:
                raise TableError(Text("Only the table's host or a server moderator can end it."))
            await self._close(table, TableStatus.CLOSED)
            return table


#: A choice that is not the seat's to make at this moment (a draft of a decision that is gone).
NOT_YOURS_NOW = Text("That choice is not yours to make now; press Show my hand again.")


def not_seated(table: Table, user_id: int) -> Text:
    """Why a person may not act at a started table: never seated, or their seat given to the computer."""
    if any(s.replaced == user_id for s in table.seats):
        return Text(
            "The host gave your seat at table #{table} to the computer, which plays it for the rest "
            "of this game; you can watch, and join the next one.",
            table=table.id,
        )
    return Text("You are not seated at this table; you can watch, and join the next one.")
