"""The services themselves (no Discord): every entry checks who acts against what it touches."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.actor import Actor
from bot.db import Database
from bot.server_settings import ServerSettings, SettingsError
from bot.table import GuildSettings
from bot.tables import Table, TableError, TableService
from bot.tournaments.service import TournamentError, TournamentService
from tests.bot.test_table_service import FakeStore
from tests.bot.test_tournament_service import FakeOpener

HOME, AWAY = 1, 2
HOST, GUEST = 100, 101
#: The strongest actor of another server: host's own user id, a moderator with Manage Server there.
INTRUDER = Actor(HOST, AWAY, manage_guild=True, moderator=True)


def snapshot(table: Table) -> tuple[Any, ...]:
    return (table.status, table.version, table.state.to_json() if table.state else None, copy.deepcopy(table.seats))


async def refused(service: TableService, table: Table, call: Callable[[], Awaitable[Any] | Any], words: str) -> None:
    before = snapshot(table)
    with pytest.raises(TableError, match=words):
        result = call()
        if isinstance(result, Awaitable):
            await result
    assert snapshot(table) == before and table.id in {**service.tables, **service.finished}


async def test_every_table_entry_refuses_another_servers_actor() -> None:
    service = TableService(FakeStore())
    lobby = await service.open(HOME, 5, "highcard", HOST, "host")
    no_lobby = f"There is no table #{lobby.id} in this server."
    for call in (
        lambda: service.join(lobby.id, INTRUDER, "x"),
        lambda: service.leave(lobby.id, INTRUDER),
        lambda: service.add_computer(lobby.id, INTRUDER),
        lambda: service.remove_computer(lobby.id, INTRUDER),
        lambda: service.choose_partner(lobby.id, INTRUDER, "u1"),
        lambda: service.set_options(lobby.id, INTRUDER, {}),
        lambda: service.options_form_table(lobby.id, INTRUDER),
        lambda: service.start(lobby.id, INTRUDER),
        lambda: service.cancel(lobby.id, INTRUDER),
        lambda: service.end(lobby.id, INTRUDER),
        lambda: service.message_of(lobby.id, INTRUDER),
    ):
        await refused(service, lobby, call, no_lobby)

    await service.join(lobby.id, Actor(GUEST, HOME), "guest")
    table = await service.start(lobby.id, Actor(HOST, HOME))
    no_table = f"There is no table #{table.id} in this server."
    for call in (
        lambda: service.act(table.id, INTRUDER, 0, "play:1"),
        lambda: service.draft(table.id, INTRUDER, 0, "play", []),
        lambda: service.seat_view(table.id, INTRUDER),
        lambda: service.hand_view(table.id, INTRUDER),
        lambda: service.replace_with_computer(table.id, INTRUDER, GUEST, "guest"),
        lambda: service.rematch(table.id, INTRUDER),
        lambda: service.end(table.id, INTRUDER),
    ):
        await refused(service, table, call, no_table)
    # Outside any server (guild 0) nothing exists either.
    await refused(service, table, lambda: service.seat_view(table.id, Actor(HOST, 0)), no_table)
    # Its own server's moderator may end it.
    await service.end(table.id, Actor(7, HOME, moderator=True))
    assert table.status == "closed"


async def test_every_tournament_entry_refuses_another_servers_actor(database: Database) -> None:
    service = TournamentService(database.sessions, FakeOpener())
    moderator = Actor(3, HOME, manage_guild=True)
    tournament = await service.create(moderator, channel_id=5, game_key="highcard")
    assert tournament.id is not None and tournament.guild_id == HOME
    await service.join(tournament.id, Actor(HOST, HOME), "host")
    words = f"There is no tournament #{tournament.id} in this server."
    for call in (
        lambda t: service.join(t, INTRUDER, "x"),
        lambda t: service.leave(t, Actor(HOST, AWAY)),
        lambda t: service.add_computer(t, INTRUDER),
        lambda t: service.start(t, INTRUDER),
        lambda t: service.drop(t, Actor(HOST, AWAY)),
        lambda t: service.replace(t, INTRUDER, HOST, 9, "nine"),
        lambda t: service.pause(t, INTRUDER),
        lambda t: service.resume(t, INTRUDER),
        lambda t: service.cancel(t, INTRUDER),
        lambda t: service.find(t, INTRUDER),
        lambda t: service.pick(INTRUDER, t),
    ):
        with pytest.raises(TournamentError, match=words):
            await call(tournament.id)
    assert (await service.get(tournament.id)).status == "signup" and await service.count(tournament.id) == 1
    assert await service.latest(AWAY) is None
    with pytest.raises(TournamentError, match="Manage Server"):
        await service.cancel(tournament.id, Actor(HOST, HOME))
    with pytest.raises(TournamentError, match="Manage Server"):
        await service.create(Actor(HOST, HOME), channel_id=5, game_key="highcard")


class SettingsStore:
    def __init__(self) -> None:
        self.rows: dict[int, GuildSettings] = {}

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return self.rows.get(guild_id, GuildSettings())

    async def update_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        given = {name: value for name, value in changes.items() if value is not None}
        row = self.rows[guild_id] = dataclasses.replace(self.rows.get(guild_id, GuildSettings()), **given)
        return row


async def test_settings_are_checked_by_the_service() -> None:
    store = SettingsStore()
    service = ServerSettings(store)
    manager = Actor(1, HOME, manage_guild=True)
    for changes in ({"idle_minutes": 0}, {"idle_minutes": 10**12}, {"computer_pause_ms": -5}, {"idle_minutes": True}):
        with pytest.raises(SettingsError, match="must be a whole number"):
            await service.change(manager, **changes)
    with pytest.raises(SettingsError, match="Manage Server"):
        await service.change(Actor(1, HOME, moderator=True), idle_minutes=5)
    with pytest.raises(SettingsError, match="server"):
        await service.show(Actor(1, 0, manage_guild=True))
    assert store.rows == {}
    saved = await service.change(manager, idle_minutes=1440, computer_pause_ms=0, use_threads=False)
    assert (saved.idle_minutes, saved.computer_pause_ms, saved.use_threads) == (1440, 0, False)
