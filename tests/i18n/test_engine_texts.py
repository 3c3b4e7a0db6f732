"""Every sentence a game says goes through the catalog: whole games played in the pseudo-language.

Each shipped game is played to its end (its easy computer player, and random moves, a few seeds);
at every moment every seat's and a spectator's view is said in ``en_XA`` (prompts, option labels
and groups, event lines, the recap, the outcome's reason), and so are the messages of moves the
rules refuse. :func:`bot.i18n.pseudo.unmarked` then finds any English said outside the catalog.
A game's texts also survive a saved state (every move goes through one) and the pickling that
takes a view to the picture workers; states saved before texts kept their templates still load.
"""

from __future__ import annotations

import itertools
import json
import pickle
import random
from collections.abc import Iterator

import pytest

from bot.i18n import PSEUDO, say
from bot.i18n.pseudo import unmarked
from bot.i18n.tools import shipped_games
from engine.core import BadMove, Game, GameState, IllegalMove, Move, Outcome, View, name_seats
from engine.players import level_player, move_seed
from engine.words import ENGLISH, Text

NAMES = ("Ann", "Bob", "Cyd", "Dee", "Eve", "Fay")
MAX_STEPS = 3000


def games() -> list[Game]:
    return shipped_games()


def said(texts: list[str]) -> list[str]:
    """The texts in the pseudo-language, seats named as the table would name them."""
    return [name_seats(say(PSEUDO, text), NAMES) for text in texts if text]


def view_texts(view: View) -> list[str]:
    """Every sentence of a view a person reads."""
    texts = [*view.events, view.recap]
    for decision in view.decisions:
        texts.append(decision.prompt)
        texts += [text for option in decision.options for text in (option.label, option.group)]
    if view.outcome is not None:
        texts.append(view.outcome.reason)
    return texts


def refusals(state: GameState, rng: random.Random) -> Iterator[str]:
    """The messages of moves the rules refuse now: another seat's, unknown picks, wrong counts,
    a kind not asked for, and another decision's picks answered under each decision's kind."""
    waiting = state.waiting_on()
    idle = [seat for seat in range(state.num_players) if seat not in waiting]
    trials = [(seat, Move("nonsense", ())) for seat in idle[:1]]
    for seat in waiting[:2]:
        decisions = state.decisions_for(seat)
        ids = [option.id for decision in decisions for option in decision.options]
        trials.append((seat, Move("nonsense", ())))
        for decision in decisions:
            trials.append((seat, Move(decision.kind, ("zz",))))
            trials.append((seat, Move(decision.kind, (*(o.id for o in decision.options), "zz"))))
            trials.append((seat, Move(decision.kind, ())))
            for size in {1, decision.min_picks, decision.max_picks, min(len(ids), decision.max_picks + 1)}:
                for _ in range(2):
                    trials.append((seat, Move(decision.kind, tuple(rng.sample(ids, min(size, len(ids)))))))
            if len(ids) < 12:
                trials += [(seat, Move(decision.kind, (pick,))) for pick in ids]
    for seat, move in trials:
        trial = state.copy()
        try:
            trial.act(seat, move)
        except (IllegalMove, BadMove) as error:
            yield error.text


def play(game: Game, players: int, seed: int, computer: bool) -> Iterator[GameState]:
    """Every moment of one game, to its end."""
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    player = level_player(game, "easy")
    yield state
    for step in itertools.count():
        if state.is_over:
            return
        assert step < MAX_STEPS, f"{game.name} did not end"
        seat = rng.choice(state.waiting_on())
        if computer:
            move = player(move_seed(seed, seat, step)).choose(state.view(seat))
        else:
            move = state.random_move(seat, rng)
        state.act(seat, move)
        yield state


@pytest.mark.parametrize("game", [pytest.param(g, id=g.key) for g in games()])
def test_every_sentence_of_whole_games_is_said_through_the_catalog(game: Game) -> None:
    rng = random.Random(5)
    runs = [(game.allowed_counts[0], 0, True), (game.allowed_counts[-1], 1, False)]
    for players, seed, computer in runs:
        last: GameState | None = None
        for index, state in enumerate(play(game, players, seed, computer)):
            texts = []
            for seat in [None, *range(players)]:
                texts += view_texts(state.view(seat))
            if index % 5 == 0:
                texts += list(refusals(state, rng))
            left = unmarked(said(texts), NAMES)
            assert left == [], f"{game.key} seed {seed}: English outside the catalog: {left[:10]}"
            last = state
        assert last is not None and last.is_over
        reason = last.outcome().reason  # type: ignore[union-attr]
        assert isinstance(reason, Text) and say(PSEUDO, reason).startswith("⟦")


@pytest.mark.parametrize("game", [pytest.param(g, id=g.key) for g in games()])
def test_option_and_player_count_sentences_are_said_through_the_catalog(game: Game) -> None:
    texts: list[str] = [game.players_text]
    declared: list[str] = []  # fixed words of the declaration: catalog keys as they are (engine.marks.N_)
    for option in game.options:
        declared += [option.title, option.description]
        for bad in ("many", 10**9, -(10**9), 2.5, True):
            try:
                option.validate(bad)
            except ValueError as error:
                texts.append(error.args[0])
    for count in (0, 1, 99):
        try:
            game.check_players(count)
        except ValueError as error:
            texts.append(error.args[0])
    with pytest.raises(ValueError) as unknown:
        game.validate_options({"no_such_option": 1})
    texts.append(unknown.value.args[0])
    assert len(texts) > 3 and all(isinstance(text, Text) for text in texts)
    assert unmarked(said(texts + declared), NAMES) == []


def moments(game: Game) -> GameState:
    """A game some moves in (a hand or a round has ended, so there is a recap)."""
    for state in play(game, game.allowed_counts[0], 11, computer=False):
        if state.recap() or state.is_over:
            return state
    raise AssertionError("no recap")


@pytest.mark.parametrize("game", [pytest.param(g, id=g.key) for g in games()])
def test_sentences_keep_their_templates_through_a_saved_state_and_a_pickled_view(game: Game) -> None:
    state = moments(game)
    saved = json.loads(state.to_json())["events"]
    assert all(isinstance(line, str) for line in saved)  # one string a line: cheap to read on every move
    loaded = game.load(state.to_json())
    assert loaded.events == state.events
    kept = state.text_lines_kept  # older lines are saved as their English only (replays play the moves again)
    recent = loaded.events[-kept:]
    assert [say(PSEUDO, line) for line in recent] == [say(PSEUDO, line) for line in state.events[-kept:]]
    # each line comes back a Text, except a fixed sentence: its English is its catalog key (engine.words)
    fixed = [isinstance(line, Text) and not line.values and line.plural_template is None for line in state.events]
    assert all(isinstance(line, Text) or plain for line, plain in zip(recent, fixed[-kept:], strict=True))
    assert loaded.recent_lines(loaded.recent_events) == tuple(state.events[-loaded.recent_events :])
    view = state.view(0)
    sent = pickle.loads(pickle.dumps(view))
    assert said(view_texts(sent)) == said(view_texts(view))
    assert all("⟦" in text for text in said([*sent.events, sent.recap]))


@pytest.mark.parametrize("game", [pytest.param(g, id=g.key) for g in games()])
def test_a_state_saved_before_texts_kept_their_templates_still_loads(game: Game) -> None:
    state = moments(game)
    payload = json.loads(state.to_json())
    payload["events"] = [str(line) for line in state.events]  # as orjson wrote a Text: its English
    old = game.load(json.dumps(payload))
    assert old.events == state.events and old.to_json() == game.load(old.to_json()).to_json()
    assert [ENGLISH.say(line) for line in old.events] == [str(line) for line in state.events]


def test_an_outcome_keeps_its_reason_through_its_saved_form() -> None:
    reason = Text("{winner} won the single hand ({bonus})", winner="Seat 2", bonus=Text("no winner"))
    outcome = Outcome(reason, (1, 2), (2, 1), termination="target_score")
    again = Outcome.from_dict(json.loads(json.dumps(outcome.to_dict())))
    assert again == outcome and isinstance(again.reason, Text)
    assert say(PSEUDO, again.reason) == say(PSEUDO, reason)
    assert Outcome.from_dict({"reason": "Seat 1 won", "points": [1, 0], "places": [1, 2]}).reason == "Seat 1 won"
