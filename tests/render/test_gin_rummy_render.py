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
