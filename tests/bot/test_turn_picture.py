"""What the clock band of a turn-based table's picture shows (issue 45), read from the table's clocks
at the moment the picture is taken (tests/e2e/test_turn_based.py checks the table message's picture
carries it)."""

from __future__ import annotations

from datetime import timedelta

from bot.actor import Actor
from bot.store import Store
from bot.turns import clock_strip
from render.clocks import AWAY, IDLE, OUT_OF_TIME, WAITED_ON
from tests.bot.test_turns import DAY, Clock, Notices, move, services, turn_based_table, wind_down

__all__ = ["wind_down"]  # the services a test made are wound down after it


async def test_the_band_shows_each_persons_time_at_the_moment_it_is_drawn(store: Store) -> None:
    clock, notices = Clock(), Notices()
    tables, turns = services(store, clock, notices)
    table = await turn_based_table(tables, turns)
    first = table.waiting_people()[0]
    other = 1 - first
    strip = clock_strip(table)
    assert strip is not None and strip.at == clock.now and strip.pace == DAY.label
    assert [seat.name for seat in strip.seats] == table.names
    assert strip.seats[first].state == WAITED_ON and strip.seats[first].left == DAY.per_move + DAY.bank  # type: ignore[operator]
    assert strip.seats[other].state == IDLE and strip.seats[other].bank == DAY.bank

    clock.advance(days=1, hours=5)  # a snapshot: 5 hours of the bank gone, still the first's turn
    strip = clock_strip(table)
    assert strip is not None and strip.seats[first].left == DAY.bank - timedelta(hours=5)
    while first in table.waiting_people():
        await move(tables, table)
    strip = clock_strip(table)
    assert strip is not None and strip.seats[first].state == IDLE
    assert strip.seats[first].bank == DAY.bank - timedelta(hours=5)
    assert strip.seats[other].state == WAITED_ON

    await turns.away(table.seats[other].user_id or 0, clock.now + timedelta(days=2))
    strip = clock_strip(table)
    assert strip is not None and strip.seats[other].state == AWAY
    clock.advance(days=7)
    await turns.tick()
    strip = clock_strip(table)
    assert strip is not None and strip.seats[other].state == OUT_OF_TIME


async def test_a_computer_s_seat_and_a_live_table_have_no_clock_to_show(store: Store) -> None:
    clock, notices = Clock(), Notices()
    tables, turns = services(store, clock, notices)
    table = await turn_based_table(tables, turns)
    late = table.waiting_people()[0]
    host = Actor.host_of(table.guild_id, table.host_id)
    await tables.replace_with_computer(table.id, host, table.seats[late].user_id or 0, table.seats[late].name)
    strip = clock_strip(table)
    assert strip is not None and [seat.name for seat in strip.seats] == [table.names[1 - late]]

    live = await tables.open(1, 50, "gin_rummy", 201, "Cat")
    await tables.join(live.id, Actor(202, live.guild_id), "Dan")
    await tables.start(live.id, Actor(201, live.guild_id))
    assert clock_strip(live) is None
