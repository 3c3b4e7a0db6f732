"""An options form opened before a restart of the bot still works when it is submitted."""

from tests.e2e.harness import Parlour


async def test_options_form_survives_a_restart(parlour: Parlour) -> None:
    server = parlour.server
    alice = server.user("alice")
    lobby = await parlour.open_table(alice)
    table_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    opened = await server.click(alice, lobby, label="Options")
    await opened.modal()

    await parlour.restart()
    saved = await server.submit_modal(alice, opened, {"option:hand_size": "4"})
    assert (await parlour.outcome(saved))[0] == "update"
    assert parlour.table(table_id).options == {"hand_size": 4}
    assert "**4**" in str(server.recorder.messages[lobby.id].embeds[0]["fields"])
