"""Another server's tables do not exist: every kind of click and command on them, forged from a
second server by one of its moderators, is refused with one sentence and changes nothing.

And people of the table's own server who are not at it (bystanders) are refused the same way.
"""

from __future__ import annotations

from functools import partial

import pytest

from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out
from tests.loopback.injection import MODAL_SUBMIT
from tests.security.world import attacker, away, private_message, public_message, unchanged

LOBBY_CODES = "jlarosc"  # join, leave, add/remove computer, options, start, cancel


def no_table(table_id: int) -> str:
    return f"There is no table #{table_id} in this server."


@pytest.mark.parametrize("code", [*LOBBY_CODES, "h", "x", "pt"])
async def test_lobby_and_table_buttons_from_another_server(parlour: Parlour, code: str) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    lobby = await parlour.open_table(alice)
    table_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    await parlour.press(bob, lobby, "Join")
    mallory = attacker(parlour)
    carrier = await public_message(parlour, mallory)
    custom_id = f"pt:{table_id}" if code == "pt" else f"pl:{code}:{table_id}"
    values = ["u1"] if code == "pt" else None
    await unchanged(parlour, lambda: parlour.forge(mallory, carrier, custom_id, values), no_table(table_id))


async def test_buttons_of_a_running_and_a_finished_table_from_another_server(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    version = parlour.table(table_id).version
    move = f"play:{parlour.table(table_id).state.hands[0][0]}"
    mallory = attacker(parlour)
    private = await private_message(parlour, mallory)
    public = await public_message(parlour, mallory)
    forged = [
        (private, f"pl:m:{table_id}:{version}:{move}", None),
        (private, f"pv:{table_id}:{version}:play:0", [move.split(":")[1]]),
        (private, f"pl:p:{table_id}:{version}:play:1", None),
        *((private, f"pd:{table_id}:{version}:{action}:play:0", ["1"]) for action in "scxd"),
        (public, f"pl:h:{table_id}", None),
        (public, f"pl:x:{table_id}", None),
    ]
    for message, custom_id, values in forged:
        await unchanged(parlour, partial(parlour.forge, mallory, message, custom_id, values), no_table(table_id))

    await play_out(parlour, table_id, {alice.id: alice, bob.id: bob})
    await parlour.settle()
    assert parlour.table(table_id).status == "finished"
    for custom_id in (f"pl:x:{table_id}", f"pl:h:{table_id}"):  # Rematch; Show my hand (the final one)
        await unchanged(parlour, partial(parlour.forge, mallory, public, custom_id), no_table(table_id))
    parlour.bot.tables.finished.clear()  # type: ignore[union-attr]  # read back from the database
    await unchanged(parlour, lambda: parlour.forge(mallory, public, f"pl:x:{table_id}"), no_table(table_id))


async def test_an_options_form_from_another_server(parlour: Parlour) -> None:
    server = parlour.server
    alice = server.user("alice")
    lobby = await parlour.open_table(alice)
    table_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    mallory = attacker(parlour)
    carrier = await public_message(parlour, mallory)
    channel = server.channel(carrier.channel_id)
    data = {"custom_id": f"po:{table_id}", "components": []}
    await unchanged(parlour, lambda: server._inject(MODAL_SUBMIT, mallory, channel, data, carrier), no_table(table_id))


@pytest.mark.parametrize("command", ["table end", "table replace"])
async def test_table_commands_from_another_server(parlour: Parlour, command: str) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    mallory = attacker(parlour)
    channel = server.channel("general", away(parlour))
    options = {"table": table_id} if command == "table end" else {"table": table_id, "player": bob}
    await unchanged(parlour, lambda: parlour.slash(mallory, command, options, channel=channel), no_table(table_id))
    assert parlour.table(table_id).status == "playing"
    # A lobby too, and a table number nobody has.
    lobby = await parlour.open_table(alice)
    lobby_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    await unchanged(
        parlour, lambda: parlour.slash(mallory, "table end", {"table": lobby_id}, channel=channel), no_table(lobby_id)
    )


async def test_bystanders_of_the_same_server_are_refused(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob, dave = server.user("alice"), server.user("bob"), server.user("dave")
    lobby = await parlour.open_table(alice)
    table_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    await parlour.press(bob, lobby, "Join")
    for code, words in [
        ("l", "not seated"),
        ("a", "Join the table first"),
        ("r", "Join the table first"),
        ("o", "Only the host"),
        ("s", "Only the host"),
        ("c", "Only the host"),
    ]:
        await unchanged(parlour, partial(parlour.forge, dave, lobby, f"pl:{code}:{table_id}"), words)
    await unchanged(parlour, lambda: parlour.forge(bob, lobby, f"pt:{table_id}", ["u1"]), "Only the host")
    data = {"custom_id": f"po:{table_id}", "components": []}
    await unchanged(parlour, lambda: server._inject(MODAL_SUBMIT, dave, parlour.channel, data, lobby), "Only the host")
    kind, _ = await parlour.press(alice, lobby, "Start")
    assert kind == "update"
    await parlour.settle()
    table_message = parlour.table_message(table_id)
    await unchanged(parlour, lambda: server.click(dave, table_message, label="Show my hand"), "not seated")
    await unchanged(
        parlour, lambda: parlour.slash(dave, "table end", {"table": table_id}), "host or a server moderator"
    )
    await unchanged(
        parlour, lambda: parlour.slash(bob, "table replace", {"table": table_id, "player": alice}), "Only the host"
    )
