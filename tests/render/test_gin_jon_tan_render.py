"""Gin-jon-tan pictures: real games at 2 and 6 players through every phase, no secret card on the
table, huge values exact, names in any script, one drawn motif per symbol, the clash table."""

from __future__ import annotations

import dataclasses
import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine.gin_jon_tan import GAME, Card, GinJonTanState, GinJonTanView, HeldCard, evaluate
from engine.gin_jon_tan.cards import COLOURS, SYMBOLS
from engine.gin_jon_tan.clash import BEATS
from engine.gin_jon_tan.views import EvaluationEntry
from render import gin_jon_tan as pictures
from render import pictures_for
from render.gin_jon_tan import amount, hand_picture, rules_picture, short_amount, symbol_motif, table_picture
from render.text import Drawn, has_glyph, recording, runs

NAMES = ["José Ñúñez", "Дмитрий", "王小明", "Ελένη", "さくら", "🎲 Dicey ✨"]
EVERY_PHASE = {"swap", "activate", "duel", "exchange", "trim", "combine", "evaluate", "over"}
LIMIT = 300 * 1024


def check_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < LIMIT
    image = Image.open(io.BytesIO(data))
    assert image.width == 480 and 200 <= image.height <= 4000
    return image


def positions(players: int, seed: int, every: int = 9, computer: bool = False) -> Iterator[GinJonTanState]:
    """A real game of random players (or the engine's computer players): the state at every phase
    change and every ``every`` moves."""
    state = GAME.new_state(players, seed)
    assert isinstance(state, GinJonTanState)
    bots = [GAME.computer_player(seat) for seat in range(players)]
    rng = random.Random(seed)
    moves, last = 0, ""
    while True:
        if state.phase != last or moves % every == 0 or state.is_over:
            yield state
            last = state.phase
        if state.is_over:
            return
        seat = state.waiting_on()[0]
        state.act(seat, bots[seat].choose(state.view(seat)) if computer else state.random_move(seat, rng))
        moves += 1


def public_cards(view: GinJonTanView) -> set[Card]:
    """What anyone at the table may see: unfolded duel cards, turned reserve cards, revealed hands."""
    found = {held.card for turned in view.turned for held in turned}
    if view.duel is not None:
        found |= {one.held.card for one in view.duel.cards}
    if view.last_clash is not None:
        found |= {view.last_clash.winner.card, view.last_clash.loser.card}
    found |= {held.card for entry in view.evaluation for held in entry.cards}
    return found


@pytest.fixture
def drawn_cards(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Card, bool]]:
    """Every card face the pictures draw (big or small), with whether it was marked."""
    found: list[tuple[Card, bool]] = []
    big, mini = pictures.draw_card, pictures.draw_mini

    def draw_card(image: Image.Image, card: Card, x: float, y: float, **kwargs: Any) -> None:
        found.append((card, bool(kwargs.get("marked"))))
        big(image, card, x, y, **kwargs)

    def draw_mini(image: Image.Image, card: Card, x: float, y: float, **kwargs: Any) -> None:
        found.append((card, False))
        mini(image, card, x, y, **kwargs)

    for module in (pictures.cards, pictures.table):  # the modules that draw cards
        monkeypatch.setattr(module, "draw_card", draw_card)
        monkeypatch.setattr(module, "draw_mini", draw_mini)
    return found


def test_the_game_has_its_own_pictures_and_a_rules_picture() -> None:
    module = pictures_for("gin_jon_tan")
    assert module.table_picture is table_picture
    assert module.rules_picture is rules_picture


@pytest.mark.parametrize(("players", "seed", "every"), [(2, 1, 3), (6, 3, 20)])
def test_every_phase_draws_and_the_table_shows_no_secret_card(
    players: int, seed: int, every: int, drawn_cards: list[tuple[Card, bool]]
) -> None:
    """Hands, reserves and set-aside active cards never reach the table picture: every card it draws
    is public (unfolded in a duel, turned for the turn order, or revealed), and none is set aside."""
    phases = set()
    for state in positions(players, seed, every):
        view = state.view(None)
        phases.add(view.phase)
        drawn_cards.clear()
        check_png(table_picture(view, names=NAMES[:players]))
        shown = {card for card, _ in drawn_cards}
        assert shown <= public_cards(view), view.phase
        set_aside = {held.card for seat in range(players) for held in state.view(seat).active}
        assert not shown & (set_aside - public_cards(view)), view.phase  # only those unfolded in an earlier duel
        seat = state.waiting_on()[0] if not state.is_over else 0
        mine = state.view(seat)
        drawn_cards.clear()
        check_png(hand_picture(mine, names=NAMES[:players]))
        own = {held.card for held in (*mine.hand, *mine.reserve, *mine.active)}
        assert own <= {card for card, _ in drawn_cards}  # the seat sees all its own cards
    assert phases == EVERY_PHASE


def test_the_duel_shows_the_clash_that_just_happened_in_the_pages_words() -> None:
    for state in positions(2, 3):
        view = state.view(None)
        if view.phase == "duel" and view.duel is not None and view.duel.clashes:
            clash = view.duel.clashes[-1]
            with recording() as drawn:
                table_picture(view, names=NAMES[:2])
            said = [line.content for line in drawn]
            assert clash.sentence in said
            assert amount(clash.points, signed=True) in said
            return
    pytest.fail("no clash in the game")


def test_the_evaluation_marks_each_best_combination_and_its_value(drawn_cards: list[tuple[Card, bool]]) -> None:
    views = [s.view(None) for s in positions(6, 2, every=1)]
    partly = [v for v in views if v.phase == "evaluate" and v.evaluation[2].action]  # some still to decide
    done = [v for v in views if v.phase in ("swap", "over") and v.evaluation]  # every place known
    for shown in (partly[0], done[0], views[-1]):
        table_picture(shown, names=NAMES)  # once to learn its height: a picture taller than any before is drawn twice
        drawn_cards.clear()
        with recording() as drawn:
            table_picture(shown, names=NAMES)
        everything = " ".join(line.content for line in drawn)
        revealed = [e for e in shown.evaluation if e.action == "reveal" and e.evaluation is not None]
        assert revealed
        marked = sum(1 for _, is_marked in drawn_cards if is_marked)
        assert marked == sum(len(e.evaluation.members) + len(e.evaluation.bonuses) for e in revealed if e.evaluation)
        for entry in revealed:
            assert entry.evaluation is not None
            assert f"worth {amount(entry.evaluation.value)}" in everything
        assert ("Kat oh!" in everything) == any(e.action == "kat_oh" for e in shown.evaluation)


def huge_view() -> tuple[GinJonTanView, int]:
    """The end of a real game with scores past 2^63 and beyond 10^30, and a 9-card hand past 10^16."""
    *_, state = positions(2, 1)
    view = state.view(None)
    cards = [Card("Universal", "Violet", n) for n in range(27, 34)] + [
        Card("Bonus", "Violet", 33),
        Card("Bonus", "Violet", 32),
    ]
    hand = tuple(HeldCard(f"0.{i}", 0, card) for i, card in enumerate(cards))
    value = evaluate([held.card for held in hand]).value
    entry = EvaluationEntry(0, "reveal", hand, evaluate([h.card for h in hand]), False, 1, value)
    scores = (2**63 + 12_345, -(10**30) - 7)
    outcome = dataclasses.replace(view.outcome, points=scores) if view.outcome else None
    return dataclasses.replace(view, scores=scores, evaluation=(entry,), outcome=outcome), value


def test_huge_values_are_drawn_exactly_or_with_the_exact_value_beside_a_short_form() -> None:
    view, value = huge_view()
    assert value > 10**16
    with recording() as drawn:
        check_png(table_picture(view, names=NAMES[:2]))
    lines = [line.content for line in drawn]
    joined = "".join(lines).replace("exactly ", "")
    assert f"worth {amount(value)}" in " ".join(lines)
    assert amount(2**63 + 12_345) in lines  # fits in full: drawn in full
    assert short_amount(-(10**30) - 7) in lines  # too wide for the big digits: a short form…
    assert amount(-(10**30) - 7) in joined  # …and the exact value, digit for digit, below it
    assert short_amount(-(10**30) - 7) == "≈ -1 nonillion"  # in words, not a power of ten


def test_a_huge_score_in_the_hand_picture_is_exact() -> None:
    state = GAME.new_state(2, 5)
    view = dataclasses.replace(state.view(0), scores=(3 * 2**64, 0))
    with recording() as drawn:
        hand_picture(view, names=NAMES[:2])
    assert amount(3 * 2**64) in "".join(line.content for line in drawn).replace("exactly ", "")


def check_glyphs(drawn: list[Drawn]) -> None:
    for line in drawn:
        for file, part in runs(line.content, line.bold):
            for char in part:
                assert has_glyph(file, char), f"{char!r} of {line.content!r} draws as a box"


def test_names_in_five_scripts_and_emoji_draw_without_missing_glyph_boxes() -> None:
    for state in positions(6, 4, every=40, computer=True):
        if state.phase in ("duel", "evaluate", "over"):
            with recording() as drawn:
                table_picture(state.view(None), names=NAMES)
                hand_picture(state.view(0), names=NAMES)
            check_glyphs(drawn)
            everything = "\n".join(line.content for line in drawn)
            for name in NAMES[1:]:
                assert name.replace("✨", "").strip() in everything.replace("✨", "")


def test_one_drawn_motif_per_symbol_each_different() -> None:
    shapes = {}
    for symbol, _, _ in SYMBOLS:
        image = Image.new("RGB", (40, 40), (255, 255, 255))
        symbol_motif(ImageDraw.Draw(image), symbol, 20, 20, 34, fill=(0, 0, 0), bg=(255, 255, 255))
        ink = image.convert("L").point(lambda v: 255 if v < 128 else 0)
        assert ink.histogram()[255] > 60, f"{symbol} draws almost nothing"
        shapes[symbol] = ink
    names = list(shapes)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            changed = ImageChops.difference(shapes[a], shapes[b]).histogram()[255]
            assert changed > 80, f"{a} and {b} look alike"


def test_a_card_names_its_colour_as_well_as_showing_it() -> None:
    """Colour-blind safe: the band says the colour in words (and small cards its initial)."""
    for colour in COLOURS:
        pictures._face_top.cache_clear()  # the band and the symbol are drawn once, then kept
        pictures._face_symbol.cache_clear()
        with recording() as drawn:
            pictures.card_face.__wrapped__(Card("Moon", colour, 7))
            pictures.mini_face.__wrapped__(Card("Moon", colour, 7))
        words = [line.content for line in drawn]
        assert colour in words and colour[0] in words
        assert "7" in words and "Moon" in words and amount(Card("Moon", colour, 7).value) in words


def test_the_rules_picture_is_the_clash_table() -> None:
    with recording() as drawn:
        image = check_png(rules_picture.__wrapped__())
    words = [line.content for line in drawn]
    assert image.width == 480
    for symbol, value, _ in SYMBOLS:
        assert symbol in words and str(value) in words
    for losers in BEATS.values():
        for loser in losers:
            assert loser in words
    assert sum(words.count(loser) for loser in {lo for losers in BEATS.values() for lo in losers}) >= 2 * len(BEATS)
