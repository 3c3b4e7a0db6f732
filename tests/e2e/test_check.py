"""Issue 43: ``python -m bot check`` says what is wrong, one line each, and changes nothing."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

import pytest

from tests.e2e.harness import Parlour
from tests.e2e.test_shard_leases import bot_env
from tests.loopback.server import LoopbackDiscord


async def check(env: dict[str, str], folder: Path) -> tuple[int, list[str]]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "check", cwd=folder, env=env, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, out.decode().splitlines()


async def test_a_working_installation_checks_ok(loopback: LoopbackDiscord, tmp_path: Path) -> None:
    server = loopback
    database = tmp_path / "parlour.db"
    parlour = Parlour(server, database)
    await parlour.start()  # migrates the database
    await parlour.stop()
    status, lines = await check(bot_env(server, database), tmp_path)
    assert status == 0, lines
    assert all(line.startswith(("ok ", "note ")) for line in lines), lines
    said = "\n".join(lines)
    assert "The database's migrations are current" in said and "No process serves this database now." in said
    assert f"Discord knows the bot as Parlour (application {server.application_id}), in 1 server: " in said


async def test_problems_are_one_line_each_and_nothing_is_created(loopback: LoopbackDiscord, tmp_path: Path) -> None:
    server = loopback
    server.guilds.clear()
    database = tmp_path / "missing" / "parlour.db"
    status, lines = await check(bot_env(server, database), tmp_path)
    assert status == 2
    problems = [line for line in lines if line.startswith("PROBLEM")]
    assert len(problems) == 2, lines
    assert "There is no SQLite file at" in problems[0] and str(database) in problems[0]
    assert "in no server: invite it with https://discord.com/oauth2/authorize?client_id=" in problems[1]
    assert not database.parent.exists()
    status, lines = await check({**bot_env(server, database), "DISCORD_TOKEN": "wrong"}, tmp_path)
    assert status == 2 and any("DISCORD_TOKEN was refused" in line for line in lines), lines
    assert [r.status for r in server.recorder.take_errors()] == [401]


async def test_logged_in_to_no_server_says_how_to_invite(
    loopback: LoopbackDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    server = loopback
    parlour = Parlour(server, tmp_path / "parlour.db")
    server.guilds.clear()
    with caplog.at_level(logging.INFO, logger="bot.client"):
        await parlour.start()
        await parlour.stop()
    assert (
        f"in 0 servers: invite the bot with https://discord.com/oauth2/authorize?client_id={server.application_id}"
        in (caplog.text)
    )


async def test_logged_in_to_one_server_says_server(
    loopback: LoopbackDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    parlour = Parlour(loopback, tmp_path / "parlour.db")
    with caplog.at_level(logging.INFO, logger="bot.client"):
        await parlour.start()
        await parlour.stop()
    assert [r.getMessage() for r in caplog.records if r.getMessage().startswith("Logged in")] == [
        "Logged in as Parlour in 1 server"
    ]
