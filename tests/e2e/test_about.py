"""The bot starts against the loopback Discord, syncs its commands and answers /parlour about."""

import asyncio
import os
import sys
from pathlib import Path

import bot as bot_package
from tests.e2e.harness import Parlour
from tests.loopback.server import LoopbackDiscord

ROOT = Path(__file__).resolve().parents[2]


async def test_about_lists_the_games_and_the_version(parlour: Parlour) -> None:
    alice = parlour.server.user("alice")
    handle = await parlour.server.slash(alice, "parlour about")
    message = await handle.message()
    assert message.ephemeral
    embed = message.embeds[0]
    assert bot_package.__version__ in embed["title"]
    assert "High Card" in embed["description"]


async def test_the_real_bot_process_logs_in_syncs_and_answers(loopback: LoopbackDiscord, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": loopback.token,
        "DISCORD_API_URL": loopback.api_url,
        "DISCORD_GATEWAY_URL": loopback.gateway_url,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'bot.db'}",
        "DEV_GUILD_ID": str(loopback.guild.id),
        "PARLOUR_EXTRA_GAMES": "tests.testgame",
        "LOG_LEVEL": "INFO",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        commands = await loopback.recorder.wait_for(
            lambda: loopback.commands.get(loopback.guild.id) or None, timeout=30
        )
        assert {"parlour", "play", "table", "leaderboard", "stats"} <= {c["name"] for c in commands}
        # Identified, not just connected: an interaction sent before IDENTIFY would reach no session.
        await loopback.recorder.wait_for(
            lambda: any(s.socket is not None for s in loopback.gateway.sessions.values()), timeout=30
        )
        alice = loopback.user("alice")
        message = await (await loopback.slash(alice, "parlour about")).message(timeout=10)
        assert "Gin Rummy" in message.embeds[0]["description"] or "High Card" in message.embeds[0]["description"]
    finally:
        process.terminate()
        _, stderr = await asyncio.wait_for(process.communicate(), 20)
    assert b"Traceback" not in stderr, stderr.decode()
    assert (tmp_path / "bot.db").exists()
