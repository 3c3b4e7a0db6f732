"""The bracket pictures: every player's name in any script, text that reads on a phone, pages that
fit, single and double elimination, from 8 to 128 players."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.i18n import ENGLISH, PSEUDO, _, drawn_in
from bot.tournaments import double_elimination as double
from bot.tournaments.bracket_view import SingleTable, double_view, single_view
from render.bracket import PAGE_HEIGHT, BracketView, bracket_picture, page_count, page_showing
from render.common import SMALL
from render.text import MIN_PHONE_PX, phone_px, recording
from tests.render.test_picture_words import english_left

NAMES = ["José Ñúñez", "Дмитрий", "王小明", "محمد", "🎲 Dicey ✨", "Ελένη", "Bartholomew the Magnificent", "さくら"]


def names_for(players: int) -> dict[int, str]:
    return {p: f"{NAMES[p % len(NAMES)]} {p}" for p in range(1, players + 1)}


def double_run(
    players: int, table_size: int = 2, rounds: int | None = None, seed: int = 1, language: str = ENGLISH
) -> BracketView:
    """A double elimination played with random results for ``rounds`` rounds (None: to the end)."""
    rng = random.Random(seed)
    seeded = list(range(1, players + 1))
    bracket = double.build(players, table_size)
    played: dict[str, list[int]] = {}
    walkovers: dict[str, tuple[int, ...]] = {}
    in_play: set[str] = set()
    number = 0
    while True:
        plan = double.plan_round(bracket, seeded, played, walkovers)
        walkovers.update(plan.walkovers)
        if not plan.tables:
            break
        number += 1
        if rounds is not None and number > rounds:
            in_play = {m for m, _seated in plan.tables}
            break
        for match_id, seated in plan.tables:
            played[match_id] = rng.sample(seated, len(seated))
    progress = double.resolve(bracket, seeded, played, walkovers)
    status = _(language, "Final bracket") if rounds is None else _(language, "Round {number}", number=number)
    title = _(language, "{game} tournament #{number}", game="Gin Rummy", number=3)
    return double_view(title, status, bracket, seeded, progress, names_for(players), in_play, language)


def single_run(players: int, played_rounds: int, language: str = ENGLISH) -> BracketView:
    from bot.tournaments.pairing import elimination_first_slots, elimination_rounds

    rng = random.Random(players)
    slots: list[int | None] = list(elimination_first_slots(list(range(1, players + 1))))
    rounds: list[list[SingleTable]] = []
    for _round in range(played_rounds):
        tables, winners = [], []
        for i in range(0, len(slots), 2):
            a, b = slots[i], slots[i + 1]
            present = [p for p in (a, b) if p is not None]
            if len(present) < 2:
                tables.append(SingleTable((a, b), "bye", present[0] if present else None))
                winners.append(present[0] if present else None)
            else:
                winner = rng.choice(present)
                tables.append(SingleTable((a, b), "played", winner))
                winners.append(winner)
        rounds.append(tables)
        slots = winners
    seeds = {p: p for p in range(1, players + 1)}
    total = elimination_rounds(players)
    title = _(language, "{game} tournament #{number}", game="Nin Jan", number=2)
    status = _(language, "Round {number}", number=2)
    return single_view(title, status, rounds, total, names_for(players), seeds, language)


@pytest.mark.parametrize("players", [8, 16, 64, 128])
def test_every_page_fits_and_reads_on_a_phone(players: int) -> None:
    for view in (double_run(players), double_run(players, rounds=3), single_run(players, 2)):
        pages = page_count(view)
        drawn_names: set[str] = set()
        for page in range(pages):
            with recording() as drawn:
                png = bracket_picture(view, page)
            image = Image.open(io.BytesIO(png))
            assert image.width == 480 and image.height <= PAGE_HEIGHT
            assert all(phone_px(d.size, image.width) >= MIN_PHONE_PX for d in drawn), "text too small on a phone"
            assert all(d.size >= SMALL for d in drawn)
            drawn_names |= {d.content for d in drawn}
        shown = {s.name for r in view.rounds for t in r.tables for s in t.seats}
        assert shown <= drawn_names or all(any(c.startswith(n[:4]) for c in drawn_names) for n in shown)
        if players <= 16:
            assert pages <= 2
        assert pages <= 1 + players // 8


def test_a_finished_double_elimination_shows_every_player_and_the_finals() -> None:
    view = double_run(8)
    titles = [r.title for r in view.rounds]
    assert titles[:3] == ["Winners' round 1", "Winners' round 2", "Winners' final"]
    assert "Losers' final" in titles and "Grand final" in titles
    first = view.rounds[0]
    assert sorted(s.seed or 0 for t in first.tables for s in t.seats) == list(range(1, 9))
    grand = next(r for r in view.rounds if r.title == "Grand final").tables[0]
    assert grand.state == "played" and sum(1 for s in grand.seats if s.outcome == "on") == 1


def test_byes_leave_no_empty_tables_and_the_page_shown_is_the_round_in_play() -> None:
    view = double_run(5, rounds=1)
    first = view.rounds[0]
    assert [t.state for t in first.tables].count("bye") == 3
    assert all(t.seats for r in view.rounds for t in r.tables if t.state == "bye")
    big = double_run(64, rounds=4)
    page = page_showing(big)
    with recording() as drawn:
        bracket_picture(big, page)
    assert any(d.content == "playing" for d in drawn)


def test_the_single_elimination_shows_the_rounds_to_come() -> None:
    view = single_run(8, 1)
    assert [r.title for r in view.rounds] == ["Round 1", "Semi-finals", "Final"]
    assert [len(r.tables) for r in view.rounds] == [4, 2, 1]
    assert all(not t.seats for t in view.rounds[2].tables)


@pytest.mark.parametrize("kind", ["normal", "protanopia", "deuteranopia"])
def test_the_bracket_colours_stay_apart_under_colour_blindness(kind: str) -> None:
    from render import bracket
    from tests.render.test_pictures_for_phones import SIMULATIONS, contrast, simulate

    assert kind in SIMULATIONS
    for what, fg, bg in bracket.COLOUR_PAIRS:
        assert contrast(simulate(fg, kind), simulate(bg, kind)) >= 3.0, what


@pytest.mark.parametrize("kind", ["double in play", "double over", "single"])
def test_a_bracket_in_another_language_draws_no_english(kind: str) -> None:
    """Issue 47: the round headings ("Losers' round 2", "Grand final"), the table labels and the
    tables' states of a server in another language all come through the catalog."""
    if kind == "single":
        view = single_run(16, 2, PSEUDO)
    else:
        view = double_run(16, rounds=3 if kind == "double in play" else None, language=PSEUDO)
    names = list(names_for(16).values())
    for page in range(page_count(view)):
        with recording() as drawn:
            drawn_in(PSEUDO, bracket_picture, view, page)
        assert drawn and english_left(drawn, names) == []
    headings = [block.title for block in view.rounds]
    if kind == "single":
        assert headings[-2:] == [_(PSEUDO, "Semi-finals"), _(PSEUDO, "Final")]
    else:
        assert _(PSEUDO, "Losers' round {number}", number=2) in headings and _(PSEUDO, "Grand final") in headings
