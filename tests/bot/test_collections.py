"""Gin-jon-tan collections: cards are counted like money through many games with prizes.

Games are dealt from the real profiles (bot.profiles → bot.collections), played to their last
move by the engine, and that last move is saved through the real table store with its results
and prize transfers, as the table service saves it.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import event

from bot import collections as gjt
from bot.models import OwnedItem
from bot.store import Store, StoreError
from bot.table_store import TableStoreAdapter
from bot.tables import Seat, Table
from engine.core import Move
from engine.gin_jon_tan import GAME
from engine.gin_jon_tan.cards import Card

PEOPLE = (101, 102, 103, 104)
PRIZES = {"deck": "personal", "prizes": "on"}
_guilds = itertools.count(1000)


@dataclass
class Ending:
    """A dealt table and its last move, not saved yet."""

    table: Table
    seat: int
    move: Move
    final_json: str

    @property
    def outcome(self):
        return GAME.load(self.final_json).outcome()


async def deal(
    adapter: TableStoreAdapter, guild: int, people: list[int], computers: int, seed: int, options=PRIZES
) -> Ending:
    """Open, deal from the players' decks and play a whole game but its last move."""
    seats = [Seat(user, f"Player {user}") for user in people] + [
        Seat(None, f"Computer {i + 1}", True) for i in range(computers)
    ]
    table = Table(id=0, guild_id=guild, channel_id=1, game=GAME, host_id=people[0], options=dict(options), seats=seats)
    table.options = GAME.validate_options({"rounds": 3, **options})
    table.seed = seed
    table.id = await adapter.create_table(table)
    profiles = await adapter.profiles(table)
    state = GAME.new_state(len(seats), seed, table.options, profiles)
    await adapter.save_start(table, state.to_json())
    table.status = "playing"
    dealt_json, rng, moves = state.to_json(), random.Random(seed), []
    while not state.is_over:
        seat = state.waiting_on()[0]
        moves.append((seat, state.random_move(seat, rng)))
        state.act(*moves[-1])
    final_json = state.to_json()
    table.state = GAME.load(dealt_json)  # the state before the last move, as the service holds it
    for seat, move in moves[:-1]:
        table.state.act(seat, move)
    return Ending(table, moves[-1][0], moves[-1][1], final_json)


async def finish(adapter: TableStoreAdapter, ending: Ending) -> None:
    table = ending.table
    user = table.seats[ending.seat].user_id
    actor = "computer" if user is None else "player"
    await adapter.save_action(table, ending.final_json, ending.seat, ending.move.text(), actor, user, ending.outcome)


async def holdings(store: Store, guild: int) -> tuple[dict[int | None, set[int]], dict[int, OwnedItem]]:
    """Every item of the game in this server by owner (None: the house), and every row by id."""
    rows = await store.game_items(guild, gjt.GAME_KEY)
    owners: dict[int | None, set[int]] = {}
    for row in rows:
        assert row.id is not None
        owners.setdefault(row.user_id, set()).add(row.id)
    return owners, {row.id: row for row in rows if row.id is not None}


@pytest.fixture
def adapter(store: Store) -> TableStoreAdapter:
    return TableStoreAdapter(store)


game_plans = st.lists(
    st.tuples(
        st.sets(st.sampled_from(PEOPLE), min_size=1, max_size=4),
        st.integers(0, 2),
        st.integers(0, 2**31),
    ).filter(lambda plan: 2 <= len(plan[0]) + plan[1] <= 6),
    min_size=1,
    max_size=3,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plans=game_plans)
async def test_cards_change_only_by_top_ups_and_house_prizes(
    store: Store, adapter: TableStoreAdapter, plans: list[tuple[set[int], int, int]]
) -> None:
    guild = next(_guilds)
    for people, computers, seed in plans:
        before, _ = await holdings(store, guild)
        ending = await deal(adapter, guild, sorted(people), computers, seed)
        dealt, rows = await holdings(store, guild)
        # Dealing only made or topped up collections, to exactly 33, with new cards.
        for user in people:
            added = dealt[user] - before.get(user, set())
            assert len(dealt[user]) == max(33, len(before.get(user, set())))
            assert {rows[i].origin for i in added} <= {"first", "top-up"}
        assert all(dealt.get(owner, set()) >= ids for owner, ids in before.items())

        await finish(adapter, ending)
        after, rows_after = await holdings(store, guild)
        lines = await store.transfers_for(ending.table.id)
        assert len(lines) == len(ending.outcome.transfers)

        # Replay the log on the holdings as they were dealt: it must give exactly what is stored.
        expected = {owner: set(ids) for owner, ids in dealt.items()}
        house_given = 0
        for line in lines:
            assert (line.owned_item_id is not None) == line.moved
            if line.from_user_id is None:  # from a computer's generated deck: the house gives a new card
                assert line.moved == (line.to_user_id is not None)
                if line.to_user_id is not None:
                    house_given += 1
                    assert rows_after[line.owned_item_id].origin == "house"
                    expected.setdefault(line.to_user_id, set()).add(line.owned_item_id)
                continue
            assert line.moved, "a person's own deck card must move"
            assert line.owned_item_id in expected[line.from_user_id]
            expected[line.from_user_id].remove(line.owned_item_id)
            expected.setdefault(line.to_user_id, set()).add(line.owned_item_id)
            assert rows_after[line.owned_item_id].kind == rows[line.owned_item_id].kind  # the same card moved
        assert {k: v for k, v in after.items() if v} == {k: v for k, v in expected.items() if v}
        assert len(rows_after) == len(rows) + house_given  # nothing made but the house's prizes
        every = [item for ids in after.values() for item in ids]
        assert len(every) == len(set(every)), "an item is in two collections"
        assert all(Card.parse(row.kind) for row in rows_after.values())


async def test_the_house_gives_the_card_the_computer_played(store: Store, adapter: TableStoreAdapter) -> None:
    guild = next(_guilds)
    for seed in range(20):  # a game the person wins against the computer
        ending = await deal(adapter, guild, [101], 1, seed)
        if ending.outcome.places[0] == 1 and ending.outcome.places[1] == 2:
            break
    else:
        pytest.fail("the person never won in 20 games")
    await finish(adapter, ending)
    state = GAME.load(ending.final_json)
    lines = await store.transfers_for(ending.table.id)
    assert len(lines) == 3 and all(line.item.startswith("gen:1:") for line in lines)
    _, rows = await holdings(store, guild)
    for line in lines:
        index = int(line.item.rsplit(":", 1)[1])
        assert line.owned_item_id is not None
        assert rows[line.owned_item_id].kind == state.decks[1][index] == line.kind
        assert rows[line.owned_item_id].user_id == 101


async def test_a_common_deck_game_moves_no_card(store: Store, adapter: TableStoreAdapter) -> None:
    guild = next(_guilds)
    ending = await deal(adapter, guild, [101, 102], 1, 5, options={"deck": "common"})
    before, _ = await holdings(store, guild)
    await finish(adapter, ending)
    assert (await holdings(store, guild))[0] == before and await store.transfers_for(ending.table.id) == []


async def test_a_lost_card_is_topped_up_and_leaves_the_deck(store: Store, adapter: TableStoreAdapter) -> None:
    guild = next(_guilds)
    for seed in itertools.count():
        ending = await deal(adapter, guild, [101, 102], 0, seed)
        if ending.outcome.places == (1, 2):
            break
    loser_deck = [entry["item"] for entry in ending.table.state.profiles[1]["deck"]]
    await store.save_item_choice(guild, 102, gjt.GAME_KEY, chosen=loser_deck)
    await finish(adapter, ending)
    lost = {line.item for line in await store.transfers_for(ending.table.id)}
    assert len(lost) == 3 and len(await store.owned_items(guild, 102, gjt.GAME_KEY)) == 30
    items, deck = await gjt.collection_and_deck(store, guild, 102)
    assert len(items) == 33 and [row.origin for row in items[-3:]] == ["top-up"] * 3
    assert len(deck) == 33 and not lost & {row.item for row in deck}
    # The chosen cards still owned keep their place; the new ones fill the gaps at the end.
    assert [row.item for row in deck[:30]] == [item for item in loser_deck if item not in lost]
    winner = await store.owned_items(guild, 101, gjt.GAME_KEY)
    assert len(winner) == 36 and {row.item for row in winner} >= lost


class FailAt:
    """Fails the database statement number ``at`` (0-based) of what runs while it is armed."""

    def __init__(self, store: Store) -> None:
        self.engines = store.engines()
        self.at: int | None = None
        self.count = 0
        for engine in self.engines:
            event.listen(engine, "before_cursor_execute", self._statement)

    def _statement(self, *args: object) -> None:
        if self.at is None:
            return
        self.count += 1
        if self.count - 1 == self.at:
            raise RuntimeError(f"the bot was killed at statement {self.at}")

    def arm(self, at: int | None) -> None:
        self.at, self.count = at, 0

    def close(self) -> None:
        for engine in self.engines:
            event.remove(engine, "before_cursor_execute", self._statement)


@pytest.fixture
def fail_at(store: Store) -> Iterator[FailAt]:
    failing = FailAt(store)
    yield failing
    failing.close()


async def snapshot(store: Store, guild: int, table_id: int) -> tuple:
    owners, rows = await holdings(store, guild)
    table = await store.load_table(table_id)
    assert table is not None
    return (
        owners,
        {i: (r.user_id, r.kind, r.acquired_table_id) for i, r in rows.items()},
        await store.transfers_for(table_id),
        len(await store.results_for(table_id)),
        table.status,
        table.version,
    )


async def test_a_kill_at_any_statement_of_the_prize_transfer_loses_and_duplicates_nothing(
    store: Store, adapter: TableStoreAdapter, fail_at: FailAt
) -> None:
    guild = next(_guilds)
    ending = await deal(adapter, guild, [101, 102, 103], 2, 7)
    assert len(ending.outcome.transfers) >= 10
    before = await snapshot(store, guild, ending.table.id)
    for at in itertools.count():
        fail_at.arm(at)
        try:
            await finish(adapter, ending)
        except RuntimeError as error:
            assert f"statement {at}" in str(error)
            assert await snapshot(store, guild, ending.table.id) == before, f"a kill at statement {at} left a trace"
            continue
        finally:
            fail_at.arm(None)
        break
    assert at > 2 * len(ending.outcome.transfers)  # every statement of the transfer was a place to fail
    done = await snapshot(store, guild, ending.table.id)
    assert done[4] == "finished" and len(done[2]) == len(ending.outcome.transfers)
    # A second attempt (a restart that saves the last move again) is refused and moves nothing.
    with pytest.raises(StoreError):
        await finish(adapter, ending)
    assert await snapshot(store, guild, ending.table.id) == done
    counts = Counter(row.user_id for row in (await store.game_items(guild, gjt.GAME_KEY)))
    house = sum(1 for line in done[2] if line.from_user_id is None and line.to_user_id is not None)
    assert sum(counts.values()) == 3 * 33 + house


async def test_first_collection_is_33_random_cards_made_once(store: Store) -> None:
    guild = next(_guilds)
    first = await gjt.collection(store, guild, 101, random.Random(1))
    again = await gjt.collection(store, guild, 101, random.Random(2))
    assert [row.id for row in first] == [row.id for row in again] and len(first) == 33
    assert {row.origin for row in first} == {"first"} and len({row.kind for row in first}) == 33
    other = await gjt.collection(store, guild, 101 + 1, random.Random(1))
    assert [row.kind for row in other] == [row.kind for row in first]  # equal cards, each its own item
    assert not {row.id for row in other} & {row.id for row in first}
    elsewhere = await gjt.collection(store, guild + 1, 101, random.Random(3))  # a server is its own economy
    assert not {row.id for row in elsewhere} & {row.id for row in first}
    owner = await store.item_owner(guild, 101, gjt.GAME_KEY)
    assert owner is not None and owner.chosen_json is None
    _, deck = await gjt.collection_and_deck(store, guild, 101)
    assert [row.id for row in deck] == [row.id for row in first]  # the default deck: the first 33 got
    await store.save_item_choice(guild, 101, gjt.GAME_KEY, chosen=[row.item for row in reversed(first)])
    _, deck = await gjt.collection_and_deck(store, guild, 101)
    assert [row.id for row in deck] == [row.id for row in reversed(first)]
    assert json.loads((await store.item_owner(guild, 101, gjt.GAME_KEY)).chosen_json)[0] == first[-1].item
