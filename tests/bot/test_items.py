"""Per-seat profiles in, owned items out: loaded at the start, moved with the final result."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from bot.actor import Actor
from bot.store import ActionSave, Store, StoreError
from bot.table_store import TableStoreAdapter
from bot.tables import TableService
from engine import registry
from engine.core import Decision, Game, GameState, Move, Option, Outcome, Transfer, View
from engine.players import ComputerPlayer

GUILD = 7


@dataclass(frozen=True)
class SwapView(View):
    profile: dict[str, Any] | None


class SwapState(GameState):
    """Seat 0 names the transfers of the game (``item>from>to``), and the game ends."""

    def _setup(self) -> None:
        self.transfers: list[list[Any]] = []

    @property
    def phase(self) -> str:
        return "over" if self.transfers else "play"

    def decisions(self) -> list[Decision]:
        if self.transfers:
            return []
        options = tuple(Option(f"{i}", f"{i}") for i in range(4))
        return [Decision(0, "end", "End", options, 1, 1)]

    def _apply(self, seat: int, decision: Decision, move: Move) -> None:
        self.transfers = [[self._item(item), a, b] for item, a, b in SCRIPTS[int(move.picks[0])]]

    def _item(self, name: str) -> str:
        """``"1:0"`` is seat 1's first item; anything else is taken as it is."""
        seat, _, index = name.partition(":")
        profile = self.profiles[int(seat)] if index else None
        return profile["items"][int(index)]["item"] if profile else name

    def outcome(self) -> Outcome | None:
        if not self.transfers:
            return None
        return Outcome("done", (1, 0), (1, 2), tuple(Transfer(str(i), int(a), int(b)) for i, a, b in self.transfers))

    def view(self, seat: int | None) -> SwapView:
        return SwapView(**self.base_view_fields(seat), profile=self.profiles[seat] if seat is not None else None)

    def _data(self) -> dict[str, Any]:
        return {"transfers": self.transfers}

    def _load(self, data: dict[str, Any]) -> None:
        self.transfers = data["transfers"]


SCRIPTS = {
    0: [("1:0", 1, 0)],  # bob's first item to alice
    1: [("999999", 1, 0), ("0:0", 1, 0)],  # bob owns neither: nothing moves
    2: [("gift", 1, 0), ("0:0", 0, 1)],  # with seat 1 a computer: the house gives; alice's item goes to the house
    3: [],
}


class Nobody(ComputerPlayer):
    def choose(self, view: View) -> Move:
        raise AssertionError("computers never decide here")


SWAP = Game(
    key="swaptest",
    name="Swap",
    min_players=2,
    max_players=2,
    state_class=SwapState,
    computer_player=Nobody,
    uses_profiles=True,
)


@pytest.fixture(autouse=True)
def swap_game() -> Iterator[None]:
    """The test game is registered for these tests only (registry-wide tests elsewhere play every game)."""
    registry.register(SWAP)
    yield
    registry.unregister(SWAP.key)


async def play(store: Store, script: int, computer: bool = False) -> tuple[TableService, int]:
    service = TableService(TableStoreAdapter(store))
    table = await service.open(GUILD, 1, "swaptest", 100, "alice")
    if computer:
        await service.add_computer(table.id, Actor(100, GUILD))
    else:
        await service.join(table.id, Actor(200, GUILD), "bob")
    await service.start(table.id, Actor(100, GUILD))
    assert table.state is not None
    await service.act(table.id, Actor(100, GUILD), 0, f"end:{script}")
    return service, table.id


async def owned(store: Store, user: int) -> list[tuple[int | None, str]]:
    return sorted((row.id, row.kind) for row in await store.owned_items(GUILD, user, "swaptest"))


async def test_profiles_come_from_owned_items_and_items_move_with_the_result(store: Store) -> None:
    a, b = await store.grant_items(GUILD, 100, "swaptest", ["a", "b"])
    c1, c2 = await store.grant_items(GUILD, 200, "swaptest", ["c", "c"])  # two equal items, each its own
    assert c1.id != c2.id
    service = TableService(TableStoreAdapter(store))
    table = await service.open(GUILD, 1, "swaptest", 100, "alice")
    await service.join(table.id, Actor(200, GUILD), "bob")
    await service.start(table.id, Actor(100, GUILD))
    assert table.view(0).profile == {"items": [{"item": a.item, "kind": "a"}, {"item": b.item, "kind": "b"}]}
    assert table.view(1).profile == {"items": [{"item": c1.item, "kind": "c"}, {"item": c2.item, "kind": "c"}]}
    await service.act(table.id, Actor(100, GUILD), 0, "end:0")
    assert await owned(store, 100) == sorted([(a.id, "a"), (b.id, "b"), (c1.id, "c")])
    assert await owned(store, 200) == [(c2.id, "c")]
    [line] = await store.transfers_for(table.id)
    assert (line.item, line.owned_item_id, line.from_user_id, line.to_user_id, line.moved) == (
        c1.item,
        c1.id,
        200,
        100,
        True,
    )
    [moved] = [row for row in await store.owned_items(GUILD, 100, "swaptest") if row.id == c1.id]
    assert moved.acquired_table_id == table.id and moved.origin == "granted"
    assert len(await store.results_for(table.id)) == 2

    # A second attempt at the final action (a retry, a restart mid-save) moves nothing twice.
    with pytest.raises(StoreError):
        await store.save_action(ActionSave(table.id, 0, "{}", 0, "end:0", "player", 100), results=[], transfers=[])
    assert await owned(store, 100) == sorted([(a.id, "a"), (b.id, "b"), (c1.id, "c")])
    assert await owned(store, 200) == [(c2.id, "c")]


async def test_nobody_loses_what_they_do_not_own(store: Store) -> None:
    [a] = await store.grant_items(GUILD, 100, "swaptest", ["a"])
    _, table_id = await play(store, 1)
    assert [line.moved for line in await store.transfers_for(table_id)] == [False, False]
    assert await owned(store, 100) == [(a.id, "a")] and await owned(store, 200) == []


async def test_a_computer_seat_takes_from_and_gives_to_the_house(store: Store) -> None:
    [a] = await store.grant_items(GUILD, 100, "swaptest", ["a"])
    _, table_id = await play(store, 2, computer=True)
    [(gift_id, kind)] = await owned(store, 100)
    assert kind == "gift" and gift_id != a.id  # a new item the house gives
    lines = await store.transfers_for(table_id)
    assert [(t.item, t.owned_item_id, t.moved) for t in lines] == [("gift", gift_id, True), (a.item, a.id, True)]
    house = [row for row in await store.game_items(GUILD, "swaptest") if row.user_id is None]
    assert [(row.id, row.kind) for row in house] == [(a.id, "a")]  # alice's item went to the house
    history, total = await store.item_history(GUILD, 100, "swaptest")
    assert total == 2 and [t.item for t in history] == [a.item, "gift"]  # newest first
