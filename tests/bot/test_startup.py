"""What the person starting the bot sees when something is wrong: one sentence, nothing noisy before it."""

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import make_url

from bot import app, db
from bot.settings import Settings, SettingsError, load_settings
from tests.bot.test_settings import TOKEN, run_bot


def test_an_empty_token_in_an_existing_env_file_says_so(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=\nLOG_LEVEL=INFO\n")
    with pytest.raises(SettingsError, match=r"DISCORD_TOKEN is empty in .*\.env.*paste your bot's token"):
        load_settings({}, env_file=env)


def test_the_default_database_is_an_absolute_file_in_the_starting_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    url = make_url(load_settings({"DISCORD_TOKEN": TOKEN}, env_file=None).database_url)
    assert Path(url.database or "") == tmp_path.resolve() / "data" / "parlour.db"


def test_a_read_only_sqlite_folder_or_file_is_named_as_such(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The tests run as root, who may write anywhere: pretend the permission check says no.
    file = tmp_path / "parlour.db"
    url = make_url(f"sqlite+aiosqlite:///{file}")
    monkeypatch.setattr(db.os, "access", lambda path, mode: False)
    assert "folder" in db._sqlite_problem(url, "attempt to write a readonly database")
    assert "read-only" in db._sqlite_problem(url, "x")
    file.write_bytes(b"")
    message = db._sqlite_problem(url, "attempt to write a readonly database")
    assert "SQLite file" in message and "read-only" in message and "server is running" not in message


async def test_discord_that_accepts_and_never_answers_ends_with_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    held: list[asyncio.StreamWriter] = []

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)  # accept, read nothing, answer nothing

    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    monkeypatch.setattr(app, "LOGIN_TIMEOUT_S", 0.5)
    settings = Settings(
        discord_token=TOKEN,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
        discord_api_url=f"http://127.0.0.1:{port}/api/v10",
        discord_gateway_url=f"ws://127.0.0.1:{port}/",
    )
    try:
        with pytest.raises(app.StartupError, match="did not answer the login within"):
            await asyncio.wait_for(app.run_bot(settings), 20)
    finally:
        for writer in held:
            writer.close()
        server.close()


def test_no_migration_chatter_or_voice_warnings_before_the_error_sentence(tmp_path: Path) -> None:
    result = run_bot(
        {"DISCORD_TOKEN": TOKEN, "DISCORD_API_URL": "http://127.0.0.1:1/api/v10", "LOG_LEVEL": "INFO"}, tmp_path
    )
    assert result.returncode == 2
    assert "Discord could not be reached" in result.stderr.splitlines()[-1]
    assert "alembic" not in result.stderr and "voice" not in result.stderr
    assert "Traceback" not in result.stderr
