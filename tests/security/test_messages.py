"""A click works on its own message only: a table's button forged onto another message (a lobby's
Add computer onto a running table's message, a hand's page onto the public message) is refused
with one sentence, and no message is rewritten."""

from __future__ import annotations

from functools import partial

from tests.e2e.harness import Parlour
from tests.loopback.injection import MODAL_SUBMIT
from tests.security.world import unchanged


async def test_a_lobby_button_forged_onto_a_running_tables_message(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    running = await parlour.start_game(alice, [bob])
    table_message = parlour.table_message(running)
    lobby = await parlour.open_table(alice)
    lobby_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    for code in "jlarosc":
        sentence = await unchanged(
            parlour, partial(parlour.forge, alice, table_message, f"pl:{code}:{lobby_id}"), "own message"
        )
        assert f"table #{lobby_id}" in sentence
    assert [b["label"] for b in parlour.table_message(running).buttons] == ["Show my hand"]
    # Nor onto another lobby's message, nor onto a private hand.
    other = await parlour.open_table(bob)
    await unchanged(parlour, partial(parlour.forge, bob, other, f"pl:a:{lobby_id}"), "own message")
    hand = await parlour.show_hand(alice, running)
    await unchanged(parlour, partial(parlour.forge, alice, hand, f"pl:a:{lobby_id}"), "own message")
    data = {"custom_id": f"po:{lobby_id}", "components": []}
    await unchanged(
        parlour, partial(server._inject, MODAL_SUBMIT, alice, parlour.channel, data, table_message), "own message"
    )


async def test_table_buttons_forged_onto_another_tables_message(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    first = await parlour.start_game(alice, [bob])
    second = await parlour.start_game(alice, [bob])
    on_second = parlour.table_message(second)
    for custom_id in (f"pl:h:{first}", f"pl:x:{first}"):
        await unchanged(parlour, partial(parlour.forge, alice, on_second, custom_id), "own message")


async def test_a_hands_buttons_forged_onto_the_public_message(parlour: Parlour) -> None:
    """Moves, pages and the choice screen would rewrite the public message into someone's hand."""
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    public = parlour.table_message(table_id)
    table = parlour.table(table_id)
    card = table.state.hands[0][0]  # type: ignore[union-attr]
    for custom_id, values in [
        (f"pl:m:{table_id}:0:play:{card}", None),
        (f"pv:{table_id}:0:play:0", [str(card)]),
        (f"pl:p:{table_id}:0:play:1", None),
        (f"pd:{table_id}:0:s:play:0", [str(card)]),
        (f"pd:{table_id}:0:c:play:0", None),
        (f"pd:{table_id}:0:x:play:0", None),
        (f"pd:{table_id}:0:d:play:0", ["play"]),
    ]:
        await unchanged(parlour, partial(parlour.forge, alice, public, custom_id, values), "private hand")
    assert table.version == 0
    # On her own hand the same move is made.
    hand = await parlour.show_hand(alice, table_id)
    kind, shown = await parlour.outcome(await parlour.forge(alice, hand, f"pl:m:{table_id}:0:play:{card}"))
    assert kind == "update" and shown is not None and shown.id == hand.id and table.version == 1
