"""A seat the host gave to the computer is listed at the end like every other seat (issue 44, item 10)."""

from __future__ import annotations

from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out


async def test_a_replaced_seats_computer_is_listed_with_the_ratings(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob], computers=1)
    await parlour.sentence(await parlour.slash(alice, "table replace", {"table": table_id, "player": bob}))
    await parlour.settle()
    await play_out(parlour, table_id, {alice.id: alice})
    await parlour.settle()
    text = parlour.table_message(table_id).content
    ratings = next(line for line in text.splitlines() if line.startswith("Ratings:"))
    assert "alice" in ratings  # and both computers, said plainly, not left out without a word
    assert "bob (computer, normal) and Computer 1 (normal) are not rated" in ratings
