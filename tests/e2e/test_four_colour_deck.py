"""A server that turns on four-colour cards (``/settings four_colour``) sees its new tables drawn with
clubs green and diamonds blue (issue 44: suits told apart by more than their small shapes)."""

from __future__ import annotations

from render import gin_rummy
from tests.e2e.harness import Parlour


def hand_pictures(parlour: Parlour) -> list[bytes]:
    """Every hand picture sent so far (they are private)."""
    return [f.data for e in parlour.server.recorder.events for f in e.files if f.filename == "hand.png"]


async def test_a_server_with_four_colours_sees_its_new_tables_in_four_colours(parlour: Parlour) -> None:
    server = parlour.server
    owner = server.user("owner", manage_guild=True)
    alice, bob = server.user("alice"), server.user("bob")
    said = await parlour.sentence(await parlour.slash(owner, "settings", {"four_colour": True}))
    assert "cards in four colours (for new tables): **yes**" in said
    table_id = await parlour.start_game(alice, [bob], game="gin_rummy")
    await parlour.show_hand(alice, table_id)
    table = parlour.table(table_id)
    seat = table.seat_of(alice.id)
    assert seat is not None
    view = table.view(seat)
    four = gin_rummy.hand_picture(view, names=table.names, four_colour=True)
    two = gin_rummy.hand_picture(view, names=table.names)
    assert four != two  # ten cards: a club or a diamond among them, drawn in another colour
    assert four in hand_pictures(parlour) and two not in hand_pictures(parlour)
    # Turned off again: the next table is drawn in the usual two colours.
    await parlour.sentence(await parlour.slash(owner, "settings", {"four_colour": False}))
    second = await parlour.start_game(alice, [bob], game="gin_rummy")
    await parlour.show_hand(alice, second)
    table = parlour.table(second)
    seat = table.seat_of(alice.id)
    assert seat is not None
    assert gin_rummy.hand_picture(table.view(seat), names=table.names) in hand_pictures(parlour)
