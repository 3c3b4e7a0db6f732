"""A computer seat's level: chosen in the lobby, saved with the seat, played, shown, and rated apart."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import partial

import pytest
from sqlmodel import select

from bot import models
from bot.actor import Actor
from bot.rating_models import PlayerRating
from bot.rating_store import player_of
from bot.ratings import computer_key
from bot.store import ResultLine, Store
from bot.table import Seat, computer_name, level_in_name
from bot.table_store import TableStoreAdapter
from bot.tables import TableError, TableService
from bot.tournaments.service import STAND_IN_LEVEL, SeatSpec, TableRequest
from bot.tournaments.tables_adapter import TableServiceOpener
from engine.players import DEFAULT_LEVEL, level_player, move_seed
from tests.bot.test_ratings_store import finish_and_rate
from tests.bot.test_store import ALICE
from tests.bot.test_table_service import FakeStore

FORGED = "There is no computer level called 'grandmaster'; pick easy, normal or strong."


def test_a_seat_keeps_its_level_and_an_old_seat_plays_at_normal() -> None:
    strong = Seat(None, "Computer 1", True, "strong")
    assert Seat.from_dict(json.loads(json.dumps(strong.to_dict()))) == strong
    old = {"user_id": None, "name": "Computer 1", "computer": True}  # saved before levels
    assert Seat.from_dict(old).level == DEFAULT_LEVEL == "normal"
    stored = models.GameTable(seats_json=json.dumps([old, strong.to_dict()]))  # the row reads the one Seat
    assert [seat.level for seat in stored.seats] == ["normal", "strong"]
    assert stored.seats[1] == Seat(None, "Computer 1", True, "strong")


def test_a_computer_s_name_shows_its_level_and_gives_it_back() -> None:
    assert Seat(None, "Computer 1", True, "strong").shown == "Computer 1 (strong)"
    assert Seat(None, "Ann (computer)", True, "easy").shown == "Ann (computer, easy)"
    assert Seat(5, "Ann (strong)", False, "normal").shown == "Ann (strong)"  # a person's name is theirs
    for level in ("easy", "normal", "strong"):
        assert level_in_name(computer_name("Computer 3", level)) == level
        assert level_in_name(computer_name("Бори́с (computer)", level)) == level
    assert level_in_name("Computer 1") == level_in_name("Ann (computer)") == "normal"  # results from before levels


async def lobby() -> tuple[TableService, int]:
    service = TableService(FakeStore())
    table = await service.open(1, 2, "gin_rummy", 100, "Ann")
    return service, table.id


async def test_the_host_adds_a_computer_of_a_level_and_a_forged_level_is_refused() -> None:
    service, table_id = await lobby()
    table = await service.add_computer(table_id, Actor(100, 1), "strong")
    assert [(s.name, s.level) for s in table.seats[1:]] == [("Computer 1", "strong")]
    assert table.names == ["Ann", "Computer 1 (strong)"]
    await service.remove_computer(table_id, Actor(100, 1))
    assert (await service.add_computer(table_id, Actor(100, 1))).seats[1].level == "normal"  # the button's default
    await service.remove_computer(table_id, Actor(100, 1))
    with pytest.raises(TableError) as refused:
        await service.add_computer(table_id, Actor(100, 1), "grandmaster")
    assert str(refused.value) == FORGED
    assert [s.name for s in service.tables[table_id].seats] == ["Ann"]


async def test_the_computer_plays_its_seat_s_level() -> None:
    """The level travels with the move's call (to a worker process in the bot): each seat's own."""
    asked: list[str] = []

    async def think(choose: partial[str]) -> str:
        asked.append(choose.args[-1])
        return choose()

    service = TableService(FakeStore(), think=think)
    table = await service.open(1, 2, "gin_rummy", 100, "Ann")
    await service.add_computer(table.id, Actor(100, 1), "easy")
    await service.start(table.id, Actor(100, 1))
    for task in service._computer_tasks.values():  # this test makes the computer's moves itself
        task.cancel()
    played: list[tuple[int, str]] = []
    for _ in range(6):
        seat = table.waiting_on[0]
        version, view = table.version, table.view(seat)
        move = await service._computer_move(table, seat)
        played.append((seat, asked[-1]))
        player = level_player(table.game, table.seats[seat].level)(move_seed(table.seed, seat, version))
        assert move == player.choose(view)
        await service._apply(table, seat, move, "computer", None)
    assert all(level == ("easy" if seat == 1 else "normal") for seat, level in played)  # Ann away: normal
    assert (1, "easy") in played


async def test_a_seat_handed_to_the_computer_plays_at_the_level_given() -> None:
    service, table_id = await lobby()
    await service.join(table_id, Actor(101, 1), "Bob")
    await service.start(table_id, Actor(100, 1))
    table = await service.replace_with_computer(table_id, Actor(100, 1), 101, "Bob", "strong")
    assert table.seats[1] == Seat(None, "Bob (computer)", True, "strong", owner_id=101, replaced_at=table.version)
    assert table.names == ["Ann", "Bob (computer, strong)"]
    with pytest.raises(TableError, match=r"^There is no computer level"):
        await service.replace_with_computer(table_id, Actor(100, 1), 100, "Ann", "expert")


async def test_a_tournament_seats_its_computers_at_its_stand_in_level(store: Store) -> None:
    async def make_channel(request: TableRequest) -> int:
        return 61

    async def nothing(*_: object) -> None:
        return None

    service = TableService(TableStoreAdapter(store))
    opener = TableServiceOpener(service, make_channel, nothing, nothing)
    request = TableRequest(
        key="tournament:1:round:1:table:1",
        guild_id=1,
        channel_id=50,
        host_id=99,
        game_key="nin_jan",
        options={},
        seats=(SeatSpec(101, "Ann"), SeatSpec(102, "Bob"), SeatSpec(None, "Computer 1", True)),
        title="Nin Jan tournament #1 · round 1 · table 1",
    )
    table_id = await opener.create_table(request)
    await opener.start_table(table_id, request)
    table = service.tables[table_id]
    assert table.seats[2].level == STAND_IN_LEVEL
    await opener.finish_with_computers(table_id)  # the round timer: idle people get stand-ins
    stood_in = [s for s in service.tables[table_id].seats[:2] if s.computer]
    assert stood_in and all(s.level == STAND_IN_LEVEL for s in stood_in)
    loaded = await service.store.load_table(table_id)
    assert loaded is not None and [s.level for s in loaded.seats if s.computer] == [
        s.level for s in table.seats if s.computer
    ]
    for task in list(service._computer_tasks.values()):
        task.cancel()


async def test_levels_are_saved_and_restored_with_the_table(store: Store) -> None:
    service = TableService(TableStoreAdapter(store))
    table = await service.open(1, 2, "tet_gow", 100, "Ann")
    for level in ("easy", "strong"):
        await service.add_computer(table.id, Actor(100, 1), level)
    loaded = await service.store.load_table(table.id)
    assert loaded is not None
    assert [(s.name, s.computer, s.level) for s in loaded.seats] == [
        ("Ann", False, "normal"),
        ("Computer 1", True, "easy"),
        ("Computer 2", True, "strong"),
    ]


def test_a_computer_s_rating_key_is_its_level_s() -> None:
    def result(name: str) -> ResultLine:
        return ResultLine(1, None, name, computer=True, place=1, points=0)

    assert player_of("gin_rummy", result("Computer 1")) == computer_key("gin_rummy")  # as before levels
    assert player_of("gin_rummy", result("Computer 2 (normal)")) == "computer:gin_rummy:default"
    assert player_of("gin_rummy", result("Computer 1 (strong)")) == "computer:gin_rummy:strong"
    assert player_of("gin_rummy", result("Ann (computer, easy)")) == "computer:gin_rummy:easy"


async def test_ratings_keep_the_levels_apart(store: Store) -> None:
    lines = [
        ResultLine(0, ALICE, "Alice", computer=False, place=2, points=1),
        ResultLine(1, None, "Computer 1 (strong)", computer=True, place=1, points=3),
        ResultLine(2, None, "Computer 2 (easy)", computer=True, place=3, points=0),
    ]
    _, changes = await finish_and_rate(store, lines, datetime(2025, 6, 1, tzinfo=UTC))
    async with store.sessions() as session:
        rows = {r.player: r for r in (await session.exec(select(PlayerRating))).all()}
    strong, easy = rows["computer:high_card:strong"], rows["computer:high_card:easy"]
    assert (strong.name, strong.wins, easy.name, easy.wins) == ("Computer (strong)", 1, "Computer (easy)", 0)
    assert strong.mu > easy.mu and "computer:high_card:default" not in rows
    assert {c.name for c in changes if c.computer} == {"Computer (strong)", "Computer (easy)"}
