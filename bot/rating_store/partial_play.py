"""Seats played in part: the share of a seat's decisions its person made when the computer made some for them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import Connection, bindparam, func, or_
from sqlalchemy import select as core_select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.models import ActorKind, TableAction
from bot.pace_models import TableClock
from bot.prepared import Prepared

__all__ = ["SeatPlay", "partial_play", "partial_tables", "table_plays"]


@dataclass(frozen=True)
class SeatPlay:
    """A seat the computer played some of at a turn-based table: the person whose seat it was, and
    the share of its decisions they made themselves."""

    user_id: int | None
    share: float


_ACTIONS = TableAction.__table__  # type: ignore[attr-defined]
_CLOCKS = TableClock.__table__  # type: ignore[attr-defined]
#: The decisions a person made, the computer made for them after a time-out, and a computer made.
_PARTIAL_ACTORS = (ActorKind.PLAYER.value, ActorKind.TIMEOUT.value, ActorKind.COMPUTER.value)
#: Per seat of one table, how many decisions each kind of actor made (and the person's id).
_SEAT_MOVES = Prepared(
    core_select(_ACTIONS.c.seat, _ACTIONS.c.actor, func.max(_ACTIONS.c.user_id), func.count())
    .where(_ACTIONS.c.table_id == bindparam("b_table"), _ACTIONS.c.actor.in_(bindparam("b_actors", expanding=True)))
    .group_by(_ACTIONS.c.seat, _ACTIONS.c.actor)
)
#: Whether one table was turn-based (its clocks' row says a pace other than live).
_TURN_BASED = Prepared(
    core_select(_CLOCKS.c.table_id).where(_CLOCKS.c.table_id == bindparam("b_table"), _CLOCKS.c.pace != "live")
)


def partial_play(counts: Iterable[tuple[int, str, int | None, int]], turn_based: bool) -> dict[int, SeatPlay]:
    """The seats of one table its person played in part, from ``(seat, actor, user id, count)`` of its
    log: the computer made some of their moves after their turn-based clock ran out, or (at a
    turn-based table) took their seat over. Seats played whole are left out; a move made for a
    person because it was their only one counts for neither side.

    >>> partial_play([(0, "player", 7, 9), (0, "timeout", None, 3), (1, "player", 8, 12)], True)
    {0: SeatPlay(user_id=7, share=0.75)}
    >>> partial_play([(1, "player", 8, 2), (1, "computer", None, 6)], True)  # taken over after 2 moves
    {1: SeatPlay(user_id=8, share=0.25)}
    >>> partial_play([(1, "player", 8, 2), (1, "computer", None, 6)], False)  # a live table: the computer's
    {}
    """
    own: dict[int, int] = defaultdict(int)
    missed: dict[int, int] = defaultdict(int)
    computer: dict[int, int] = defaultdict(int)
    person: dict[int, int | None] = {}
    for seat, actor, user_id, count in counts:
        if actor == ActorKind.TIMEOUT.value:
            missed[seat] += count
        elif actor == ActorKind.PLAYER.value:
            own[seat] += count
            person[seat] = user_id
        elif actor == ActorKind.COMPUTER.value:
            computer[seat] += count
    found = {}
    for seat in sorted({*missed, *computer}):
        taken = computer[seat] if turn_based and own[seat] else 0  # a person's seat a computer took over
        if missed[seat] or taken:
            found[seat] = SeatPlay(person.get(seat), own[seat] / (own[seat] + missed[seat] + taken))
    return found


def table_plays(connection: Connection, table_id: int) -> dict[int, SeatPlay]:
    """:func:`partial_play` of one table, read in the transaction that saves its results."""
    counts = _SEAT_MOVES.rows(connection, {"b_table": table_id, "b_actors": list(_PARTIAL_ACTORS)})
    kinds: dict[int, set[str]] = defaultdict(set)
    for seat, actor, _, _ in counts:
        kinds[seat].add(actor)
    taken_over = any({ActorKind.PLAYER.value, ActorKind.COMPUTER.value} <= actors for actors in kinds.values())
    turn_based = taken_over and bool(_TURN_BASED.rows(connection, {"b_table": table_id}))
    return partial_play(counts, turn_based)


async def partial_tables(session: AsyncSession) -> tuple[dict[int, list[tuple[int, str, int | None, int]]], set[int]]:
    """The seats' decision counts (as :func:`partial_play` takes them) of every table that was
    turn-based or where the computer moved after a time-out, and which tables were turn-based."""
    turn_based = core_select(_CLOCKS.c.table_id).where(_CLOCKS.c.pace != "live")
    timed_out = core_select(_ACTIONS.c.table_id).where(_ACTIONS.c.actor == ActorKind.TIMEOUT.value)
    statement = (
        core_select(_ACTIONS.c.table_id, _ACTIONS.c.seat, _ACTIONS.c.actor, func.max(_ACTIONS.c.user_id), func.count())
        .where(
            or_(_ACTIONS.c.table_id.in_(turn_based), _ACTIONS.c.table_id.in_(timed_out)),
            _ACTIONS.c.actor.in_(_PARTIAL_ACTORS),
        )
        .group_by(_ACTIONS.c.table_id, _ACTIONS.c.seat, _ACTIONS.c.actor)
    )
    connection = await session.connection()
    found: dict[int, list[tuple[int, str, int | None, int]]] = defaultdict(list)
    for table_id, seat, actor, user_id, count in (await connection.execute(statement)).all():
        found[table_id].append((seat, actor, user_id, count))
    return found, set((await connection.execute(turn_based)).scalars())
