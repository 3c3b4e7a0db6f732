"""A week-long turn-based Swiss through the loopback Discord (issue 45): one round a day for seven
days, on the bot's own clock (the harness's, moved by hand). The host makes the tournament
turn-based with /pace tournament; each round is announced with everyone pinged and each person is
told when it is their turn; people answer hours late (their bank shrinks); someone who does not
answer in time has the move played by the computer (the tournament's rule, marked as such); the bot
restarts mid-week; each round closes at its deadline, the computer finishing the tables still
playing, and the next round opens."""

from __future__ import annotations

import random
from datetime import timedelta

from bot.pace import PACES
from bot.turns import TIMEOUT_ACTOR
from tests.e2e.harness import Parlour
from tests.e2e.tournaments import cog, mention, round_announcement, settle, sign_up, status_of, stored
from tests.loopback.models import UserSpec

HOUR = PACES["1h"]
ROUNDS = 7


async def tick(parlour: Parlour) -> None:
    """What the bot's timers do every few seconds: the turn clocks, then the round timers."""
    assert parlour.bot is not None
    await parlour.bot.turns.tick()
    await parlour.bot.turns.settle()
    await cog(parlour).service.tick()
    await settle(parlour)
    await parlour.bot.turns.settle()
    await settle(parlour)


async def answer(parlour: Parlour, person: UserSpec, table_id: int) -> None:
    """``person`` opens their hand and plays their whole turn (a draw, then a discard)."""
    assert parlour.bot is not None
    table = parlour.table(table_id)
    seat = table.seat_of(person.id)
    while table.status == "playing" and seat in table.waiting_people():
        kind, hand = await parlour.outcome(await parlour.play(person, table_id))
        assert kind == "update" and hand is not None and hand.ephemeral, kind
        await settle(parlour)
        await parlour.bot.turns.settle()


def told_turn(parlour: Parlour, person: UserSpec, table_id: int) -> bool:
    return any(
        f"your turn at Gin Rummy table #{table_id}" in m.content and mention(person) in m.content
        for m in parlour.server.recorder.messages.values()
    )


async def test_a_turn_based_swiss_of_a_round_a_day_over_a_week(parlour: Parlour) -> None:
    server = parlour.server
    assert parlour.bot is not None
    mod = server.user("mod", manage_guild=True)
    people = [server.user(n) for n in ("ana", "ben", "chen", "dalia")]
    by_id = {p.id: p for p in people}
    cog(parlour).post_spacing = 0
    created = await server.slash(
        mod, "tournament create", game="gin_rummy", rounds=ROUNDS, round_minutes=24 * 60, options="target_score=0"
    )
    signup = await created.message()
    said = await parlour.sentence(await parlour.slash(mod, "pace tournament", {"tournament": 1, "pace": "1h"}))
    assert "plays at 1 hour a move" in said and "closes after 1,440 minutes" in said
    await sign_up(parlour, signup, people)
    started = await server.slash(mod, "tournament start")
    await started.answer()
    assert "has started" in ((await started.next("followup")).content or "")
    await settle(parlour)
    week_began = parlour.clock.now

    rng = random.Random(45)
    late_banks: list[timedelta] = []
    for number in range(1, ROUNDS + 1):
        opened = parlour.clock.now
        seen = round_announcement(parlour, number)  # everyone is told of each round, pinged
        assert all(mention(p) in str(seen.tables) for p in people), f"round {number}: {seen}"
        table_ids = [table_id for table_id, _ in seen.tables.values()]
        for table_id in table_ids:
            table = parlour.table(table_id)
            assert table.clocks is not None and table.clocks.pace is HOUR and table.clocks.tournament_id == 1
            for seat in table.waiting_people():  # and told when it is their turn
                assert told_turn(parlour, by_id[table.seats[seat].user_id or 0], table_id), f"round {number}"
        for hour in range(2, 24, 2):  # people drop in every two hours, some of them, hours late
            parlour.clock.now = opened + timedelta(hours=hour)
            if number == 3 and hour == 12:
                await parlour.restart()  # mid-week, mid-round: clocks and tables come back
                cog(parlour).post_spacing = 0
                await settle(parlour)
            await tick(parlour)
            for table_id in table_ids:
                table = parlour.tables().get(table_id)
                if table is None:  # finished (a restart lets go of the finished tables it shows already)
                    continue
                for seat in list(table.waiting_people()):
                    if table.seats[seat].computer or rng.random() < 0.4:
                        continue
                    await answer(parlour, by_id[table.seats[seat].user_id or 0], table_id)
                    assert table.clocks is not None
                    late_banks.append(table.clocks.seats[seat].bank)
        parlour.clock.now = opened + timedelta(days=1, minutes=1)  # the round's deadline has passed
        await tick(parlour)
        assert [await status_of(parlour, t) for t in table_ids] == ["finished"] * len(table_ids), f"round {number}"

    tournament, _, by_round = await stored(parlour, 1)
    assert tournament.status == "finished" and sorted(by_round) == list(range(1, ROUNDS + 1))
    assert parlour.clock.now <= week_began + timedelta(days=7, minutes=ROUNDS)  # a round a day, within the week
    assert all(t.status == "finished" and t.places_json for tables in by_round.values() for t in tables)
    assert any(bank < HOUR.bank for bank in late_banks)  # late answers came out of the bank
    texts = [m.content for m in server.recorder.messages.values()]
    assert any("ran out of time, so this move was played by the computer" in t for t in texts)  # the rule
    assert any("round's deadline has passed" in t for t in texts)
    asked = [
        m
        for m in server.recorder.messages.values()
        if any(b.get("label") == "Computer plays this move" for b in m.buttons)
    ]
    assert not asked  # a tournament table applies its rule: nobody is asked to choose
    timed_out = 0
    for tables in by_round.values():
        for row in tables:
            actions = await parlour.bot.store.actions_for(row.game_table_id or 0)
            timed_out += sum(1 for a in actions if a.actor == TIMEOUT_ACTOR)
    assert timed_out > 0
    final = [m for m in server.recorder.messages_in(parlour.channel.id) if "is over" in m.content]
    assert len(final) == 1
