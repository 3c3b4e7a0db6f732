"""What a turn-based table's clocks show people: the clock band of the table picture and the lines of its message."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.models import TableStatus
from bot.pace import OUT, duration_text
from bot.table import Table
from engine.words import Text
from render.clocks import AWAY, IDLE, OUT_OF_TIME, WAITED_ON, ClockStrip, SeatClockView

__all__ = ["TIMEOUT_NOTE", "clock_lines", "clock_strip", "until"]

TIMEOUT_NOTE = "played by the computer after a time-out"


def clock_strip(table: Table, now: datetime | None = None) -> ClockStrip | None:
    """What the table picture's clock band shows (:mod:`render.clocks`): each person's clock at
    ``now`` (by default the table's clock), while a turn-based game is played; None otherwise."""
    clocks = table.clocks
    if clocks is None or not clocks.turn_based or not clocks.seats or table.status != TableStatus.PLAYING:
        return None
    now = now or clocks.now()
    seats = []
    for seat, clock in enumerate(clocks.seats):
        if table.seats[seat].computer:
            continue
        name = table.names[seat]
        if clock.since is None:
            seats.append(SeatClockView(name, IDLE, bank=clock.bank))
        elif clock.since > now:
            seats.append(SeatClockView(name, AWAY, bank=clock.bank))
        elif clock.stage == OUT:
            seats.append(SeatClockView(name, OUT_OF_TIME, bank=clock.bank))
        else:
            seats.append(SeatClockView(name, WAITED_ON, left=clocks.left(seat, now) or timedelta(0), bank=clock.bank))
    if not seats:
        return None
    return ClockStrip(now, clocks.pace.label, tuple(seats), nights=clocks.nights)


def until(due: datetime | None) -> str:
    """`` (until <date>)`` as Discord shows a moment: in each reader's own time zone (a catalog text)."""
    return Text(" (until {moment})", moment=f"<t:{int(due.timestamp())}:f>") if due is not None else ""


def clock_lines(table: Table, now: datetime | None = None) -> list[str]:
    """Each person's time at a turn-based table (the table message: the deadline of a person waited
    on, which Discord counts down by itself, and the bank of the others), and at the end the moves
    the computer played after a time-out."""
    clocks = table.clocks
    if clocks is None or not clocks.turn_based or not clocks.seats:
        return []
    now = now or clocks.now()
    lines = []
    if table.status == TableStatus.PLAYING:
        parts = []
        for seat, clock in enumerate(clocks.seats):
            if table.seats[seat].computer:
                continue
            left = clocks.left(seat, now)
            if left is None:
                parts.append(f"{table.seats[seat].name} bank {duration_text(clock.bank)}")
            elif clock.stage == OUT:
                parts.append(f"{table.seats[seat].name} out of time")
            else:
                due = clocks.due(seat)
                ticking = f"<t:{int(due.timestamp())}:R>" if due is not None else duration_text(left)
                parts.append(f"{table.seats[seat].name} ⏳ {ticking}")
        nights = ", clocks stop at night" if clocks.nights else ""
        lines.append(f"Pace: {clocks.pace.label}{nights}. " + " · ".join(parts))
    timed_out = [
        f"{table.seats[seat].name} ({clock.timeouts})" for seat, clock in enumerate(clocks.seats) if clock.timeouts
    ]
    if timed_out:
        lines.append(f"Moves {TIMEOUT_NOTE}: " + ", ".join(timed_out))
    return lines
