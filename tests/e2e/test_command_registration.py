"""Issue 43: every server shows each slash command once, and a wrong DEV_GUILD_ID is one sentence.

Switching DEV_GUILD_ID on and off leaves no copies behind; ``python -m bot commands --clear``
removes what an earlier run left; a DEV_GUILD_ID the bot is not in stops the start (exit 2)
before Discord is asked to write there (no 403 Missing Access).
"""

from __future__ import annotations

import asyncio
import dataclasses
import sys
from pathlib import Path

import pytest

from bot.commands import CommandsError
from tests.e2e.harness import Parlour
from tests.e2e.test_shard_leases import bot_env
from tests.loopback.server import LoopbackDiscord


def names(server: LoopbackDiscord, scope: int | None) -> list[str]:
    return [c["name"] for c in server.commands.get(scope, [])]


async def run(parlour: Parlour, dev_guild_id: int | None) -> None:
    parlour.settings = dataclasses.replace(parlour.settings, dev_guild_id=dev_guild_id)
    await parlour.start()
    await parlour.stop()


async def test_switching_dev_guild_on_and_off_leaves_one_copy(loopback: LoopbackDiscord, tmp_path: Path) -> None:
    server = loopback
    guild = server.guild.id
    parlour = Parlour(server, tmp_path / "parlour.db")
    await run(parlour, None)
    assert "play" in names(server, None) and names(server, guild) == []
    await run(parlour, guild)
    assert "play" in names(server, guild) and names(server, None) == []
    await run(parlour, None)
    assert "play" in names(server, None) and names(server, guild) == []
    owner = server.user("Owner", manage_guild=True)
    visible = server.visible_commands(owner)
    assert len(visible) == len(set(visible)), visible


async def test_a_dev_guild_the_bot_is_not_in_is_one_sentence_and_nothing_is_written(
    loopback: LoopbackDiscord, tmp_path: Path
) -> None:
    server = loopback
    parlour = Parlour(server, tmp_path / "parlour.db")
    parlour.settings = dataclasses.replace(parlour.settings, dev_guild_id=server.guild.channels[0].id)
    with pytest.raises(CommandsError) as refused:
        await parlour.start()
    await parlour.stop()
    message = str(refused.value)
    assert message.startswith(f"DEV_GUILD_ID {server.guild.channels[0].id} is not one of the bot's servers")
    assert "Loopback Guild" in message and f"client_id={server.application_id}" in message
    assert server.recorder.errors == [] and server.commands == {}


async def test_a_wrong_dev_guild_exits_2_without_a_traceback(loopback: LoopbackDiscord, tmp_path: Path) -> None:
    server = loopback
    server.guilds.clear()  # the bot was never invited anywhere
    env = bot_env(server, tmp_path / "parlour.db", DEV_GUILD_ID="123456789012345678")
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(process.communicate(), 60)
    text = err.decode()
    assert process.returncode == 2, text
    assert "Traceback" not in text and len(text.strip().splitlines()) == 1, text
    assert "the bot is in no server yet: invite it with https://discord.com/oauth2/authorize?client_id=" in text
    assert server.recorder.errors == []


async def test_commands_clear_removes_what_earlier_runs_left(loopback: LoopbackDiscord, tmp_path: Path) -> None:
    server = loopback
    guild = server.guild.id
    database = tmp_path / "parlour.db"
    parlour = Parlour(server, database)
    await run(parlour, guild)  # the database remembers the test server
    await run(parlour, None)
    server.commands[guild] = list(server.commands[None])  # as a run before issue 43 left them
    env = bot_env(server, database)

    async def command(*args: str) -> str:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "commands", *args, cwd=tmp_path, env=env, stdout=asyncio.subprocess.PIPE
        )
        out, _ = await asyncio.wait_for(process.communicate(), 60)
        assert process.returncode == 0
        return out.decode().strip()

    count = len(server.commands[None])
    assert await command("--guild", str(guild)) == f"Registered: {count} global commands, {count} in server {guild}."
    said = await command("--clear", "--guild", str(guild))
    assert said.startswith(f"Removed {count} global commands, {count} in server {guild}")
    assert names(server, None) == [] and names(server, guild) == []
