"""Steps the tournament tests repeat: sign up through the buttons, read a round as Discord shows it,
and play a round's tables as people do (through their hand messages), with no-shows left to the
idle rule on the harness's fake clock."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import cast

from sqlmodel import select

from bot.table import Table
from bot.tournaments.models import Entrant, Tournament, TournamentRound, TournamentTable
from cogs.tournaments import Tournaments
from tests.e2e.harness import Parlour
from tests.loopback.models import UserSpec
from tests.loopback.recorder import Message

SIGNED_UP = re.compile(r"Signed up: \*\*(\d+)\*\*")
TABLE_LINE = re.compile(r"^Table (\d+) \(#(\d+)\): (.+)$", re.MULTILINE)


def cog(parlour: Parlour) -> Tournaments:
    assert parlour.bot is not None
    found = parlour.bot.get_cog("Tournaments")
    assert found is not None  # (the extension's own module: not the class imported here)
    return cast(Tournaments, found)


async def settle(parlour: Parlour) -> None:
    """Computer moves, message updates and table ends recorded (which may open a round) all done."""
    for _ in range(100):
        await parlour.settle()
        await cog(parlour).settled()
        assert parlour.bot is not None
        busy = [t for t in parlour.bot.tables._computer_tasks.values() if not t.done()]
        busy += [t for t in parlour.bot.presenter._updaters.values() if not t.done()]
        if not busy and not cog(parlour)._ends:
            return
    raise AssertionError("the tournament never settled")


def signed_up(message: Message) -> int:
    found = SIGNED_UP.search(message.content)
    assert found, message.content
    return int(found[1])


async def sign_up(parlour: Parlour, signup: Message, people: Sequence[UserSpec]) -> Message:
    """Each person presses Join; the message's count goes up by one each time."""
    for person in people:
        before = signed_up(parlour.server.recorder.messages[signup.id])
        kind, shown = await parlour.press(person, signup, "Join")
        assert kind == "update" and shown is not None, kind
        assert signed_up(shown) == before + 1
    return parlour.server.recorder.messages[signup.id]


@dataclass(frozen=True)
class SeenRound:
    """A round as the channel shows it: table number -> (game table id, who sits there in words)."""

    number: int
    tables: dict[int, tuple[int, list[str]]]
    byes: list[str]


def round_announcement(parlour: Parlour, number: int) -> SeenRound:
    """The channel's "Round n is seated" message, read as a person reads it."""
    channel = parlour.channel.id
    found = [m for m in parlour.server.recorder.messages_in(channel) if f"**Round {number}** of" in m.content]
    assert len(found) == 1, f"round {number} announced {len(found)} times"
    text = found[0].content
    tables = {int(n): (int(t), [w.strip() for w in who.split(",")]) for n, t, who in TABLE_LINE.findall(text)}
    bye = re.search(r"^Bye: (.+)$", text, re.MULTILINE)
    return SeenRound(number, tables, [w.strip() for w in bye[1].split(",")] if bye else [])


def mention(user: UserSpec) -> str:
    return f"<@{user.id}>"


async def held(parlour: Parlour, table_id: int) -> Table | None:
    """The table as the bot holds it, or None for one that finished before a restart (the bot then
    holds it no longer: a table of three computers in a round plays to its end at once)."""
    assert parlour.bot is not None
    service = parlour.bot.tables
    table = service.tables.get(table_id) or service.finished.get(table_id)
    if table is None:
        saved = await parlour.bot.store.load_table(table_id)
        assert saved is not None and saved.status == "finished", f"the bot holds no table {table_id}"
    return table


async def status_of(parlour: Parlour, table_id: int) -> str:
    """A round's table's status, held by the bot or (finished before a restart) in the database."""
    table = await held(parlour, table_id)
    return table.status if table is not None else "finished"


async def play_round(
    parlour: Parlour, table_ids: Collection[int], people: Sequence[UserSpec], absent: Collection[UserSpec] = ()
) -> int:
    """People play their tables to the end through Discord; an absent person's moves are made by the
    idle rule (the fake clock moves past twice the server's idle time, then the sweep runs).
    Returns how many idle sweeps it took."""
    assert parlour.bot is not None
    users = {p.id: p for p in people}
    away = {p.id for p in absent}
    sweeps = 0
    for _ in range(2000):
        await settle(parlour)
        live = [table for t in table_ids if (table := await held(parlour, t)) is not None and table.status == "playing"]
        if not live:
            return sweeps
        mover = next(
            ((t, s) for t in live for s in t.waiting_people() if t.seats[s].user_id not in away),
            None,
        )
        if mover is None:  # only no-shows are awaited: their idle time runs out
            parlour.clock.advance(minutes=11)
            await parlour.bot.tables.sweep_idle()
            sweeps += 1
            continue
        table, seat = mover
        user = users[table.seats[seat].user_id or 0]
        kind, hand = await parlour.outcome(await parlour.play(user, table.id))
        assert kind == "update" and hand is not None and hand.ephemeral, kind
    raise AssertionError(f"the round did not end after {sweeps} idle sweeps: {await still_playing(parlour, table_ids)}")


async def still_playing(parlour: Parlour, table_ids: Collection[int]) -> str:
    """What each of the round's tables still in play waits on (said when a round does not end)."""
    assert parlour.bot is not None
    lines = []
    for table_id in table_ids:
        table = await held(parlour, table_id)
        if table is None or table.status != "playing":
            continue
        waits = [f"{table.seats[s].name}{' (computer)' if table.seats[s].computer else ''}" for s in table.waiting_on]
        task = parlour.bot.tables._computer_tasks.get(table.id)
        computers = "running" if task is not None and not task.done() else "not running"
        waiting = ", ".join(waits) or "nobody"
        lines.append(f"table {table.id}, version {table.version}: waits on {waiting}; computers {computers}")
    return "; ".join(lines)


async def stored(parlour: Parlour, tournament_id: int) -> tuple[Tournament, list[Entrant], dict[int, list]]:
    """The tournament as the database holds it: the row, the entrants, and each round's tables."""
    assert parlour.bot is not None
    async with parlour.bot.database.sessions() as session:
        tournament = await session.get(Tournament, tournament_id)
        entrants = (await session.exec(select(Entrant).where(Entrant.tournament_id == tournament_id))).all()
        rounds = (
            await session.exec(select(TournamentRound).where(TournamentRound.tournament_id == tournament_id))
        ).all()
        tables = (
            await session.exec(select(TournamentTable).where(TournamentTable.tournament_id == tournament_id))
        ).all()
    assert tournament is not None
    by_round: dict[int, list] = {r.number: [t for t in tables if t.round_id == r.id] for r in rounds}
    return tournament, list(entrants), by_round
