"""Issue 43: ``python -m bot.rating_store`` reads the bot's settings and refuses, in one sentence,
what would silently do the wrong thing."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from sqlalchemy import insert

from bot.db import open_database
from bot.leases import LEASES
from bot.models import utcnow
from bot.store import Store
from tests.bot.test_ratings_store import ALICE, BOB, START, line, new_table

ROOT = Path(__file__).resolve().parents[2]


def rebuild(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot.rating_store", *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def refused(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
    return result.stderr


async def test_it_reads_the_env_file_and_rebuilds_a_parlour_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/games/parlour.db"
    database = await open_database(url)
    try:
        store = Store(database.sessions)
        table = await new_table(store)
        await store.start_table(table.id, "{}")
        await store.finish_table(table.id, "{}", [line(0, ALICE, 1, 9), line(1, BOB, 2, 3)], now=START)
        store.close()
    finally:
        await database.close()
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\nDATABASE_URL=sqlite:///games/parlour.db\n")
    result = rebuild(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "Rebuilt the ratings of 1 finished table."

    async with database.engine.begin() as connection:  # a bot runs on it now
        holder = f"{socket.gethostname()}:{os.getpid()}:test"
        await connection.execute(insert(LEASES).values(shard_id=0, holder=holder, shard_count=1, heartbeat_at=utcnow()))
    await database.close()
    assert f"The bot is running on this database (process {os.getpid()} on" in refused(rebuild(tmp_path))


def test_a_mistyped_path_an_empty_database_and_a_bad_url_are_refused(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DATABASE_URL=sqlite:///data/parlour.db\n")
    assert "There is no SQLite file at" in refused(rebuild(tmp_path))
    assert not (tmp_path / "data").exists()
    (tmp_path / "empty.db").write_bytes(b"")
    assert "has no Parlour tables" in refused(rebuild(tmp_path, "--url", f"sqlite:///{tmp_path}/empty.db"))
    assert "two slashes" in refused(rebuild(tmp_path, "--url", "sqlite://data/parlour.db"))
