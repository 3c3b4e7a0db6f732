"""Guessing the Gin Rummy baseline's hand: the record is read right, the baseline's real hand
always fits it, and every guess fits what the baseline did."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from benchmarks.gin_rummy_oracle import baseline_takes
from engine.gin_rummy import GAME, GinRummyState, GinRummyView
from engine.gin_rummy.cards import CARD_BIT, from_mask, to_mask
from engine.gin_rummy.inference import (
    DISCARD,
    PASS,
    STOCK,
    TAKE,
    Record,
    chain,
    feeds,
    fits,
    near_thrown,
    record,
    sample,
    takes,
)
from engine.gin_rummy.melds import deadwood_after_discard_mask, deadwood_mask
from engine.gin_rummy.players import GinRummyPlayer, SimplePlayer


def _our_turns(hands: int, first_seed: int = 0) -> Iterator[tuple[GinRummyState, GinRummyView, int]]:
    """The strong player's discard decisions against the baseline: (state, its view, baseline's hand)."""
    for seed in range(first_seed, first_seed + hands):
        mine = seed % 2
        state = GAME.new_state(2, seed, {"target_score": 0})
        assert isinstance(state, GinRummyState)
        players = {mine: GinRummyPlayer(seed), 1 - mine: SimplePlayer(seed)}
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            view = state.view(seat)
            if seat == mine and state.stage == "discard":
                yield state, view, to_mask(state.hands[1 - mine])
            state.act(seat, players[seat].choose(view))


def test_takes_is_the_baselines_rule() -> None:
    rng = random.Random(4)
    for _ in range(3000):
        cards = rng.sample(range(52), 11)
        hand = sum(1 << c for c in cards[:10])
        top = 1 << cards[10]
        assert takes(hand, top) == baseline_takes(hand, from_mask(top)[0])


def test_the_record_holds_every_move_of_the_baseline_and_its_real_hand_fits() -> None:
    checked = 0
    for _, view, hand in _our_turns(25):
        rec = record(view)
        them = 1 - (view.seat or 0)
        kinds = [kind for kind, _, _ in rec.events]
        assert kinds.count(DISCARD) == len(view.discarded[them])
        assert kinds.count(TAKE) == len(view.picked[them])
        assert kinds.count(PASS) == len(view.passed[them])
        assert hand & rec.known == rec.known
        hidden = hand & ~rec.known
        assert hidden.bit_count() == rec.hidden
        assert hidden & ~rec.pool == 0
        assert fits(rec, hidden, budget=10**6)
        checked += 1
    assert checked > 100


def test_every_guess_fits_the_baselines_moves() -> None:
    checked = 0
    for _, view, _ in _our_turns(6, 100):
        rec = record(view)
        for hand in sample(rec, random.Random(1), count=8, lag=99, budget=3000):
            assert fits(rec, hand & ~rec.known, budget=10**6)
            checked += 1
        for hand in chain(rec, random.Random(1), count=8, lag=1, moves=200, unlikely=near_thrown(view), odds=0.5):
            assert hand & rec.known == rec.known and (hand & ~rec.known) & ~rec.pool == 0
            cut = next((i for i, (kind, _, _) in enumerate(rec.events) if kind == STOCK), len(rec.events))
            assert fits(rec._replace(events=rec.events[:cut]), hand & ~rec.known)
            checked += 1
    assert checked > 50


def _determined() -> tuple[Record, int]:
    """A record whose last discard leaves one hand among the unseen cards: the baseline threw the
    9 of hearts, so it holds no loose card worth more, and the only other unseen card is a loose
    King."""
    hand = to_mask(["As", "2s", "3s", "7h", "7d", "7c", "2h", "3d", "4c", "5d"])
    thrown = CARD_BIT["9h"]
    assert deadwood_mask(hand) > 10 and deadwood_after_discard_mask(hand | thrown) == deadwood_mask(hand)
    rec = Record(
        events=((DISCARD, thrown, 0),),
        known=0,
        hidden=10,
        pool=hand | CARD_BIT["Kc"],
        picked=0,
        knock_card=10,
    )
    return rec, hand


def test_a_hand_the_record_determines_is_found() -> None:
    rec, hand = _determined()
    assert set(sample(rec, random.Random(3), count=5, budget=500)) == {hand}
    assert set(chain(rec, random.Random(3), count=5, moves=300)) == {hand}


def test_guesses_are_the_same_for_the_same_seed() -> None:
    _, view, _ = next(t for t in _our_turns(3, 40) if len(record(t[1]).events) >= 6)
    rec = record(view)
    first = chain(rec, random.Random(9), count=16, moves=200)
    assert first == chain(rec, random.Random(9), count=16, moves=200)
    assert sample(rec, random.Random(9), count=16) == sample(rec, random.Random(9), count=16)


def test_feeds_is_a_take_that_leaves_a_knock() -> None:
    rng = random.Random(5)
    fed = 0
    for _ in range(3000):
        cards = rng.sample(range(52), 11)
        hand = sum(1 << c for c in cards[:10])
        card = 1 << cards[10]
        least = min(deadwood_mask((hand | card) ^ (1 << c)) for c in cards[:10])
        assert feeds(hand, card, 10) == (takes(hand, card) and least <= 10)
        fed += feeds(hand, card, 10)
    assert fed > 0


def test_feeds_says_when_a_card_lets_the_baseline_knock() -> None:
    hand = to_mask(["As", "2s", "3s", "7h", "7d", "7c", "Kh", "Qh", "5d", "2c"])
    assert feeds(hand, CARD_BIT["Jh"], 10)  # K Q J of hearts; 5 + 2 left after a throw
    assert not feeds(hand, CARD_BIT["9d"], 10)
    assert not feeds(hand, CARD_BIT["4s"], 10)  # it melds, but 17 is left after the best throw


def test_a_card_the_opponent_took_twice_leaves_the_strong_player_playing() -> None:
    """A seat may take one card from the pile twice in a hand (it threw it, the other seat took it and
    threw it back): the record lists it twice, and the strong player still discards (it raised)."""
    checked = 0
    for state, view, _ in _our_turns(10):
        them = 1 - (view.seat or 0)
        if not view.picked[them]:
            continue
        twice = replace(view, picked=tuple(p * 2 if seat == them else p for seat, p in enumerate(view.picked)))
        assert record(twice).picked == record(view).picked
        move = GinRummyPlayer(1).choose(twice)
        state.copy().act(view.seat or 0, move)  # a legal discard (an illegal move raises)
        checked += 1
    assert checked >= 5
