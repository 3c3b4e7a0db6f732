"""Every sentence a game makes, at every end of every game, read as a newcomer reads it.

Random playouts of each registered game (every player count, several seeds), with names in
several scripts: every event line, prompt and option label on the way, each hand's recap,
and the end in the table text (``game_over``) and the results picture (``headline``,
``why_words``). None may have an empty subject, a doubled word, doubled punctuation, an
unfilled placeholder, a seat left unnamed or "1 cards"; the end names who won and why.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest

from cogs.words import game_over
from engine import registry
from engine.core import TERMINATIONS, Game, GameState, name_seats
from render.results import headline, why_words

NAMES = ("Zoë", "Дмитрий", "王小明", "محمد", "Ann", "Nguyễn 🦊")
SEEDS = range(6)
MAX_STEPS = 5000

#: A sentence's slips, each with what it catches.
SLIPS = (
    (re.compile(r"(?<!\.)\.\.(?!\.)|[,;:]\s*[.,;:!]|[.!?]\s*[,;:]|\.\s*\.|!\."), "doubled punctuation"),
    (re.compile(r"\b([^\W\d_]{2,})\s+\1\b", re.IGNORECASE), "a doubled word"),
    (re.compile(r"[{}]|\bNone\b|%s|\bSeat \d"), "an unfilled placeholder or an unnamed seat"),
    (re.compile(r"(?<![\d.,–-])1 (?:[a-z]+ )?(?:cards|points|tricks|chips|hands|rounds|games)\b"), "1 with a plural"),
    (re.compile(r"\s{2,}|^\s|\s$"), "stray spaces"),
)


def slips(line: str) -> list[str]:
    return [what for pattern, what in SLIPS if pattern.search(line)]


def playout(game: Game, players: int, seed: int, seen: list[str]) -> GameState:
    """A random game, keeping every prompt, option label and recap met on the way."""
    state = game.new_state(players, seed)
    names = NAMES[:players]
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        for decision in state.pending_decisions():
            seen.append(name_seats(decision.prompt, names))
            seen.extend(name_seats(o.label, names) for o in decision.options[:40])
        seen.append(name_seats(state.view(None).recap, names))
        seat = rng.choice(state.waiting_on())
        state.act(seat, state.random_move(seat, rng))
    assert state.is_over, f"{game.name} did not end"
    return state


def cases() -> list[object]:
    return [pytest.param(g, n, id=f"{g.key}-{n}") for g in registry.all_games() for n in g.allowed_counts]


@pytest.mark.parametrize(("game", "players"), cases())
def test_every_end_says_who_did_what_and_why_in_clean_sentences(game: Game, players: int) -> None:
    names = NAMES[:players]
    for seed in SEEDS:
        seen: list[str] = []
        state = playout(game, players, seed, seen)
        outcome = state.outcome()
        assert outcome is not None
        events = [name_seats(e, names) for e in state.events]
        for before, after in itertools.pairwise(events):
            assert before != after, f"{game.name}: a line printed twice: {before!r}"
        recap = name_seats(state.view(None).recap, names)
        ending = game_over(outcome, names, game.points_name)
        who, by = headline(outcome, names)
        why = why_words(outcome, names, game.how_won)
        for line in [*events, *seen, recap, ending, who, by, why]:
            assert not slips(line), f"{game.name} (seed {seed}): {slips(line)} in {line!r}"
        # The end has a kind and names its subject: who won (or that nobody did) and why.
        assert outcome.termination in TERMINATIONS, outcome
        reason = name_seats(outcome.reason, names)
        assert reason[:1].isupper() or reason.split()[0] in names, f"no subject: {reason!r}"
        if outcome.termination != "draw":
            assert any(names[s] in reason for s in outcome.winners), f"the reason names no winner: {reason!r}"
        assert ending.startswith("Game over: ") and ending.endswith("."), ending


def test_option_descriptions_read_before_their_value() -> None:
    """The lobby shows "description: **value**": a description ending in a full stop reads ".:"."""
    for game in registry.all_games():
        for option in game.options:
            shown = f"{option.description}: {option.default}"
            assert not option.description.endswith((".", ":", ";")), f"{game.name}: {option.description!r}"
            assert not slips(shown), shown
