"""Turn-based tables over the real table service and database, with an injected clock: clocks that
start, stop and eat into the bank; time-outs acted on once (also by two processes); the others'
choice; restarts; absences; notices held back by quiet hours and DMs that are closed."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from bot.actor import Actor
from bot.clock_store import ClockStore
from bot.pace import OUT, PACES, REMINDED
from bot.store import Store
from bot.table_store import TableStoreAdapter
from bot.tables import Table, TableError, TableService
from bot.turns import HAND_SEAT, PLAY_MOVE, TIMEOUT_ACTOR, WAIT, TurnService, clock_lines
from engine import registry
from engine.core import Move

DAY = PACES["1d"]


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


class Notices:
    """What the players were told (the Discord side of the service, recorded)."""

    def __init__(self) -> None:
        self.said: list[tuple[str, int, str]] = []
        self.dms_closed: set[int] = set()

    async def mention(self, table: Table, user_id: int, text: str) -> bool:
        self.said.append(("mention", user_id, text))
        return True

    async def direct(self, user_id: int, text: str, table: Table, *, link: bool = True) -> bool:
        if user_id in self.dms_closed:
            return False
        self.said.append(("dm", user_id, text))
        return True

    async def timed_out(self, table: Table, seat: int, since: datetime) -> None:
        self.said.append(("timed out", table.seats[seat].user_id or 0, str(int(since.timestamp()))))

    async def say(self, table: Table, text: str) -> None:
        self.said.append(("say", 0, text))

    async def wake(self, table: Table, *, unarchive: bool = True) -> bool:
        return True

    def of(self, kind: str) -> list[tuple[str, int, str]]:
        return [said for said in self.said if said[0] == kind]


#: The services a test made, wound down after it (their notices and computers finish first).
MADE: list[tuple[TableService, TurnService]] = []


@pytest.fixture(autouse=True)
async def wind_down() -> AsyncIterator[None]:
    yield
    while MADE:
        tables, turns = MADE.pop()
        await turns.settle()
        await tables.shutdown()


def services(store: Store, clock: Clock, notices: Notices) -> tuple[TableService, TurnService]:
    tables = TableService(TableStoreAdapter(store), clock=clock)
    turns = TurnService(tables, ClockStore(store.sessions), notifier=notices)
    MADE.append((tables, turns))
    return tables, turns


async def turn_based_table(tables: TableService, turns: TurnService, pace: str = "1d") -> Table:
    table = await tables.open(1, 50, "gin_rummy", 101, "Ann")
    await tables.join(table.id, Actor(102, table.guild_id), "Bob")
    await turns.choose_pace(table.id, Actor(101, table.guild_id), pace)
    await tables.start(table.id, Actor(101, table.guild_id))
    await turns.settle()
    return table


async def move(tables: TableService, table: Table) -> None:
    """The person waited on makes the computer's choice for them (as if they clicked)."""
    seat = table.waiting_people()[0]
    choice = table.game.computer_player(table.version).choose(table.view(seat))
    await tables.act(table.id, Actor(table.seats[seat].user_id or 0, table.guild_id), table.version, choice.text())


async def test_a_slow_move_eats_into_the_bank_and_the_table_shows_everyone_s_time(store: Store) -> None:
    clock, notices = Clock(), Notices()
    tables, turns = services(store, clock, notices)
    table = await turn_based_table(tables, turns)
    clocks = table.clocks
    assert clocks is not None and clocks.pace is DAY
    first = table.waiting_people()[0]
    assert clocks.due(first) == clock.now + DAY.per_move + DAY.bank  # type: ignore[operator]
    assert [who for kind, who, _ in notices.said] == [table.seats[first].user_id]  # told, in the thread
    assert "your turn at Gin Rummy" in notices.said[0][2] and "4 d" in notices.said[0][2]

    clock.advance(hours=2)
    await move(tables, table)
    while first in table.waiting_people():  # a turn of a few decisions is one turn
        await move(tables, table)
    assert clocks.seats[first].bank == DAY.bank and clocks.seats[first].since is None
    second = table.waiting_people()[0]
    clock.advance(days=1, hours=5)
    while second in table.waiting_people():
        await move(tables, table)
    assert clocks.seats[second].bank == DAY.bank - timedelta(hours=5)
    text = " ".join(clock_lines(table))
    assert "Pace: 1 day a move" in text and "Bob" in text and "Ann" in text and "⏳" in text


async def test_a_time_out_is_told_once_and_the_others_choose(store: Store) -> None:
    clock, notices = Clock(), Notices()
    tables, turns = services(store, clock, notices)
    table = await turn_based_table(tables, turns)
    clocks = table.clocks
    assert clocks is not None
    late = table.waiting_people()[0]
    other_user = table.seats[1 - late].user_id or 0

    clock.advance(days=3, hours=19)  # a quarter of a move's time left: reminded once
    await turns.tick()
    await turns.tick()
    assert len([s for s in notices.of("mention") if "runs out in" in s[2]]) == 1
    assert clocks.seats[late].stage == REMINDED

    clock.advance(hours=6)
    await turns.tick()
    await turns.tick()
    assert len(notices.of("timed out")) == 1 and clocks.seats[late].stage == OUT
    since = int(notices.of("timed out")[0][2])

    late_user = table.seats[late].user_id or 0
    try:
        await turns.choose(table.id, Actor(late_user, table.guild_id), late, since, WAIT)
    except TableError as error:
        assert "not yours" in str(error)
    else:
        raise AssertionError("the late person chose their own fate")
    said = await turns.choose(table.id, Actor(other_user, table.guild_id), late, since, WAIT)
    assert "1 d more" in said and clocks.seats[late].stage != OUT
    try:
        await turns.choose(table.id, Actor(other_user, table.guild_id), late, since, PLAY_MOVE)
    except TableError as error:
        assert "settled already" in str(error)
    else:
        raise AssertionError("a settled time-out was settled again")

    clock.advance(days=1, minutes=1)
    await turns.tick()
    assert len(notices.of("timed out")) == 2
    version = table.version
    await turns.choose(table.id, Actor(other_user, table.guild_id), late, int(notices.of("timed out")[1][2]), PLAY_MOVE)
    assert table.version > version and late not in table.waiting_people()
    actions = await store.actions_for(table.id)
    assert [a.actor for a in actions if a.seat == late] and all(
        a.actor == TIMEOUT_ACTOR for a in actions if a.seat == late
    )
    assert "Moves played by the computer after a time-out: " in " ".join(clock_lines(table))


async def test_nobody_choosing_lets_the_computer_play_after_the_grace(store: Store) -> None:
    clock, notices = Clock(), Notices()
    tables, turns = services(store, clock, notices)
    table = await turn_based_table(tables, turns, "1h")
    late = table.waiting_people()[0]
    clock.advance(hours=5, minutes=1)
    await turns.tick()
    assert len(notices.of("timed out")) == 1
    clock.advance(hours=1)
    await turns.tick()
    assert late not in table.waiting_people()
    assert table.clocks is not None and table.clocks.seats[late].timeouts >= 1


async def test_a_time_out_is_acted_on_once_by_two_processes_and_clocks_survive_a_restart(store: Store) -> None:
    clock, notices = Clock(), Notices()
    tables, turns = services(store, clock, notices)
    table = await turn_based_table(tables, turns)
    late = table.waiting_people()[0]
    due = table.clocks.due(late)  # type: ignore[union-attr]

    # A second process (another shard's bot, wrongly holding the same table) restores it.
    other_notices = Notices()
    other_tables, other_turns = services(store, clock, other_notices)
    await other_tables.restore()
    await other_turns.restore()
    assert other_tables.tables[table.id].clocks.due(late) == due  # type: ignore[union-attr]

    clock.advance(days=5)
    await turns.tick()
    await other_turns.tick()
    told = notices.of("timed out") + other_notices.of("timed out")
    assert len(told) == 1

    # A restart mid-wait: the deadline and the time-out are where they were.
    restarted_tables, restarted = services(store, clock, Notices())
    await restarted_tables.restore()
    await restarted.restore()
    again = restarted_tables.tables[table.id]
    assert again.clocks is not None and again.clocks.due(late) == due and again.clocks.seats[late].stage == OUT


async def test_hand_the_seat_to_a_computer(store: Store) -> None:
    clock, notices = Clock(), Notices()
    tables, turns = services(store, clock, notices)
    table = await turn_based_table(tables, turns)
    late = table.waiting_people()[0]
    clock.advance(days=5)
    await turns.tick()
    since = int(notices.of("timed out")[0][2])
    await turns.choose(table.id, Actor(table.seats[1 - late].user_id or 0, table.guild_id), late, since, HAND_SEAT)
    await tables.shutdown()
    assert table.seats[late].computer


async def test_away_stops_the_clock_and_a_live_table_keeps_no_clock(store: Store) -> None:
    clock, notices = Clock(), Notices()
    tables, turns = services(store, clock, notices)
    table = await turn_based_table(tables, turns)
    late = table.waiting_people()[0]
    due = table.clocks.due(late)  # type: ignore[union-attr]
    said = await turns.away(table.seats[late].user_id or 0, clock.now + timedelta(days=7))
    assert "wait at 1 table." in said
    assert table.clocks.due(late) == due + timedelta(days=7)  # type: ignore[union-attr, operator]
    clock.advance(days=6)
    await turns.tick()
    assert not notices.of("timed out")

    live = await tables.open(1, 50, "gin_rummy", 201, "Cat")
    await tables.join(live.id, Actor(202, live.guild_id), "Dan")
    await tables.start(live.id, Actor(201, live.guild_id))
    assert live.clocks is None and clock_lines(live) == []


async def test_a_dm_waits_for_the_morning_and_closed_dms_fall_back_to_a_mention_said_once(store: Store) -> None:
    clock, notices = Clock(), Notices()
    clock.now = datetime(2026, 3, 2, 23, 0, tzinfo=UTC)
    tables, turns = services(store, clock, notices)
    clock_store = ClockStore(store.sessions)
    await clock_store.update_prefs(101, notify="dm", time_zone="Europe/Paris", quiet_start=22, quiet_end=7)
    await clock_store.update_prefs(102, notify="dm")
    notices.dms_closed.add(102)
    table = await turn_based_table(tables, turns)
    first = table.waiting_people()[0]
    first_user = table.seats[first].user_id
    if first_user == 101:
        assert not notices.said  # midnight in Paris: the DM waits
        clock.advance(hours=7)  # 07:00 in Paris
        await turns.tick()
        await turns.settle()
        assert [kind for kind, who, _ in notices.said if who == 101] == ["dm"]
    else:
        assert notices.said[0][0] == "mention" and "direct messages are closed" in notices.said[0][2]
    while table.waiting_people() and table.waiting_people()[0] == first:
        await move(tables, table)
    await turns.settle()
    closed = [text for kind, who, text in notices.said if who == 102]
    assert closed and all(kind == "mention" for kind, who, _ in notices.said if who == 102)
    assert len([t for t in closed if "direct messages are closed" in t]) == 1


async def test_the_pace_is_the_host_s_and_a_lobby_only_choice(store: Store) -> None:
    clock, notices = Clock(), Notices()
    tables, turns = services(store, clock, notices)
    table = await tables.open(1, 50, "gin_rummy", 101, "Ann")
    await tables.join(table.id, Actor(102, table.guild_id), "Bob")
    for user, pace, sentence in ((102, "1d", "Only the host"), (101, "2w", "There is no pace")):
        try:
            await turns.choose_pace(table.id, Actor(user, table.guild_id), pace)
        except TableError as error:
            assert sentence in str(error)
        else:
            raise AssertionError("a bad pace choice was taken")
    await ClockStore(store.sessions).set_guild_pace(1, "12h")
    await tables.start(table.id, Actor(101, table.guild_id))
    assert table.clocks is not None and table.clocks.pace is PACES["12h"]  # the server's default
    try:
        await turns.choose_pace(table.id, Actor(101, table.guild_id), "1h")
    except TableError as error:
        assert "already started" in str(error)
    else:
        raise AssertionError("the pace changed mid-game")
    assert Move.parse("draw:stock")  # (the engine's move text stays as it was)


@pytest.mark.parametrize("game", [g.key for g in registry.all_games()])
async def test_every_game_plays_to_its_end_over_simulated_days_with_late_answers_and_time_outs(
    store: Store, game: str
) -> None:
    """People answer hours late, one of them hardly ever (the computer plays after the others' grace):
    the game ends, its clocks are shown, and the moves played after a time-out are in the log."""
    clock, notices = Clock(), Notices()
    adapter = TableStoreAdapter(store)
    await adapter.update_settings(1, computer_pause_ms=0)
    tables = TableService(adapter, clock=clock)
    turns = TurnService(tables, ClockStore(store.sessions), notifier=notices)
    players = registry.get(game).allowed_counts[0]
    table = await tables.open(1, 50, game, 101, "P1")
    for user in range(102, 101 + players):
        await tables.join(table.id, Actor(user, table.guild_id), f"P{user - 100}")
    await turns.choose_pace(table.id, Actor(101, table.guild_id), "1h")
    await tables.start(table.id, Actor(101, table.guild_id))
    rng = random.Random(game)
    for _ in range(3000):
        if table.status != "playing":
            break
        waiting = table.waiting_people()
        if not waiting:
            await asyncio.sleep(0)  # the computer (a seat handed over) is thinking
            continue
        clock.advance(minutes=rng.choice([5, 50, 200]))
        await turns.tick()
        for seat in [s for s in table.waiting_people() if rng.random() < (0.1 if s == 1 else 0.9)]:
            if seat not in table.waiting_people():
                continue
            move = table.game.computer_player(table.version).choose(table.view(seat))
            try:
                await tables.act(
                    table.id, Actor(table.seats[seat].user_id or 0, table.guild_id), table.version, move.text()
                )
            except TableError:  # a computer moved first (a seat handed over): the person looks again
                continue
        await turns.settle()
    await tables.shutdown()
    assert table.status == "finished", f"{game} did not end"
    actions = await store.actions_for(table.id)
    timed_out = [a for a in actions if a.actor == TIMEOUT_ACTOR]
    assert timed_out, "nobody ran out of time: the test did not test it"
    counted = sum(clock.timeouts for clock in table.clocks.seats)  # type: ignore[union-attr]
    assert counted == len(timed_out)
    assert "played by the computer after a time-out" in " ".join(clock_lines(table))


async def test_a_turn_based_table_is_not_closed_after_a_day_but_after_its_pace_s_time(store: Store) -> None:
    clock, notices = Clock(), Notices()
    tables, turns = services(store, clock, notices)
    lobby = await tables.open(1, 50, "gin_rummy", 101, "Ann")
    await turns.choose_pace(lobby.id, Actor(101, lobby.guild_id), "1h")
    clock.advance(hours=30)
    await tables.sweep_idle()
    await turns.tick()
    assert lobby.status == "lobby"  # a live lobby would be closed after 24 hours
    clock.advance(hours=20)
    await turns.tick()
    assert lobby.status == "closed"

    table = await turn_based_table(tables, turns, "3d")
    clock.advance(days=5)
    await tables.sweep_idle()
    assert table.status == "playing"


async def test_games_lists_tables_waiting_on_me_here_or_everywhere(store: Store) -> None:
    clock, notices = Clock(), Notices()
    tables, turns = services(store, clock, notices)
    here = await turn_based_table(tables, turns)
    elsewhere = await tables.open(2, 60, "gin_rummy", 101, "Ann")
    await tables.join(elsewhere.id, Actor(102, elsewhere.guild_id), "Bob")
    await tables.start(elsewhere.id, Actor(101, elsewhere.guild_id))
    waiting = here.seats[here.waiting_people()[0]].user_id or 0
    assert [t.id for t, _ in turns.waiting_on(waiting, 1)] == [here.id]
    everywhere = turns.waiting_on(waiting, None)
    assert here.id in [t.id for t, _ in everywhere]
    assert dict((t.id, left) for t, left in everywhere)[here.id] == DAY.per_move + DAY.bank
    if elsewhere.seats[elsewhere.waiting_people()[0]].user_id == waiting:
        assert dict((t.id, left) for t, left in everywhere)[elsewhere.id] is None  # a live table


async def test_a_lobby_takes_the_server_s_turn_based_default_and_outlives_a_day(store: Store) -> None:
    clock, notices = Clock(), Notices()
    tables, turns = services(store, clock, notices)
    await ClockStore(store.sessions).set_guild_pace(1, "1d")
    lobby = await tables.open(1, 50, "gin_rummy", 101, "Ann")
    await turns.opened(lobby)
    assert lobby.clocks is not None and lobby.clocks.pace is DAY
    clock.advance(hours=30)
    await tables.sweep_idle()
    assert lobby.status == "lobby"
    await turns.choose_pace(lobby.id, Actor(101, lobby.guild_id), "live")
    await tables.join(lobby.id, Actor(102, lobby.guild_id), "Bob")
    await tables.start(lobby.id, Actor(101, lobby.guild_id))
    assert lobby.clocks is None  # the host made it live after all


async def test_a_table_that_stops_clocks_at_night_does_not_count_a_person_s_declared_night(store: Store) -> None:
    clock, notices = Clock(), Notices()
    clock.now = datetime(2026, 3, 2, 20, 0, tzinfo=UTC)  # 21:00 in Paris
    tables, turns = services(store, clock, notices)
    paces = ClockStore(store.sessions)
    for user in (101, 102):  # nights from 22:00 to 07:00, Paris time (UTC+1 in March)
        await paces.update_prefs(user, time_zone="Europe/Paris", quiet_start=22, quiet_end=7)
    table = await turn_based_table(tables, turns, "12h+nights")
    clocks = table.clocks
    assert clocks is not None and clocks.nights
    assert "clocks stop at night" in " ".join(clock_lines(table))
    first = table.waiting_people()[0]
    hours = PACES["12h"].per_move + PACES["12h"].bank  # 36 hours of daytime: 1 h tonight, 15 h a day
    # 1 hour tonight, 15 on each of the next two days, and 5 on the third: 12:00 in Paris.
    assert clocks.due(first) == datetime(2026, 3, 5, 11, 0, tzinfo=UTC)
    assert clocks.due(first) - clock.now > hours  # type: ignore[operator]
    clock.now = datetime(2026, 3, 3, 9, 0, tzinfo=UTC)  # 10:00 the next morning: 13 h later, 4 h of them awake
    while first in table.waiting_people():
        await move(tables, table)
    assert clocks.seats[first].bank == PACES["12h"].bank  # 4 hours used of 12: the night did not count
    try:
        await turns.choose_pace(table.id, Actor(101, table.guild_id), "live+nights")
    except TableError as error:
        assert "already started" in str(error) or "live table" in str(error)


async def test_a_rematch_keeps_its_turn_based_table_s_pace(store: Store) -> None:
    """A turn-based game's rematch lobby is turn-based at the same pace, not the server's live default."""
    clock, notices = Clock(), Notices()
    adapter = TableStoreAdapter(store)
    await adapter.update_settings(1, computer_pause_ms=0)
    tables = TableService(adapter, clock=clock)
    turns = TurnService(tables, ClockStore(store.sessions), notifier=notices)
    table = await tables.open(1, 50, "nin_jan", 101, "Ann")
    await tables.join(table.id, Actor(102, table.guild_id), "Bob")
    await turns.choose_pace(table.id, Actor(101, table.guild_id), "12h+nights")
    await tables.start(table.id, Actor(101, table.guild_id))
    for _ in range(3000):
        if table.status != "playing":
            break
        for seat in table.waiting_people():
            choice = table.game.computer_player(table.version).choose(table.view(seat))
            with contextlib.suppress(TableError):
                await tables.act(table.id, Actor(table.seats[seat].user_id or 0, 1), table.version, choice.text())
        await turns.settle()
    assert table.status == "finished"
    again = await tables.rematch(table.id, Actor(102, 1))
    await turns.rematched(table.id, again)
    assert again.clocks is not None and again.clocks.pace.key == "12h" and again.clocks.nights
    live = await tables.open(1, 50, "nin_jan", 103, "Cat")  # the server's default stays live
    await turns.opened(live)
    assert live.clocks is None
    await tables.shutdown()
