"""Double elimination, pure: lose twice and you are out, byes by seed, the grand final's reset."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.double_elimination import (
    build,
    losses,
    most_rounds,
    placements,
    plan_round,
    resolve,
)


@dataclass
class Run:
    """A whole double elimination played with random results (and random drop-outs)."""

    players: int
    table_size: int
    rounds: list[list[tuple[str, tuple[int, ...]]]] = field(default_factory=list)
    played: dict[str, list[int]] = field(default_factory=dict)
    walkovers: dict[str, tuple[int, ...]] = field(default_factory=dict)
    dropped_in: dict[int, int] = field(default_factory=dict)  # player -> the round after which they dropped


def play(players: int, table_size: int = 2, seed: int = 0, drop_chance: float = 0.0, favourite: bool = False) -> Run:
    rng = random.Random(seed)
    seeded = list(range(1, players + 1))
    bracket = build(players, table_size)
    run = Run(players, table_size)
    while True:
        plan = plan_round(bracket, seeded, run.played, run.walkovers, dropped=set(run.dropped_in))
        run.walkovers.update(plan.walkovers)
        if not plan.tables:
            return run
        run.rounds.append(list(plan.tables))
        for match_id, seated in plan.tables:
            order = sorted(seated) if favourite else rng.sample(seated, len(seated))
            run.played[match_id] = order
        for player in seeded:
            if player not in run.dropped_in and rng.random() < drop_chance:
                run.dropped_in[player] = len(run.rounds)
        assert len(run.rounds) <= most_rounds(players, table_size), "the bracket never ended"


def check(run: Run) -> None:
    seeded = list(range(1, run.players + 1))
    bracket = build(run.players, run.table_size)
    progress = resolve(bracket, seeded, run.played, run.walkovers)
    lost: dict[int, int] = {}
    for number, tables in enumerate(run.rounds, start=1):
        seen = [p for _, seated in tables for p in seated]
        assert len(seen) == len(set(seen)), "a player sat at two tables of one round"
        for match_id, seated in tables:
            for player in seated:
                assert lost.get(player, 0) < 2, f"{player} played after losing twice"
                assert run.dropped_in.get(player, number) >= number, f"{player} played after dropping out"
            for player in run.played[match_id][bracket.half :]:
                lost[player] = lost.get(player, 0) + 1
    assert lost == losses(progress)
    champion = progress.champion()
    still_in = [p for p in seeded if p not in run.dropped_in and lost.get(p, 0) < 2]
    if still_in:
        assert champion is not None, "no champion though someone is still in"
    order = placements(bracket, seeded, progress)
    assert sorted(order) == seeded
    if champion is not None:
        assert order[0] == champion
    final = "F2" if progress.reset else "F1"
    last = progress.played.get(final) or progress.walkovers.get(final, ())
    for player in seeded:
        if player in run.dropped_in or player in last:
            continue
        assert lost.get(player, 0) == 2, f"{player} was out without losing twice"
    if run.table_size == 2 and not run.dropped_in and champion is not None:
        for player in seeded:
            assert lost.get(player, 0) == (2 if player != champion else lost.get(champion, 0))
        assert lost.get(champion, 0) <= 1


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 128), st.integers(0, 10**6))
def test_two_player_tables_everyone_but_the_winner_loses_twice(players: int, seed: int) -> None:
    check(play(players, 2, seed))


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 128), st.integers(0, 10**6), st.sampled_from([2, 4, 6]), st.sampled_from([0.0, 0.05, 0.2]))
def test_drop_outs_and_bigger_tables_never_seat_anyone_out(
    players: int, seed: int, table_size: int, drop_chance: float
) -> None:
    check(play(players, table_size, seed, drop_chance))


def test_every_size_from_2_to_128_ends_with_a_champion() -> None:
    for players in range(2, 129):
        for table_size in (2, 4):
            check(play(players, table_size, seed=players))


def test_byes_go_to_the_top_seeds() -> None:
    for players, byes in ((5, 3), (6, 2), (12, 4), (17, 15)):
        run = play(players, 2)
        first = {p for _, seated in run.rounds[0] for p in seated if _.startswith("W1.")}
        assert first == set(range(byes + 1, players + 1)), (players, first)
        let_through = {p for m, ps in run.walkovers.items() if m.startswith("W1.") for p in ps}
        assert let_through == set(range(1, byes + 1))


def test_seeds_one_and_two_meet_only_in_the_final_when_the_favourites_win() -> None:
    run = play(16, 2, favourite=True)
    meetings = [m for m, seated in run.played.items() if {1, 2} <= set(seated)]
    assert meetings == ["W4.1", "F1"]
    assert "F2" not in run.played  # the winners' side won the first final: no reset


def test_the_grand_final_is_reset_when_the_losers_side_wins_it() -> None:
    seeded = [1, 2]
    bracket = build(2)
    played: dict[str, list[int]] = {"W1.1": [1, 2]}
    plan = plan_round(bracket, seeded, played, {})
    assert plan.tables == (("F1", (1, 2)),)
    played["F1"] = [2, 1]  # 2 came through the losers' side and wins
    plan = plan_round(bracket, seeded, played, {})
    assert plan.tables == (("F2", (2, 1)),)
    played["F2"] = [2, 1]
    progress = resolve(bracket, seeded, played, {})
    assert progress.reset and progress.champion() == 2
    assert plan_round(bracket, seeded, played, {}).tables == ()
    assert losses(progress) == {2: 1, 1: 2}


def test_a_four_player_table_sends_its_bottom_half_to_the_losers_bracket() -> None:
    seeded = list(range(1, 9))
    bracket = build(8, 4)
    plan = plan_round(bracket, seeded, {}, {})
    assert [m for m, _ in plan.tables] == ["W1.1", "W1.2"]
    played = {"W1.1": [1, 8, 4, 5], "W1.2": [2, 7, 3, 6]}
    plan = plan_round(bracket, seeded, played, {})
    assert dict(plan.tables) == {"W2.1": (1, 8, 2, 7), "L1.1": (4, 5, 3, 6)}


def test_a_table_left_half_empty_by_drop_outs_lets_the_rest_through() -> None:
    seeded = [1, 2, 3, 4]
    bracket = build(4)
    played = {"W1.1": [1, 4], "W1.2": [3, 2]}
    plan = plan_round(bracket, seeded, played, {}, dropped={4})
    assert plan.tables == (("W2.1", (1, 3)),)
    assert plan.walkovers == {"L1.1": (2,)}  # 4 dropped out: 2 goes on without a game
