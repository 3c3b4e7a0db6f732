"""/help, table numbers offered as you type, and sentences with names and proper plurals."""

from __future__ import annotations

from cogs.words import count
from engine.core import Outcome
from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out
from tests.loopback.injection import AUTOCOMPLETE, find_command


async def test_help_lists_every_command_with_one_line(parlour: Parlour) -> None:
    server = parlour.server
    message = await (await server.slash(server.user("alice"), "help")).message()
    text = message.embeds[0]["description"]
    for name in ("/play", "/table end", "/rules", "/leaderboard", "/stats", "/settings", "/highcard play"):
        assert f"`{name}" in text
    # Every top-level command on a line of its own; a group that is not a game's own, one line per subcommand.
    lines = text.splitlines()
    for command in server.commands.get(None, []):
        subs = [o["name"] for o in command.get("options", []) if o["type"] == 1]
        game = set(subs) == {"play", "rules", "leaderboard"}
        for shown in [command["name"]] if not subs or game else [f"{command['name']} {sub}" for sub in subs]:
            assert sum(line.startswith(f"`/{shown}") for line in lines) == 1, shown
    # Who may use what; no line cut short (a game's whole summary, not Discord's 100 characters).
    assert "`/tournament start`: Close sign-up and seat the first round. (🔒 Manage Server)" in lines
    assert "`/tournament standings`: Post the standings picture." in lines
    assert "`/settings`: Show or change this server's table settings. (🔒 Manage Server)" in lines
    assert "— or say Kat oh!" in text


async def test_table_numbers_are_offered_this_channels_first(parlour: Parlour) -> None:
    server = parlour.server
    alice = server.user("alice")
    elsewhere = await parlour.bot.tables.open(
        server.guild.id, server.channel("quiet").id, "highcard", alice.id, "alice"
    )
    here = await parlour.start_game(alice, computers=1)
    root, _, _ = find_command(server.commands.get(None, []), "table end")
    data = {
        "id": root["id"],
        "name": "table",
        "type": 1,
        "options": [
            {"name": "end", "type": 1, "options": [{"name": "table", "type": 4, "value": "", "focused": True}]}
        ],
    }
    handle = await server._inject(AUTOCOMPLETE, alice, parlour.channel, data)
    event = await handle.answer()
    choices = event.body["data"]["choices"]
    assert [c["value"] for c in choices] == [here, elsewhere.id]
    assert "(here)" in choices[0]["name"] and "alice" in choices[0]["name"]


async def test_the_end_of_a_game_says_who_won_by_how_much_in_names(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    await play_out(parlour, table_id, {alice.id: alice, bob.id: bob})
    await parlour.settle()
    outcome: Outcome = parlour.table(table_id).outcome
    content = parlour.table_message(table_id).content
    assert "Game over:" in content and "Seat " not in content
    if len(outcome.winners) == 1:
        winner = ["alice", "bob"][outcome.winners[0]]
        assert f"{winner} wins with {count(outcome.points[outcome.winners[0]], 'point')}" in content


def test_counted_nouns() -> None:
    assert (count(1, "win"), count(1, "game"), count(2, "game")) == ("1 win", "1 game", "2 games")


async def test_a_table_in_a_thread_of_this_channel_is_offered_as_here(parlour: Parlour) -> None:
    server = parlour.server
    alice = server.user("alice")
    assert parlour.bot is not None
    await parlour.bot.store_adapter.update_settings(server.guild.id, use_threads=True)
    answer = await (await server.slash(alice, "play", channel=parlour.channel, game="highcard")).message()
    assert "is open in" in answer.content  # in a new thread of #general
    [table] = parlour.tables().values()
    assert table.channel_id != parlour.channel.id
    root, _, _ = find_command(server.commands.get(None, []), "table end")
    data = {
        "id": root["id"],
        "name": "table",
        "type": 1,
        "options": [
            {"name": "end", "type": 1, "options": [{"name": "table", "type": 4, "value": "", "focused": True}]}
        ],
    }
    event = await (await server._inject(AUTOCOMPLETE, alice, parlour.channel, data)).answer()
    [choice] = event.body["data"]["choices"]
    assert choice["value"] == table.id and "(here)" in choice["name"], choice
