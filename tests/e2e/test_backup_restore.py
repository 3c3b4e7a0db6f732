"""Issue 43: a backup made while the bot runs (SQLite in WAL mode) restores, and its games play on.

The README's two ways: the sqlite3 shell's ``.backup`` (when installed) and Python's
``sqlite3`` backup API; both copy the database and what its WAL file holds, consistently.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

from sqlalchemy import make_url

from tests.e2e.harness import Parlour


def python_backup(database: Path, backup: Path) -> None:
    source, target = sqlite3.connect(database), sqlite3.connect(backup)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()


async def test_a_backup_made_while_the_bot_runs_restores_and_plays_on(parlour: Parlour, tmp_path: Path) -> None:
    server = parlour.server
    alice = server.user("alice")
    table_id = await parlour.start_game(alice, computers=1)
    saved_version = parlour.table(table_id).version
    database = Path(make_url(parlour.settings.database_url).database or "")
    assert database.with_name(database.name + "-wal").exists()  # WAL mode: the file alone is not the database

    python_backup(database, tmp_path / "python-backup.db")
    backup = tmp_path / "python-backup.db"
    if shutil.which("sqlite3"):
        shell = subprocess.run(
            ["sqlite3", str(database), f".backup {tmp_path / 'shell-backup.db'}"], capture_output=True, timeout=60
        )
        assert shell.returncode == 0, shell.stderr
        backup = tmp_path / "shell-backup.db"

    await parlour.stop()
    assert database.with_name(database.name + "-wal").exists()

    # Restore: with the bot stopped, the backup replaces the file, and the old -wal and -shm go.
    for suffix in ("", "-wal", "-shm"):
        database.with_name(database.name + suffix).unlink(missing_ok=True)
    shutil.copyfile(backup, database)
    await parlour.start()
    await parlour.settle()
    restored = parlour.table(table_id)
    assert (restored.status, restored.version) == ("playing", saved_version)
    while parlour.table(table_id).status == "playing":
        await parlour.outcome(await parlour.play(alice, table_id))
        await parlour.settle()
    assert parlour.table(table_id).status == "finished"
