"""Card boxes and chips are drawn once per process and pasted (render.common.stamp): the pictures
must be the very ones drawn directly, and no tile may stand for another look."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from functools import partial
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine import registry
from engine.gin_jon_tan.cards import COLOUR_CODES as GIN_JON_TAN_COLOURS
from engine.gin_jon_tan.cards import SYMBOL_CODES as GIN_JON_TAN_SYMBOLS
from engine.gin_jon_tan.cards import Card as GinJonTanCard
from engine.nin_jan.rules import Card as NinJanCard
from render import common, gin_go, gin_jon_tan, gin_rummy, nin_jan, pictures_for, tet_gow

NAMES = ["José Ñúñez", "王小明", "Дмитрий", "🎲 Dicey ✨"]
STAMPING = (gin_go.board, gin_go.cards, gin_rummy, nin_jan, tet_gow)  # Gin-Go stamps in two modules


def _draw_directly(
    image: Image.Image, x: float, y: float, size: tuple[int, int], paint: Callable[..., None], *args: Hashable
) -> None:
    paint(image, x, y, *args)


def _paste_through_alpha(image: Image.Image, card: GinJonTanCard, x: float, y: float, **kwargs: Any) -> None:
    face = gin_jon_tan.card_face(card, kwargs.get("marked", False), kwargs.get("spent", False))
    image.paste(face, (round(x), round(y)), face)


def _pictures() -> Iterator[tuple[str, Callable[[], bytes]]]:
    """Table and hand pictures of every game, halfway through a seeded computer game and at its end."""
    for game in registry.all_games():
        if game.key == "testgame":
            continue
        module = pictures_for(game.key)
        players = min(game.max_players, 4)
        names = NAMES[:players]
        state = game.new_state(players, 11)
        computers = [game.computer_player(seat) for seat in range(players)]
        moves = 0
        while True:
            if moves == 40 or state.is_over:
                for seat in range(players):
                    yield (
                        f"{game.key} hand {seat} after {moves}",
                        partial(module.hand_picture, state.view(seat), names=names),
                    )
                yield f"{game.key} table after {moves}", partial(module.table_picture, state.view(None), names=names)
            if state.is_over:
                break
            seat = state.waiting_on()[0]
            state.act(seat, computers[seat].choose(state.view(seat)))
            moves += 1


def test_pictures_are_the_ones_drawn_directly_cold_and_warm(monkeypatch: pytest.MonkeyPatch) -> None:
    pictures = list(_pictures())
    common.element_tile.cache_clear()
    cold = [draw() for _, draw in pictures]
    warm = [draw() for _, draw in pictures]
    for module in STAMPING:
        monkeypatch.setattr(module, "stamp", _draw_directly)
    for module in (gin_jon_tan.cards, gin_jon_tan.table):  # the modules that draw big cards
        monkeypatch.setattr(module, "draw_card", _paste_through_alpha)
    direct = [draw() for _, draw in pictures]
    assert common.element_tile.cache_info().currsize > 100
    for (label, _), one, two, three in zip(pictures, cold, warm, direct, strict=True):
        assert one == two, f"{label}: drawn again from the tiles, it changed"
        assert one == three, f"{label}: the tiles do not draw what drawing directly does"


def _box(paint: Callable[..., None]) -> Callable[..., Image.Image]:
    """A picture of one element at (x, y), stamped (or drawn directly)."""

    def draw(x: float, y: float, *args: Hashable, stamp: bool = True) -> Image.Image:
        image = Image.new("RGB", (300, 300), common.FELT)
        if stamp:
            common.stamp(image, x, y, (120, 130), paint, *args)
        else:
            paint(image, x, y, *args)
        return image

    return draw


ELEMENTS: list[tuple[Callable[..., None], tuple[Hashable, ...]]] = [
    (gin_rummy._face_box, ("Qh", gin_rummy.BIG, None, common.SUIT_COLOURS["h"])),
    (gin_rummy._face_box, ("Qh", gin_rummy.MID, gin_rummy.BEST_DISCARD, common.FOUR_COLOURS["h"])),
    (gin_rummy._face_box, ("Tc", gin_rummy.BIG, None, common.FOUR_COLOURS["c"])),
    (gin_go._small_card_box, (gin_go.HAND_CARD, False, common.GOLD, "7s", common.INK)),
    (gin_go._small_card_box, (gin_go.CARD, True, common.INK, None, common.INK)),
    (gin_go._small_card_box, (gin_go.CARD, True, common.INK, "9d", common.FOUR_COLOURS["d"])),
    (nin_jan._card_box, (NinJanCard(-4, "P"), True, "Paper")),
    (nin_jan._strip_box, (NinJanCard(7, "S"), 15)),
    (nin_jan._chip_box, (NinJanCard(12, "R"),)),
    (tet_gow._card_face, (next(iter(tet_gow.CARDS)),)),
    (tet_gow._card_face, (max(tet_gow.CARDS, key=lambda card: len(tet_gow.CARDS[card].suits)),)),
]


@pytest.mark.parametrize(("paint", "args"), ELEMENTS)
@pytest.mark.parametrize(("x", "y"), [(10, 20), (11, 171), (130.5, 7.5), (131.5, 8.5), (12.90625, 100.25), (40.3, 9)])
def test_a_stamp_is_the_element_drawn_there(
    paint: Callable[..., None], args: tuple[Hashable, ...], x: float, y: float
) -> None:
    """At whole, half (even and odd) and 1/32 pixels, and where no tile is made (x = 40.3)."""
    draw = _box(paint)
    assert not ImageChops.difference(draw(x, y, *args), draw(x, y, *args, stamp=False)).getbbox()


def test_every_tet_gow_card_stamped_with_its_suits_is_the_card_drawn_there() -> None:
    """A Tet-Gow card is stamped whole, its suit shapes with it: every card, at whole, half and
    1/32 pixels, is the card drawn there directly."""
    draw = _box(tet_gow._card_face)
    for card in tet_gow.CARDS:
        for x, y in ((10, 20), (131.5, 8.5), (12.90625, 100.25)):
            assert not ImageChops.difference(draw(x, y, card), draw(x, y, card, stamp=False)).getbbox(), (card, x, y)


def test_a_tile_stands_for_its_own_look_only() -> None:
    """Two cards, or one card marked and not, at the same place: different pixels."""
    looks: list[Image.Image] = []
    for card, mark in (("Qh", None), ("Qs", None), ("Jh", None), ("Qh", common.GOLD), ("Qh", gin_rummy.JUST_TAKEN)):
        image = Image.new("RGB", (100, 120), common.FELT)
        gin_rummy.card_face(image, 10, 10, card, gin_rummy.BIG, mark)
        looks.append(image)
    for nin_jan_card, highlight in (
        (NinJanCard(5, "R"), False),
        (NinJanCard(5, "R"), True),
        (NinJanCard(6, "R"), False),
    ):
        image = Image.new("RGB", (100, 120), common.FELT)
        nin_jan.draw_card(image, nin_jan_card, 10, 10, highlight=highlight)
        looks.append(image.resize((100, 120)))
    for i, one in enumerate(looks):
        for other in looks[i + 1 :]:
            assert ImageChops.difference(one, other).getbbox(), "two looks came out the same"


def test_every_chip_on_every_square_is_the_chip_drawn_there() -> None:
    """A chip's tile is drawn at one place and pasted on every square of either board: the chips
    are round, and their rounding must not depend on where they sit. Every place is checked."""
    for look in (gin_go.TABLE_BOARD, gin_go.HAND_BOARD):
        s = gin_go.SCALE
        r = min(look.cell_w * s, look.cell_h * s) * 0.38
        for viewer in (0, 1):
            for side in (0, 1):
                for ghost in (False, True):
                    stamped = Image.new("RGB", (look.width * s, look.height * s), gin_go.BOARD)
                    direct = stamped.copy()
                    for sq in range(gin_go.COLUMNS * gin_go.ROWS):
                        cx, cy = look.centre(sq, viewer)
                        gin_go._board_chip(stamped, side, cx * s, cy * s, r, ghost=ghost)
                        gin_go._chip(ImageDraw.Draw(direct), side, cx * s, cy * s, r, ghost=ghost)
                    assert not ImageChops.difference(stamped, direct).getbbox(), (look, viewer, side, ghost)


def test_gin_jon_tan_faces_are_pasted_as_through_their_alpha() -> None:
    for card in (GinJonTanCard("Moon", "Red", 7), GinJonTanCard("Black hole", "Violet", 33)):
        for marked, spent in ((False, False), (True, False), (False, True)):
            through_mask, through_alpha = (Image.new("RGB", (120, 130), gin_jon_tan.TABLE) for _ in range(2))
            gin_jon_tan.draw_card(through_mask, card, 10, 12, marked=marked, spent=spent)
            _paste_through_alpha(through_alpha, card, 10, 12, marked=marked, spent=spent)
            assert not ImageChops.difference(through_mask, through_alpha).getbbox()
        through_mask, through_alpha = (Image.new("RGB", (60, 80), gin_jon_tan.TABLE) for _ in range(2))
        gin_jon_tan.draw_mini(through_mask, card, 5, 6)
        face = gin_jon_tan.mini_face(card)
        through_alpha.paste(face, (5, 6), face)
        assert not ImageChops.difference(through_mask, through_alpha).getbbox()


def _gin_jon_tan_face_in_one_go(card: GinJonTanCard, marked: bool, spent: bool) -> Image.Image:
    """A face drawn from nothing, every part in turn (as faces were drawn before their tops were kept)."""
    g = gin_jon_tan
    image = Image.new("RGBA", (g.WIDTH, g.CARD_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    face = g.SPENT if spent else g.PAPER
    w, h = g.CARD_W, g.CARD_H
    g.card_box(draw, 0, 0, w - 1, h - 1, fill=face, outline=g.GOLD if marked else g.INK, width=4 if marked else 2)
    band, ink = g.BANDS[card.colour]
    draw.rounded_rectangle((4, 4, w - 5, 22), radius=4, fill=band, outline=g.INK, width=1)
    g.text(draw, (w / 2, 13), card.colour, g.SMALL, ink, anchor="mm", bold=True)
    g.text(draw, (6, 24), str(card.number), g.TITLE, g.INK, bold=True)
    g.symbol_motif(draw, card.symbol, w * 0.64, 43, 34, bg=face)
    g.text(draw, (w / 2, 70), card.symbol, g.SMALL, g.INK, anchor="mm", max_width=w - 4)
    draw.rounded_rectangle((4, h - 23, w - 5, h - 5), radius=4, fill=g.INK)
    g.text(draw, (w / 2, h - 14), g.amount(card.value), g.SMALL, g.WHITE, anchor="mm", bold=True)
    return image.crop((0, 0, w, h))


def test_a_gin_jon_tan_face_drawn_on_its_colours_kept_top_is_the_face_drawn_in_one_go() -> None:
    """Every symbol in every colour, plain, marked and spent, with one- and two-digit numbers."""
    for symbol in GIN_JON_TAN_SYMBOLS:
        for colour in GIN_JON_TAN_COLOURS:
            for number, marked, spent in ((1, False, False), (33, True, False), (8, False, True), (19, True, True)):
                card = GinJonTanCard(symbol, colour, number)
                kept = gin_jon_tan.card_face.__wrapped__(card, marked, spent)
                direct = _gin_jon_tan_face_in_one_go(card, marked, spent)
                assert kept.tobytes() == direct.tobytes(), (card, marked, spent)


def test_an_element_that_blends_with_what_is_under_it_is_no_tile() -> None:
    def see_through(image: Image.Image, x: float, y: float) -> None:
        ImageDraw.Draw(image).text((x, y), "soft edges", fill=common.WHITE)

    with pytest.raises(ValueError, match="blends"):
        common.element_tile(see_through, (60, 12), (8.0, 8.0), ())
