"""The standings and podium pictures: names in any script, every number readable on a phone."""

from __future__ import annotations

import io

from PIL import Image

from render.standings import StandingLine, StandingsView, podium_picture, standings_picture, tie_breaks
from render.text import MIN_PHONE_PX, phone_px, recording

NAMES = [
    "José Ñúñez",
    "Łukasz",
    "Дмитрий",
    "Ελένη",
    "王小明",
    "さくら",
    "김민준",
    "🎲 Dicey ✨",
    "Bartholomew the Magnificent",
]


def view(players: int = 9) -> StandingsView:
    lines = tuple(
        StandingLine(
            place=i + 1,
            name=NAMES[i % len(NAMES)],
            points=str(30 - 3 * i) + ("½" if i == 2 else ""),
            game_points=(2**70 if i == 0 else 100 - i),
            buchholz="12",
            head_to_head=1 if i == 3 else 0,
            played=3,
            dropped=i == 5,
        )
        for i in range(players)
    )
    return StandingsView(
        "Nin Jan tournament #4",
        "Final standings",
        "Placement points: last 1, last but one 3, +3 "
        "each place above (winner of 3: 6); a bye counts as a win. Ties: game points, then "
        "Buchholz, then head to head.",
        lines,
    )


def test_the_standings_show_every_name_points_tie_breaks_and_the_rule() -> None:
    with recording() as drawn:
        png = standings_picture(view())
    image = Image.open(io.BytesIO(png))
    assert image.width == 480
    contents = [d.content for d in drawn]
    for name in NAMES[:8]:
        assert name in contents
    assert any(c.startswith("Bartholomew") for c in contents)
    assert "24½" in contents
    assert any("game pts 1,180,591,620,717,411,303,424" in c for c in contents)  # 2**70, exact
    assert any(c.startswith("Placement points") for c in contents)
    assert any("h2h +1" in c for c in contents) and any("dropped" in c for c in contents)


def test_every_line_is_at_least_11_px_on_a_400_px_phone() -> None:
    with recording() as drawn:
        standings_picture(view())
        podium_picture(view())
    assert drawn
    assert min(phone_px(d.size, d.picture_width) for d in drawn) >= MIN_PHONE_PX


def test_the_podium_shows_the_top_three_only() -> None:
    with recording() as drawn:
        png = podium_picture(view())
    contents = {d.content for d in drawn}
    assert {"José Ñúñez", "Łukasz", "Дмитрий"} <= contents
    assert "Ελένη" not in contents
    assert Image.open(io.BytesIO(png)).width == 480


def test_a_big_field_is_cut_with_a_count_of_the_rest() -> None:
    with recording() as drawn:
        standings_picture(view(60))
    assert "… and 20 more" in {d.content for d in drawn}


def test_tie_breaks_read_in_the_order_they_count() -> None:
    line = StandingLine(2, "Ann", "6", 40, "9", 0, 1)
    assert tie_breaks(line) == "game pts 40 · Buchholz 9 · 1 round"
