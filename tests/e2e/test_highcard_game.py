"""Whole games of High Card through Discord: lobby, play, results, rematch, leaderboard."""

from __future__ import annotations

import pytest

from tests.e2e.games import whole_game_through_discord
from tests.e2e.harness import Parlour


async def play_out(parlour: Parlour, table_id: int, people: dict) -> None:
    """Every person plays (by their hand's controls) until the game is over."""
    for _ in range(200):
        await parlour.settle()
        table = parlour.table(table_id)
        if table.status != "playing":
            return
        waiting = table.waiting_people()
        assert waiting, "the game waits on nobody"
        seat = waiting[0]
        user = people[table.seats[seat].user_id]
        kind, hand = await parlour.outcome(await parlour.play(user, table_id))
        assert kind == "update" and hand is not None and hand.ephemeral, kind
        assert hand.attachments[0].filename == "hand.png"
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seats", [(2, 0), (1, 1), (2, 1), (3, 1), (2, 2)])
async def test_whole_game(parlour: Parlour, seats: tuple[int, int]) -> None:
    humans, computers = seats
    users = [parlour.server.user(n) for n in ("alice", "bob", "carol")[:humans]]
    table_id = await parlour.start_game(users[0], users[1:], computers=computers)
    await play_out(parlour, table_id, {u.id: u for u in users})
    await parlour.settle()
    message = parlour.table_message(table_id)
    assert "Game over" in message.content
    assert [a.filename for a in message.attachments] == ["results.png", "table.png"]
    assert [b["label"] for b in message.buttons] == ["Rematch"]


async def test_no_hidden_card_reaches_a_public_message(parlour: Parlour, monkeypatch: pytest.MonkeyPatch) -> None:
    await whole_game_through_discord(parlour, "highcard", monkeypatch, 2, 1)
