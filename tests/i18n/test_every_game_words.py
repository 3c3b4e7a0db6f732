"""Every game read in Japanese has no English sentence left in it: whole games are played, the state
read back from its saved form at every moment, and what each seat and a spectator read (the event
lines, the prompts, the options, the outcome's reason) is said in Japanese. Gin-jon-tan's own test
(test_gin_jon_tan_words) also reads its refusals; here the four other games."""

from __future__ import annotations

import pytest

from bot.i18n import ENGLISH, say, words
from engine import registry
from engine.core import IllegalMove, Move, name_seats
from tests.i18n.test_engine_texts import view_texts
from tests.i18n.test_gin_jon_tan_words import NAMES, english_words, moments

#: Words a game keeps as they are in every language (its calls and marks).
KEPT = {"gin_rummy": ("Big Gin", "Gin"), "gin_go": ("Gin-Go", "Joker", "Jk"), "nin_jan": (), "tet_gow": ()}


@pytest.mark.parametrize("key", list(KEPT))
def test_a_whole_game_read_in_japanese_has_no_english_sentence(key: str) -> None:
    game = registry.get(key)
    players = sorted(game.player_counts or range(game.min_players, game.max_players + 1))[0]
    left: dict[str, str] = {}
    for seed in (0, 1):
        last = None
        for state in moments(players, seed, True, game):
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


@pytest.mark.parametrize("key", list(KEPT))
def test_a_move_of_the_wrong_kind_is_refused_in_japanese(key: str) -> None:
    """An old button (a move of a kind the game does not wait for now) is refused with a sentence
    the reader understands, whatever the game: every kind of move the game offers is tried at every
    moment it is not open, and the refusal read in Japanese has no English left."""
    game = registry.get(key)
    players = sorted(game.player_counts or range(game.min_players, game.max_players + 1))[0]
    states = list(moments(players, 0, True, game))
    kinds = {d.kind: d for state in states for seat in range(players) for d in state.decisions_for(seat)}
    left: dict[str, str] = {}
    refused = 0
    for state in states[:: max(1, len(states) // 40)]:
        for seat in state.waiting_on():
            open_kinds = {d.kind for d in state.decisions_for(seat)}
            for kind, decision in kinds.items():
                if kind in open_kinds:
                    continue
                move = Move(kind, tuple(o.id for o in decision.options[: decision.min_picks]))
                with pytest.raises(IllegalMove) as error:
                    state.act(seat, move)
                refused += 1
                japanese = name_seats(say("ja", error.value.args[0]), NAMES)
                for kept in KEPT[key]:
                    japanese = japanese.replace(kept, " ")
                if english_words(japanese):
                    left.setdefault(kind, japanese)
    assert refused > 0 and left == {}, f"English in Japanese: {list(left.items())[:6]}"


@pytest.mark.parametrize("key", [*KEPT, "gin_jon_tan"])
def test_an_english_text_says_itself(key: str) -> None:
    """English screens use a Text as it is (bot.i18n.say does not say it again): that is only right
    while saying it in English gives the very same words, for every text a whole game shows."""
    game = registry.get(key)
    players = sorted(game.player_counts or range(game.min_players, game.max_players + 1))[-1]
    english = words(ENGLISH)
    checked = 0
    for state in moments(players, 3, True, game):
        texts = [text for seat in [None, *range(players)] for text in view_texts(state.view(seat))]
        outcome = state.outcome()
        for text in filter(None, [*texts, outcome.reason if outcome is not None else ""]):
            assert english.say(text) == str(text) == say(ENGLISH, text)
            checked += 1
    assert checked > 100
