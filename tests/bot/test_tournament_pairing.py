"""Pairing: rematches avoided when avoidable, byes spread, tables by standings, deterministic."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.pairing import (
    History,
    elimination_first_slots,
    elimination_round,
    mixable_sizes,
    order_with_ties_shuffled,
    plan_tables,
    round_robin_round,
    swiss_round,
)


def play_swiss(players: int, rounds: int, sizes: tuple[int, ...], preferred: int, seed: int = 0):
    """Play ``rounds`` Swiss rounds with random results; yield (plan, history before it, scores).

    The caller looks at each plan before the generator goes on and adds it to the history.
    """
    rng = random.Random(seed)
    history = History()
    scores = dict.fromkeys(range(1, players + 1), 0)
    for number in range(rounds):
        order = sorted(scores, key=lambda p: -scores[p])
        plan = swiss_round(order, table_sizes=sizes, preferred=preferred, history=history, scores=scores, seed=number)
        yield plan, history, dict(scores), order_with_ties_shuffled(order, scores, number)
        for table in plan.tables:
            history.add_table(table)
            for place, player in enumerate(rng.sample(table, len(table))):
                scores[player] += 3 * (len(table) - place)
        for player in plan.byes:
            history.add_bye(player)


def test_everyone_is_seated_once_per_round() -> None:
    for plan, *_ in play_swiss(23, 5, (3, 4, 5), 4):
        seated = plan.players()
        assert sorted(seated) == list(range(1, 24))


def test_two_player_swiss_never_repeats_while_fresh_opponents_remain() -> None:
    # 16 players, 7 rounds: a pairing with no rematch always exists (a round robin needs 15).
    met: set[frozenset[int]] = set()
    for plan, *_ in play_swiss(16, 7, (2,), 2, seed=4):
        for a, b in plan.tables:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))


def test_a_repeat_is_avoided_when_one_swap_avoids_it() -> None:
    history = History()
    history.add_table((1, 2))
    plan = swiss_round([1, 2, 3, 4], table_sizes=(2,), preferred=2, history=history)
    assert plan.tables == ((1, 3), (2, 4))


def test_multi_player_tables_avoid_repeats_where_possible() -> None:
    history = History()
    for table in ((1, 2, 3), (4, 5, 6), (7, 8, 9)):
        history.add_table(table)
    plan = swiss_round(list(range(1, 10)), table_sizes=(3,), preferred=3, history=history)
    assert all(history.repeats(table) == 0 for table in plan.tables)


def test_byes_go_to_the_lowest_player_without_one_and_are_spread() -> None:
    byes: dict[int, int] = {}
    for plan, history, scores, _ in play_swiss(9, 9, (2,), 2, seed=1):
        (bye,) = plan.byes
        assert history.byes.get(bye, 0) == min(history.byes.get(p, 0) for p in scores)
        byes[bye] = byes.get(bye, 0) + 1
    assert sorted(byes.values()) == [1] * 9


def test_tables_group_players_by_standings() -> None:
    # Round 1 is a draw; in round 2 the players of the top table come from the top of the standings.
    plans = list(play_swiss(12, 2, (4,), 4, seed=3))
    plan, _, scores, _ = plans[1]
    top, _, bottom = plan.tables
    assert min(scores[p] for p in top) >= max(scores[p] for p in bottom)


def test_the_same_seed_gives_the_same_round_and_another_seed_another() -> None:
    players = list(range(1, 41))
    scores = dict.fromkeys(players, 0)
    one = swiss_round(players, table_sizes=(2,), preferred=2, scores=scores, seed=11)
    assert one == swiss_round(players, table_sizes=(2,), preferred=2, scores=scores, seed=11)
    assert one != swiss_round(players, table_sizes=(2,), preferred=2, scores=scores, seed=12)


def test_table_plans_prefer_no_byes_then_the_preferred_size() -> None:
    assert plan_tables(9, (3,), 3) == ((3, 3, 3), 0)
    assert plan_tables(10, (3,), 3) == ((3, 3, 3), 1)
    assert plan_tables(10, mixable_sizes((2, 3, 4, 5), 3), 3) == ((4, 3, 3), 0)
    assert plan_tables(5, (2,), 2) == ((2, 2), 1)


def test_round_robin_meets_everyone_exactly_once() -> None:
    for players in (list(range(6)), list(range(7))):
        pairs = [
            frozenset(t)
            for r in range(len(players) - (len(players) + 1) % 2)
            for t in round_robin_round(players, r).tables
        ]
        assert sorted(map(sorted, pairs)) == sorted(map(sorted, map(frozenset, itertools.combinations(players, 2))))


def test_elimination_gives_the_byes_to_the_top_seeds() -> None:
    seeded = [10, 11, 12, 13, 14]  # 10 is the best
    plan = elimination_round(elimination_first_slots(seeded))
    assert sorted(plan.byes) == [10, 11, 12]
    assert plan.tables == ((13, 14),)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 200), game=st.sampled_from([((2,), 2), ((3, 4, 5), 4), ((3, 4), 3)]), seed=st.integers())
def test_random_fields_seat_everyone_once_with_the_fewest_byes(players: int, game, seed: int) -> None:
    sizes, preferred = game
    for plan, history, _, order in play_swiss(players, 3, sizes, preferred, seed=seed):
        seated = plan.players()
        assert sorted(seated) == list(range(1, players + 1))
        assert all(len(t) in sizes for t in plan.tables)
        assert len(plan.byes) == plan_tables(players, sizes, preferred)[1]
        repeats = sum(history.repeats(t) for t in plan.tables)
        if sizes == (2,) and players >= 12:
            assert repeats == 0  # with few rounds in a big field, no rematch is ever needed
        else:  # never worse than seating the standings in order
            order = [p for p in order if p not in plan.byes]
            cut, start = [], 0
            for table in plan.tables:
                cut.append(order[start : start + len(table)])
                start += len(table)
            assert repeats <= sum(history.repeats(t) for t in cut)
