"""What an attack must leave as it was: every row of the database and every message on Discord.

``await unchanged(parlour, attempt, words)`` runs an attempt (a forged click or command), checks
that it was answered with one private sentence containing ``words``, lets the bot settle, and
checks that no row of any table of the database and no message anyone can see has changed.
"""

from __future__ import annotations

import copy
from collections.abc import Awaitable, Callable

from sqlalchemy import inspect, text

from tests.e2e.harness import Parlour
from tests.loopback.injection import APPLICATION_COMMAND, InteractionHandle
from tests.loopback.models import GuildSpec, UserSpec
from tests.loopback.recorder import Message
from tests.security.conftest import AWAY


async def everything(parlour: Parlour) -> dict[str, list[tuple]]:
    """Every row of every table of the database (sorted), by table name."""
    assert parlour.database is not None
    async with parlour.database.engine.connect() as connection:
        names = await connection.run_sync(lambda sync: inspect(sync).get_table_names())
        rows = {}
        for name in sorted(names):
            found = await connection.execute(text(f'SELECT * FROM "{name}"'))
            rows[name] = sorted((tuple(row) for row in found), key=repr)
    return rows


def shown(parlour: Parlour) -> dict[int, dict]:
    """Every message as it stands now (those only one person sees too)."""
    return {m.id: copy.deepcopy(m.payload) for m in parlour.server.recorder.messages.values()}


async def unchanged(parlour: Parlour, attempt: Callable[[], Awaitable[InteractionHandle]], words: str) -> str:
    """Run ``attempt``; it must be refused privately with ``words`` and change nothing at all."""
    await parlour.settle()
    rows, messages = await everything(parlour), shown(parlour)
    sentence = await parlour.sentence(await attempt())
    assert words in sentence, sentence
    assert sentence.endswith("."), sentence
    await parlour.settle()
    after = shown(parlour)
    assert {i: after[i] for i in messages} == messages, "a message was edited"
    assert all(after[i]["flags"] & 64 for i in after if i not in messages), "a public message was posted"
    assert await everything(parlour) == rows, "the database changed"
    return sentence


def away(parlour: Parlour) -> GuildSpec:
    return next(g for g in parlour.server.guilds if g.name == AWAY)


def attacker(parlour: Parlour, name: str = "mallory") -> UserSpec:
    """A moderator (Manage Server) of the other server."""
    return parlour.server.user(name, manage_guild=True, guild=away(parlour))


async def private_message(parlour: Parlour, user: UserSpec) -> Message:
    """A private message of ``user``'s in the other server, to forge clicks onto (their own /stats answer)."""
    channel = parlour.server.channel("general", away(parlour))
    handle = await parlour.slash(user, "stats", {}, channel=channel)
    message = await handle.message()
    assert message.ephemeral, message.payload
    return message


async def public_message(parlour: Parlour, user: UserSpec) -> Message:
    """A public message in the other server, to forge clicks onto (``user``'s own lobby there)."""
    return await parlour.open_table(user, "highcard", parlour.server.channel("general", away(parlour)))


async def forged_command(parlour: Parlour, user: UserSpec, name: str, options: list[dict]) -> InteractionHandle:
    """A top-level slash command with option values Discord's own client would never send (out of
    its declared ranges): a modified client or a raw request can."""
    server = parlour.server
    root = next(c for c in server.commands.get(None, []) if c["name"] == name)
    data = {"id": root["id"], "name": name, "type": 1, "options": options}
    return await server._inject(APPLICATION_COMMAND, user, parlour.channel, data)
