"""Gin-Go through Discord: a whole 2-player game (a person against a computer) and a whole 2v2
game (two people and two computers), with every public message checked for hand cards."""

import pytest

from tests.e2e.games import whole_game_through_discord
from tests.e2e.harness import Parlour


async def test_whole_two_player_game_of_gin_go(parlour: Parlour, monkeypatch: pytest.MonkeyPatch) -> None:
    await whole_game_through_discord(parlour, "gin_go", monkeypatch, 1, 1, {"hand_limit": "2"})


async def test_whole_two_against_two_game_of_gin_go(parlour: Parlour, monkeypatch: pytest.MonkeyPatch) -> None:
    await whole_game_through_discord(parlour, "gin_go", monkeypatch, 2, 2, {"hand_limit": "2"})


async def test_the_host_chooses_partners_in_the_lobby(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob, carol = server.user("alice"), server.user("bob"), server.user("carol")
    lobby = await parlour.open_table(alice, "gin_go")
    table_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    assert "the host chooses" in str(lobby.embeds[0]["fields"])
    for person in (bob, carol):
        assert (await parlour.press(person, lobby, "Join"))[0] == "update"
    assert (await parlour.press(alice, lobby, "Add computer"))[0] == "update"
    lobby = server.recorder.messages[lobby.id]
    teams = next(f["value"] for f in lobby.embeds[0]["fields"] if f["name"] == "Teams")
    assert f"Team A: <@{alice.id}> & <@{carol.id}>" in teams  # partners sit opposite: seats 1 and 3
    menu = next(i for i in lobby.items() if i.get("custom_id", "").startswith("pt:"))
    bob_key = next(o["value"] for o in menu["options"] if o["label"] == "bob")

    before = parlour.snapshot(table_id)
    refused = await parlour.sentence(await server.select(bob, lobby, [bob_key], custom_id=menu["custom_id"]))
    assert "Only the host" in refused and parlour.snapshot(table_id) == before

    kind, shown = await parlour.outcome(await server.select(alice, lobby, [bob_key], custom_id=menu["custom_id"]))
    assert kind == "update" and shown is not None
    teams = next(f["value"] for f in shown.embeds[0]["fields"] if f["name"] == "Teams")
    assert f"Team A: <@{alice.id}> & <@{bob.id}>" in teams
    assert f"Team B: <@{carol.id}> & 🤖 Computer 1" in teams
    assert (await parlour.press(alice, shown, "Start"))[0] == "update"
    table = parlour.table(table_id)
    assert [s.name for s in table.seats] == ["alice", "carol", "bob", "Computer 1"]
    assert table.game.teams_for(4) == ((0, 2), (1, 3))
