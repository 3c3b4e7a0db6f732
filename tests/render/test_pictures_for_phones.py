"""Every picture, as a phone user meets it: names in any script, text big enough, colours that
survive colour blindness.

The pictures are drawn from real computer games with names in Latin, Cyrillic, Greek, Chinese,
Japanese, Korean, Arabic, Hebrew, Devanagari, Thai, Gurmukhi, Khmer, Myanmar and Ethiopic, plus
emoji; every line of text they draw is noted by :func:`render.text.recording`.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from types import ModuleType

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.i18n import SHIPPED, words
from engine import registry
from engine.core import Game
from engine.nin_jan.rules import Card
from engine.words import ENGLISH, Words
from render import common, pictures_for, results
from render.nin_jan import draw_chip
from render.text import MIN_PHONE_PX, Drawn, has_glyph, phone_px, recording, runs

NAMES = ["José Ñúñez", "Łukasz", "Дмитрий", "Ελένη", "王小明", "さくら", "김민준", "🎲 Dicey ✨"]
NAMES += ["محمد علي", "דוד כהן", "अर्जुन", "สมชาย"]
NAMES += ["ਹਰਪ੍ਰੀਤ", "ចាន់ស្រី", "သန္တာ", "አበበ"]
SHORT_NAMES = NAMES[1:]  # drawn whole in every picture (the first is long enough to be cut somewhere)
GAMES = [game for game in registry.all_games() if game.key != "testgame"]


def names_for(players: int, offset: int) -> list[str]:
    return [NAMES[(offset + i) % len(NAMES)] for i in range(players)]


def pictures(
    game: Game, said: Words = ENGLISH, offsets: tuple[int, ...] = (0, 4, 8, 12)
) -> Iterator[tuple[str, bytes, list[Drawn], list[str]]]:
    """Table, hand and results pictures along one computer game, for each set of names, in a language."""
    module = pictures_for(game.key)
    players = game.max_players if game.max_players <= 4 else 4
    for offset in offsets:
        names = names_for(players, offset)
        state = game.new_state(players, 7 + offset)
        computers = [game.computer_player(seat) for seat in range(players)]
        moves = 0
        while True:
            if moves % 7 == 0 or state.is_over:
                seat = 0 if state.is_over else state.waiting_on()[0]
                for kind, draw, view in (
                    ("table", module.table_picture, state.view(None)),
                    ("hand", module.hand_picture, state.view(seat)),
                ):
                    with recording() as drawn:
                        data = draw(view, names=names, **({} if said is ENGLISH else {"words": said}))
                    yield f"{game.key} {kind} after {moves} moves", data, drawn, names
            if state.is_over:
                break
            seat = state.waiting_on()[0]
            state.act(seat, computers[seat].choose(state.view(seat)))
            moves += 1
        outcome = state.outcome()
        assert outcome is not None
        with recording() as drawn:
            data = results.results_picture(
                outcome,
                names=names,
                game_name=game.name,
                points_name=game.points_name,
                how_won=game.how_won,
                words=said,
            )
        yield f"{game.key} results", data, drawn, names


@pytest.fixture(scope="module")
def drawn_pictures() -> list[tuple[str, bytes, list[Drawn], list[str]]]:
    found = [one for game in GAMES for one in pictures(game)]
    for game in GAMES:  # the reference pictures of /rules (drawn afresh, not from the cache)
        rules_picture = getattr(pictures_for(game.key), "rules_picture", None)
        if rules_picture is not None:
            with recording() as drawn:
                data = getattr(rules_picture, "__wrapped__", rules_picture)()
            found.append((f"{game.key} rules", data, drawn, []))
    return found


def test_every_game_is_drawn(drawn_pictures: list[tuple[str, bytes, list[Drawn], list[str]]]) -> None:
    drawn_games = {label.split()[0] for label, *_ in drawn_pictures}
    assert {"gin_rummy", "nin_jan", "tet_gow", "gin_go", "gin_jon_tan"} <= drawn_games
    assert {"tet_gow rules", "gin_go rules", "gin_jon_tan rules"} <= {label for label, *_ in drawn_pictures}


def test_no_character_falls_back_to_the_missing_glyph_box(
    drawn_pictures: list[tuple[str, bytes, list[Drawn], list[str]]],
) -> None:
    """Each character is drawn with a font whose rendering of it differs from that font's .notdef box,
    and every short name appears whole, none of its letters turned into '?'."""
    for label, _, drawn, names in drawn_pictures:
        assert drawn, label
        for line in drawn:
            for file, part in runs(line.content, line.bold):
                for char in part:
                    assert has_glyph(file, char), f"{label}: {char!r} of {line.content!r} draws as a box"
        everything = "\n".join(line.content for line in drawn)
        shows_everyone = (
            label.startswith(("gin_rummy", "nin_jan", "tet_gow", "gin_go", "gin_jon_tan")) and "hand" not in label
        )
        shows_everyone = shows_everyone and "rules" not in label
        for name in names if shows_everyone else ():
            if name in SHORT_NAMES:
                assert name.replace("✨", "").strip() in everything.replace("✨", ""), f"{label}: {name} not drawn"
        assert "?" not in everything, f"{label}: a character became '?'"


def test_text_reads_at_11_px_on_a_phone(drawn_pictures: list[tuple[str, bytes, list[Drawn], list[str]]]) -> None:
    """Shown 400 px wide, as Discord shows a picture on a phone, no text is under 11 px."""
    for label, data, drawn, _ in drawn_pictures:
        width = Image.open(io.BytesIO(data)).width
        for line in drawn:
            assert line.picture_width == width, label
            assert phone_px(line.size, width) >= MIN_PHONE_PX, f"{label}: {line.content!r} at {line.size} px"


def test_pictures_fit_a_phone(drawn_pictures: list[tuple[str, bytes, list[Drawn], list[str]]]) -> None:
    for label, data, _, _ in drawn_pictures:
        image = Image.open(io.BytesIO(data))
        assert 400 <= image.width <= 600, label
        assert len(data) < 300 * 1024, label


# -- colour blindness ---------------------------------------------------------------------------------
#: Machado, Oliveira and Fernandes (2009), severity 1.0, applied to linear RGB.
SIMULATIONS = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(colour: tuple[int, int, int], kind: str) -> tuple[float, float, float]:
    """The colour as a person with ``kind`` of colour blindness sees it (linear RGB, clipped)."""
    rgb = [_linear(c) for c in colour]
    rows = SIMULATIONS[kind]
    return tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in rows)  # type: ignore[return-value]


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG contrast ratio of two linear RGB colours."""
    la, lb = (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] for c in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def colour_modules() -> list[ModuleType]:
    return [pictures_for(game.key) for game in registry.all_games()] + [results, common]


@pytest.mark.parametrize("kind", list(SIMULATIONS))
def test_what_must_be_told_apart_stays_apart_under_colour_blindness(kind: str) -> None:
    """Text and signs against their backgrounds keep a contrast of 3:1 (WCAG's floor for large text
    and shapes) in normal vision and under protanopia and deuteranopia."""
    checked = 0
    for module in colour_modules():
        for what, fg, bg in module.COLOUR_PAIRS:
            ratio = contrast(simulate(fg, kind), simulate(bg, kind))
            assert ratio >= 3.0, f"{module.__name__}: {what} has contrast {ratio:.2f} under {kind}"
            checked += 1
    assert checked >= 20


def _rgb(image: Image.Image) -> list[tuple[int, int, int]]:
    raw = image.convert("RGB").tobytes()
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


def _simulated(image: Image.Image, kind: str) -> Image.Image:
    pixels = [tuple(round(255 * c ** (1 / 2.2)) for c in simulate(p, kind)) for p in _rgb(image)]
    out = Image.new("RGB", image.size)
    out.putdata(pixels)  # type: ignore[arg-type]
    return out.convert("L")


@pytest.mark.parametrize("kind", ["protanopia", "deuteranopia"])
def test_nin_jan_won_cards_differ_by_more_than_colour(kind: str) -> None:
    """The small won cards of Rock, Paper and Scissors of one value still look different to a
    colour-blind player (in grey, after the simulation): their sign shapes differ."""
    chips = []
    for sign in "RPS":
        image = Image.new("RGB", (40, 54), common.FELT_DARK)
        draw_chip(image, Card(5, sign), 2, 2)
        chips.append(_simulated(image, kind).point(lambda v: 255 if v < 128 else 0))
    for a in range(3):
        for b in range(a + 1, 3):
            changed = ImageChops.difference(chips[a], chips[b]).histogram()[255]
            assert changed > 40, f"won cards {'RPS'[a]} and {'RPS'[b]} look alike under {kind}"


def test_the_active_seat_is_marked_by_a_word_and_a_border() -> None:
    image = Image.new("RGB", (300, 80), common.FELT)
    draw = ImageDraw.Draw(image)
    with recording() as drawn:
        common.seat_panel(draw, (0, 0, 300, 80), active_word="to play")
    assert [line.content for line in drawn] == ["to play"]
    assert image.getpixel((1, 40)) != image.getpixel((20, 40))  # a border, not only a fill


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """How far two boxes overlap, in pixels, in their lesser direction (0: apart or touching)."""
    across = min(a[2], b[2]) - max(a[0], b[0])
    down = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, min(across, down))


#: Pixels two lines' boxes may share: a box runs from the font's ascent to its descent, taller than ink.
SLACK = 3.0


def test_no_text_box_overlaps_another_or_leaves_the_canvas(
    drawn_pictures: list[tuple[str, bytes, list[Drawn], list[str]]],
) -> None:
    for label, data, drawn, _ in drawn_pictures:
        assert_fits(label, data, drawn)


#: The games whose pictures speak the reader's language (the others still draw English).
TRANSLATED = ("gin_rummy", "nin_jan", "tet_gow", "gin_go", "gin_jon_tan")


@pytest.mark.parametrize("language", SHIPPED)
def test_text_still_fits_in_every_language(language: str) -> None:
    """Longer German and Russian words and Chinese, Japanese and Korean text stay inside their
    boxes: each game's pictures along one computer game (names changing with the language)."""
    offset = 4 * (SHIPPED.index(language) % 4)
    for game in GAMES:
        if game.key not in TRANSLATED:
            continue
        for label, data, drawn, _ in pictures(game, words(language), (offset,)):
            assert_fits(f"{language} {label}", data, drawn)
            assert phone_readable(data, drawn), label


def phone_readable(data: bytes, drawn: list[Drawn]) -> bool:
    """No text under 11 px when the picture is shown 400 px wide."""
    width = Image.open(io.BytesIO(data)).width
    return all(phone_px(line.size, width) >= MIN_PHONE_PX for line in drawn)


def assert_fits(label: str, data: bytes, drawn: list[Drawn]) -> None:
    """No line of text leaves its canvas or overlaps another."""
    size = Image.open(io.BytesIO(data)).size
    lines = [d for d in drawn if d.content.strip()]
    if not lines:
        return
    main = max({d.canvas for d in lines}, key=lambda c: sum(1 for d in lines if d.canvas == c))
    for line in lines:
        left, top, right, bottom = line.box
        # The picture is its main canvas cut to height; a card or tile drawn apart has its own canvas.
        width, height = (size[0], size[1]) if line.canvas == main else line.canvas_size
        assert left >= -1 and right <= width + 1, f"{label}: {line.content!r} leaves the picture sideways"
        assert top >= -SLACK and bottom <= height + SLACK, f"{label}: {line.content!r} leaves the picture"
    for i, one in enumerate(lines):
        for other in lines[i + 1 :]:
            if one.canvas == other.canvas:
                overlap = _overlap(one.box, other.box)
                assert overlap <= SLACK, f"{label}: {one.content!r} overlaps {other.content!r} ({overlap:.0f} px)"
