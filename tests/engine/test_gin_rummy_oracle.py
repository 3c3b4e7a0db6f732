"""The Gin Rummy oracle benchmark: its rule for the baseline's takes is the baseline's own, and
its told players play legal hands and do use what they are told."""

from __future__ import annotations

from benchmarks.gin_rummy_oracle import baseline_takes, measure, one_hand
from engine.gin_rummy import GAME, GinRummyState
from engine.gin_rummy.cards import to_mask
from engine.gin_rummy.players import SimplePlayer


def test_the_takes_rule_agrees_with_the_baseline_at_every_draw() -> None:
    checked = 0
    for seed in range(20):
        state = GAME.new_state(2, seed, {"target_score": 0})
        assert isinstance(state, GinRummyState)
        players = {0: SimplePlayer(seed), 1: SimplePlayer(seed + 1)}
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            view = state.view(seat)
            move = players[seat].choose(view)
            if move.kind in ("upcard", "draw"):
                assert view.discard_top is not None
                took = move.picks[0] in ("take", "discard")
                assert took == baseline_takes(to_mask(state.hands[seat]), view.discard_top)
                checked += 1
            state.act(seat, move)
    assert checked > 100


def test_the_told_players_finish_legal_hands_and_the_takes_oracle_feeds_the_baseline_less() -> None:
    for name in ("takes", "knock-feeds", "stock"):
        hand = one_hand((name, 3, 1))  # state.act refuses an illegal move
        assert hand.won == (hand.points > 0)
    _, _, _, fed_strong = measure("strong", 40, 500, 1)
    _, _, _, fed_told = measure("takes", 40, 500, 1)
    assert fed_strong > 0.08
    assert fed_told < fed_strong / 3
