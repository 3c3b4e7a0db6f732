"""Gin-jon-tan read in Japanese has no English sentence left in it, and its huge numbers are
written the reader's way.

The pseudo-language test (test_engine_texts) sees whether a sentence went through the catalog, but
the pseudo-language marks any text it is handed, and a value put into a marked template reads as
marked too: an English word built into a value, a template missing from the catalog or a sentence
that lost its template on the way through a saved state all come out marked. A real language shows
them: here whole games are played, the state is read back from its saved form at every moment (as
the bot reads it for every move), and everything each seat and a spectator read — the event lines,
the recap, the prompts, the options and their groups, the outcome's reason, the messages of moves
the rules refuse — is said in Japanese. Any Latin word left, other than the names that stay as they
are (the players', the game's, Kat oh!, Gin jon tan!, Universal, Black hole), is English.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator

from bot.i18n import say
from bot.i18n.commands import proper_names
from engine.core import Game, GameState, name_seats
from engine.gin_jon_tan import GAME
from engine.players import level_player, move_seed
from tests.i18n.test_engine_texts import refusals, view_texts

NAMES = ("Ann", "Bob", "Cyd", "Dee")
#: Words the translations keep as they are: the calls, the two symbols whose names stay, the names.
KEPT = ("Kat oh!", "Gin jon tan!", "Universal", "Black hole", *NAMES)
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
MAX_STEPS = 3000


def english_words(text: str) -> list[str]:
    """The Latin words of ``text`` that are not names kept as they are."""
    for name in sorted({*proper_names(), *KEPT}, key=len, reverse=True):
        text = text.replace(name, " ")
    return LATIN_WORD.findall(text)


def moments(players: int, seed: int, computer: bool, game: Game = GAME) -> Iterator[GameState]:
    """Every moment of one game (computers' moves, or random ones), each read back from its saved
    form as the bot reads it."""
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    player = level_player(game, "easy")
    for step in itertools.count():
        yield game.load(state.to_json())
        if state.is_over:
            return
        assert step < MAX_STEPS, "the game did not end"
        seat = rng.choice(state.waiting_on())
        move = (
            player(move_seed(seed, seat, step)).choose(state.view(seat)) if computer else state.random_move(seat, rng)
        )
        state.act(seat, move)


def test_a_whole_game_read_in_japanese_has_no_english_sentence() -> None:
    rng = random.Random(7)
    left: dict[str, str] = {}
    said = 0
    for players, seed, computer in ((2, 0, True), (4, 1, False)):
        last = None
        for index, state in enumerate(moments(players, seed, computer)):
            texts = [text for seat in [None, *range(players)] for text in view_texts(state.view(seat))]
            if index % 7 == 0:  # a kind the game has not ("nonsense", a forged button) is named as sent
                texts += [
                    text for text in refusals(state, rng) if getattr(text, "values", {}).get("action") != "nonsense"
                ]
            for text in filter(None, texts):
                japanese = name_seats(say("ja", text), NAMES)
                said += 1
                if english_words(japanese):
                    left.setdefault(getattr(text, "template", text), japanese)
            last = state
        assert last is not None and last.is_over and last.recap()
    assert said > 10_000
    assert left == {}, f"English in Japanese: {list(left.items())[:5]}"


def test_huge_numbers_are_written_with_the_readers_digit_grouping() -> None:
    """Scores, clash points and card values pass through the reader's number formatting (German
    groups digits with points): no figure of four digits or more is left ungrouped or grouped the
    English way, in anything a seat reads."""
    ungrouped = re.compile(r"\d{4}|\d,\d{3}")
    last = None
    for state in moments(3, 2, computer=True):
        for seat in (None, 0, 1, 2):
            for text in filter(None, view_texts(state.view(seat))):
                german = say("de", text)
                assert not ungrouped.search(german), german
        last = state
    assert last is not None
    final = last.events[-1]
    scores = [score for score in last.scores if abs(score) >= 10**6]
    assert scores, "no score past a million to write"
    for score in scores:
        assert f"{score:,}" in final  # English: 1,234,567
        assert f"{score:,}".replace(",", ".") in say("de", final)  # German: 1.234.567
        assert f"{score:,}".replace(",", "\N{NARROW NO-BREAK SPACE}") in say("fr", final)  # French: 1 234 567
