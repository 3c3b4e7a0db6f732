"""Table and hand pictures are drawn on a canvas of FIRST_HEIGHT rows and cut to what they drew; one
that reaches further is drawn again on a canvas as tall as it needs: the picture is the same."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine import registry
from engine.core import View
from render import common, pictures_for
from render.text import recording

NAMES = ["José Ñúñez", "王小明", "محمد علي", "Дмитрий", "🎲 Dicey ✨", "अर्जुन क्षत्रिय"]
GAMES = ["gin_rummy", "nin_jan", "tet_gow", "gin_go", "gin_jon_tan"]


def pictures_of_a_game(key: str) -> list[tuple[str, int | None, View, list[str]]]:
    """(label, seat, view, names) of the table (seat None) and every hand, 30 moves into a game of the
    most seats, and at its end."""
    game = registry.get(key)
    players = max(game.allowed_counts)
    state, moves = game.new_state(players, 5), random.Random(5)
    shown: list[tuple[str, int | None, View, list[str]]] = []
    played = 0
    while True:
        if played == 30 or state.is_over:
            shown += [
                (f"{key} seat {seat} after {played}", seat, state.view(seat), NAMES[:players])
                for seat in (None, *range(players))
            ]
        if state.is_over:
            return shown
        seat = state.decisions()[0].seat
        state.act(seat, state.random_move(seat, moves))
        played += 1


@pytest.mark.parametrize("key", GAMES)
def test_a_picture_taller_than_its_first_canvas_is_drawn_whole(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same picture, and the same lines of text said once each (tests read pictures by them)."""
    module = pictures_for(key)
    shown = pictures_of_a_game(key)

    def drawn(first_rows: int) -> tuple[list[bytes], list[list[str]]]:
        monkeypatch.setattr(common, "FIRST_HEIGHT", first_rows)
        if hasattr(module, "TALL"):  # a game whose pictures start taller
            monkeypatch.setattr(module, "TALL", first_rows)
        pngs, lines = [], []
        for _, seat, view, names in shown:
            with recording() as said:
                pngs.append((module.table_picture if seat is None else module.hand_picture)(view, names=names))
            lines.append([line.content for line in said])
        return pngs, lines

    drawn(5000)  # cards and chips are drawn once, then pasted (their lines said then): all of them now
    once, said_once = drawn(5000)  # every picture fits: drawn once
    again, said_again = drawn(64)  # none fits: each is drawn again as tall as it needs
    for (label, _, _, _), one, two in zip(shown, once, again, strict=True):
        assert one == two, label
        assert Image.open(io.BytesIO(two)).height > 64, label
    assert said_again == said_once
