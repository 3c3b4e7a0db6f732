"""A computer whose move failed once (a save the database refused, say) plays again at the next
idle sweep: a table waiting only on computers never waits for a restart."""

from __future__ import annotations

import pytest

from bot.actor import Actor
from bot.tables import TableService
from tests.bot.test_table_service import FakeStore, settle_computers


async def test_a_computer_whose_save_failed_plays_again_at_the_next_sweep(caplog: pytest.LogCaptureFixture) -> None:
    store = FakeStore()
    service = TableService(store)
    table = await service.open(1, 2, "highcard", 100, "host")
    await service.join(table.id, Actor(101, 1), "guest")
    await service.add_computer(table.id, Actor(100, 1))
    await service.start(table.id, Actor(100, 1))
    for seat in (0, 1):  # the people play; then only the computer is waited on
        decision = table.view(seat).decisions[0]
        await service.act(table.id, Actor(100 + seat, 1), table.version, f"{decision.kind}:{decision.options[0].id}")
    store.fail = True  # the computer's save fails: its task logs it and ends
    await settle_computers(service)
    assert table.waiting_computers() and "Computer player failed" in caplog.text
    before = table.version

    store.fail = False
    await service.sweep_idle()
    await settle_computers(service)
    assert table.version > before and not table.waiting_computers()
