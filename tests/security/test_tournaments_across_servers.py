"""Another server's tournament does not exist: its sign-up buttons and every /tournament command,
from a moderator of a second server, are refused with one sentence and change nothing; members
without Manage Server are refused the moderators' commands in the tournament's own server."""

from __future__ import annotations

from functools import partial

import pytest

from tests.e2e.harness import Parlour
from tests.e2e.tournaments import cog, sign_up
from tests.security.world import attacker, away, public_message, unchanged

COMMANDS = ["start", "pause", "resume", "cancel", "computer", "drop", "standings"]


async def signup(parlour: Parlour) -> int:
    server = parlour.server
    mod = server.user("mod", manage_guild=True)
    cog(parlour).post_spacing = 0
    created = await server.slash(mod, "tournament create", game="highcard")
    message = await created.message()
    await sign_up(parlour, message, [server.user("alice"), server.user("bob")])
    return 1


@pytest.mark.parametrize("command", COMMANDS)
async def test_tournament_commands_from_another_server(parlour: Parlour, command: str) -> None:
    tournament = await signup(parlour)
    mallory = attacker(parlour)
    channel = parlour.server.channel("general", away(parlour))
    await unchanged(
        parlour,
        partial(parlour.slash, mallory, f"tournament {command}", {"tournament": tournament}, channel=channel),
        f"There is no tournament #{tournament} in this server.",
    )


async def test_replace_and_the_sign_up_buttons_from_another_server(parlour: Parlour) -> None:
    tournament = await signup(parlour)
    mallory, accomplice = attacker(parlour), attacker(parlour, "trudy")
    channel = parlour.server.channel("general", away(parlour))
    words = f"There is no tournament #{tournament} in this server."
    options = {"tournament": tournament, "player": mallory, "substitute": accomplice}
    await unchanged(parlour, partial(parlour.slash, mallory, "tournament replace", options, channel=channel), words)
    carrier = await public_message(parlour, mallory)
    for action in "jl":  # not on the message: no button of the bot's reads it
        forged = partial(parlour.forge, mallory, carrier, f"pt:{action}:{tournament}")
        await unchanged(parlour, forged, "can't read that button")
    # On a message that has them (a copy of the sign-up's buttons in the other server): the service refuses.
    buttons = [{"type": 2, "style": 1, "label": a, "custom_id": f"pt:{a}:{tournament}"} for a in "jl"]
    copy = parlour.server._new_message(
        channel.id, {"content": "sign up", "components": [{"type": 1, "components": buttons}]}, []
    )
    for action in "jl":
        await unchanged(parlour, partial(parlour.server.click, mallory, copy, label=action), words)


@pytest.mark.parametrize("command", ["start", "pause", "resume", "cancel", "computer"])
async def test_moderators_commands_need_manage_server(parlour: Parlour, command: str) -> None:
    tournament = await signup(parlour)
    dave = parlour.server.user("dave")
    await unchanged(
        parlour,
        partial(parlour.slash, dave, f"tournament {command}", {"tournament": tournament}),
        "Only someone with Manage Server can do that.",
    )
