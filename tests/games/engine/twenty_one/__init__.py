"""Twenty-One: a tiny game added the way every game is added, kept in tests/ as the proof.

It is an engine package and a render module (``tests/games/render/twenty_one.py``),
nothing else: ``PARLOUR_EXTRA_GAMES=tests.games.engine.twenty_one`` makes a bot offer it.
"""

from engine.core import Game, GameOption
from tests.games.engine.twenty_one.rules import PrudentPlayer, TwentyOneState, TwentyOneView

__all__ = ["GAME", "TwentyOneState", "TwentyOneView"]

GAME = Game(
    key="twenty_one",
    name="Twenty-One",
    min_players=2,
    max_players=4,
    summary="Draw cards one by one and stand before you pass 21.",
    rules="On your turn **draw** a card (1–10) or **stand**. Over 21 you are out. Closest to 21 wins.",
    options=(GameOption("limit", "The score not to pass", 21, minimum=15, maximum=31),),
    state_class=TwentyOneState,
    computer_player=PrudentPlayer,
    hands_public_at_end=True,
    how_won="the total closest to the limit without going over wins.",
)
