"""Issue 43: the README is a manual that stays true: its settings table is the one list's, it
names every slash command, it keeps CI's test command, and it stays short."""

from __future__ import annotations

import re
from pathlib import Path

from bot.settings import SETTINGS, markdown_table

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_settings_table_is_written_from_the_one_list() -> None:
    table = README.split("<!-- settings:start", 1)[1].split("-->", 1)[1].split("<!-- settings:end -->", 1)[0]
    assert table.strip() == markdown_table().strip(), "regenerate it: python -m bot.settings table"
    assert all(f"`{setting.name}`" in table for setting in SETTINGS)


def test_every_slash_command_is_in_the_commands_section() -> None:
    commands = section("Commands")
    names = set()
    for source in (ROOT / "cogs").glob("*.py"):
        text = source.read_text(encoding="utf-8")
        names |= set(re.findall(r"\.command\(name=\"([\w-]+)\"", text))
        names |= set(re.findall(r"group_name=\"([\w-]+)\"", text))
        names |= set(re.findall(r"Group\(\s*name=\"([\w-]+)\"", text))
    assert {"collection", "deck", "computer", "tournament", "table", "play"} <= names
    missing = sorted(n for n in names if not re.search(rf"[/| ]{re.escape(n)}\b", commands))
    assert missing == []


def test_the_readme_keeps_ci_s_test_command_and_stays_a_manual() -> None:
    assert '```sh\npython -m pip install -e ".[test]" && python -m pytest\n```' in README
    assert len(README.splitlines()) <= 300
    for title in ("Quick start", "Commands", "Settings", "Running as a service", "Upgrading", "Troubleshooting"):
        assert f"\n## {title}\n" in README
    assert "docs/benchmarks.md" in section("Measured")
