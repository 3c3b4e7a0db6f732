"""Gin-Go pictures from real computer games at 2 and 4 players: they draw, show no hidden card,
mark what a move would claim, draw the link, and read in any script."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import replace
from unittest import mock

import pytest
from PIL import Image, ImageChops

from engine.core import Move
from engine.gin_go import GAME, GinGoState, GinGoView
from engine.gin_go.board import link_path, square
from render import gin_go, pictures_for
from render.text import has_glyph, recording, runs

NAMES = ["José Ñúñez", "王小明", "Дмитрий", "Ελένη", "🎲 Dicey ✨"]


def play(players: int, seed: int, stop: int | None = None) -> GinGoState:
    """A game between computer players, stopped after ``stop`` moves (or at its end)."""
    return _play(players, seed, stop)[0]


def _play(players: int, seed: int, stop: int | None) -> tuple[GinGoState, int]:
    state = GAME.new_state(players, seed)
    assert isinstance(state, GinGoState)
    computers = [GAME.computer_player(seat) for seat in range(players)]
    moves = 0
    while not state.is_over and moves != stop:
        seat = state.waiting_on()[0]
        state.act(seat, computers[seat].choose(state.view(seat)))
        moves += 1
    return state, moves


def positions(players: int, seed: int) -> Iterator[tuple[str, GinGoState]]:
    """The start, the middle and the end of one game."""
    end, total = _play(players, seed, None)
    yield "start", play(players, seed, 0)
    yield "middle", play(players, seed, total // 2)
    yield "end", end


def size_of(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


def drawn_cards(picture: object, view: GinGoView, names: list[str]) -> set[str]:
    """Every card a picture draws (as a card face), found by watching its card drawing."""
    seen: set[str] = set()
    real = gin_go.small_card

    def watch(image: Image.Image, x: float, y: float, card: str, *args: object, **kwargs: object) -> None:
        seen.add(card)
        real(image, x, y, card, *args, **kwargs)  # type: ignore[arg-type]

    with (  # every module of the package that draws a small card
        mock.patch.object(gin_go.cards, "small_card", watch),
        mock.patch.object(gin_go.hand, "small_card", watch),
    ):
        picture(view, names=names)  # type: ignore[operator]
    return seen


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", [3, 11])
def test_pictures_of_real_games_draw_for_a_phone(players: int, seed: int) -> None:
    names = NAMES[:players]
    for when, state in positions(players, seed):
        table = gin_go.table_picture(state.view(None), names=names)
        assert size_of(table)[0] == 480, when
        assert len(table) < 300 * 1024, when
        for seat in range(players):
            hand = gin_go.hand_picture(state.view(seat), names=names)
            assert size_of(hand)[0] == 480, when
            assert len(hand) < 300 * 1024, when


@pytest.mark.parametrize("players", [2, 4])
def test_the_table_never_shows_a_hand_card(players: int) -> None:
    """Cards held by any seat (partners included) are absent from the table picture; each hand
    picture shows its own cards and none of another seat's."""
    names = NAMES[:players]
    for seed in (3, 5):
        for when, state in positions(players, seed):
            taken = set(state.view(None).taken)  # taken from the pile this turn: face up until used
            hands = [set(state.view(seat).hand) - taken for seat in range(players)]
            on_table = drawn_cards(gin_go.table_picture, state.view(None), names)
            assert on_table, when
            for seat, hand in enumerate(hands):
                assert not on_table & hand, f"{when}: the table shows seat {seat}'s {on_table & hand}"
                in_hand_picture = drawn_cards(gin_go.hand_picture, state.view(seat), names)
                assert hand <= in_hand_picture, when
                others = set().union(*(h for s, h in enumerate(hands) if s != seat))
                assert not in_hand_picture & others, f"{when}: seat {seat} sees {in_hand_picture & others}"


def test_names_in_five_scripts_and_emoji_draw_without_boxes() -> None:
    for players in (2, 4):
        names = NAMES[:players] if players == 4 else ["Ελένη", "🎲 Dicey ✨"]
        state = play(players, 7, 40)
        for view in (state.view(None), state.view(state.waiting_on()[0])):
            picture = gin_go.table_picture if view.seat is None else gin_go.hand_picture
            with recording() as drawn:
                picture(view, names=names)
            for line in drawn:
                for file, part in runs(line.content, line.bold):
                    assert all(has_glyph(file, char) for char in part), line.content
            everything = "\n".join(line.content for line in drawn)
            assert "?" not in everything
            if view.seat is None:
                for name in names:
                    assert name.replace("✨", "").strip() in everything.replace("✨", ""), name


def test_the_hand_marks_the_squares_its_meld_would_take() -> None:
    """A move listed in the hand picture puts its chips exactly on the squares it marks."""
    checked = 0
    for seed in range(1, 30):
        state = play(2, seed, 0)
        computers = [GAME.computer_player(seat) for seat in range(2)]
        while not state.is_over and checked < 5:
            seat = state.waiting_on()[0]
            view = state.view(seat)
            found = [c for c in gin_go.claims(view) if c.target is None and not c.jokers]
            if view.phase == "play" and found:
                claim = found[0]
                mine = {sq for sq, side in enumerate(view.board) if side == view.sides[seat]}
                state.act(seat, Move("meld", claim.cards))
                placed = set(state.view(seat).this_turn_chips) - set(view.this_turn_chips)
                assert placed <= set(claim.squares) <= placed | mine
                assert claim.new == len(placed)
                checked += 1
                continue
            state.act(seat, computers[seat].choose(view))
        if checked >= 5:
            break
    assert checked >= 5


def test_a_complete_link_is_drawn_and_new_chips_and_bumps_are_marked() -> None:
    state = play(2, 3)
    view = state.view(None)
    side = view.winner
    assert side is not None and view.links[side]
    plain = replace(view, links=(None, None), last_turn_chips=(), last_turn_bumps=(), this_turn_chips=())
    pictures = [gin_go.table_picture(v, names=NAMES[:2]) for v in (view, plain)]
    images = [Image.open(io.BytesIO(p)).convert("RGB") for p in pictures]
    assert ImageChops.difference(*images).getbbox() is not None
    # The band joins consecutive chips: the picture differs from the unlinked one between them.
    linked_only = replace(plain, links=view.links)
    with_band = Image.open(io.BytesIO(gin_go.table_picture(linked_only, names=NAMES[:2]))).convert("RGB")
    changed = ImageChops.difference(with_band, images[1]).convert("L").point(lambda v: 255 if v else 0)
    assert changed.histogram()[255] > 40 * len(view.links[side] or ())


def test_chips_differ_by_shape_not_only_colour() -> None:
    """Side A's round stone and side B's square tile, as silhouettes, differ in many pixels."""
    round_chip, square_chip = (
        gin_go._icon(kind, 24).getchannel("A").point(lambda v: 255 if v > 128 else 0) for kind in ("0", "1")
    )
    assert ImageChops.difference(round_chip, square_chip).histogram()[255] > 30


def test_the_rules_picture_shows_a_worked_link() -> None:
    """/rules finds the picture beside the game's other pictures; its zigzag is a link."""
    module = pictures_for("gin_go")
    assert module.rules_picture is gin_go.rules_picture
    assert size_of(gin_go.rules_picture())[0] == 480
    board: list[int | None] = [None] * 52
    for at in gin_go._WORKED_LINK:
        board[square(*at)] = 0
    assert link_path(board, 0, orthogonal_only=False) is not None
    assert link_path(board, 0, orthogonal_only=True) is None  # it needs its diagonal steps


def test_taken_cards_are_shown_to_be_used_only_until_used_and_a_named_joker_has_a_legend() -> None:
    from engine.gin_go import GinGoState
    from render.gin_go import JOKER_LEGEND
    from render.gin_go import table_picture as gin_go_table
    from render.text import recording
    from tests.engine.test_gin_go_rules import give, table

    state = table()
    give(state, [["6h", "7h", "8h", "2c", "Kd"], ["3c", "4c", "5c"]], ["3s", "9h", "4d"], melds=[["Tc", "Jc", "Qc"]])
    state.melds[0]["entries"] = [["Jk1", "9c"], ["Tc", "Tc"], ["Jc", "Jc"], ["Qc", "Qc"]]
    state.act(0, "draw:9h")
    assert isinstance(state, GinGoState)

    def words() -> list[str]:
        with recording() as drawn:
            gin_go_table(state.view(None), names=["Zoë", "محمد علي"])
        return [d.content for d in drawn]

    assert "Taken from the pile this turn, to be used now:" in words()
    assert "Jk" in words() and JOKER_LEGEND.split(": ", 1)[1] in words()
    state.act(0, "meld:7h,8h,9h")
    assert not [w for w in words() if w.startswith("Taken from the pile")]
