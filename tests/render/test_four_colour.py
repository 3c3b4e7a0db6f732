"""Every game's pictures take ``four_colour`` (a server's setting); French-suited cards then change colour."""

from __future__ import annotations

import pytest

from engine import registry
from render import pictures_for


@pytest.mark.parametrize("key", [g.key for g in registry.all_games()])
def test_every_picture_takes_the_four_colour_keyword(key: str) -> None:
    game = registry.get(key)
    players = min(game.allowed_counts)
    state = game.new_state(players, 3)
    names = ["Zoë", "Дмитрий", "王小明", "محمد", "Ann", "Kwame"][:players]
    module = pictures_for(key)
    seat = state.waiting_on()[0]
    for four in (False, True):
        assert module.table_picture(state.view(None), names=names, four_colour=four)
        assert module.hand_picture(state.view(seat), names=names, four_colour=four)
    if key == "gin_go":  # its suit rows and cards are French-suited: the pictures differ
        plain = module.table_picture(state.view(None), names=names)
        assert module.table_picture(state.view(None), names=names, four_colour=True) != plain
        assert module.table_picture(state.view(None), names=names) == plain  # and the setting does not stick
