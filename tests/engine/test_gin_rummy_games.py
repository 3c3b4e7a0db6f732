"""Whole games: random legal play keeps every card once and the score arithmetic exact;
computer players play only legal moves; views keep the other hand secret."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.gin_rummy import GAME as GIN_RUMMY
from engine.gin_rummy import GinRummyState
from engine.gin_rummy.cards import full_deck

DECK = sorted(full_deck())


def check_secrets(state: GinRummyState) -> None:
    """No view holds a card of the other hand or of the stock (a reveal is of a past hand)."""
    for seat in (None, 0, 1):
        view = state.view(seat)
        visible = (
            set(view.hand) | set(view.discard_pile) | {c for d in view.decisions for c in (o.id for o in d.options)}
        )
        visible |= {c for record in (view.picked, view.discarded, view.passed) for cards in record for c in cards}
        hidden = set(state.stock) | {c for s in (0, 1) if s != seat for c in state.hands[s]}
        if state.phase != "over":
            # Cards the other seat picked from the pile are public; the rest of its hand is not.
            public = {c for cards in view.picked for c in cards}
            assert not (visible & hidden) - public
        assert view.hand == () or seat is not None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    knock_card=st.integers(0, 10),
    undercut_bonus=st.sampled_from([0, 10, 25]),
    target=st.sampled_from([0, 30, 100]),
)
def test_random_games_keep_cards_and_scores(seed: int, knock_card: int, undercut_bonus: int, target: int) -> None:
    options = {"knock_card": knock_card, "undercut_bonus": undercut_bonus, "target_score": target}
    state = GIN_RUMMY.new_state(2, seed, options)
    assert isinstance(state, GinRummyState)
    rng = random.Random(seed)
    hand_points: list[tuple[int | None, int]] = []
    last = None
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < 20000
        seat = rng.choice(state.waiting_on())
        state.act(seat, state.random_move(seat, rng))
        assert sorted(state.all_cards()) == DECK
        result = state.view(None).last_hand
        if result is not None and result.number != last:
            last = result.number
            hand_points.append((result.winner, result.points))
            if result.kind == "draw":
                assert result.points == 0 and result.winner is None
            elif result.kind == "undercut":
                assert (
                    result.points == result.deadwood[result.knocker] - result.deadwood[result.winner] + undercut_bonus
                )
                assert result.deadwood[result.knocker] <= knock_card
            elif result.kind == "knock":
                assert result.points == result.deadwood[1 - result.knocker] - result.deadwood[result.knocker] > 0
                assert 0 < result.deadwood[result.knocker] <= knock_card
            else:
                bonus = 25 if result.kind == "gin" else 31
                assert result.points == bonus + result.deadwood[1 - result.knocker]
                assert result.deadwood[result.knocker] == 0 and result.layoffs == ()
            assert list(result.scores) == [sum(p for w, p in hand_points if w == s) for s in (0, 1)]
        if steps % 5 == 0:
            check_secrets(state)
    scores = [sum(p for w, p in hand_points if w == s) for s in (0, 1)]
    assert scores == state.scores
    final = state.view(None).final
    assert final is not None
    winner, loser = final.winner, 1 - final.winner
    assert (scores[winner] >= target and scores[loser] < max(target, 1)) or target == 0
    wins = [sum(1 for w, _ in hand_points if w == s) for s in (0, 1)]
    assert final.line_bonus == 25 * wins[winner]
    assert final.game_bonus == (200 if wins[loser] == 0 else 100)
    totals = list(scores)
    totals[winner] += final.game_bonus + final.line_bonus
    assert state.outcome().points == tuple(totals) and state.outcome().winners == (winner,)
    assert GIN_RUMMY.load(state.to_json()).to_json() == state.to_json()


def test_computer_players_play_legal_games_to_the_end() -> None:
    for seed in range(3):
        state = GIN_RUMMY.new_state(2, seed, {"target_score": 60})
        players = [GIN_RUMMY.computer_player(seed), GIN_RUMMY.baselines["simple"](seed)]
        if seed % 2:
            players.reverse()
        while not state.is_over:
            seat = state.turn
            view = state.view(seat)
            state.act(seat, players[seat].choose(view))
            assert sorted(state.all_cards()) == DECK
        assert state.outcome() is not None


def test_the_computer_player_takes_gin_and_big_gin() -> None:
    from tests.engine.test_gin_rummy_rules import OTHER, rig

    state = rig(("As 2s 3s 4s 7h 7d 7c Kh Qh Jh Th", OTHER), pile="8d")
    assert GIN_RUMMY.computer_player(1).choose(state.view(0)).text() == "big_gin:declare"
    state = rig(("As 2s 3s 4s 7h 7d 7c Kh Qh Jh 9c", OTHER), pile="8d")
    assert GIN_RUMMY.computer_player(1).choose(state.view(0)).text() == "gin:9c"


def test_the_computer_player_knocks_with_the_least_deadwood() -> None:
    from tests.engine.test_gin_rummy_rules import OTHER, rig

    # Throwing K♦ leaves 9 deadwood, throwing 9♦ leaves 10: both may knock; the lower is better.
    state = rig(("As 2s 3s 4h 5h 6h 7h 7d 7c 9d Kd", OTHER), pile="8d")
    assert GIN_RUMMY.computer_player(1).choose(state.view(0)).text() == "knock:Kd"
