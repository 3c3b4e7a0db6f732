"""Per-seat profiles in, owned items out: loaded at the start, moved with the final result."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from bot.store import Store, StoreError
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
        self.transfers = [list(t) for t in SCRIPTS[int(move.picks[0])]]

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
    0: [("c", 1, 0)],  # bob's c to alice
    1: [("z", 1, 0)],  # bob does not own z: nothing moves
    2: [("gift", 1, 0), ("a", 0, 1)],  # with seat 1 a computer: the house gives; alice's a goes to the house
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
        await service.add_computer(table.id, 100)
    else:
        await service.join(table.id, 200, "bob")
    await service.start(table.id, 100)
    assert table.state is not None
    await service.act(table.id, 100, 0, f"end:{script}")
    return service, table.id


async def owned(store: Store, user: int) -> dict[str, int]:
    return {row.item: row.count for row in await store.owned_items(GUILD, user, "swaptest")}


async def test_profiles_come_from_owned_items_and_items_move_with_the_result(store: Store) -> None:
    await store.grant_items(GUILD, 100, "swaptest", ["a", "b"])
    await store.grant_items(GUILD, 200, "swaptest", ["c", "c"])
    service = TableService(TableStoreAdapter(store))
    table = await service.open(GUILD, 1, "swaptest", 100, "alice")
    await service.join(table.id, 200, "bob")
    await service.start(table.id, 100)
    assert table.view(0).profile == {"items": ["a", "b"]} and table.view(1).profile == {"items": ["c", "c"]}
    await service.act(table.id, 100, 0, "end:0")
    assert await owned(store, 100) == {"a": 1, "b": 1, "c": 1} and await owned(store, 200) == {"c": 1}
    [line] = await store.transfers_for(table.id)
    assert (line.item, line.from_user_id, line.to_user_id, line.moved) == ("c", 200, 100, True)
    assert len(await store.results_for(table.id)) == 2

    # A second attempt at the final action (a retry, a restart mid-save) moves nothing twice.
    with pytest.raises(StoreError):
        await store.save_action(table.id, 0, "{}", 0, "end:0", "player", 100, results=[], transfers=[])
    assert await owned(store, 100) == {"a": 1, "b": 1, "c": 1} and await owned(store, 200) == {"c": 1}


async def test_nobody_loses_what_they_do_not_own(store: Store) -> None:
    _, table_id = await play(store, 1)
    [line] = await store.transfers_for(table_id)
    assert not line.moved and await owned(store, 100) == {} and await owned(store, 200) == {}


async def test_a_computer_seat_takes_from_and_gives_to_the_house(store: Store) -> None:
    await store.grant_items(GUILD, 100, "swaptest", ["a"])
    _, table_id = await play(store, 2, computer=True)
    assert await owned(store, 100) == {"gift": 1}
    assert [(t.item, t.moved) for t in await store.transfers_for(table_id)] == [("gift", True), ("a", True)]
