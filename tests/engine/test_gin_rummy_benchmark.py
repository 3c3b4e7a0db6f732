"""The Gin Rummy benchmark's hand figures: each hand is told truly, and the breakdown of where
the points come from covers every hand once."""

from __future__ import annotations

import re

from benchmarks.gin_rummy import breakdown, one_hand, win_rate


def test_a_hand_is_the_same_for_the_same_seed_and_its_figures_agree() -> None:
    first = one_hand(7, 0)
    again = one_hand(7, 0)
    assert (first.won, first.points, first.kind, first.knocked, first.turns) == (
        again.won,
        again.points,
        again.kind,
        again.knocked,
        again.turns,
    )
    for seed in range(12):
        hand = one_hand(seed, seed % 2)
        assert hand.kind in ("knock", "undercut", "gin", "big_gin")
        assert hand.won == (hand.points > 0)
        # Whoever knocks wins, unless they are undercut.
        assert hand.won == (hand.knocked != (hand.kind == "undercut"))
        assert hand.turns >= 0 and hand.times


def test_the_breakdown_shares_add_up_to_every_hand() -> None:
    measured = win_rate(30, 1000)
    lines = breakdown(measured.hands)
    ways = [line for line in lines if "% of hands," in line]
    shares = [float(re.search(r"([\d.]+)% of hands", line).group(1)) for line in ways]  # type: ignore[union-attr]
    assert abs(sum(shares) - 100) < 0.5
    per_hand = [float(re.search(r"([+-][\d.]+) per hand$", line).group(1)) for line in ways]  # type: ignore[union-attr]
    assert abs(sum(per_hand) - measured.points_per_hand) < 0.05
