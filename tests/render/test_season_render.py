"""The season board and the profile's trophies: names in any script, text that reads on a phone."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import profile, season
from render.profile import GameCard, ProfileView, RecentLine, SeasonTrophy, profile_picture
from render.season import SeasonLine, SeasonView, season_picture
from render.text import MIN_PHONE_PX, phone_px, recording
from tests.render.test_pictures_for_phones import SIMULATIONS, contrast, simulate

NAMES = ["José Ñúñez", "Дмитрий", "王小明", "محمد", "🎲 Dicey ✨", "Bartholomew the Magnificent the Third"]


def test_the_season_board_shows_every_name_and_figure_readably() -> None:
    lines = tuple(
        SeasonLine(i + 1, name, f"{50 - 7 * i:+,}", f"{10 + i} games · 3 wins") for i, name in enumerate(NAMES)
    )
    with recording() as drawn:
        png = season_picture(SeasonView("Gin Rummy · season 2026 Q4", "Ranked by rating gained", lines))
    image = Image.open(io.BytesIO(png))
    assert image.width == 480
    contents = [d.content for d in drawn]
    assert all(any(c.startswith(name[:6]) for c in contents) for name in NAMES)
    assert "+50" in contents and "+15" in contents
    assert all(phone_px(d.size, image.width) >= MIN_PHONE_PX for d in drawn)
    with recording() as drawn:
        season_picture(SeasonView("Gin Rummy · season 2026 Q4", "Ranked by rating gained", ()))
    assert "No one has played this season yet." in [d.content for d in drawn]


def test_the_profile_shows_season_trophies_newest_first() -> None:
    card = GameCard("Gin Rummy", 1540, False, 4, 0.3, 40, 22, 310, (700, 1540))
    won = tuple(SeasonTrophy("Gin Rummy", f"202{6 - i} Q1", 1 + i % 3) for i in range(8))
    view = ProfileView("Дмитрий 王小明", (card,), (RecentLine("Gin Rummy", 1, 2, 30, 12, "3 Nov"),), won)
    with recording() as drawn:
        profile_picture(view)
    contents = [d.content for d in drawn]
    assert "Season trophies" in contents and "2026 Q1 · Gin Rummy" in contents and "and 2 more" in contents
    with recording() as drawn:
        profile_picture(ProfileView("Ann", (card,), ()))
    assert "Season trophies" not in [d.content for d in drawn]


@pytest.mark.parametrize("kind", list(SIMULATIONS))
def test_season_colours_stay_apart_under_colour_blindness(kind: str) -> None:
    for module in (season, profile):
        for what, fg, bg in module.COLOUR_PAIRS:
            assert contrast(simulate(fg, kind), simulate(bg, kind)) >= 3.0, what
