"""Settings are checked by the bot, whatever Discord's client allowed; and the idle sweep survives
one server's bad setting and one failing table, sweeping every other server's tables."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import partial

import pytest

from bot.actor import Actor
from bot.table import GuildSettings
from bot.tables import TableService
from tests.bot.test_table_service import FakeStore
from tests.e2e.harness import Parlour
from tests.security.world import attacker, away, forged_command, unchanged

FORGED = [
    ("idle_minutes", 10**12),
    ("idle_minutes", 0),
    ("idle_minutes", -5),
    ("idle_minutes", 2**63),
    ("idle_minutes", 1441),
    ("computer_pause_ms", -5),
    ("computer_pause_ms", 10**12),
    ("computer_pause_ms", 2**63),
    ("computer_pause_ms", 10_001),
]


@pytest.mark.parametrize(("name", "value"), FORGED)
async def test_a_forged_setting_out_of_range_gets_a_sentence(parlour: Parlour, name: str, value: int) -> None:
    owner = next(m for m in parlour.server.guild.members if m.manage_guild)
    options = [{"name": name, "type": 4, "value": value}, {"name": "threads", "type": 5, "value": True}]
    sentence = await unchanged(parlour, partial(forged_command, parlour, owner, "settings", options), name)
    assert "must be a whole number from" in sentence


async def test_settings_in_range_are_saved_and_each_server_keeps_its_own(parlour: Parlour) -> None:
    owner = next(m for m in parlour.server.guild.members if m.manage_guild)
    options = [{"name": "idle_minutes", "type": 4, "value": 1440}, {"name": "computer_pause_ms", "type": 4, "value": 0}]
    said = await parlour.sentence(await forged_command(parlour, owner, "settings", options))
    assert "1440 min" in said
    assert parlour.bot is not None
    assert (await parlour.bot.store.get_settings(parlour.server.guild.id)).idle_minutes == 1440
    assert (await parlour.bot.store.get_settings(away(parlour).id)).idle_minutes == 5
    mallory = attacker(parlour)  # a moderator elsewhere changes only her own server's
    channel = parlour.server.channel("general", away(parlour))
    await (await parlour.server.slash(mallory, "settings", channel=channel, idle_minutes=7)).answer()
    assert (await parlour.bot.store.get_settings(parlour.server.guild.id)).idle_minutes == 1440
    assert (await parlour.bot.store.get_settings(away(parlour).id)).idle_minutes == 7


async def test_the_sweep_survives_a_stored_setting_out_of_range(parlour: Parlour) -> None:
    """A value saved before the bot checked them (10**12 minutes) once ended every server's sweep."""
    server, bot = parlour.server, parlour.bot
    assert bot is not None
    alice, bob = server.user("alice"), server.user("bob")
    home = await parlour.start_game(alice, [bob])
    there = away(parlour)
    carol, dan = server.user("carol", guild=there), server.user("dan", guild=there)
    elsewhere = await parlour.start_game(carol, [dan], channel=server.channel("general", there))
    await bot.store.update_settings(server.guild.id, idle_minutes=10**12)  # straight into the database
    await bot.store.update_settings(there.id, idle_minutes=1)
    bot.store_adapter._settings.clear()  # as after a restart
    parlour.clock.advance(minutes=3)
    await bot.tables.sweep_idle()
    await parlour.settle()
    # The other server's idle players were played for; this server's, under 1,440 minutes, not yet.
    assert parlour.table(elsewhere).version > 0 and parlour.table(home).version == 0
    assert not [m for m in server.recorder.messages_in(parlour.channel.id) if "your move" in m.content]
    # The stored value is read as the longest allowed, a day.
    assert (await bot.store_adapter.guild_settings(server.guild.id)).idle_minutes == 1440


class FailingStore(FakeStore):
    """One server's settings row is unreadable."""

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        if guild_id == 666:
            raise ValueError("a bad row")
        return GuildSettings(idle_minutes=1, computer_pause_ms=0)


class FailingPresenter:
    """Reminding one table fails (its channel is gone, say)."""

    def __init__(self) -> None:
        self.reminded: list[int] = []

    async def moved(self, change, note=None) -> None:  # type: ignore[no-untyped-def]
        pass

    async def table_changed(self, table, note=None) -> None:  # type: ignore[no-untyped-def]
        pass

    async def remind(self, table, seats) -> None:  # type: ignore[no-untyped-def]
        if table.guild_id == 13:
            raise RuntimeError("channel gone")
        self.reminded.append(table.id)


async def test_one_failing_table_does_not_stop_the_sweep_of_the_others() -> None:
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    presenter = FailingPresenter()
    service = TableService(FailingStore(), presenter=presenter, clock=lambda: now[0])  # type: ignore[arg-type]
    tables = []
    for guild in (666, 13, 1, 2):  # a bad row and a failing presenter first, then two good servers
        table = await service.open(guild, 2, "highcard", 100, "p0")
        await service.join(table.id, Actor(101, guild), "p1")
        await service.start(table.id, Actor(100, guild))
        tables.append(table)
    now[0] += timedelta(minutes=1, seconds=1)
    await service.sweep_idle()
    assert presenter.reminded == [tables[2].id, tables[3].id]
    now[0] += timedelta(minutes=2)
    await service.sweep_idle()
    assert [t.version for t in tables] == [0, 2, 2, 2]  # the failing reminder's table is still played for
    await service.shutdown()
