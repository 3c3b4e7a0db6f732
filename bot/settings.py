"""Settings from the environment and a ``.env`` file, checked once at start.

:data:`SETTINGS` is the one list of every setting: its name, kind and range, default, the
sentence that explains it, and how its value is read. ``.env.example`` and the README's settings
table are written from it (``python -m bot.settings env-example`` and ``table``; a test checks
both). A bad value stops the bot with one sentence that names the setting and says how to fix it
(:class:`SettingsError`); ``python -m bot`` prints it and exits with status 2.

An empty value (``SHARD_COUNT=`` in ``.env``, or in the environment) counts as not set: it never
overrides a value given elsewhere, and the setting takes its default.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from dotenv import dotenv_values

#: The SQLite file used when DATABASE_URL is empty: ``data/parlour.db`` in the folder the bot starts in.
DEFAULT_DATABASE_FILE = Path("data") / "parlour.db"
DEFAULT_API_URL = "https://discord.com/api/v10"
DEFAULT_GATEWAY_URL = "wss://gateway.discord.gg/"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
#: The longest computer pause, here and in the servers' own settings command.
MAX_COMPUTER_PAUSE_MS = 10_000
MAX_SHARDS = 10_000
MAX_PICTURE_WORKERS = 64


class SettingsError(Exception):
    """A setting is missing or malformed. The message is one sentence for the operator."""


@dataclass(frozen=True)
class Settings:
    """Everything the process is configured with."""

    discord_token: str
    database_url: str = field(default_factory=lambda: default_database_url())
    #: A test server where slash commands are synced at once (global sync takes up to an hour).
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    discord_api_url: str = DEFAULT_API_URL
    discord_gateway_url: str = DEFAULT_GATEWAY_URL
    #: Default pause before a computer player moves, for servers that have not set their own.
    computer_pause_ms: int = 1500
    #: Seconds between idle-timer sweeps (tests set it low).
    idle_check_seconds: float = 30.0
    #: Discord gateway shards of the whole bot, when it runs as several processes (None: one process, all).
    shard_count: int | None = None
    #: Worker processes drawing the pictures (0: a thread of the bot's own process).
    picture_workers: int = 0
    #: "asyncio", or "uvloop" (when installed; it did not pay in benchmarks/load.py on a 2-core machine).
    event_loop: str = "asyncio"
    #: The shards this process serves (None: all of ``shard_count``).
    shard_ids: tuple[int, ...] | None = None
    #: Seconds between tournament checks: round timers, and table ends the tournaments were not told of.
    tournament_check_seconds: float = 30.0
    #: The level of the database and HTTP libraries' loggers (None: WARNING, whatever LOG_LEVEL says).
    log_level_sql: str | None = None
    #: Modules declaring more games (each a ``GAME``), besides the packages under engine/.
    extra_games: tuple[str, ...] = ()

    def serves(self, guild_id: int) -> bool:
        """Whether this process serves a guild: its events reach shard (guild_id >> 22) % shard_count."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    def served_shards(self) -> tuple[int, ...]:
        """The shards this process serves (all of them with one process)."""
        if self.shard_ids is not None:
            return self.shard_ids
        return tuple(range(self.shard_count or 1))


# -- the readers: a non-empty raw value to a value, or one sentence -----------------------------


def _token(name: str, raw: str) -> str:
    if any(c.isspace() for c in raw) or raw[0] in "'\"":
        raise SettingsError(
            f"{name} does not look like a bot token: paste the whole token from the "
            "Discord Developer Portal (Bot → Reset Token), with no spaces or quotes."
        )
    return raw


def _database_url(name: str, raw: str) -> str:
    """Check the URL's form now (bot.db's rules), so a typo stops the bot before anything starts."""
    from bot.db import DatabaseError, normalise_url

    try:
        normalise_url(raw)
    except DatabaseError as error:
        raise SettingsError(str(error)) from None
    return raw


def _snowflake(name: str, raw: str) -> int:
    if not raw.isdigit():
        raise SettingsError(
            f"{name} must be a server id (digits only), not {raw!r}: in Discord, turn on "
            "Developer Mode, right-click your server and choose Copy Server ID, or leave it empty."
        )
    return int(raw)


def _choice(*choices: str, upper: bool = False) -> Callable[[str, str], str]:
    def read(name: str, raw: str) -> str:
        value = raw.upper() if upper else raw.lower()
        if value not in choices or (upper and not isinstance(logging.getLevelName(value), int)):
            raise SettingsError(f"{name} must be one of {', '.join(choices)}, not {raw!r}.")
        return value

    return read


def _whole(low: int, high: int) -> Callable[[str, str], int]:
    def read(name: str, raw: str) -> int:
        try:
            value = int(raw)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise SettingsError(f"{name} must be a whole number between {low} and {high}, not {raw!r}.")
        return value

    return read


def _seconds(name: str, raw: str) -> float:
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a number of seconds, not {raw!r}.") from None
    if not 0 < value < float("inf"):
        raise SettingsError(f"{name} must be a number of seconds above 0, not {raw!r}.")
    return value


def _address(*schemes: str) -> Callable[[str, str], str]:
    def read(name: str, raw: str) -> str:
        parsed = urlparse(raw)
        if parsed.scheme not in schemes or not parsed.netloc:
            raise SettingsError(
                f"{name} must be a {' or '.join(s + '://' for s in schemes)} address, not {raw!r}; "
                "leave it empty to use Discord's own."
            )
        return raw

    return read


_MODULE = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")


def _modules(name: str, raw: str) -> tuple[str, ...]:
    names = tuple(part.strip() for part in raw.split(",") if part.strip())
    wrong = [n for n in names if not _MODULE.match(n)]
    if wrong:
        raise SettingsError(
            f"{name} must list Python module names separated by commas (like mygames.twenty_one), not {wrong[0]!r}."
        )
    return names


def _shard_ids(name: str, raw: str) -> tuple[int, ...]:
    ids: list[int] = []
    for part in raw.split(","):
        part = part.strip()
        if not part.isdigit():
            raise SettingsError(f"{name} must list shard numbers separated by commas (like 0,1), not {raw!r}.")
        if int(part) not in ids:
            ids.append(int(part))
    return tuple(ids)


# -- the one list -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    """One setting: what the operator writes, what the bot makes of it, and how it is explained."""

    name: str
    #: The Settings attribute it fills.
    attribute: str
    #: Its kind and range, for the README's table ("whole number, 0 to 10000").
    kind: str
    #: Its default in words ("1500", "empty: …").
    default: str
    #: What it does: one or two sentences.
    help: str
    #: Reads a non-empty raw value (stripped) or raises SettingsError with one sentence.
    read: Callable[[str, str], Any]
    #: The line written into .env.example (empty: ``NAME=``).
    example: str = ""


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "DISCORD_TOKEN",
        "discord_token",
        "text (required)",
        "none",
        "The bot's token: Discord Developer Portal → your application → Bot → Reset Token.",
        _token,
    ),
    Setting(
        "DATABASE_URL",
        "database_url",
        "sqlite:///FILE or postgresql://USER:PASSWORD@HOST:5432/DATABASE",
        "the SQLite file data/parlour.db in the folder the bot starts in",
        "Where games, scores and leaderboards are kept; an absolute SQLite file is sqlite:////var/lib/parlour/"
        "parlour.db (four slashes), and a password's @ : / # characters are written %40 %3A %2F %23.",
        _database_url,
    ),
    Setting(
        "DEV_GUILD_ID",
        "dev_guild_id",
        "server id (digits)",
        "none: commands are global",
        "A test server where the slash commands are registered at once (global ones take up to an hour to show);"
        " Discord: Settings → Advanced → Developer Mode, then right-click the server → Copy Server ID.",
        _snowflake,
    ),
    Setting(
        "LOG_LEVEL",
        "log_level",
        "DEBUG, INFO, WARNING or ERROR",
        "INFO",
        "How much the bot logs.",
        _choice(*LOG_LEVELS, upper=True),
        example="INFO",
    ),
    Setting(
        "LOG_LEVEL_SQL",
        "log_level_sql",
        "DEBUG, INFO, WARNING or ERROR",
        "WARNING",
        "How much the database and HTTP libraries log (aiosqlite, sqlalchemy, discord.http, asyncio); "
        "they stay quiet at LOG_LEVEL=DEBUG unless this asks.",
        _choice(*LOG_LEVELS, upper=True),
    ),
    Setting(
        "COMPUTER_PAUSE_MS",
        "computer_pause_ms",
        f"whole number, 0 to {MAX_COMPUTER_PAUSE_MS}",
        "1500",
        "Milliseconds a computer player waits before it moves, for servers that have not set their own with /settings.",
        _whole(0, MAX_COMPUTER_PAUSE_MS),
        example="1500",
    ),
    Setting(
        "IDLE_CHECK_SECONDS",
        "idle_check_seconds",
        "seconds, above 0",
        "30",
        "Seconds between checks for idle players and abandoned tables.",
        _seconds,
        example="30",
    ),
    Setting(
        "TOURNAMENT_CHECK_SECONDS",
        "tournament_check_seconds",
        "seconds, above 0",
        "30",
        "Seconds between tournament checks: round timers run out, and a table end the tournament was not told of "
        "(the bot stopped at that moment) is picked up.",
        _seconds,
        example="30",
    ),
    Setting(
        "PICTURE_WORKERS",
        "picture_workers",
        f"whole number, 0 to {MAX_PICTURE_WORKERS}",
        "one per CPU core, at most 4",
        "Worker processes that draw the pictures and think for the computers, off the bot's event loop; "
        "0 draws in a thread of the bot's own process.",
        _whole(0, MAX_PICTURE_WORKERS),
    ),
    Setting(
        "EVENT_LOOP",
        "event_loop",
        "asyncio or uvloop",
        "asyncio",
        "The event loop; uvloop only when installed (pip install uvloop), and it did not make the bot faster.",
        _choice("asyncio", "uvloop"),
        example="asyncio",
    ),
    Setting(
        "SHARD_COUNT",
        "shard_count",
        f"whole number, 1 to {MAX_SHARDS}",
        "none: one process serves every server",
        "The number of Discord gateway shards of the whole bot when it runs as several processes; the same in every "
        "process, and changed only with every process stopped.",
        _whole(1, MAX_SHARDS),
    ),
    Setting(
        "SHARD_IDS",
        "shard_ids",
        "shard numbers 0 to SHARD_COUNT-1, comma-separated",
        "every shard",
        "The shards this process serves; another process may not serve them at the same time (the database "
        "holds each shard's claim).",
        _shard_ids,
    ),
    Setting(
        "PARLOUR_EXTRA_GAMES",
        "extra_games",
        "Python module names, comma-separated",
        "none: the shipped games only",
        "Modules that each declare a GAME, added to the games under engine/ (see docs/adding-a-game.md).",
        _modules,
    ),
    Setting(
        "DISCORD_API_URL",
        "discord_api_url",
        "http:// or https:// address",
        f"{DEFAULT_API_URL}",
        "Discord's REST API; set it only for a Discord-compatible server (the tests' loopback Discord).",
        _address("http", "https"),
    ),
    Setting(
        "DISCORD_GATEWAY_URL",
        "discord_gateway_url",
        "ws:// or wss:// address",
        f"{DEFAULT_GATEWAY_URL}",
        "Discord's gateway; set it only for a Discord-compatible server (the tests' loopback Discord).",
        _address("ws", "wss"),
    ),
)
BY_NAME = {setting.name: setting for setting in SETTINGS}


def read_values(environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env") -> dict[str, str]:
    """The raw values: the ``.env`` file, then the environment over it; an empty value is no value."""
    values: dict[str, str] = {}
    if env_file is not None and Path(env_file).is_file():
        values.update({k: v.strip() for k, v in dotenv_values(env_file).items() if v is not None and v.strip()})
    given = os.environ if environ is None else environ
    values.update({k: v.strip() for k, v in given.items() if k in BY_NAME and v.strip()})
    return values


def load_settings(
    environ: Mapping[str, str] | None = None,
    env_file: str | Path | None = ".env",
    *,
    require_token: bool = True,
) -> Settings:
    """Read settings: the process environment wins over the ``.env`` file; empty values are not set."""
    values = read_values(environ, env_file)
    if require_token and "DISCORD_TOKEN" not in values:
        raise SettingsError(_no_token(env_file))
    parsed: dict[str, Any] = {}
    for setting in SETTINGS:
        raw = values.get(setting.name)
        if raw is not None:
            parsed[setting.attribute] = setting.read(setting.name, raw)
    parsed.setdefault("discord_token", "")
    parsed.setdefault("picture_workers", min(4, os.cpu_count() or 1))
    if "discord_api_url" in parsed:
        parsed["discord_api_url"] = parsed["discord_api_url"].rstrip("/")
    _check_shards(parsed.get("shard_count"), parsed.get("shard_ids"))
    return Settings(**parsed)


def _no_token(env_file: str | Path | None) -> str:
    if env_file is not None and Path(env_file).is_file():
        return (
            f"DISCORD_TOKEN is empty in {str(Path(env_file).resolve())!r}: paste your bot's token after "
            "DISCORD_TOKEN= (Discord Developer Portal → your application → Bot → Reset Token)."
        )
    folder = str(Path(env_file).resolve().parent) if env_file is not None else str(Path.cwd())
    return (
        f"DISCORD_TOKEN is not set and there is no .env in {folder!r}: copy .env.example to .env there "
        "and paste your bot's token from the Discord Developer Portal (Bot → Reset Token)."
    )


def _check_shards(count: int | None, ids: tuple[int, ...] | None) -> None:
    """SHARD_IDS needs SHARD_COUNT, and names shards below it."""
    if ids is None:
        return
    if count is None:
        raise SettingsError(
            "SHARD_IDS needs SHARD_COUNT: set SHARD_COUNT to the number of shards of the whole bot "
            "(e.g. SHARD_COUNT=2 and SHARD_IDS=0 here, SHARD_IDS=1 in the other process)."
        )
    if any(shard >= count for shard in ids):
        listed = ",".join(map(str, ids))
        raise SettingsError(
            f"SHARD_IDS must list shard numbers from 0 to {count - 1} (SHARD_COUNT is {count}), separated "
            f"by commas, not {listed!r}."
        )


def default_database_url() -> str:
    """The SQLite file ``data/parlour.db`` under the current folder, as an absolute path (logged at start)."""
    return f"sqlite+aiosqlite:///{(Path.cwd() / DEFAULT_DATABASE_FILE).resolve()}"


# -- the documents written from the list ------------------------------------------------------------


def env_example() -> str:
    """The text of ``.env.example``: every setting, its sentence, kind and default."""
    lines = [
        "# Parlour settings, written by `python -m bot.settings env-example` from bot/settings.py.",
        "# Copy this file to .env (chmod 600 .env: it holds the token) and fill it in. The process",
        "# environment overrides anything here; an empty value means the default.",
    ]
    for setting in SETTINGS:
        lines += [
            "",
            *_comment(setting.help),
            *_comment(f"Value: {setting.kind}; default: {setting.default}."),
        ]
        lines.append(f"{setting.name}={setting.example}")
    return "\n".join(lines) + "\n"


def _comment(text: str, width: int = 100) -> list[str]:
    lines, line = [], "#"
    for word in text.split():
        if len(line) + 1 + len(word) > width:
            lines.append(line)
            line = "#"
        line += " " + word
    return [*lines, line]


def markdown_table() -> str:
    """The README's settings table."""
    rows = ["| setting | what it is | kind | default |", "|---|---|---|---|"]
    for setting in SETTINGS:
        cells = (f"`{setting.name}`", setting.help, setting.kind, setting.default)
        rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(rows) + "\n"


def _main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.settings", description="Print the settings' documents.")
    parser.add_argument("document", choices=["env-example", "table"])
    args = parser.parse_args(argv)
    sys.stdout.write(env_example() if args.document == "env-example" else markdown_table())


if __name__ == "__main__":
    _main()
