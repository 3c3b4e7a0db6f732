"""The load benchmark's measure of how far a table message lags behind the moves made at its table."""

from __future__ import annotations

from types import SimpleNamespace

from benchmarks.load_world import Timings, table_lag


def test_each_move_counts_until_the_next_edit_of_its_table_message() -> None:
    world = SimpleNamespace(public_changes={10: [1.0, 2.5, 6.0], 20: [1.0]})
    timings = Timings(moves_made=[(10, 2.0), (10, 2.6), (20, 3.0), (10, 9.5)])
    lags, never = table_lag(world, timings, made_before=9.0)  # type: ignore[arg-type]
    # Table 10 is edited 0.5 s after the first move and 3.4 s after the second; table 20 never is
    # after its move; the last move came too close to the end to count.
    assert [round(lag) for lag in lags] == [500, 3400]
    assert never == 1
