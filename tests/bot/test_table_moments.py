"""What a table works out once per moment (a view, the saved state) is never shown for another moment."""

from __future__ import annotations

from bot.table import Seat, Table
from engine import registry

GAME = registry.get("gin_rummy")


def playing_table() -> Table:
    seats = [Seat(11, "Alice"), Seat(None, "Computer 1", computer=True)]
    return Table(1, 1, 1, GAME, 11, {}, seats, status="playing", state=GAME.new_state(2, 7), version=1)


def test_a_view_is_worked_out_once_per_moment_and_afresh_after_a_move() -> None:
    table = playing_table()
    assert table.state is not None
    first = table.view(None)
    assert table.view(None) is first  # the table picture, a hand and a computer read one view
    seat = first.waiting_on[0]
    moved = GAME.load(table.state.to_json())
    moved.act(seat, GAME.computer_player(seat).choose(table.view(seat)))
    table.state, table.version = moved, table.version + 1  # as the table service adopts a move
    after = table.view(None)
    assert after is not first and after == moved.view(None) and after != first


def test_a_state_changed_in_place_with_its_version_is_a_new_moment() -> None:
    table = playing_table()
    assert table.state is not None
    before = table.view(None)
    seat = before.waiting_on[0]
    table.state.act(seat, GAME.computer_player(seat).choose(table.view(seat)))
    table.version += 1
    assert table.view(None) == table.state.view(None) != before


def test_a_resting_table_works_its_views_out_again_and_keeps_its_saved_text() -> None:
    table = playing_table()
    assert table.state is not None
    saved = table.remembered("json", table.state.to_json)
    spectator, seat = table.view(None), table.view(0)
    table.rest()  # its people are thinking: its views are let go
    assert table.view(None) is not spectator and table.view(None) == spectator
    assert table.view(0) == seat  # the same moment, worked out again
    assert table.remembered("json", lambda: "worked out again") is saved  # the next move starts from it
