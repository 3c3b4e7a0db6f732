"""Hostile names in pictures: a flood of combining marks ("zalgo") stays within its own row."""

from __future__ import annotations

import io
import unicodedata

from PIL import Image, ImageChops

from engine.core import Outcome
from render import leaderboard, results
from render.leaderboard import LeaderRow, leaderboard_picture
from render.results import results_picture
from render.text import MAX_MARKS, clean
from tests.render.test_leaderboard import board

#: A letter buried under 48 marks above and 40 below, as zalgo generators make them.
ZALGO = "Z" + "\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309\u030a\u030b\u030c" * 4 + "a"
ZALGO += "\u0316\u0317\u0318\u0319\u031a\u031b\u031c\u031d\u031e\u031f" * 4 + "lgo"


def stacked(text: str) -> int:
    """The most stacking marks on any one letter."""
    most = run = 0
    for char in text:
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        most = max(most, run)
    return most


def test_a_mark_flood_is_clipped_and_the_marks_of_real_words_are_kept() -> None:
    clipped = unicodedata.normalize("NFD", clean(ZALGO))
    assert stacked(clean(ZALGO)) == MAX_MARKS and clipped.startswith("Z") and clipped.endswith("lgo")
    for word in ("နို့", "שָׁלוֹם", "ที่นี่", "Nguyễn Thị", "कैंज़्", "Бори́с", "བསྒྲུབས"):
        assert clean(word) == unicodedata.normalize("NFC", word), word


def changed_rows(one: bytes, other: bytes) -> int:
    """How many pixel rows differ clearly between two pictures (a palette's small shifts aside)."""
    first, second = (Image.open(io.BytesIO(png)).convert("L") for png in (one, other))
    bounds = ImageChops.difference(first, second).point(lambda v: 255 if v > 48 else 0).getbbox()
    return 0 if bounds is None else bounds[3] - bounds[1]


def test_a_zalgo_name_draws_within_its_results_row() -> None:
    outcome = Outcome("Seat 1 went gin", (30, 20, 10), (1, 2, 3))
    hostile = results_picture(outcome, names=["Alice", ZALGO, "Bob"], game_name="Gin Rummy")
    plain = results_picture(outcome, names=["Alice", "Zalgo", "Bob"], game_name="Gin Rummy")
    assert 0 < changed_rows(hostile, plain) < results.ROW


def test_a_zalgo_name_draws_within_its_leaderboard_row() -> None:
    def picture(name: str) -> bytes:
        rows = tuple(LeaderRow(i + 1, n, 1800 - 40 * i, False, 9, 5, 5, 100) for i, n in enumerate(["A", name, "B"]))
        return leaderboard_picture(board(rows=rows))

    assert 0 < changed_rows(picture(ZALGO), picture("Zalgo")) < leaderboard.ROW
