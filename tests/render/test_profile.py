"""The profile card: every game's figures, the chart, the last results, huge scores exact."""

from __future__ import annotations

import io

from PIL import Image

from render.profile import GameCard, ProfileView, RecentLine, exact_lines, profile_picture
from render.text import MIN_PHONE_PX, phone_px, recording

HUGE = 70_123_456_789_012_345_678_901_234_567_890_123_456_789


def card(name: str = "Ελένη 陈 Бори́с", recent: int = 5) -> ProfileView:
    games = (
        GameCard("Gin Rummy", 1523, False, 12, 0.45, 40, 23, 412, tuple(range(700, 1524, 20))),
        GameCard("Gin-jon-tan", 820, True, 16, 0.02, 3, 1, HUGE, (700, 760, 820)),
        GameCard("Nin Jan", 640, True, 1, 0.0, 1, 0, -3, (700, 640)),
    )
    lines = tuple(
        RecentLine(["Gin Rummy", "Gin-jon-tan", "Nin Jan"][i % 3], 1 + i % 3, 3, 10 * i, [23, -12, 0][i % 3], "3 Jun")
        for i in range(recent)
    )
    return ProfileView(name, games, lines)


def drawn(view: ProfileView) -> tuple[Image.Image, list[str], list]:
    with recording() as texts:
        png = profile_picture(view)
    assert len(png) < 300_000
    return Image.open(io.BytesIO(png)), [t.content for t in texts], texts


def test_each_game_has_its_rating_level_record_and_best() -> None:
    image, words, _ = drawn(card())
    assert image.width == 480
    assert "Ελένη 陈 Бори́с" in words
    for expected in ("Gin Rummy", "1,523", "rating", "Level 12", "40 games · 23 wins (58%)", "best score 412"):
        assert expected in words, expected
    assert "provisional rating" in words  # words, not only a colour
    assert "1 game · 0 wins (0%)" in words


def test_a_huge_best_score_is_short_and_exact() -> None:
    _, words, _ = drawn(card())
    assert "best score 7.01 × 10^40" in words
    start = words.index("best score exactly:")
    exact = "".join(words[start + 1 : start + 4])
    assert exact.startswith(f"{HUGE:,}")


def test_the_last_results_say_place_points_and_the_signed_change() -> None:
    _, words, _ = drawn(card())
    assert words.count("1st of 3") == 2 and "2nd of 3" in words and "3rd of 3" in words
    assert "+23" in words and "-12" in words and "±0" in words


def test_every_text_reads_at_11_px_on_a_400_px_phone() -> None:
    _, _, texts = drawn(card())
    assert all(phone_px(t.size, t.picture_width) >= MIN_PHONE_PX for t in texts)


def test_a_card_without_results_says_so() -> None:
    _, words, _ = drawn(card(recent=0))
    assert "No results yet" in words


def test_exact_lines_break_at_thousands_and_keep_every_digit() -> None:
    lines = exact_lines(HUGE, 14, 120)
    assert len(lines) > 1 and all(line.endswith(",") for line in lines[:-1])
    assert "".join(lines) == f"{HUGE:,}"


def test_a_score_in_billions_reads_in_words_beside_the_exact_figure() -> None:
    games = (GameCard("Gin-jon-tan", 820, True, 3, 0.5, 3, 1, -1_482_000_001, (700, 760, 820)),)
    _, words, _ = drawn(ProfileView("Zoë", games, ()))
    assert "best score -1.48 billion" in words
    assert not any("× 10^" in w for w in words)
    start = words.index("best score exactly:")
    assert words[start + 1].startswith("-1,482,000,001")
