"""Computer levels through Discord: the lobby's menu, a forged level, the names people read, a rematch."""

from __future__ import annotations

from bot.i18n import _
from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out


async def test_the_host_picks_a_computer_s_level_and_everyone_sees_it(parlour: Parlour) -> None:
    server = parlour.server
    alice = server.user("alice")
    lobby = await parlour.open_table(alice)
    table_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    menu = next(i for i in lobby.items() if i.get("custom_id", "").startswith("pc:"))
    assert [o["value"] for o in menu["options"]] == ["easy", "normal", "strong"]
    assert not any(o.get("default") for o in menu["options"])  # the Add computer button is the default (normal)

    before = parlour.snapshot(table_id), list(parlour.table(table_id).seats)
    forged = await parlour.forge(alice, lobby, menu["custom_id"], values=["grandmaster"])
    refused = "There is no computer level called 'grandmaster'; pick easy, normal or strong."
    assert await parlour.sentence(forged) == refused
    assert (parlour.snapshot(table_id), list(parlour.table(table_id).seats)) == before

    kind, shown = await parlour.outcome(await server.select(alice, lobby, ["strong"], custom_id=menu["custom_id"]))
    assert kind == "update" and shown is not None
    assert "🤖 Computer 1 (strong)" in shown.embeds[0]["description"]
    assert (await parlour.press(alice, shown, "Add computer"))[0] == "update"
    seats = server.recorder.messages[lobby.id].embeds[0]["description"]
    assert "🤖 Computer 1 (strong)" in seats and "🤖 Computer 2 (normal)" in seats
    assert [(s.name, s.level) for s in parlour.table(table_id).seats[1:]] == [
        ("Computer 1", "strong"),
        ("Computer 2", "normal"),
    ]

    assert (await parlour.press(alice, lobby, "Start"))[0] == "update"
    await play_out(parlour, table_id, {alice.id: alice})
    await parlour.settle()
    final = parlour.table_message(table_id)
    assert "Game over" in final.content
    results = await parlour.bot.store.results_for(table_id)
    assert [r.name for r in results] == ["alice", "Computer 1 (strong)", "Computer 2 (normal)"]

    assert (await parlour.press(alice, final, "Rematch"))[0] == "update"
    again = parlour.table(max(parlour.tables()))
    assert [s.level for s in again.seats] == ["normal", "strong", "normal"]


async def test_a_forged_level_is_refused_in_the_hosts_language(parlour: Parlour) -> None:
    """Issue 47: the refusal of a forged computer level reads in the clicker's language."""
    server = parlour.server
    host = server.user("さくら", locale="ja")
    lobby = await parlour.open_table(host)
    table_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    menu = next(i for i in lobby.items() if i.get("custom_id", "").startswith("pc:"))
    before = parlour.snapshot(table_id)
    forged = await parlour.forge(host, lobby, menu["custom_id"], values=["grandmaster"])
    refused = _("ja", "There is no computer level called {level}; pick easy, normal or strong.", level="'grandmaster'")
    assert await parlour.sentence(forged) == refused and refused.startswith("'grandmaster'という")
    assert parlour.snapshot(table_id) == before
