"""Settings: defaults, the .env file, and one clear sentence for every bad value."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import SettingsError, default_database_url, load_settings

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.abcdefghijklmnopqrstuvwxyz0123"
ROOT = Path(__file__).resolve().parents[2]


def test_defaults_with_only_a_token() -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN}, env_file=None)
    assert settings.database_url == default_database_url()
    assert settings.database_url.endswith("/data/parlour.db") and "///" + str(Path.cwd()) in settings.database_url
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"
    assert settings.discord_api_url == "https://discord.com/api/v10"


def test_env_file_is_read_and_environment_wins(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(f"DISCORD_TOKEN={TOKEN}\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\n")
    settings = load_settings({"LOG_LEVEL": "WARNING"}, env_file=env)
    assert settings.discord_token == TOKEN
    assert settings.dev_guild_id == 42
    assert settings.log_level == "WARNING"


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "abc def"}, "DISCORD_TOKEN does not look like"),
        ({"DISCORD_TOKEN": '"abcdef"'}, "DISCORD_TOKEN does not look like"),
        ({"DATABASE_URL": "mysql://x"}, "DATABASE_URL uses"),
        ({"DATABASE_URL": "postgresql+psycopg2://x/y"}, "DATABASE_URL uses"),
        ({"DEV_GUILD_ID": "my server"}, "DEV_GUILD_ID must be a server id"),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be one of"),
        ({"DISCORD_API_URL": "discord.com"}, "DISCORD_API_URL must be"),
        ({"DISCORD_GATEWAY_URL": "http://x"}, "DISCORD_GATEWAY_URL must be"),
        ({"COMPUTER_PAUSE_MS": "-1"}, "COMPUTER_PAUSE_MS must be"),
    ],
)
def test_bad_values_name_the_setting(env: dict[str, str], named: str) -> None:
    base = {"DISCORD_TOKEN": TOKEN} if "DISCORD_TOKEN" not in env and named != "DISCORD_TOKEN is not set" else {}
    with pytest.raises(SettingsError, match=named):
        load_settings({**base, **env}, env_file=None)


def run_bot(env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD"))}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot"], env={**clean, **env}, cwd=cwd, capture_output=True, text=True, timeout=60
    )


def test_no_token_prints_one_sentence_and_exits_2(tmp_path: Path) -> None:
    result = run_bot({}, tmp_path)
    assert result.returncode == 2
    assert "DISCORD_TOKEN is not set" in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_malformed_setting_exits_2_without_traceback(tmp_path: Path) -> None:
    result = run_bot({"DISCORD_TOKEN": TOKEN, "DEV_GUILD_ID": "abc"}, tmp_path)
    assert result.returncode == 2
    assert "DEV_GUILD_ID" in result.stderr and "Traceback" not in result.stderr


def test_unreachable_database_exits_2_with_one_sentence(tmp_path: Path) -> None:
    result = run_bot({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "postgresql://parlour@127.0.0.1:1/parlour"}, tmp_path)
    assert result.returncode == 2
    assert "DATABASE_URL" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
