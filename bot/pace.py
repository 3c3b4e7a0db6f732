"""A table's pace and its clocks: pure arithmetic on timestamps (no database, no Discord, no asyncio).

A table is *live* (everyone at once: today's idle reminders, :mod:`bot.tables`) or *turn-based*:
each move has a fixed time, and each player a time bank that a slow move eats into (Board Game
Arena's clock). A seat's turn starts when the game begins to wait on it and ends when it no longer
does; its deadline is ``since + per move + bank + extra`` (``extra``: time the other players gave
it after it ran out). Clocks are timestamps, saved with the table (:mod:`bot.clock_store`), so a
restart or another process reads the same deadlines.

>>> pace = PACES["1d"]
>>> clocks = TableClocks.begin(pace, 2)
>>> start = datetime(2026, 1, 1, tzinfo=UTC)
>>> clocks.sync([0], start)
[0]
>>> clocks.due(0) - start == pace.per_move + pace.bank
True
>>> clocks.sync([1], start + pace.per_move + timedelta(hours=5))  # seat 0 was 5 hours slow
[1]
>>> clocks.seats[0].bank == pace.bank - timedelta(hours=5)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.marks import N_
from engine.words import Text
from render.clocks import span_text

#: What a seat's clock is doing: its time runs; it was reminded that it runs short; it ran out.
RUNNING, REMINDED, OUT = "run", "reminded", "out"
#: What happens when a person's time runs out: the others are asked; the computer plays that
#: move; the computer takes the seat for the rest of the game.
ASK, COMPUTER_MOVE, COMPUTER_SEAT = "ask", "move", "seat"
TIMEOUT_RULES = (ASK, COMPUTER_MOVE, COMPUTER_SEAT)
#: What ``/away`` does at a table: its clocks wait for the person, or a computer takes their seat.
PAUSE, HAND_OVER = "pause", "computer"
#: The longest ``/away``.
MAX_AWAY = timedelta(days=30)


@dataclass(frozen=True)
class Pace:
    """How fast a table plays: live (``per_move`` None), or a time per move and a bank per player."""

    key: str
    #: What people read (a catalog text: ``bot.i18n.say`` puts it in their language).
    label: str
    per_move: timedelta | None = None
    bank: timedelta = timedelta(0)

    @property
    def turn_based(self) -> bool:
        return self.per_move is not None

    @property
    def reminder_before(self) -> timedelta:
        """How long before a deadline the person is reminded (a quarter of a move's time)."""
        return (self.per_move or timedelta(0)) / 4

    @property
    def grace(self) -> timedelta:
        """After a time-out, how long the others have to choose before the computer plays the move."""
        return self.per_move or timedelta(0)

    @property
    def abandoned_after(self) -> timedelta:
        """A table with no move for this long is closed without results (live: 24 hours, as always)."""
        if self.per_move is None:
            return timedelta(hours=24)
        return max(timedelta(days=2), 3 * (self.per_move + self.bank))


LIVE = Pace("live", N_("live"))
PACES: dict[str, Pace] = {
    pace.key: pace
    for pace in (
        LIVE,
        Pace("1h", N_("1 hour a move (bank 4 hours)"), timedelta(hours=1), timedelta(hours=4)),
        Pace("12h", N_("12 hours a move (bank 1 day)"), timedelta(hours=12), timedelta(days=1)),
        Pace("1d", N_("1 day a move (bank 3 days)"), timedelta(days=1), timedelta(days=3)),
        Pace("3d", N_("3 days a move (bank 7 days)"), timedelta(days=3), timedelta(days=7)),
    )
}


#: A pace menu value ending so asks for clocks that stop at each person's declared night.
NIGHTS = "+nights"


def pace_choice(value: str) -> tuple[Pace, bool]:
    """A lobby menu's value: the pace, and whether clocks stop at night (ValueError with a sentence)."""
    nights = value.endswith(NIGHTS)
    pace = pace_named(value.removesuffix(NIGHTS))
    if nights and not pace.turn_based:
        raise ValueError("A live table has no clocks to stop at night.")
    return pace, nights


def pace_named(key: str) -> Pace:
    """The pace called ``key``; ValueError with a sentence otherwise (a value from a click is checked)."""
    pace = PACES.get(key)
    if pace is None:
        raise ValueError(f"There is no pace {key!r}; choose one of: {', '.join(PACES)}.")
    return pace


def duration_text(span: timedelta) -> Text:
    """A span as people read it (a catalog text: said in each reader's language): ``2 d 4 h``,
    ``5 h 20 min``, ``12 min``, ``less than a minute``.

    >>> duration_text(timedelta(days=2, hours=4, minutes=3)), duration_text(timedelta(minutes=80))
    ('2 d 4 h', '1 h 20 min')
    """
    if span < timedelta(minutes=1):
        return Text("less than a minute")
    return span_text(span)  # the picture's clock band writes spans the same way


@dataclass(frozen=True)
class Night:
    """A person's declared night: whole hours in their time zone (``start`` > ``end`` wraps midnight)."""

    time_zone: str
    start: int
    end: int

    def _zone(self) -> ZoneInfo:
        try:
            return ZoneInfo(self.time_zone)
        except (ZoneInfoNotFoundError, ValueError):
            return ZoneInfo("UTC")

    def spans(self, after: datetime) -> Iterator[tuple[datetime, datetime]]:
        """The nights (UTC start, end) that end after ``after``, in order, without end."""
        zone = self._zone()
        day: date = after.astimezone(zone).date() - timedelta(days=1)
        while True:
            begin = datetime.combine(day, time(self.start), tzinfo=zone)
            finish = datetime.combine(
                day + timedelta(days=1 if self.start > self.end else 0), time(self.end), tzinfo=zone
            )
            if finish.astimezone(UTC) > after:
                yield begin.astimezone(UTC), finish.astimezone(UTC)
            day += timedelta(days=1)

    def awake(self, start: datetime, end: datetime) -> timedelta:
        """The time between ``start`` and ``end`` outside this night."""
        total, moment = timedelta(0), start
        for begin, finish in self.spans(start):
            if moment >= end:
                break
            if begin > moment:
                total += min(begin, end) - moment
            moment = max(moment, finish)
        return total

    def after_awake(self, start: datetime, amount: timedelta) -> datetime:
        """When ``amount`` of time outside this night has passed since ``start``."""
        moment, left = start, amount
        for begin, finish in self.spans(start):
            if begin > moment:
                if begin - moment >= left:
                    return moment + left
                left -= begin - moment
            moment = max(moment, finish)
        raise AssertionError("unreachable: nights never end")

    def to_list(self) -> list[Any]:
        return [self.time_zone, self.start, self.end]


@dataclass
class SeatClock:
    """One seat's clock. ``since`` is when its turn started (None: not its turn; later than now:
    the person is away and their turn starts when they are back)."""

    bank: timedelta
    since: datetime | None = None
    extra: timedelta = timedelta(0)
    stage: str = RUNNING
    #: When its time ran out (the others' grace to choose runs from here).
    out_at: datetime | None = None
    #: The person was told it is their turn (a delayed DM is still to send when False).
    told: bool = False
    #: Moves the computer played for this seat after a time-out, this game.
    timeouts: int = 0
    #: The person's night, when the table stops clocks at night (taken when the turn starts).
    night: Night | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "bank": self.bank.total_seconds(),
            "since": self.since.isoformat() if self.since else None,
            "extra": self.extra.total_seconds(),
            "stage": self.stage,
            "out_at": self.out_at.isoformat() if self.out_at else None,
            "told": self.told,
            "timeouts": self.timeouts,
            "night": self.night.to_list() if self.night else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatClock:
        return cls(
            bank=timedelta(seconds=float(data["bank"])),
            since=_time(data.get("since")),
            extra=timedelta(seconds=float(data.get("extra", 0))),
            stage=str(data.get("stage", RUNNING)),
            out_at=_time(data.get("out_at")),
            told=bool(data.get("told", False)),
            timeouts=int(data.get("timeouts", 0)),
            night=Night(str(night[0]), int(night[1]), int(night[2])) if (night := data.get("night")) else None,
        )


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text).astimezone(UTC) if text else None


@dataclass
class TableClocks:
    """A table's pace, its rules, and one clock per seat (empty in the lobby)."""

    pace: Pace
    seats: list[SeatClock] = field(default_factory=list)
    #: What a time-out does here (:data:`ASK` at a casual table; a tournament's own rule).
    on_timeout: str = ASK
    #: What ``/away`` does here.
    on_away: str = PAUSE
    #: The tournament this table plays for (None: a casual table).
    tournament_id: int | None = None
    #: Each person's clock stands still during their declared night (a table setting).
    nights: bool = False
    #: The saved row's version: every write is conditional on it (one process acts on a deadline).
    stamp: int = 0
    #: The clock the table's keeper reads (the table message shows the time left by it).
    now: Callable[[], datetime] = field(default=lambda: datetime.now(UTC), repr=False, compare=False)

    @classmethod
    def begin(cls, pace: Pace, seats: int, **rules: Any) -> TableClocks:
        return cls(pace, [SeatClock(pace.bank) for _ in range(seats)], **rules)

    @property
    def turn_based(self) -> bool:
        return self.pace.turn_based

    # -- the arithmetic ------------------------------------------------------------------------
    def sync(
        self,
        waiting: Iterable[int],
        now: datetime,
        away_until: dict[int, datetime] | None = None,
        nights: dict[int, Night] | None = None,
    ) -> list[int]:
        """The game now waits on ``waiting``: stop the clocks of seats no longer waited on (a slow
        move eats into the bank) and start the others'. Returns the seats whose turn just began.

        ``away_until``: seats whose person is away and whose clock waits for them (pause rule);
        ``nights``: people's declared nights, which their clocks skip at a table that says so."""
        waiting = set(waiting)
        started = []
        for seat, clock in enumerate(self.seats):
            if seat in waiting and clock.since is None:
                back = (away_until or {}).get(seat)
                clock.since = max(now, back) if back else now
                clock.extra, clock.stage, clock.out_at, clock.told = timedelta(0), RUNNING, None, False
                clock.night = (nights or {}).get(seat) if self.nights else None
                started.append(seat)
            elif seat not in waiting and clock.since is not None:
                self._stop(seat, now)
        return started

    def _stop(self, seat: int, now: datetime) -> None:
        clock = self.seats[seat]
        assert clock.since is not None and self.pace.per_move is not None
        used = self._used(seat, clock.since, now)
        clock.bank = max(timedelta(0), clock.bank - max(timedelta(0), used - self.pace.per_move - clock.extra))
        clock.since, clock.extra, clock.stage, clock.out_at = None, timedelta(0), RUNNING, None

    def _used(self, seat: int, start: datetime, end: datetime) -> timedelta:
        """The clock time of ``seat`` between two moments (its person's night does not count)."""
        if end <= start:
            return timedelta(0)
        night = self.seats[seat].night
        return night.awake(start, end) if night else end - start

    def due(self, seat: int) -> datetime | None:
        """When ``seat``'s time runs out (None: not its turn)."""
        clock = self.seats[seat]
        if clock.since is None or self.pace.per_move is None:
            return None
        allowance = self.pace.per_move + clock.bank + clock.extra
        return clock.night.after_awake(clock.since, allowance) if clock.night else clock.since + allowance

    def left(self, seat: int, now: datetime) -> timedelta | None:
        due = self.due(seat)
        return None if due is None else max(timedelta(0), due - now)

    def remind_at(self, seat: int) -> datetime | None:
        due = self.due(seat)
        return None if due is None else due - self.pace.reminder_before

    def grace_end(self, seat: int) -> datetime | None:
        out_at = self.seats[seat].out_at
        return None if out_at is None else out_at + self.pace.grace

    def next_deadline(self) -> datetime | None:
        """The earliest moment something is due at this table (a reminder, a time-out, a grace's end)."""
        moments = []
        for seat, clock in enumerate(self.seats):
            if clock.since is None:
                continue
            if clock.stage == RUNNING:
                moments.append(self.remind_at(seat))
            elif clock.stage == REMINDED:
                moments.append(self.due(seat))
            else:
                moments.append(self.grace_end(seat))
        found = [m for m in moments if m is not None]
        return min(found) if found else None

    def wait_longer(self, seat: int, now: datetime) -> None:
        """The others give ``seat`` one more move's time (from now)."""
        clock = self.seats[seat]
        due = self.due(seat)
        assert due is not None and self.pace.per_move is not None
        clock.extra += self._used(seat, due, now) + self.pace.per_move
        clock.stage, clock.out_at = REMINDED, None

    def postpone(self, seat: int, until: datetime, now: datetime) -> None:
        """The person is away until ``until``: their running clock stands still until then."""
        clock = self.seats[seat]
        if clock.since is not None and until > now:
            clock.since += until - max(now, clock.since) if clock.since < until else timedelta(0)
            clock.stage, clock.out_at = RUNNING, None

    # -- saving --------------------------------------------------------------------------------
    def seats_json(self) -> list[dict[str, Any]]:
        return [clock.to_dict() for clock in self.seats]

    @staticmethod
    def seats_from(data: list[dict[str, Any]]) -> list[SeatClock]:
        return [SeatClock.from_dict(item) for item in data]
