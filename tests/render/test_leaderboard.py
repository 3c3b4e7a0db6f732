"""The leaderboard and profile pictures: names in many scripts, readable on a phone, small, exact."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from bot.i18n import words
from bot.i18n.languages import SHIPPED
from render import leaderboard, profile
from render.leaderboard import LeaderboardView, LeaderRow, leaderboard_picture, short_number
from render.text import MIN_PHONE_PX, clean, font_for, phone_px, recording
from tests.render.test_pictures_for_phones import SIMULATIONS, contrast, simulate

NAMES = [
    "Alice",
    "Бори́с Годуно́в",
    "陈嘉怡",
    "Dan 🎲",
    "Ελένη Παπαδοπούλου-Αναστασίου",
    "Zoë Ångström",
    "한지민",
    "Nguyễn Thị Minh Khai",
    "やまだ たろう",
    "Bartholomew the Magnificent of Somewhere Far Away",
]


def rows(count: int = 10) -> tuple[LeaderRow, ...]:
    return tuple(
        LeaderRow(i + 1, NAMES[i % len(NAMES)], 1800 - 40 * i, i > 6, 40 - i, 20 - i, 20 - i, 10 ** (2 + 4 * i))
        for i in range(count)
    )


def board(**changes) -> LeaderboardView:
    fields = {
        "game_name": "Gin Rummy",
        "by": "rating",
        "period": "all time",
        "rows": rows(),
        "page": 0,
        "pages": 4,
        "players": 38,
        "own": LeaderRow(37, "Mé, who asked", 912, True, 4, 1, 2, 300, you=True),
    }
    fields.update(changes)
    return LeaderboardView(**fields)


def drawn(view: LeaderboardView) -> tuple[Image.Image, list]:
    with recording() as texts:
        png = leaderboard_picture(view)
    assert len(png) < 300_000
    return Image.open(io.BytesIO(png)), texts


def test_every_row_and_the_askers_own_row_are_drawn_with_their_names() -> None:
    image, texts = drawn(board())
    words = [t.content for t in texts]
    for name in NAMES:  # whole in its own script, or cut with an ellipsis to its column
        assert any(w == name or (w.endswith("…") and len(w) > 8 and name.startswith(w[:-1])) for w in words), name
    assert "Alice" in words and "陈嘉怡" in words and "한지민" in words
    assert any(w.startswith("Bartholomew") and w.endswith("…") for w in words)
    assert "Mé, who asked" in words and any("you" in w for w in words)
    assert "37" in words and "912?" in words  # the own rank and a provisional rating
    assert image.width == 480


def test_the_own_row_is_not_added_when_it_is_on_the_page() -> None:
    _, with_own = drawn(board())
    _, without = drawn(board(own=None))
    assert len(with_own) > len(without)
    assert "Mé, who asked" not in [t.content for t in without]


def test_every_text_reads_at_11_px_on_a_400_px_phone() -> None:
    _, texts = drawn(board())
    assert texts and all(phone_px(t.size, t.picture_width) >= MIN_PHONE_PX for t in texts)


def test_a_points_board_shows_huge_points_in_short_form() -> None:
    _, texts = drawn(board(by="points", game_name="Gin-jon-tan", rows=rows(6)))
    assert any("10 sextillion pts" in t.content for t in texts)


def test_an_empty_board_says_so() -> None:
    _, texts = drawn(board(rows=(), own=None, players=0, pages=1))
    assert "No finished games yet." in [t.content for t in texts]


def test_short_numbers_are_exact_to_three_figures() -> None:
    assert short_number(999_999) == "999,999"
    assert short_number(1_000_000) == "1 million"
    assert short_number(9_995_000) == "10 million"  # rounds up into the next power
    assert short_number(999_500_000) == "1 billion"  # and into the next name
    assert short_number(-(7 * 10**40)) == "-7 × 10^40"  # past a decillion only a power of ten is left
    assert short_number(12_345_678_901_234_567_890) == "12.3 quintillion"


@pytest.mark.parametrize("kind", list(SIMULATIONS))
def test_what_must_be_told_apart_stays_apart_under_colour_blindness(kind: str) -> None:
    for module in (leaderboard, profile):
        for what, fg, bg in module.COLOUR_PAIRS:
            ratio = contrast(simulate(fg, kind), simulate(bg, kind))
            assert ratio >= 3.0, f"{module.__name__}: {what} has contrast {ratio:.2f} under {kind}"


def test_no_name_falls_back_to_the_missing_glyph() -> None:
    _, texts = drawn(board())
    for line in texts:
        assert all(font_for(char) for char in clean(line.content)), line.content


@pytest.mark.parametrize("language", ["en", *SHIPPED])
def test_every_heading_and_figure_is_whole_and_apart_in_every_language(language: str) -> None:
    """ "Reyting" beside "Oyunlar" in Turkish, "Wertung" in German: the columns make room for their
    headings; no heading is cut with an ellipsis, and no two headings or figures of a row touch."""
    said = words(language)
    headings = {said.say(h) for h in ("Rating", "Games", "Win", "Lv")}
    for by in ("rating", "points", "wins"):
        with recording() as drawn:
            leaderboard_picture(board(by=by, own=rows(12)[-1]), words=said)
        top = [line for line in drawn if line.asked in headings]
        assert {line.asked for line in top} == headings, (language, [line.asked for line in drawn])
        assert all(line.content == clean(line.asked) for line in top), (language, [line.content for line in top])
        figures_of_first_row = [line for line in drawn if line.box[1] > top[0].box[3] and line.box[0] > 200][:4]
        for group in (top, figures_of_first_row):
            boxes = sorted(line.box for line in group)
            for left, right in itertools.pairwise(boxes):
                assert right[0] - left[2] >= 8, (language, by, [line.content for line in group])
