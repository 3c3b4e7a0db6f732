"""Issue 43: a shard is served by one process at a time, with real bot processes on the loopback.

A second process on the same database is refused in one sentence (exit 2), and so is one with
another SHARD_COUNT; after the first is killed with SIGKILL its claim frees itself, and a new
process serves the shard.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

from tests.e2e.killer import _die_with_us
from tests.loopback.gateway import IDENTIFY
from tests.loopback.server import LoopbackDiscord

ROOT = Path(__file__).resolve().parents[2]


def bot_env(server: LoopbackDiscord, database: Path, **extra: str) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "SHARD_", "DEV_"))}
    return {
        **clean,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": server.token,
        "DISCORD_API_URL": server.api_url,
        "DISCORD_GATEWAY_URL": server.gateway_url,
        "DATABASE_URL": f"sqlite:///{database}",
        "PICTURE_WORKERS": "0",
        "LOG_LEVEL": "WARNING",
        **extra,
    }


async def start(env: dict[str, str], folder: Path, name: str) -> asyncio.subprocess.Process:
    log = open(folder / f"{name}.log", "w")  # noqa: SIM115 - the child writes it while it runs
    try:
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=folder, env=env, stdout=log, stderr=log, preexec_fn=_die_with_us
        )
    finally:
        log.close()


async def refused(env: dict[str, str], folder: Path) -> str:
    """Run a process that must be refused; return its one line."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=folder, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    _, err = await asyncio.wait_for(process.communicate(), 60)
    text = err.decode()
    assert process.returncode == 2, text
    assert "Traceback" not in text and len(text.strip().splitlines()) == 1, text
    return text


async def test_one_process_per_shard_even_after_a_kill(loopback: LoopbackDiscord, tmp_path: Path) -> None:
    server = loopback
    identified: list[list[int]] = []
    on_message = server.gateway._on_message

    async def identify(conn, session, payload: dict):  # type: ignore[no-untyped-def]
        if payload.get("op") == IDENTIFY:
            identified.append(list(payload["d"].get("shard") or [0, 1]))
        return await on_message(conn, session, payload)

    server.gateway._on_message = identify  # type: ignore[method-assign]
    database = tmp_path / "parlour.db"
    env = bot_env(server, database)
    running: list[asyncio.subprocess.Process] = []
    try:
        first = await start(env, tmp_path, "first")
        running.append(first)
        await server.recorder.wait_for(lambda: len(identified) >= 1 or first.returncode is not None, timeout=60)
        assert first.returncode is None, (tmp_path / "first.log").read_text()

        line = await refused(env, tmp_path)
        assert "Another Parlour" in line and f"process {first.pid}" in line and "DATABASE_URL" in line
        line = await refused({**env, "SHARD_COUNT": "2", "SHARD_IDS": "1"}, tmp_path)
        assert "SHARD_COUNT is 2 here but 1" in line
        assert len(identified) == 1  # neither refused process reached Discord

        first.send_signal(signal.SIGKILL)
        await first.wait()
        second = await start(env, tmp_path, "second")
        running.append(second)
        await server.recorder.wait_for(lambda: len(identified) >= 2 or second.returncode is not None, timeout=60)
        assert second.returncode is None, (tmp_path / "second.log").read_text()
        line = await refused(env, tmp_path)  # the new process holds the shard now
        assert f"process {second.pid}" in line
        second.terminate()
        assert await asyncio.wait_for(second.wait(), 30) == 0
        third = await start(env, tmp_path, "third")  # a clean stop gave the shard back at once
        running.append(third)
        await server.recorder.wait_for(lambda: len(identified) >= 3 or third.returncode is not None, timeout=60)
        assert third.returncode is None, (tmp_path / "third.log").read_text()
    finally:
        for process in running:
            if process.returncode is None:
                process.terminate()
        for process in running:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), 30)
    logs = "".join((tmp_path / f"{name}.log").read_text() for name in ("second", "third"))
    assert "Traceback" not in logs, logs[-3000:]
