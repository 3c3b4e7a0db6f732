"""The prize ledger under attack: every Gin-jon-tan card of a server is counted before and after.

Games are played through the real table service over the real store (SQLite and PostgreSQL):
a computer takes over a seat just before the winning last move, the tournament's round timer
hands idle seats to computers, a person tries to stake their cards at two tables, Rematch is
clicked again and again, the bot is stopped and started again in the middle of a game. In every
case the cards of all collections change exactly as the saved transfers say, those are the
rules' transfers between the seats' owners, and nothing is ever made for a person's seat.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections import Counter
from collections.abc import AsyncIterator, Iterator

import pytest

from bot import collections as gjt
from bot.actor import Actor
from bot.db import Database
from bot.store import ActionSave, ItemsStaked, NewTable, Stake, Store, TransferLine
from bot.table import Seat, cards_in_play
from bot.table_store import TableStoreAdapter
from bot.tables import Table, TableError, TableService
from bot.tournaments.service import SeatSpec, TableEnd, TableRequest
from bot.tournaments.tables_adapter import TableServiceOpener
from cogs.table_ui import table_text
from tests.bot.conftest import database, empty_database  # noqa: F401  (SQLite and PostgreSQL)

PRIZES = {"deck": "personal", "prizes": "on", "rounds": 3}
ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol", DAVE: "Dave"}
_guilds = itertools.count(7000)

Holdings = dict[int | None, set[int]]


@pytest.fixture
def store(database: Database) -> Iterator[Store]:  # noqa: F811
    """The store over a migrated database, on each backend."""
    opened = Store(database.sessions)
    yield opened
    opened.close()


@pytest.fixture
async def guild(store: Store) -> int:
    """A fresh server whose computers move at once."""
    number = next(_guilds)
    await store.update_settings(number, computer_pause_ms=0)
    return number


@pytest.fixture
async def service(store: Store) -> AsyncIterator[TableService]:
    tables = TableService(TableStoreAdapter(store))
    yield tables
    await tables.shutdown()


async def holdings(store: Store, guild: int) -> Holdings:
    """Every card of the server by owner (None: the house)."""
    owners: Holdings = {}
    for row in await store.game_items(guild, gjt.GAME_KEY):
        assert row.id is not None
        owners.setdefault(row.user_id, set()).add(row.id)
    return owners


async def collections_of(store: Store, guild: int, people: list[int]) -> Holdings:
    """Each person's first collection (33 cards), made now, and the server's cards."""
    for person in people:
        await gjt.collection(store, guild, person)
    found = await holdings(store, guild)
    assert all(len(found[p]) == 33 for p in people)
    return found


async def table_with(service: TableService, guild: int, host: int, others: list[int], options=PRIZES) -> Table:
    table = await service.open(guild, 1, gjt.GAME_KEY, host, NAMES[host])
    for person in others:
        await service.join(table.id, Actor(person, guild), NAMES[person])
    await service.set_options(table.id, Actor(host, guild), dict(options))
    return table


async def settled(service: TableService, table: Table) -> None:
    """Wait while the table's computer seats think (they move by themselves, as do people's only
    possible moves)."""
    for _ in range(20000):
        task = service._computer_tasks.get(table.id)
        if task is None or task.done():
            return
        await asyncio.sleep(0.002)
    raise AssertionError("the computers never moved")


async def play(service: TableService, table: Table, rng: random.Random, *, stop_before_last: bool = False):
    """People's random moves (computers move by themselves) until the game is over, or until the
    next move would end it (``stop_before_last``): then that seat and move, not made."""
    for _ in range(100000):
        await settled(service, table)
        if table.status != "playing":
            return None
        assert table.state is not None
        seat = table.waiting_people()[0]
        move = table.state.random_move(seat, rng)
        if stop_before_last:
            trial = table.state.copy(table.state.to_json())
            trial.act(seat, move)
            if trial.outcome() is not None:
                return seat, move
        user = table.seats[seat].user_id
        assert user is not None
        await service.act(table.id, Actor(user, table.guild_id), table.version, move.text())
    raise AssertionError("the game did not end")


async def until_finished(table: Table) -> None:
    for _ in range(20000):
        if table.status == "finished":
            return
        await asyncio.sleep(0.002)
    raise AssertionError(f"table {table.id} did not finish")


async def assert_exact(store: Store, guild: int, table: Table, before: Holdings) -> Holdings:
    """The cards after a finished table are the cards before with exactly its saved transfers
    applied; those are the rules' transfers between the seats' owners, every one moved, none made
    by the house (no seat here is a generated computer deck); the table announces exactly them."""
    outcome = table.outcome
    assert table.status == "finished" and outcome is not None and outcome.transfers
    lines = await store.transfers_for(table.id)
    owners = [seat.owner_id for seat in table.seats]
    assert all(owner is not None for owner in owners)
    assert [(line.item, line.from_user_id, line.to_user_id, line.moved) for line in lines] == [
        (t.item, owners[t.from_seat], owners[t.to_seat], True) for t in outcome.transfers
    ]
    expected = {owner: set(ids) for owner, ids in before.items()}
    for line in lines:
        assert line.owned_item_id is not None and line.owned_item_id == int(line.item)
        expected[line.from_user_id].remove(line.owned_item_id)
        expected.setdefault(line.to_user_id, set()).add(line.owned_item_id)
    after = await holdings(store, guild)
    assert after == expected
    assert sum(map(len, after.values())) == sum(map(len, before.values()))  # not one card made or lost
    assert None not in after  # nothing went to the house
    assert {row.origin for row in await store.game_items(guild, gjt.GAME_KEY)} == {"first"}
    assert await store.staked_at(guild, ALICE, gjt.GAME_KEY) is None  # the table's reservations ended with it
    # What the table announces is what moved.
    assert [(p.from_seat, p.to_seat, p.moved) for p in table.prizes] == [
        (t.from_seat, t.to_seat, True) for t in outcome.transfers
    ]
    won = Counter((t.to_seat, t.from_seat) for t in outcome.transfers)
    text = table_text(table)
    for (taker, giver), count in won.items():
        assert f"from {table.seats[giver].shown}" in text and table.seats[taker].shown in text, text
        assert f" {count} " in text.split("Prizes:")[1]
    return after


@pytest.mark.parametrize("replaced", ["winner", "loser"])
async def test_a_seat_taken_over_just_before_the_winning_move_keeps_its_owner(
    store: Store,
    service: TableService,
    guild: int,
    replaced: str,
) -> None:
    before = await collections_of(store, guild, [ALICE, BOB])
    table = await table_with(service, guild, ALICE, [BOB])
    await service.start(table.id, Actor(ALICE, guild))
    assert await holdings(store, guild) == before  # dealing moves nothing
    last = await play(service, table, random.Random(5), stop_before_last=True)
    assert last is not None and table.state is not None
    seat, move = last
    trial = table.state.copy(table.state.to_json())
    trial.act(seat, move)
    foreseen = trial.outcome()
    assert foreseen is not None
    place = 1 if replaced == "winner" else max(foreseen.places)
    target = next(s for s in range(2) if foreseen.places[s] == place)
    person = table.seats[target].user_id
    assert person is not None
    await service.replace_with_computer(table.id, Actor(ALICE, guild), person, NAMES[person])
    assert table.seats[target].computer and table.seats[target].owner_id == person
    reloaded = await service.store.load_table(table.id)
    assert reloaded is not None and reloaded.seats[target].owner_id == person  # kept in the database
    if table.seats[seat].computer:
        await until_finished(table)  # the computer makes the last move
    else:
        await service.act(table.id, Actor(table.seats[seat].user_id or 0, guild), table.version, move.text())
    after = await assert_exact(store, guild, table, before)
    outcome = table.outcome
    assert outcome is not None
    # The replaced person's cards moved as if they had played: their winnings went to them.
    won = sum(1 for t in outcome.transfers if t.to_seat == target)
    lost = sum(1 for t in outcome.transfers if t.from_seat == target)
    assert won + lost > 0 and len(after[person]) == 33 + won - lost


async def test_the_round_timer_hands_seats_over_and_the_cards_still_go_to_their_people(
    store: Store,
    service: TableService,
    guild: int,
) -> None:
    before = await collections_of(store, guild, [ALICE, BOB, CAROL])
    table = await table_with(service, guild, ALICE, [BOB, CAROL])
    await service.start(table.id, Actor(ALICE, guild))
    await play(service, table, random.Random(11), stop_before_last=True)

    async def nothing(*args: object) -> int:
        return 0

    opener = TableServiceOpener(service, nothing, nothing, nothing)
    for _ in range(1000):  # the round's time is up: whoever is waited on is handed over, as often as it takes
        await opener.finish_with_computers(table.id)
        await settled(service, table)
        if table.status != "playing":
            break
    await until_finished(table)
    assert any(seat.computer for seat in table.seats)
    after = await assert_exact(store, guild, table, before)
    outcome = table.outcome
    assert outcome is not None
    for seat, person in enumerate([s.owner_id for s in table.seats]):
        assert person is not None
        won = sum(1 for t in outcome.transfers if t.to_seat == seat)
        lost = sum(1 for t in outcome.transfers if t.from_seat == seat)
        assert len(after[person]) == 33 + won - lost


async def test_cards_in_play_cannot_be_staked_at_a_second_table(
    store: Store,
    service: TableService,
    guild: int,
) -> None:
    before = await collections_of(store, guild, [ALICE, BOB, CAROL, DAVE])
    first = await table_with(service, guild, ALICE, [BOB])
    waiting = await table_with(service, guild, CAROL, [BOB])  # Bob sits down here before the first starts
    await service.start(first.id, Actor(ALICE, guild))
    assert await store.staked_at(guild, BOB, gjt.GAME_KEY) == first.id

    second = await table_with(service, guild, DAVE, [])
    with pytest.raises(TableError) as refused:
        await service.join(second.id, Actor(BOB, guild), "Bob")
    assert str(refused.value) == f"Your cards are in play at table #{first.id}; finish that game first."
    assert [s.user_id for s in second.seats] == [DAVE]
    with pytest.raises(TableError) as refused:
        await service.start(waiting.id, Actor(CAROL, guild))
    assert str(refused.value) == cards_in_play(first.id, "Bob")
    assert waiting.status == "lobby" and await store.staked_at(guild, CAROL, gjt.GAME_KEY) is None  # nothing kept
    with pytest.raises(TableError) as refused:  # Alice hosts a new table: her own cards are in play too
        await service.start((await table_with(service, guild, ALICE, [DAVE])).id, Actor(ALICE, guild))
    assert str(refused.value) == cards_in_play(first.id)

    # Without prizes nothing is at stake: Bob may play elsewhere meanwhile.
    friendly = await table_with(service, guild, DAVE, [BOB], options={"deck": "personal", "prizes": "off"})
    await service.start(friendly.id, Actor(DAVE, guild))

    # The database itself refuses a second reservation of a card (two processes starting at once).
    bobs = sorted(before[BOB])
    with pytest.raises(ItemsStaked) as staked:
        await store.start_table(waiting.id, "{}", stakes=[Stake(BOB, bobs[0])])
    assert staked.value.table_id == first.id
    assert (await store.load_table(waiting.id)).status == "lobby"  # type: ignore[union-attr]

    await play(service, first, random.Random(3))
    assert first.status == "finished" and await store.staked_at(guild, BOB, gjt.GAME_KEY) is None
    after = await assert_exact(store, guild, first, before)
    await service.start(waiting.id, Actor(CAROL, guild))  # free again: Bob's cards (as they are now) are dealt
    assert await store.staked_at(guild, BOB, gjt.GAME_KEY) == waiting.id
    dealt = await holdings(store, guild)
    topped = dealt[BOB] - after[BOB]  # the only cards made: a top-up of a collection under 33
    assert after[BOB] <= dealt[BOB] and len(topped) == max(0, 33 - len(after[BOB]))
    assert {o: ids for o, ids in dealt.items() if o != BOB} == {o: ids for o, ids in after.items() if o != BOB}
    assert waiting.dealt_notes == (("3 new cards were added to Bob's collection to reach 33.",) if topped else ())

    # The one who lost at the first table is topped up when next dealt in, and the deal says so.
    loser = next(person for person in (ALICE, BOB) if len(after[person]) < 33)
    if loser == ALICE:
        again = await table_with(service, guild, ALICE, [DAVE])
        await service.start(again.id, Actor(ALICE, guild))
        assert again.dealt_notes == ("3 new cards were added to Alice's collection to reach 33.",)
        assert len((await holdings(store, guild))[ALICE]) == 33


async def test_two_tables_started_at_once_stake_a_persons_cards_once(
    store: Store,
    service: TableService,
    guild: int,
) -> None:
    before = await collections_of(store, guild, [ALICE, BOB, CAROL])
    tables = [await table_with(service, guild, host, [BOB]) for host in (ALICE, CAROL)]
    started = await asyncio.gather(
        *(service.start(t.id, Actor(t.host_id, guild)) for t in tables), return_exceptions=True
    )
    [dealt] = [t for t in started if isinstance(t, Table)]
    [refused] = [error for error in started if isinstance(error, TableError)]
    assert str(refused) == cards_in_play(dealt.id, "Bob")
    assert [t.status for t in tables].count("lobby") == 1
    assert await store.staked_at(guild, BOB, gjt.GAME_KEY) == dealt.id
    assert await holdings(store, guild) == before


async def test_a_tournament_table_whose_player_has_cards_in_play_is_void_not_dealt(
    store: Store,
    service: TableService,
    guild: int,
) -> None:
    before = await collections_of(store, guild, [ALICE, BOB, CAROL])
    first = await table_with(service, guild, ALICE, [BOB])
    await service.start(first.id, Actor(ALICE, guild))

    async def channel(request: TableRequest) -> int:
        return 2

    async def nothing(*args: object) -> None:
        return None

    opener = TableServiceOpener(service, channel, nothing, nothing)
    seats = (SeatSpec(BOB, "Bob"), SeatSpec(CAROL, "Carol"))
    request = TableRequest("t:1:r:1:t:1", guild, 1, 99, gjt.GAME_KEY, PRIZES, seats, "Gin-jon-tan tournament")
    table_id = await opener.create_table(request)
    await opener.start_table(table_id, request)  # the round opens on: this table is void
    assert await opener.table_end(table_id) == TableEnd(void=True)
    assert await store.staked_at(guild, BOB, gjt.GAME_KEY) == first.id  # still where it was
    assert await store.staked_at(guild, CAROL, gjt.GAME_KEY) is None
    assert await holdings(store, guild) == before


async def test_rematch_clicked_four_times_opens_one_lobby_and_seats_only_the_asker(
    store: Store,
    service: TableService,
    guild: int,
) -> None:
    before = await collections_of(store, guild, [ALICE, BOB])
    table = await table_with(service, guild, ALICE, [BOB])
    await service.add_computer(table.id, Actor(ALICE, guild))
    await service.start(table.id, Actor(ALICE, guild))
    await play(service, table, random.Random(8))
    await until_finished(table)
    after = await holdings(store, guild)
    open_before = set(service.tables)
    with pytest.raises(TableError, match="Only the players"):
        await service.rematch(table.id, Actor(CAROL, guild))  # a bystander opens nothing

    asked = await asyncio.gather(
        *(service.rematch(table.id, Actor(ALICE, guild)) for _ in range(3)), return_exceptions=True
    )
    lobbies = [c for c in asked if isinstance(c, Table)]
    assert len(lobbies) == 1
    lobby = lobbies[0]
    refusals = [str(c) for c in asked if isinstance(c, TableError)]
    assert refusals == [f"This game's rematch is already open at table #{lobby.id}; join it there."] * 2
    with pytest.raises(TableError, match=f"already open at table #{lobby.id}"):
        await service.rematch(table.id, Actor(BOB, guild))  # the fourth, by the other player
    assert set(service.tables) - open_before == {lobby.id}
    assert lobby.status == "lobby" and lobby.host_id == ALICE and lobby.options == table.options
    assert [(s.user_id, s.computer) for s in lobby.seats] == [(ALICE, False), (None, True)]  # Bob clicked nothing
    assert await store.staked_at(guild, BOB, gjt.GAME_KEY) is None
    assert await holdings(store, guild) == after  # the clicks moved and made nothing
    # The game itself made only the cards the house gave for its computer's generated deck.
    house = [row for row in await store.game_items(guild, gjt.GAME_KEY) if row.origin == "house"]
    assert sum(map(len, after.values())) == sum(map(len, before.values())) + len(house)
    assert all(row.acquired_table_id == table.id and row.user_id in (ALICE, BOB) for row in house)

    # The link is in the database: after a restart, Rematch still points to the same lobby.
    again = TableService(TableStoreAdapter(store))
    await again.restore()
    with pytest.raises(TableError, match=f"already open at table #{lobby.id}"):
        await again.rematch(table.id, Actor(BOB, guild))
    assert (await store.load_table(table.id)).rematch_table_id == lobby.id  # type: ignore[union-attr]
    assert set(again.tables) == set(service.tables)
    await again.shutdown()

    await service.join(lobby.id, Actor(BOB, guild), "Bob")  # Bob joins by his own click
    await service.start(lobby.id, Actor(ALICE, guild))
    assert lobby.status == "playing" and await store.staked_at(guild, BOB, gjt.GAME_KEY) == lobby.id


async def test_a_restart_mid_game_keeps_the_reservations_until_the_end(
    store: Store,
    service: TableService,
    guild: int,
) -> None:
    before = await collections_of(store, guild, [ALICE, BOB, CAROL])
    table = await table_with(service, guild, ALICE, [BOB])
    await service.start(table.id, Actor(ALICE, guild))
    rng = random.Random(21)
    for _ in range(10):
        assert table.state is not None
        seat = table.waiting_people()[0]
        await service.act(
            table.id,
            Actor(table.seats[seat].user_id or 0, guild),
            table.version,
            table.state.random_move(seat, rng).text(),
        )
    await service.shutdown()  # the bot is stopped (killed: nothing more is saved)

    restarted = TableService(TableStoreAdapter(store))
    try:
        [back] = await restarted.restore()
        assert back.id == table.id and back.version == table.version
        assert await store.staked_at(guild, BOB, gjt.GAME_KEY) == table.id  # still reserved
        elsewhere = await table_with(restarted, guild, CAROL, [])
        with pytest.raises(TableError, match=f"in play at table #{table.id}"):
            await restarted.join(elsewhere.id, Actor(BOB, guild), "Bob")
        await play(restarted, back, rng)
        await assert_exact(store, guild, back, before)
        await restarted.join(elsewhere.id, Actor(BOB, guild), "Bob")  # released with the end
    finally:
        await restarted.shutdown()


async def test_an_ended_table_frees_its_cards_and_moves_none(
    store: Store,
    service: TableService,
    guild: int,
) -> None:
    before = await collections_of(store, guild, [ALICE, BOB])
    table = await table_with(service, guild, ALICE, [BOB])
    await service.start(table.id, Actor(ALICE, guild))
    assert await store.staked_at(guild, ALICE, gjt.GAME_KEY) == table.id
    await service.end(table.id, Actor(ALICE, guild))
    assert await store.staked_at(guild, ALICE, gjt.GAME_KEY) is None
    assert await store.staked_at(guild, BOB, gjt.GAME_KEY) is None
    assert await holdings(store, guild) == before and await store.transfers_for(table.id) == []


async def test_the_house_never_gives_for_a_persons_seat(store: Store, guild: int) -> None:
    """A transfer from a seat with no owner that is not a generated computer deck (a seat saved
    before owners were kept, say) moves nothing and makes nothing; a generated one is given."""
    before = await collections_of(store, guild, [ALICE])
    mine = sorted(before[ALICE])
    row = await store.create_table(
        NewTable(
            guild_id=guild,
            channel_id=1,
            parent_channel_id=1,
            game_key=gjt.GAME_KEY,
            host_id=ALICE,
            seats=[Seat(ALICE, "Alice"), Seat(None, "Bob (computer)", True)],
            options={},
            seed=1,
        )
    )
    assert row.id is not None
    await store.start_table(row.id, "{}")
    lines = [
        TransferLine(0, str(mine[0]), None, ALICE, "SsV33"),  # a person's card, its owner unknown
        TransferLine(1, "77", None, ALICE, "SsV33", from_generated=True),  # an owned item's id: never made
        TransferLine(2, "gen:1:4", None, ALICE, "SsV33", from_generated=True),  # a computer's own card
    ]
    await store.save_action(ActionSave(row.id, 0, "{}", 0, "m:1", "player", ALICE), results=[], transfers=lines)
    logged = await store.transfers_for(row.id)
    assert [line.moved for line in logged] == [False, False, True]
    after = await holdings(store, guild)
    made = after[ALICE] - before[ALICE]
    assert len(made) == 1 and after[ALICE] - made == before[ALICE] and None not in after


def test_seats_saved_before_owners_were_kept_load_as_before() -> None:
    person = {"user_id": 5, "name": "Ann", "computer": False}
    computer = {"user_id": None, "name": "Computer 1", "computer": True}
    assert Seat.from_dict(person).owner_id == 5 and Seat.from_dict(computer).owner_id is None
    assert Seat.from_dict(computer).generated and not Seat.from_dict(person).generated
    taken = Seat.from_dict(person).taken_over(at=3)
    assert (taken.user_id, taken.computer, taken.owner_id, taken.generated) == (None, True, 5, False)
    assert (taken.replaced, taken.replaced_at) == (5, 3)
    assert Seat.from_dict(taken.to_dict()) == taken
    assert Seat.from_dict(taken.to_dict()).owner_id == 5 and Seat.from_dict(person).owner_id == 5
    assert Seat.from_dict(taken.to_dict()).replaced == 5 and Seat.from_dict(person).replaced is None
