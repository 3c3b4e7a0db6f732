"""A finished table's replay is its own server's: asked from another server (cached or not, by
command or by a step button) it does not exist."""

from __future__ import annotations

from functools import partial

from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out
from tests.security.world import attacker, away, forged_command, unchanged


async def test_a_replay_from_another_server(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    await play_out(parlour, table_id, {alice.id: alice, bob.id: bob})
    await parlour.settle()
    mallory = attacker(parlour)
    channel = server.channel("general", away(parlour))
    words = f"There is no table {table_id} in this server."
    ask = partial(parlour.slash, mallory, "replay", {"table": table_id}, channel=channel)
    await unchanged(parlour, ask, words)  # not yet loaded
    handle = await parlour.slash(alice, "replay", {"table": table_id})  # watched at home: now kept in memory
    await handle.answer()
    await handle.next("followup")
    await unchanged(parlour, ask, words)
    # A step button (as on the replay's message) in the other server.
    button = {"type": 2, "style": 1, "label": "Step", "custom_id": f"rp:{table_id}:1:0:a"}
    copy = server._new_message(
        channel.id, {"content": "replay", "components": [{"type": 1, "components": [button]}]}, []
    )
    await unchanged(parlour, partial(server.click, mallory, copy, label="Step"), words)


async def test_a_replay_of_a_table_number_past_the_databases_range(parlour: Parlour) -> None:
    owner = next(m for m in parlour.server.guild.members if m.manage_guild)
    for number in (2**63, 10**30):
        options = [{"name": "table", "type": 4, "value": number}]
        forged = partial(forged_command, parlour, owner, "replay", options)
        await unchanged(parlour, forged, "There is no table")  # (the gateway's JSON may read 10**30 as 1e+30)
