"""The lobby through Discord: join, leave, computers, options (refused and saved), start, cancel;
then results, Rematch, /leaderboard and /stats."""

from __future__ import annotations

import pytest

from render.text import recording
from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out
from tests.loopback.injection import MODAL_SUBMIT, InjectionError


async def test_lobby_game_rematch_and_standings(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob, carol = server.user("alice"), server.user("bob"), server.user("carol")
    lobby = await parlour.open_table(alice)
    table_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])

    assert "needs 2 to 4" in await parlour.sentence(await server.click(alice, lobby, label="Start"))
    assert (await parlour.press(bob, lobby, "Join"))[0] == "update"
    assert "already seated" in await parlour.sentence(await server.click(bob, lobby, label="Join"))
    assert (await parlour.press(bob, lobby, "Leave"))[0] == "update"
    assert "not seated" in await parlour.sentence(await server.click(bob, lobby, label="Leave"))
    assert "Join the table first" in await parlour.sentence(await server.click(bob, lobby, label="Add computer"))
    assert (await parlour.press(bob, lobby, "Join"))[0] == "update"
    assert "host can't leave" in await parlour.sentence(await server.click(alice, lobby, label="Leave"))
    for _ in range(2):
        assert (await parlour.press(alice, lobby, "Add computer"))[0] == "update"
    assert "full" in await parlour.sentence(await server.click(carol, lobby, label="Join"))
    assert (await parlour.press(bob, lobby, "Remove computer"))[0] == "update"
    assert (await parlour.press(carol, lobby, "Join"))[0] == "update"
    seats = server.recorder.messages[lobby.id].embeds[0]["description"]
    assert f"<@{alice.id}> · level 1 (host)" in seats and f"<@{bob.id}> · level 1" in seats and "Computer 1" in seats

    assert "Only the host" in await parlour.sentence(await server.click(bob, lobby, label="Options"))
    opened = await server.click(alice, lobby, label="Options")
    modal = await opened.modal()
    before = parlour.snapshot(table_id), dict(parlour.table(table_id).options)
    menu = modal["components"][0]["component"]  # a select menu of the allowed values, the current one shown
    assert menu["type"] == 3 and [o["value"] for o in menu["options"]] == [str(n) for n in range(1, 7)]
    assert [o["value"] for o in menu["options"] if o.get("default")] == ["5"]
    with pytest.raises(InjectionError):  # Discord offers nothing else
        await server.submit_modal(alice, opened, {"option:hand_size": "9"})
    for value, words in (("9", "between 1 and 6"), ("lots", "whole number")):  # a forged form is still refused
        forged = {
            "custom_id": modal["custom_id"],
            "components": [{"type": 18, "component": {"type": 3, "custom_id": "option:hand_size", "values": [value]}}],
        }
        refused = await server._inject(MODAL_SUBMIT, alice, parlour.channel, forged, lobby)
        assert words in await parlour.sentence(refused)
    assert (parlour.snapshot(table_id), parlour.table(table_id).options) == before
    saved = await server.submit_modal(alice, opened, {"option:hand_size": "3"})
    assert (await parlour.outcome(saved))[0] == "update"
    assert parlour.table(table_id).options == {"hand_size": 3}
    assert "**3**" in str(server.recorder.messages[lobby.id].embeds[0]["fields"])

    assert "Only the host" in await parlour.sentence(await server.click(bob, lobby, label="Start"))
    assert (await parlour.press(alice, lobby, "Start"))[0] == "update"
    table = parlour.table(table_id)
    assert [s.name for s in table.seats] == ["alice", "bob", "Computer 1", "carol"]
    assert "already started" in await parlour.sentence(await parlour.forge(bob, lobby, f"pl:j:{table_id}"))

    people = {u.id: u for u in (alice, bob, carol)}
    await play_out(parlour, table_id, people)
    await parlour.settle()
    final = parlour.table_message(table_id)
    assert "Game over" in final.content and final.attachments[0].filename == "results.png"

    # Rematch: a new lobby with the same options and computer; only bob, who asked, is seated.
    rematch, again_lobby = await parlour.rematch(bob, table_id)
    assert server.recorder.messages[final.id].buttons == []
    assert rematch != table_id and rematch == max(parlour.tables())
    again = parlour.table(rematch)
    assert [s.name for s in again.seats] == ["bob", "Computer 1"] and again.options == {"hand_size": 3}
    assert again.status == "lobby" and again.host_id == bob.id
    assert f"Rematch of table #{table_id}" in again_lobby.embeds[0]["footer"]["text"]
    # One rematch per table: asking again points to it, and opens nothing.
    said = await parlour.sentence(await parlour.forge(alice, final, f"pl:x:{table_id}"))
    assert said == f"This game's rematch is already open at table #{rematch}; join it there."
    assert max(parlour.tables()) == rematch
    for person in (alice, carol):  # each joins by their own click
        assert (await parlour.press(person, again_lobby, "Join"))[0] == "update"
    assert (await parlour.press(bob, again_lobby, "Start"))[0] == "update"
    assert [s.name for s in again.seats] == ["bob", "Computer 1", "alice", "carol"] and again.status == "playing"
    await play_out(parlour, rematch, people)

    # Results are in the standings.
    with recording() as drawn:  # the leaderboard is a picture: read the lines it drew
        board = await (await server.slash(carol, "leaderboard", game="highcard", by="wins")).message()
    assert board.attachments[0].filename == "leaderboard.png"
    lines = " | ".join(line.content for line in drawn)
    assert all(u.name in lines for u in people.values()) and "Computer" not in lines
    stats = await (await parlour.slash(carol, "stats", {"user": alice})).message()
    field = stats.embeds[0]["fields"][0]
    assert field["name"] == "High Card" and field["value"].startswith("2 games")
    nobody = await (await parlour.slash(carol, "stats", {"user": server.user("dave")})).message()
    assert "has not finished a game" in nobody.content


async def test_cancel_closes_the_lobby(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    lobby = await parlour.open_table(alice)
    assert "Only the host" in await parlour.sentence(await server.click(bob, lobby, label="Cancel"))
    assert (await parlour.press(alice, lobby, "Cancel"))[0] == "update"
    assert server.recorder.messages[lobby.id].buttons == []
    assert parlour.tables() == {}
