"""Each game has its own command group, generated from its declaration."""

from __future__ import annotations

from engine import registry
from tests.e2e.harness import Parlour


async def test_every_game_has_play_rules_and_leaderboard(parlour: Parlour) -> None:
    server = parlour.server
    names = {c["name"]: c for c in server.commands.get(None, [])}
    for game in registry.all_games():
        group = names[game.key.replace("_", "-")]
        assert {o["name"] for o in group["options"]} == {"play", "rules", "leaderboard"}
    assert "play" in names  # /play game: stays


async def test_a_game_group_opens_a_table_and_shows_its_rules(parlour: Parlour) -> None:
    server = parlour.server
    alice = server.user("alice")
    answer = await (await server.slash(alice, "highcard play", channel=parlour.channel)).message()
    assert "High Card table" in answer.content and "is open" in answer.content
    rules = await (await server.slash(alice, "highcard rules")).message()
    assert rules.ephemeral and "High Card" in str(rules.embeds)
    board = await (await server.slash(alice, "highcard leaderboard")).message()
    assert "No one has finished a game of High Card here yet." in board.content
