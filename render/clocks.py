"""A turn-based table's clocks, drawn as a band on top of its table picture (issue 45).

A picture is a snapshot: the band says when it was drawn and, for each person, what was true
then — the time left of the person the game waits on, the bank of the others, who ran out of
time or is away. The table message's words count down by themselves (Discord timestamps); the
picture does not. Pure rendering from the plain data of :class:`ClockStrip` (no database, no
Discord), the same band for every game: :func:`with_clocks` draws a game's table picture with
it, through :func:`render.common.band_on_top`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from PIL import Image, ImageDraw

from engine.words import ENGLISH, Text, Words
from render.common import ACTIVE, BODY, GOLD, MARGIN, MUTED, SMALL, WHITE, WIDTH, Colour, band_on_top
from render.text import draw_text, line_height, width

#: The band's background, and the row of the person waited on.
BAND: Colour = (34, 36, 44)
WAITED: Colour = (58, 52, 30)
#: Text against the band, checked under colour blindness by the tests (colour is never the only
#: sign: the person waited on has an arrow, a border and the word "left").
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    ("a name on the clock band", WHITE, BAND),
    ("a bank on the clock band", MUTED, BAND),
    ("the time left of the person waited on", GOLD, WAITED),
    ("the border of the person waited on", ACTIVE, BAND),
)

#: What a person's clock is doing, as the band shows it.
WAITED_ON, IDLE, OUT_OF_TIME, AWAY = "waited", "idle", "out", "away"


@dataclass(frozen=True)
class SeatClockView:
    """One person's clock as the band shows it: plain data (the caller reads the clocks)."""

    name: str
    #: WAITED_ON (``left`` is their time), IDLE (``bank`` is their reserve), OUT_OF_TIME or AWAY.
    state: str
    left: timedelta = timedelta(0)
    bank: timedelta = timedelta(0)


@dataclass(frozen=True)
class ClockStrip:
    """A turn-based table's clocks at the moment ``at`` (when the picture is drawn)."""

    at: datetime
    #: The pace as people read it: "1 day a move (bank 3 days)" (a catalog text: said in the reader's language).
    pace: str
    seats: tuple[SeatClockView, ...]
    #: Clocks stand still during each person's declared night.
    nights: bool = False


def span_text(amount: timedelta) -> Text:
    """A span, short, as a catalog text (said in each reader's language): ``2 d 4 h``, ``11 h``,
    ``5 h 20 min``, ``12 min``, ``< 1 min``.

    >>> span_text(timedelta(days=2, hours=4, minutes=3)), span_text(timedelta(minutes=80)), span_text(timedelta(0))
    ('2 d 4 h', '1 h 20 min', '< 1 min')
    """
    minutes = int(amount.total_seconds() // 60)
    if minutes <= 0:
        return Text("< 1 min")
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days and hours:
        return Text("{days} d {hours} h", days=days, hours=hours)
    if days:
        return Text("{days} d", days=days)
    if hours and minutes:
        return Text("{hours} h {minutes} min", hours=hours, minutes=minutes)
    if hours:
        return Text("{hours} h", hours=hours)
    return Text("{minutes} min", minutes=minutes)


def span(amount: timedelta, words: Words = ENGLISH) -> str:
    """:func:`span_text` said in ``words``' language."""
    return words.say(span_text(amount))


def band_words(
    what: str, strip: ClockStrip | None = None, seat: SeatClockView | None = None, words: Words = ENGLISH
) -> str:
    """Every word the band draws, in one place, in the reader's language."""
    if what == "title" and strip is not None:
        return words.say("⏱ Clocks at {time} UTC", time=words.time(strip.at.astimezone(UTC)))
    if what == "pace" and strip is not None:
        pace = words.say(strip.pace)
        return words.say("{pace}, clocks stop at night", pace=pace) if strip.nights else pace
    if what == "seat" and seat is not None:
        if seat.state == WAITED_ON:
            return words.say("⏱ {time} left", time=span(seat.left, words))
        if seat.state == OUT_OF_TIME:
            return words.say("out of time")
        if seat.state == AWAY:
            return words.say("away")
        return words.say("bank {time}", time=span(seat.bank, words))
    raise ValueError(f"no words for {what!r}")


#: Rows of the band: its padding, the height of a person's row.
_PAD = 8
_ROW = line_height(BODY) + 8


def band_height(strip: ClockStrip, words: Words = ENGLISH) -> int:
    """How tall the band is: its title (one line, or two when the pace does not fit beside it) and a
    row per person."""
    return _PAD + _title_lines(strip, words) * line_height(SMALL) + 4 + len(strip.seats) * _ROW + _PAD


def _title_lines(strip: ClockStrip, words: Words) -> int:
    title, pace = band_words("title", strip, words=words), band_words("pace", strip, words=words)
    both = width(title, SMALL, bold=True) + 16 + width(pace, SMALL)
    return 1 if both <= WIDTH - 2 * MARGIN else 2


def draw_band(image: Image.Image, strip: ClockStrip, words: Words = ENGLISH) -> None:
    """Draw the band at the top of ``image`` (it is :func:`band_height` rows tall)."""
    draw = ImageDraw.Draw(image)
    height = band_height(strip, words)
    draw.rectangle((0, 0, WIDTH, height - 1), fill=BAND)
    y = _PAD
    room = WIDTH - 2 * MARGIN
    title, pace = band_words("title", strip, words=words), band_words("pace", strip, words=words)
    draw_text(draw, (MARGIN, y), title, SMALL, WHITE, bold=True, max_width=room)
    if _title_lines(strip, words) == 1:
        draw_text(draw, (WIDTH - MARGIN, y), pace, SMALL, MUTED, anchor="ra")
    else:
        y += line_height(SMALL)
        draw_text(draw, (MARGIN, y), pace, SMALL, MUTED, max_width=room)
    y += line_height(SMALL) + 4
    for seat in strip.seats:
        _draw_row(draw, seat, y, words)
        y += _ROW


def _draw_row(draw: ImageDraw.ImageDraw, seat: SeatClockView, y: float, words: Words) -> None:
    """One person: an arrow and a border when the game waits on them, their name, their clock."""
    box = (MARGIN - 4, y, WIDTH - MARGIN + 4, y + _ROW - 3)
    waited = seat.state in (WAITED_ON, OUT_OF_TIME)
    if waited:
        draw.rounded_rectangle(box, radius=6, fill=WAITED, outline=ACTIVE, width=2)
        cx, cy, r = MARGIN + 6, (box[1] + box[3]) / 2, BODY / 3
        draw.polygon([(cx - r * 0.8, cy - r), (cx + r, cy), (cx - r * 0.8, cy + r)], fill=ACTIVE)
    clock = band_words("seat", seat=seat, words=words)
    ink = GOLD if waited else MUTED
    clock_w = width(clock, BODY, bold=waited)
    cy = (box[1] + box[3]) / 2
    draw_text(draw, (WIDTH - MARGIN - 4, cy), clock, BODY, ink, anchor="rm", bold=waited)
    left = MARGIN + 18
    draw_text(draw, (left, cy), seat.name, BODY, WHITE, anchor="lm", bold=waited, max_width=_name_room(clock_w))


def _name_room(clock_w: float) -> float:
    return WIDTH - 2 * MARGIN - 18 - 4 - clock_w - 14


def with_clocks(
    picture: Callable[..., bytes], *args: Any, clocks: ClockStrip, words: Words = ENGLISH, **kwargs: Any
) -> bytes:
    """A game's table picture (``picture(*args, **kwargs)``) with the clock band on top, its words
    said with ``words`` (the picture draws its own words: wrap it in ``bot.i18n.drawn_in``)."""
    with band_on_top(band_height(clocks, words), lambda image: draw_band(image, clocks, words)):
        return picture(*args, **kwargs)
