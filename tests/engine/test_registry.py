"""Registration fails loudly: a game package without a valid ``GAME`` stops the start, it is never
skipped (and then its whole-game test cannot skip either: it fails)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from engine import registry

ROOT = Path(__file__).resolve().parents[2]
VALID = """
from tests.games.engine.twenty_one import GAME as TWENTY_ONE
from dataclasses import replace
GAME = replace(TWENTY_ONE, key={key!r}, name="Broken copy")
"""


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry as a starting process has it: nothing discovered yet (restored afterwards)."""
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_discovered", False)
    yield


def package(root: Path, name: str, source: str) -> None:
    (root / name).mkdir(parents=True)
    (root / name / "__init__.py").write_text(textwrap.dedent(source), encoding="utf-8")


@pytest.mark.parametrize(
    ("source", "complaint"),
    [
        ("GAMES = None\n", "declares no GAME"),
        ("GAME = {'key': 'mistake'}\n", "is a dict, not an engine.core.Game"),
        (VALID.format(key="Not A Key"), "has the key 'Not A Key'"),
        (VALID.format(key="nin_jan"), "already uses"),
    ],
    ids=["misspelled", "not-a-game", "bad-key", "taken-key"],
)
def test_a_package_under_engine_without_a_valid_game_is_an_error(
    fresh_registry: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, complaint: str
) -> None:
    package(tmp_path, "zz_broken_game", source)
    monkeypatch.setattr(engine, "__path__", [*engine.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, "engine.zz_broken_game", raising=False)
    with pytest.raises(registry.BadDeclaration, match=complaint):
        registry.all_games()
    with pytest.raises(registry.BadDeclaration):  # every later look fails too, never a shorter list
        registry.get("nin_jan")


def test_a_bot_process_with_a_broken_extra_game_stops_at_start(tmp_path: Path) -> None:
    package(tmp_path, "broken_extra", "GAME = 'twenty_one'\n")
    probe = "import cogs.tables"  # a cog lists the games when it is loaded, as the bot does at start
    path = os.pathsep.join([str(ROOT), str(tmp_path)])
    env = {**os.environ, "PYTHONPATH": path, "PARLOUR_EXTRA_GAMES": "broken_extra"}
    done = subprocess.run([sys.executable, "-c", probe], env=env, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode != 0
    assert "BadDeclaration: broken_extra.GAME is a str, not an engine.core.Game." in done.stderr
