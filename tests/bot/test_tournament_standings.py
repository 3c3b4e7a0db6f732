"""Standings: the seed's placement points, exact big game points, and the tie-breaks in order."""

from __future__ import annotations

from fractions import Fraction

from bot.tournaments.standings import (
    PLACEMENT,
    WIN_DRAW_LOSS,
    TableResult,
    placement_points,
    rule_text,
    shared_points,
    show_points,
    standings,
)

NAMES = {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan"}


def test_placement_points_follow_the_seed() -> None:
    # Last 1, last but one 3, each place above 3 more: the winner of n gets 3 + (n - 2) * 3.
    assert [placement_points(p, 5) for p in range(1, 6)] == [12, 9, 6, 3, 1]
    assert [placement_points(p, 2) for p in (1, 2)] == [3, 1]
    for n in range(2, 7):
        assert placement_points(1, n) == 3 + (n - 2) * 3


def test_shared_places_share_their_points_exactly() -> None:
    assert shared_points((1, 1, 3), 0, PLACEMENT) == Fraction(6 + 3, 2)
    assert shared_points((1, 1, 1), 2, PLACEMENT) == Fraction(10, 3)
    assert shared_points((1, 1), 1, WIN_DRAW_LOSS) == 1
    assert shared_points((2, 1), 0, WIN_DRAW_LOSS) == 0


def test_points_rank_first_then_game_points() -> None:
    results = [
        TableResult(1, (1, 2), (1, 2), (10, 5)),
        TableResult(1, (3, 4), (1, 2), (30, 0)),
    ]
    rows = standings(NAMES, results)
    assert [r.name for r in rows] == ["Cat", "Ann", "Bob", "Dan"]
    assert [r.place for r in rows] == [1, 2, 3, 4]


def test_game_points_past_two_to_the_63_stay_exact() -> None:
    huge = 2**64 + 1
    results = [TableResult(1, (1, 2), (1, 2), (huge, huge - 1)), TableResult(2, (1, 2), (1, 2), (huge, 0))]
    rows = standings({1: "Ann", 2: "Bob"}, results)
    assert rows[0].game_points == 2 * huge
    assert rows[1].game_points == huge - 1


def test_buchholz_breaks_a_tie_in_points_and_game_points() -> None:
    # Ann and Cat both win 10-0 once; Ann beat Bob (who then won), Cat beat Dan (who then lost).
    results = [
        TableResult(1, (1, 2), (1, 2), (10, 0)),
        TableResult(1, (3, 4), (1, 2), (10, 0)),
        TableResult(2, (2, 4), (1, 2), (0, 0)),
        TableResult(2, (1, 3), (1, 1), (0, 0)),
    ]
    rows = standings(NAMES, results)
    ann, cat = (next(r for r in rows if r.name == n) for n in ("Ann", "Cat"))
    assert (ann.points, ann.game_points) == (cat.points, cat.game_points)
    assert ann.buchholz > cat.buchholz
    assert rows.index(ann) < rows.index(cat)


def test_head_to_head_breaks_what_buchholz_cannot() -> None:
    # Ann beat Bob, Bob beat Cat, Cat beat Ann: all equal on points; Ann and Bob also on game
    # points and Buchholz, so Ann's win over Bob decides (the seed order says Bob first).
    results = [
        TableResult(1, (1, 2), (1, 2), (5, 0)),
        TableResult(2, (2, 3), (1, 2), (5, 0)),
        TableResult(2, (3, 1), (1, 2), (0, 0)),
    ]
    rows = standings({1: "Ann", 2: "Bob", 3: "Cat"}, results, seed_order=[2, 1, 3])
    assert [r.name for r in rows] == ["Ann", "Bob", "Cat"]
    assert (rows[0].points, rows[0].game_points, rows[0].buchholz) == (
        rows[1].points,
        rows[1].game_points,
        rows[1].buchholz,
    )
    assert [r.place for r in rows] == [1, 2, 3]


def test_players_equal_on_everything_share_a_place() -> None:
    rows = standings(NAMES, [TableResult(1, (1, 2), (1, 1), (0, 0))], seed_order=[2, 1, 3, 4])
    assert [(r.name, r.place) for r in rows[:2]] == [("Bob", 1), ("Ann", 1)]


def test_a_bye_counts_as_a_win_and_a_round_played() -> None:
    rows = standings({1: "Ann"}, [], [(1, 1)], table_size=4)
    assert rows[0].points == placement_points(1, 4) and rows[0].played == 1 and rows[0].byes == 1


def test_the_rule_is_said_in_words() -> None:
    # Every place with its points, in plain words (not "last 1, last but one 3, +3 each place above").
    assert rule_text(PLACEMENT, 4).startswith("Placement points at a table of 4: 1st 9 points, 2nd 6, 3rd 3, 4th 1;")
    assert "1st 3 points, 2nd 1;" in rule_text(PLACEMENT, 2)
    assert "11th 6, 12th 3, 13th 1" in rule_text(PLACEMENT, 13)
    assert rule_text(WIN_DRAW_LOSS, 2).startswith("Win 3, draw 1, loss 0")
    assert show_points(Fraction(9, 2)) == "4½"
