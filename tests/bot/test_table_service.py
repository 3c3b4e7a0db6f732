"""The table service on its own, over a fake store: the lock, versions, stale clicks, drafts."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.actor import Actor
from bot.tables import NOT_A_BUTTON, REST_AFTER, STALE_BUTTON, GuildSettings, Table, TableError, TableService
from engine import registry
from engine.core import GameState, Move, Outcome
from engine.nin_jan import Card, NinJanState
from engine.nin_jan.rules import full_deck


class FakeStore:
    """Keeps what the service saves, in memory; can be made slow or failing."""

    def __init__(self) -> None:
        self.rows: dict[int, dict[str, Any]] = {}
        self.actions: list[tuple[int, int, str]] = []
        self.saving = 0
        self.most_at_once = 0
        self.fail = False

    async def create_table(self, table: Table) -> int:
        table_id = len(self.rows) + 1
        self.rows[table_id] = {}
        return table_id

    async def save_lobby(self, table: Table) -> None: ...
    async def save_start(self, table: Table, state_json: str, profiles: Any = None) -> None:
        self.rows[table.id] = {"state": state_json, "version": 0, "fresh": [0] * len(table.seats)}

    async def save_action(
        self,
        table: Table,
        new_state_json: str,
        seat: int,
        move: str,
        actor: str,
        user_id: int | None,
        outcome: Outcome | None = None,
        fresh_from: Sequence[int] | None = None,
    ) -> None:
        self.saving += 1
        self.most_at_once = max(self.most_at_once, self.saving)
        try:
            await asyncio.sleep(0.001)
            if self.fail:
                raise RuntimeError("the database is gone")
            self.actions.append((table.id, seat, move))
            self.rows[table.id].update(state=new_state_json, version=table.version + 1, fresh=list(fresh_from or []))
        finally:
            self.saving -= 1

    async def save_drafts(self, table: Table) -> None:
        self.rows[table.id]["drafts"] = dict(table.drafts)

    async def set_status(self, table: Table, status: str) -> None: ...
    async def save_message(self, table: Table) -> None: ...
    async def open_tables(self) -> list[Table]:
        return []

    async def load_table(self, table_id: int) -> Table | None:
        return None

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return GuildSettings(computer_pause_ms=0)


async def dealt(people: int = 3) -> tuple[TableService, FakeStore, Table]:
    store = FakeStore()
    service = TableService(store)
    table = await service.open(1, 2, "highcard", 100, "p0")
    for user in range(101, 100 + people):
        await service.join(table.id, Actor(user, 1), f"p{user - 100}")
    await service.start(table.id, Actor(100, 1))
    return service, store, table


def first_move(table: Table, seat: int) -> str:
    decision = table.view(seat).decisions[0]
    return f"{decision.kind}:{decision.options[0].id}"


async def test_moves_of_one_table_are_saved_one_at_a_time() -> None:
    service, store, table = await dealt(3)
    moves = [service.act(table.id, Actor(100 + seat, 1), 0, first_move(table, seat)) for seat in range(3)]
    changes = await asyncio.gather(*moves)
    assert store.most_at_once == 1 and table.version == 3
    assert sorted(c.version for c in changes) == [1, 2, 3]


async def test_a_button_of_a_seat_whose_choices_did_not_change_still_works() -> None:
    service, _, table = await dealt(3)
    change = await service.act(table.id, Actor(100, 1), 0, first_move(table, 0))
    assert change.changed_seats == (0,) and 1 in change.waiting_on
    await service.act(table.id, Actor(101, 1), 0, first_move(table, 1))  # version 0, but bob's choices never changed
    assert table.version == 2


async def test_stale_and_future_buttons_are_refused_and_change_nothing() -> None:
    service, store, table = await dealt(2)
    move = first_move(table, 0)
    await service.act(table.id, Actor(100, 1), 0, move)
    await service.act(table.id, Actor(101, 1), 1, first_move(table, 1))  # the round ends: everyone's choices change
    before = (table.version, table.state.to_json(), len(store.actions))
    with pytest.raises(TableError, match=STALE_BUTTON):
        await service.act(table.id, Actor(100, 1), 0, move)
    with pytest.raises(TableError, match=NOT_A_BUTTON):
        await service.act(table.id, Actor(100, 1), table.version + 1, move)
    assert (table.version, table.state.to_json(), len(store.actions)) == before


async def test_a_failed_save_leaves_the_table_as_it_was() -> None:
    service, store, table = await dealt(2)
    before = (table.version, table.state.to_json(), dict(table.fresh_from))
    store.fail = True
    with pytest.raises(RuntimeError):
        await service.act(table.id, Actor(100, 1), 0, first_move(table, 0))
    assert (table.version, table.state.to_json(), dict(table.fresh_from)) == before


async def test_the_valid_from_versions_are_saved_with_each_move() -> None:
    service, store, table = await dealt(3)
    await service.act(table.id, Actor(100, 1), 0, first_move(table, 0))
    assert store.rows[table.id]["fresh"] == [1, 0, 0]


async def test_a_draft_is_private_kept_and_dropped_when_its_choices_change() -> None:
    service, store, table = await dealt(2)
    decision = table.view(0).decisions[0]
    await service.draft(table.id, Actor(100, 1), 0, decision.kind, [decision.options[0].id])
    assert table.drafts[0].picks == (decision.options[0].id,) and 1 not in table.drafts
    assert 0 in store.rows[table.id]["drafts"]
    with pytest.raises(TableError):
        await service.draft(table.id, Actor(100, 1), 0, "nonsense", [])
    await service.act(table.id, Actor(100, 1), 0, first_move(table, 0))
    assert 0 not in table.drafts


async def test_a_draft_counts_while_it_answers_its_seats_choices() -> None:
    """One rule (Table.draft_of), for the hand that shows a draft and the service that keeps it:
    made since the seat's choices last changed, for a decision the seat holds in that moment."""
    service, _, table = await dealt(3)
    decision = table.view(1).decisions[0]
    await service.draft(table.id, Actor(101, 1), 0, decision.kind, [decision.options[0].id])
    await service.act(table.id, Actor(100, 1), 0, first_move(table, 0))  # seat 1's choices stand
    assert table.draft_of(1) == table.drafts[1] and table.draft_of(1, table.view(1).decisions) == table.drafts[1]
    assert table.draft_of(1, ()) is None  # a moment in which seat 1 holds no such decision
    await service.act(table.id, Actor(102, 1), 0, first_move(table, 2))
    await service.act(table.id, Actor(101, 1), 0, first_move(table, 1))  # the round is over: new choices
    assert table.draft_of(1) is None and 1 not in table.drafts


async def test_a_table_whose_people_think_lets_go_of_its_views_and_plays_on_the_same() -> None:
    service, _, table = await dealt(3)
    await service.act(table.id, Actor(100, 1), 0, first_move(table, 0))
    views = [table.view(seat) for seat in (None, 0, 1, 2)]
    service.rest_idle()  # just moved: it keeps them
    assert table.view(1) is views[2]
    table.last_action_at -= REST_AFTER  # its people have been thinking since
    service.rest_idle()
    assert table.view(1) is not views[2] and [table.view(seat) for seat in (None, 0, 1, 2)] == views
    await service.act(table.id, Actor(101, 1), 0, first_move(table, 1))  # and the game goes on from the same moment
    assert table.version == 2


async def test_a_play_off_between_a_computer_and_a_person_away_comes_to_an_end() -> None:
    """Nin Jan's play-off: the computer throws, then the idle rule throws for the person away, round
    after round, until one sign beats the other (their seeds once made them throw the same for ever)."""
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    service = TableService(FakeStore(), clock=lambda: now[0])
    table = await service.open(1, 2, "nin_jan", 100, "away")
    await service.add_computer(table.id, Actor(100, 1))
    await service.add_computer(table.id, Actor(100, 1))
    await service.start(table.id, Actor(100, 1))
    table.seed = 12345
    async with service.lock(table.id):
        table.state = playoff_of_seats_0_and_1()
        service._refresh_pending(table)
    service._kick_computers(table)
    for _ in range(60):  # a tie a round is one chance in three
        await settle_computers(service)
        if table.status == "finished":
            break
        assert table.waiting_on == (0,), table.waiting_on  # the computer has thrown: the person is awaited
        now[0] += timedelta(hours=1)
        await service.sweep_idle()
    assert table.status == "finished"
    assert table.state is not None and table.state.outcome() is not None
    throws = [e for e in table.state.events if e.startswith("Play-off")]
    assert throws and "wins the game" in throws[-1]


def playoff_of_seats_0_and_1() -> GameState:
    """Round 9 of a 3-player Nin Jan game, played: seats 0 and 1 tie for first, seat 2 is behind."""
    state = registry.get("nin_jan").new_state(3, 1)
    assert isinstance(state, NinJanState)
    state.piles = [[Card.parse("5S")], [Card.parse("5P")], [Card.parse("1R")]]
    state.hands = [[Card.parse("6R")], [Card.parse("6S")], [Card.parse("-3S")]]
    used = {card for group in state.piles + state.hands for card in group}
    state.set_aside = [card for card in full_deck() if card not in used]
    state.won = [[], [], []]
    state.round = 9
    for seat, card in enumerate(("6R", "6S", "-3S")):
        state.act(seat, Move("play", (card,)))
    state.act(2, "place:p1")
    assert state.phase == "playoff" and state.waiting_on() == (0, 1)
    return state


async def settle_computers(service: TableService) -> None:
    while tasks := [t for t in service._computer_tasks.values() if not t.done()]:
        await asyncio.gather(*tasks)
    await asyncio.sleep(0)
