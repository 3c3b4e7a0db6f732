"""Collections are each server's own: another server's moderator sees none of this server's cards
and changes none; a deck screen is its owner's only; a forged owner number is refused."""

from __future__ import annotations

from functools import partial

import pytest

from tests.e2e.harness import Parlour
from tests.security.world import attacker, away, unchanged


def carrying(parlour: Parlour, channel_id: int, custom_id: str, select: bool = False):  # type: ignore[no-untyped-def]
    """A message with one component of ``custom_id`` (as a modified client could click it)."""
    item = (
        {"type": 3, "custom_id": custom_id, "options": [{"label": "x", "value": "x"}]}
        if select
        else {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}
    )
    body = {"content": "forged", "components": [{"type": 1, "components": [item]}], "flags": 64}
    return parlour.server._new_message(channel_id, body, [])


async def test_another_servers_moderator_sees_and_changes_no_collection_here(parlour: Parlour) -> None:
    server = parlour.server
    alice = server.user("alice")
    shown = await (await server.slash(alice, "collection", channel=parlour.channel)).message()
    assert "33 cards" in shown.content
    mallory = attacker(parlour)
    channel = server.channel("general", away(parlour))
    for custom_id, words in [
        (f"col:{alice.id}:v:0:n", "has no Gin-jon-tan collection here yet"),  # her cards are this server's only
        (f"dk:{alice.id}:v:v:0:new", "someone else's"),
        (f"dk:{alice.id}:c:v:0:ok", "someone else's"),
    ]:
        message = carrying(parlour, channel.id, custom_id)
        message.visible_only_to = mallory.id
        await unchanged(parlour, partial(server.click, mallory, message, label="Go"), words)
    # Her name was looked up among the other server's members, where she is none (Discord's 404).
    assert all("Unknown Member" in str(error) for error in server.recorder.take_errors())
    # In this server too, a bystander cannot touch alice's deck screen.
    bob = server.user("bob")
    message = carrying(parlour, parlour.channel.id, f"dk:{alice.id}:c:v:0:clr")
    message.visible_only_to = bob.id
    await unchanged(parlour, partial(server.click, bob, message, label="Go"), "someone else's")


@pytest.mark.parametrize(
    ("custom_id", "words"),
    [("col:{user}:v:0:n", "broken"), ("colh:{user}:0:n", "broken"), ("dk:{user}:v:v:0:new", "someone else's")],
)
async def test_an_owner_number_past_the_databases_range(parlour: Parlour, custom_id: str, words: str) -> None:
    server = parlour.server
    bob = server.user("bob")
    message = carrying(parlour, parlour.channel.id, custom_id.format(user="9" * 20))
    message.visible_only_to = bob.id
    await unchanged(parlour, partial(server.click, bob, message, label="Go"), words)
