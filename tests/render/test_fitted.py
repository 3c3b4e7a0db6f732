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


@pytest.mark.parametrize("key", GAMES)
def test_a_canvas_is_as_tall_as_the_tallest_picture_of_its_kind_and_the_picture_the_same(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the first picture of a kind, its canvases are no taller than the tallest of them so far
    needed (and SPARE_ROWS): the pictures are those drawn by a process that never drew one before."""
    module = pictures_for(key)
    shown = pictures_of_a_game(key)
    canvases: list[int] = []
    plain_canvas = common.new_canvas

    def new_canvas(width: int, height: int, colour: common.Colour = common.FELT):  # type: ignore[no-untyped-def]
        canvases.append(height)
        return plain_canvas(width, height, colour)

    def draw(seat: int | None, view: View, names: list[str]) -> bytes:
        return (module.table_picture if seat is None else module.hand_picture)(view, names=names)

    monkeypatch.setattr(common, "new_canvas", new_canvas)
    fresh = []
    for _, seat, view, names in shown:
        monkeypatch.setattr(common, "_tallest", {})  # a process that never drew a picture
        fresh.append(draw(seat, view, names))
    monkeypatch.setattr(common, "_tallest", {})
    first = getattr(module, "TALL", common.FIRST_HEIGHT)  # the canvas a game's pictures start on
    tallest: dict[bool, int] = {}  # by kind: table (True) or hand
    smaller = 0
    for (label, seat, view, names), expected in zip(shown, fresh, strict=True):
        canvases.clear()
        png = draw(seat, view, names)
        assert png == expected, label
        height = Image.open(io.BytesIO(png)).height
        kind = seat is None
        rows = first if kind not in tallest else min(first, tallest[kind] + common.SPARE_ROWS)
        # Drawn once when it fits; else (taller than any before) drawn again, as tall as it needs.
        assert canvases == ([rows] if height <= rows else [rows, height]), label
        smaller += rows < first
        tallest[kind] = max(tallest.get(kind, 0), height)
    assert smaller > 0
