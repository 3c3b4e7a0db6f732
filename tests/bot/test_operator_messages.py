"""Issue 43: what the person running the bot reads: the demo's folder, the login line, quiet libraries."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import __main__ as entry
from bot.commands import invite_link, servers
from bot.demo import DemoError, run_demo
from tests.testgame import GAME as HIGH_CARD

ROOT = Path(__file__).resolve().parents[2]


def test_a_second_demo_run_into_one_folder_leaves_only_its_own_pictures(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    stale = out / HIGH_CARD.key / "2-middle-hand-Computer9.png"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"an earlier run's picture")
    keep = out / HIGH_CARD.key / "notes.md"
    keep.write_text("mine")
    run_demo(out, games=[HIGH_CARD])
    written = sorted(p.name for p in (out / HIGH_CARD.key).iterdir())
    assert "2-middle-hand-Computer9.png" not in written and "notes.md" in written
    assert "4-results.png" in written and "log.txt" in written


def test_a_demo_folder_that_cannot_be_written_is_one_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("")
    with pytest.raises(DemoError, match=r"^The folder .* cannot be written .*: choose another with --out\.$"):
        run_demo(blocker / "demo", games=[HIGH_CARD])
    real_write = Path.write_bytes

    def read_only(path: Path, data: bytes) -> int:  # the tests run as root, who may write anywhere
        if path.name == ".parlour-demo-probe":
            raise PermissionError(13, "Permission denied")
        return real_write(path, data)

    with monkeypatch.context() as patched:
        patched.setattr(Path, "write_bytes", read_only)
        with pytest.raises(DemoError, match="Permission denied"):
            run_demo(tmp_path / "read-only", games=[HIGH_CARD])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "bot", "demo", "--out", str(blocker / "demo")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "--out" in result.stderr


def test_plurals_and_the_invite_link() -> None:
    assert (servers(0), servers(1), servers(2)) == ("0 servers", "1 server", "2 servers")
    assert invite_link(42) == (
        "https://discord.com/oauth2/authorize?client_id=42&scope=bot+applications.commands&permissions=317827697664"
    )


def test_libraries_stay_quiet_at_debug_unless_log_level_sql_asks() -> None:
    saved = {name: logging.getLogger(name).level for name in entry.LIBRARY_LOGGERS}
    try:
        entry.configure_logging("DEBUG")
        assert logging.getLogger("aiosqlite").getEffectiveLevel() == logging.WARNING
        assert logging.getLogger("sqlalchemy.engine").getEffectiveLevel() == logging.WARNING
        assert logging.getLogger("discord.http").getEffectiveLevel() == logging.WARNING
        entry.configure_logging("DEBUG", "DEBUG")
        assert logging.getLogger("aiosqlite").getEffectiveLevel() == logging.DEBUG
    finally:
        for name, level in saved.items():
            logging.getLogger(name).setLevel(level)
