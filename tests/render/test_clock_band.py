"""The clock band of a turn-based table's picture (issue 45): each person's time as it stood when the
picture was drawn, for every game, with names in many scripts, readable on a phone, never told by
colour alone, and no text box over another or past the picture."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

import pytest
from PIL import Image

from bot.i18n import PSEUDO, SHIPPED, words
from engine import registry
from engine.core import Game
from render import clocks, pictures_for
from render.clocks import AWAY, IDLE, OUT_OF_TIME, WAITED_ON, ClockStrip, SeatClockView, band_height, with_clocks
from render.text import MIN_PHONE_PX, Drawn, has_glyph, phone_px, recording, runs
from tests.render.test_picture_words import english_left
from tests.render.test_pictures_for_phones import NAMES, SIMULATIONS, SLACK, _overlap, contrast, simulate

GAMES = [game for game in registry.all_games() if game.key != "testgame"]
AT = datetime(2026, 11, 28, 18, 5, tzinfo=UTC)


def mid_game(game: Game, players: int) -> tuple[object, list[int]]:
    """A spectator's view a few computer moves into a game, and the seats it waits on."""
    state = game.new_state(players, 11)
    computers = [game.computer_player(seat) for seat in range(players)]
    for _ in range(5):
        seat = state.waiting_on()[0]
        state.act(seat, computers[seat].choose(state.view(seat)))
    return state.view(None), list(state.waiting_on())


def strip_for(names: list[str], waiting: list[int]) -> ClockStrip:
    seats = []
    for seat, name in enumerate(names):
        if seat in waiting:
            seats.append(SeatClockView(name, WAITED_ON, left=timedelta(hours=11, minutes=5), bank=timedelta(days=2)))
        elif seat == 3:
            seats.append(SeatClockView(name, AWAY, bank=timedelta(days=1)))
        else:
            seats.append(SeatClockView(name, IDLE, bank=timedelta(days=2, hours=4)))
    return ClockStrip(AT, "1 day a move (bank 3 days)", tuple(seats))


def drawn_with_band(game: Game, offset: int) -> tuple[bytes, bytes, list[Drawn], ClockStrip]:
    """The game's table picture without and with the band, what the band's picture drew, its strip."""
    players = min(game.max_players, 4)
    names = [NAMES[(offset + i) % len(NAMES)] for i in range(players)]
    view, waiting = mid_game(game, players)
    picture = pictures_for(game.key).table_picture
    plain = picture(view, names=names)
    strip = strip_for(names, waiting)
    with recording() as drawn:
        data = with_clocks(picture, view, names=names, clocks=strip)
    return plain, data, drawn, strip


@pytest.mark.parametrize("offset", [0, 4, 8, 12])
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_every_game_shows_each_persons_clock_above_its_picture(game: Game, offset: int) -> None:
    plain, data, drawn, strip = drawn_with_band(game, offset)
    before, after = Image.open(io.BytesIO(plain)), Image.open(io.BytesIO(data))
    assert after.size == (before.width, before.height + band_height(strip))
    # The picture under the band is the picture without it, pixel for pixel.
    assert after.convert("RGB").crop((0, band_height(strip), *after.size)).tobytes() == before.convert("RGB").tobytes()
    lines = [line.content for line in drawn]
    assert "⏱ Clocks at 28 Nov 18:05 UTC" in lines and "1 day a move (bank 3 days)" in lines
    assert "⏱ 11 h 5 min left" in lines
    idle = [seat for seat in strip.seats if seat.state == IDLE]
    assert lines.count("bank 2 d 4 h") == len(idle)
    if any(seat.state == AWAY for seat in strip.seats):
        assert "away" in lines
    everything = "\n".join(lines)
    for seat in strip.seats:  # every person's name, whatever its script (a long one may be cut)
        short = seat.name.replace("✨", "").strip()
        assert short in everything or seat.name == NAMES[0], f"{seat.name} is not on the band"


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_band_text_reads_on_a_phone_and_stays_apart(game: Game) -> None:
    """Shown 400 px wide, no text of the band is under 11 px; no character is a missing-glyph box;
    no line of the band crosses another or leaves the picture."""
    for offset in (0, 4, 8, 12):
        _, data, drawn, strip = drawn_with_band(game, offset)
        size = Image.open(io.BytesIO(data)).size
        band_canvas = next(line.canvas for line in drawn if line.content.startswith("⏱ Clocks"))
        band = [line for line in drawn if line.canvas == band_canvas and line.content.strip()]
        assert len(band) == 2 + len(strip.seats) * 2  # title, pace, and a name and a clock a person
        for line in band:
            assert line.canvas_size == size  # drawn on the whole picture
            assert phone_px(line.size, size[0]) >= MIN_PHONE_PX, line.content
            left, top, right, bottom = line.box
            assert left >= -1 and right <= size[0] + 1, f"{line.content!r} leaves the picture sideways"
            assert top >= -SLACK and bottom <= band_height(strip) + SLACK, f"{line.content!r} leaves the band"
            for file, part in runs(line.content, line.bold):
                assert all(has_glyph(file, char) for char in part), line.content
        for i, one in enumerate(band):
            for other in band[i + 1 :]:
                assert _overlap(one.box, other.box) <= SLACK, f"{one.content!r} overlaps {other.content!r}"


def test_a_long_name_is_cut_before_the_clock_and_a_long_pace_goes_under_the_title() -> None:
    strip = ClockStrip(
        AT,
        "3 days a move (bank 7 days)",
        (SeatClockView("Bartholomew Maximilian von Habsburg-Lothringen the Third", WAITED_ON, left=timedelta(days=9)),),
        nights=True,
    )
    image = Image.new("RGB", (480, band_height(strip)))
    with recording() as drawn:
        clocks.draw_band(image, strip)
    name = next(line for line in drawn if line.asked.startswith("Bartholomew"))
    clock = next(line for line in drawn if line.content == "⏱ 9 d left")
    assert name.content.endswith("…") and name.box[2] < clock.box[0]
    pace = next(line for line in drawn if "clocks stop at night" in line.content)
    title = next(line for line in drawn if line.content.startswith("⏱ Clocks"))
    assert pace.box[1] >= title.box[3] - SLACK  # its own line, under the title


def test_the_person_waited_on_is_marked_by_shape_and_words_not_colour_alone() -> None:
    """The row of the person the game waits on has an arrow and a border, and says "left"; the same
    row for someone not waited on has neither (drawn in grey, the two rows still differ)."""
    waited = ClockStrip(AT, "1 day a move", (SeatClockView("Ann", WAITED_ON, left=timedelta(hours=3)),))
    idle = ClockStrip(AT, "1 day a move", (SeatClockView("Ann", IDLE, bank=timedelta(hours=3)),))
    rows = []
    for strip in (waited, idle):
        image = Image.new("RGB", (480, band_height(strip)))
        clocks.draw_band(image, strip)
        grey = image.convert("L")
        rows.append(grey.crop((0, band_height(strip) - 30, 40, band_height(strip))))  # the row's left end
    assert rows[0].tobytes() != rows[1].tobytes()
    assert clocks.band_words("seat", seat=waited.seats[0]).endswith("left")
    assert not clocks.band_words("seat", seat=idle.seats[0]).endswith("left")
    out = SeatClockView("Ann", OUT_OF_TIME)
    assert clocks.band_words("seat", seat=out) == "out of time"


@pytest.mark.parametrize("kind", list(SIMULATIONS))
def test_band_colours_stay_apart_under_colour_blindness(kind: str) -> None:
    for what, fg, bg in clocks.COLOUR_PAIRS:
        ratio = contrast(simulate(fg, kind), simulate(bg, kind))
        assert ratio >= 3.0, f"{what} has contrast {ratio:.2f} under {kind}"


def test_a_picture_without_clocks_has_no_band() -> None:
    """A live table's picture (no strip) is drawn as before: nothing of the band is left behind by a
    turn-based picture drawn earlier in the same worker."""
    game = registry.get("gin_rummy")
    view, waiting = mid_game(game, 2)
    picture = pictures_for(game.key).table_picture
    first = picture(view, names=["Ann", "Bob"])
    with_clocks(picture, view, names=["Ann", "Bob"], clocks=strip_for(["Ann", "Bob"], waiting))
    with recording() as drawn:
        again = picture(view, names=["Ann", "Bob"])
    assert again == first and not any("Clocks" in line.content for line in drawn)


def band_in(language: str, strip: ClockStrip) -> tuple[list[Drawn], int]:
    """What the band draws in ``language`` on a phone-narrow picture, and the band's height."""
    said = words(language)
    image = Image.new("RGB", (480, band_height(strip, said)))
    with recording() as drawn:
        clocks.draw_band(image, strip, said)
    return drawn, band_height(strip, said)


LONG = ClockStrip(
    AT,
    "3 days a move (bank 7 days)",
    (
        SeatClockView("Ann", WAITED_ON, left=timedelta(hours=11, minutes=5)),
        SeatClockView("Святослав", IDLE, bank=timedelta(days=2, hours=4)),
        SeatClockView("美咲", OUT_OF_TIME),
        SeatClockView("Bea", AWAY),
    ),
    nights=True,
)


def test_the_band_speaks_the_tables_language() -> None:
    """Every word of the band is a catalog text (the pseudo-language marks them all); in Japanese
    the band says its words and its day in Japanese."""
    drawn, _ = band_in(PSEUDO, LONG)
    names = [seat.name for seat in LONG.seats]
    assert english_left(drawn, names) == []
    japanese = [line.content for line in band_in("ja", LONG)[0]]
    assert any("11月28日 18:05" in line for line in japanese), japanese
    assert not any(word in " ".join(japanese) for word in ("left", "bank", "away", "out of time", "Clocks", "move"))


@pytest.mark.parametrize("language", SHIPPED)
def test_the_band_fits_in_every_language(language: str) -> None:
    """Longer words (German, Russian) and other scripts stay inside the band, one line apart."""
    drawn, height = band_in(language, LONG)
    lines = [line for line in drawn if line.content.strip()]
    assert len(lines) == 2 + 2 * len(LONG.seats)
    for line in lines:
        left, top, right, bottom = line.box
        assert left >= -1 and right <= 480 + 1, f"{line.content!r} leaves the picture sideways"
        assert top >= -SLACK and bottom <= height + SLACK, f"{line.content!r} leaves the band"
        for file, part in runs(line.content, line.bold):
            assert all(has_glyph(file, char) for char in part), line.content
    for i, one in enumerate(lines):
        for other in lines[i + 1 :]:
            assert _overlap(one.box, other.box) <= SLACK, f"{one.content!r} overlaps {other.content!r}"
