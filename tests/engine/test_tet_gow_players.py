"""Tet-Gow's strong player: the passes it weighs and the thrifty follow of its own seat in the play-outs."""

from __future__ import annotations

from itertools import combinations
from math import comb

from engine.tet_gow import rollout
from engine.tet_gow.deck import CARDS, sort_cards
from engine.tet_gow.players import DeepTetGowPlayer, QuickTetGowPlayer, TetGowPlayer, _distinct_passes, _Knowledge
from tests.engine.test_tet_gow_inference import greedy_states


def test_distinct_passes_are_every_pass_once_with_alike_cards_counted_once() -> None:
    """Cards of one Tier and Set play alike: of those a pass throws the weakest, and no two passes are alike."""
    hand = sort_cards(["AM", "CM", "9M", "5S", "3L", "6L"])  # AM and CM are both Tier 1 Suits
    for size in (1, 2, 3):
        passes = _distinct_passes(hand, size)
        packed = {rollout.pack(p) for p in passes}
        assert len(packed) == len(passes)
        assert all(len(p) == size and set(p) <= set(hand) for p in passes)
        # Every pass of the hand is alike to one of them.
        every = {rollout.pack(p) for p in combinations(hand, size)}
        assert packed == every
    assert ("CM",) in _distinct_passes(hand, 1) and ("AM",) not in _distinct_passes(hand, 1)
    assert len(_distinct_passes(hand, 2)) < comb(len(hand), 2)


def test_the_strong_player_weighs_more_passes_than_the_heuristics_suggest() -> None:
    """The strong player adds the other distinct passes after the heuristics' ones; normal keeps the few."""
    more = 0
    for _, view in greedy_states(4, 10):
        if not any(d.kind == "pass" for d in view.decisions) or view.lead_size >= len(view.hand):
            continue
        know = _Knowledge(view)
        few = QuickTetGowPlayer(1)._passes(view, know, view.lead_size)
        many = DeepTetGowPlayer(1)._passes(view, know, view.lead_size)
        assert many[: len(few)] == few
        assert len(many) <= DeepTetGowPlayer.pass_limit
        assert len({rollout.pack(p) for p in many[len(few) :]}) == len(many) - len(few)
        assert not {rollout.pack(p) for p in many[len(few) :]} & {rollout.pack(p) for p in few}
        more += len(many) > len(few)
    assert more > 20
    assert not TetGowPlayer.all_passes and not QuickTetGowPlayer.all_passes


def test_the_thrifty_seat_keeps_its_strong_card_and_wins_the_last_round_with_it() -> None:
    """Seat 0 leads the Ace of Wyrms; seat 1 may follow with the Ace of Moons (Tier 1) or of Waves (Tier 3).
    Greedy, it spends the Ace of Moons, leads the Ace of Waves last and the Bard (Tier 2) takes the game;
    thrifty, it follows with the Ace of Waves, loses that round to the Bard, and its Ace of Moons beats the
    Windfall led last."""
    lead = rollout.tier_mix(rollout.UNIT["AY"], CARDS["AY"].tier)
    start = [["AK"], ["AM", "AW"], ["CS", "CK"], ["9L", "6L"]]
    greedy = rollout.finish([rollout.pack(h) for h in start], [0, 1, 1, 0], 0, 1, lead, 5, 0, False)
    thrifty = rollout.finish([rollout.pack(h) for h in start], [0, 1, 1, 0], 0, 1, lead, 5, 0, False, 1)
    assert greedy == [0, 2, 2 + rollout.WIN_BONUS, 0]
    assert thrifty == [0, 2 + rollout.WIN_BONUS, 2, 0]
