"""Every game read in Japanese has no English sentence left in it: whole games are played, the state
read back from its saved form at every moment, and what each seat and a spectator read (the event
lines, the prompts, the options, the outcome's reason) is said in Japanese. Gin-jon-tan's own test
(test_gin_jon_tan_words) also reads its refusals; here the four other games."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from bot.i18n import say
from engine import registry
from engine.core import GameState, name_seats
from engine.players import level_player, move_seed
from tests.i18n.test_engine_texts import view_texts
from tests.i18n.test_gin_jon_tan_words import NAMES, english_words

#: Words a game keeps as they are in every language (its calls and marks).
KEPT = {"gin_rummy": ("Big Gin", "Gin"), "gin_go": ("Gin-Go", "Joker", "Jk"), "nin_jan": (), "tet_gow": ()}
MAX_STEPS = 4000


def moments(key: str, players: int, seed: int) -> Iterator[GameState]:
    """Every moment of one game between computers, each read back from its saved form."""
    game = registry.get(key)
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    player = level_player(game, "easy")
    for step in itertools.count():
        yield game.load(state.to_json())
        if state.is_over:
            return
        assert step < MAX_STEPS, "the game did not end"
        seat = rng.choice(state.waiting_on())
        state.act(seat, player(move_seed(seed, seat, step)).choose(state.view(seat)))


@pytest.mark.parametrize("key", list(KEPT))
def test_a_whole_game_read_in_japanese_has_no_english_sentence(key: str) -> None:
    game = registry.get(key)
    players = sorted(game.player_counts or range(game.min_players, game.max_players + 1))[0]
    left: dict[str, str] = {}
    for seed in (0, 1):
        last = None
        for state in moments(key, players, seed):
            texts = [text for seat in [None, *range(players)] for text in view_texts(state.view(seat))]
            outcome = state.outcome()
            texts += [outcome.reason] if outcome is not None else []
            for text in filter(None, texts):
                japanese = name_seats(say("ja", text), NAMES)
                for kept in KEPT[key]:
                    japanese = japanese.replace(kept, " ")
                if english_words(japanese):
                    left.setdefault(getattr(text, "template", text), japanese)
            last = state
        assert last is not None and last.is_over
    assert left == {}, f"English in Japanese: {list(left.items())[:6]}"
