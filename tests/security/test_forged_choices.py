"""A command's choices are offered by Discord's client only: a forged value (a modified client, a raw
request) is answered with one sentence, not left unanswered, and nothing is saved."""

from __future__ import annotations

from functools import partial

import pytest

from tests.e2e.harness import Parlour
from tests.security.world import forged_command, unchanged


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ([{"name": "game", "type": 3, "value": "no_such_game"}], "not one of the choices"),
        ([{"name": "game", "type": 3, "value": "highcard"}, {"name": "by", "type": 3, "value": "luck"}], "by rating"),
    ],
)
async def test_a_forged_choice_gets_a_sentence(parlour: Parlour, options: list[dict], words: str) -> None:
    bob = parlour.server.user("bob")
    board = [{"name": "board", "type": 1, "options": options}]
    said = await parlour.sentence(await forged_command(parlour, bob, "season", board))
    assert words in said


async def test_a_forged_language_for_the_settings_changes_nothing(parlour: Parlour) -> None:
    owner = next(m for m in parlour.server.guild.members if m.manage_guild)
    options = [{"name": "language", "type": 3, "value": "xx"}]
    await unchanged(parlour, partial(forged_command, parlour, owner, "settings", options), "not one of the choices")
