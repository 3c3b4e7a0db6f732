"""Gin Rummy pictures: valid PNGs under 300 KB, and table pictures that show only public facts."""

import io

from PIL import Image

from engine.gin_rummy import GAME as GIN_RUMMY
from engine.gin_rummy import GinRummyState
from render.gin_rummy import hand_picture, table_picture

NAMES = ("Alice", "A very long player name indeed")
LIMIT = 300 * 1024


def positions() -> list[GinRummyState]:
    """Positions from a computer game: a deal, mid-hand turns, the reveals, the end."""
    state = GIN_RUMMY.new_state(2, 4, {"target_score": 60})
    assert isinstance(state, GinRummyState)
    players = {0: GIN_RUMMY.computer_player(1), 1: GIN_RUMMY.computer_player(2)}
    found = [state.copy()]
    while not state.is_over:
        seat = state.turn
        state.act(seat, players[seat].choose(state.view(seat)))
        if state.stock and (len(state.stock) == 31 or len(state.history) % 9 == 0):
            found.append(state.copy())
    found.append(state)
    return found  # type: ignore[return-value]


def check_png(data: bytes) -> None:
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) < LIMIT
    image = Image.open(io.BytesIO(data))
    image.verify()
    assert image.size[0] == 480


def test_pictures_are_small_valid_pngs() -> None:
    states = positions()
    assert any(s.last_hand and s.last_hand["kind"] != "draw" for s in states)
    for state in states:
        check_png(table_picture(state.view(None), names=NAMES))
        if not state.is_over:
            check_png(hand_picture(state.view(state.turn), names=NAMES))
            check_png(hand_picture(state.view(1 - state.turn), names=NAMES))


def test_table_picture_shows_no_hidden_card() -> None:
    """Change what each seat secretly holds (hidden cards swapped with each other and the
    stock): the table picture stays the same, byte for byte."""
    for state in positions()[::2]:
        if state.is_over:
            continue
        picture = table_picture(state.view(None), names=NAMES)
        other = state.copy()
        assert isinstance(other, GinRummyState)
        public = {c for cards in other.picked for c in cards}
        secret = [[c for c in hand if c not in public] for hand in other.hands]
        a, b = secret[0][0], secret[1][0]
        other.hands[0][other.hands[0].index(a)] = other.stock[0]
        other.hands[1][other.hands[1].index(b)] = a
        other.stock[0] = b
        other._cache = {}
        assert other.hands != state.hands
        assert table_picture(other.view(None), names=NAMES) == picture


def _hand_in_play() -> tuple[GinRummyState, int]:
    state = GIN_RUMMY.new_state(2, 5)
    assert isinstance(state, GinRummyState)
    for _ in range(10):
        seat = state.waiting_on()[0]
        state.act(seat, GIN_RUMMY.computer_player(1).choose(state.view(seat)))
    return state, state.waiting_on()[0]


def test_a_tag_on_a_fanned_card_is_not_covered_by_the_next_card() -> None:
    from render.text import recording

    state, seat = _hand_in_play()
    with recording() as drawn:
        data = hand_picture(state.view(seat), names=["Zoë", "محمد علي"])
    [best] = [d for d in drawn if d.content == "best"]
    image = Image.open(io.BytesIO(data)).convert("RGB")
    left, top, right, bottom = best.box
    middle = round((top + bottom) / 2)
    # The tag's whole word sits on its gold band, not under the white of the card fanned over it.
    for x in (round(left) + 1, round(right) - 1):
        r, g, b = image.getpixel((x, middle))
        assert not (r > 235 and g > 235 and b > 225), (x, (r, g, b))


def test_clubs_and_spades_differ_at_index_size_and_a_four_colour_deck_is_offered() -> None:
    from render.common import SUIT_COLOURS, _suit_icon

    for size in (12, 14, 16):
        club = _suit_icon("c", size, SUIT_COLOURS["c"]).getchannel("A").tobytes()
        spade = _suit_icon("s", size, SUIT_COLOURS["s"]).getchannel("A").tobytes()
        inked = sum(1 for v in club if v > 128) + sum(1 for v in spade if v > 128)
        differ = sum(1 for a, b in zip(club, spade, strict=True) if (a > 128) != (b > 128))
        # The shapes as drawn before differed in 2–8% of their ink at these sizes: a blob and a blob.
        assert differ / inked > 0.12, (size, differ, inked)
    state, seat = _hand_in_play()
    two = Image.open(io.BytesIO(hand_picture(state.view(seat), names=["Zoë", "Ann"]))).convert("RGB")
    four = Image.open(io.BytesIO(hand_picture(state.view(seat), names=["Zoë", "Ann"], four_colour=True)))

    def blue(image: Image.Image) -> int:  # pixels of a diamond's blue (the PNG's palette moves it a little)
        return sum(n for n, (r, g, b) in image.convert("RGB").getcolors(1 << 16) if b > 150 and r < 60 and g < 110)

    assert blue(two) == 0 and blue(four) > 200  # the diamonds in the hand turn blue
