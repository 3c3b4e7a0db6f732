"""The pre-commit hooks run what CI runs, and the pure layers stay strictly typed."""

from __future__ import annotations

import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def ci_checks() -> set[str]:
    """The lint and type commands of .ci/run."""
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip().startswith(("ruff ", "mypy "))}


def test_pre_commit_runs_the_checks_ci_runs() -> None:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = [hook for repo in config["repos"] for hook in repo["hooks"]]
    commands = {hook["entry"] + ("" if hook.get("pass_filenames") is False else " .") for hook in hooks}
    assert commands == ci_checks()
    assert commands == {"ruff check .", "ruff format --check .", "mypy engine render bot cogs benchmarks"}
    assert all(repo["repo"] == "local" and hook["language"] == "system" for repo in config["repos"] for hook in hooks)


def test_engine_and_render_are_checked_as_mypy_strict_checks_them() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    [strict] = [o for o in project["tool"]["mypy"]["overrides"] if "engine.*" in o["module"]]
    assert {"engine", "engine.*", "render", "render.*"} <= set(strict["module"])
    flags = ("disallow_untyped_defs", "disallow_any_generics", "warn_return_any", "no_implicit_reexport")
    assert all(strict[flag] is True for flag in flags)
    assert "strict" not in strict  # in an override it would make every module strict (python/mypy#11401)
    dev = project["project"]["optional-dependencies"]["dev"]
    assert {"ruff", "mypy", "pre-commit"} <= {requirement.split(">")[0] for requirement in dev}
