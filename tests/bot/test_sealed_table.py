"""Cogs and pictures see a table through views only: no cog reads a table's raw game state."""

from __future__ import annotations

import ast
from pathlib import Path

import cogs


def test_no_cog_reads_the_raw_game_state() -> None:
    readers = []
    for path in sorted(Path(cogs.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr == "state":
                readers.append(f"{path.name}:{node.lineno}")
    assert readers == []
