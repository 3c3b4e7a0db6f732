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


@pytest.mark.parametrize(
    ("url", "named"),
    [
        ("sqlite://data/x.db", "sqlite:///data/x.db"),
        ("sqlite://", "in-memory"),
        ("sqlite:///:memory:", "in-memory"),
        ("postgresql://parlour@db.example", "names no database"),
        ("postgresql://parlour:pw@db.example:5432/", "names no database"),
        ("postgresql://parlour:p@ss@db.example/parlour", "%40"),
        ("http://db.example/parlour", "DATABASE_URL uses 'http'"),
    ],
)
def test_database_urls_that_would_lose_or_misplace_data_are_refused(url: str, named: str) -> None:
    with pytest.raises(SettingsError, match=r"^DATABASE_URL") as refused:
        load_settings({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url}, env_file=None)
    message = str(refused.value)
    assert named in message and message.endswith(".") and "\n" not in message


def test_an_encoded_at_in_the_password_is_accepted() -> None:
    url = "postgresql://parlour:p%40ss@db.example/parlour"
    assert load_settings({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url}, env_file=None).database_url == url


def test_empty_values_never_override(tmp_path: Path) -> None:
    """systemd's EnvironmentFile= and a copied .env.example have empty lines: they are no value."""
    env = tmp_path / ".env"
    env.write_text(f"DISCORD_TOKEN={TOKEN}\nSHARD_COUNT=2\nSHARD_IDS=\n")
    settings = load_settings({"SHARD_COUNT": "", "SHARD_IDS": "1"}, env_file=env)
    assert (settings.shard_count, settings.shard_ids) == (2, (1,))
    env.write_text(f"DISCORD_TOKEN={TOKEN}\nSHARD_COUNT=\nSHARD_IDS=\nLOG_LEVEL=\n")
    settings = load_settings({"SHARD_COUNT": "3", "SHARD_IDS": " "}, env_file=env)
    assert (settings.shard_count, settings.shard_ids, settings.log_level) == (3, None, "INFO")


def test_every_setting_is_in_the_one_list_and_env_example_is_written_from_it() -> None:
    from dataclasses import fields

    from bot.settings import SETTINGS, Settings, env_example

    assert {s.attribute for s in SETTINGS} == {f.name for f in fields(Settings)}
    assert (ROOT / ".env.example").read_text(encoding="utf-8") == env_example(), (
        "regenerate: python -m bot.settings env-example > .env.example"
    )


def test_the_env_example_loads_as_the_defaults(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text((ROOT / ".env.example").read_text().replace("DISCORD_TOKEN=", f"DISCORD_TOKEN={TOKEN}"))
    assert load_settings({}, env_file=env) == load_settings({"DISCORD_TOKEN": TOKEN}, env_file=None)


def test_no_token_names_the_folder_whose_env_was_looked_for(tmp_path: Path) -> None:
    result = run_bot({}, tmp_path)
    assert str(tmp_path.resolve()) in result.stderr and "no .env" in result.stderr


def test_a_two_slash_sqlite_url_exits_2_with_one_sentence(tmp_path: Path) -> None:
    result = run_bot({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "sqlite://data/x.db"}, tmp_path)
    assert result.returncode == 2
    assert "sqlite:///data/x.db" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "data").exists()
