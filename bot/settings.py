"""Settings from the environment and a ``.env`` file, checked once at start.

Every setting is listed and explained in ``.env.example``. A bad value stops the
bot with one sentence that names the setting and says how to fix it
(:class:`SettingsError`); ``python -m bot`` prints it and exits with status 2.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from dotenv import dotenv_values

#: The SQLite file used when DATABASE_URL is empty: ``data/parlour.db`` in the folder the bot starts in.
DEFAULT_DATABASE_FILE = Path("data") / "parlour.db"
DEFAULT_API_URL = "https://discord.com/api/v10"
DEFAULT_GATEWAY_URL = "wss://gateway.discord.gg/"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
#: The longest computer pause, here and in the servers' own settings command.
MAX_COMPUTER_PAUSE_MS = 10_000


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

    def serves(self, guild_id: int) -> bool:
        """Whether this process serves a guild: its events reach shard (guild_id >> 22) % shard_count."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    #: Seconds between tournament checks: round timers, and table ends the tournaments were not told of.
    tournament_check_seconds: float = 30.0


def load_settings(
    environ: Mapping[str, str] | None = None,
    env_file: str | Path | None = ".env",
    *,
    require_token: bool = True,
) -> Settings:
    """Read settings: the process environment wins over the ``.env`` file."""
    values: dict[str, str] = {}
    if env_file is not None and Path(env_file).is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    values.update(os.environ if environ is None else environ)

    token = values.get("DISCORD_TOKEN", "").strip()
    if require_token and not token:
        if env_file is not None and Path(env_file).is_file():
            raise SettingsError(
                f"DISCORD_TOKEN is empty in {str(Path(env_file).resolve())!r}: paste your bot's token after "
                "DISCORD_TOKEN= (Discord Developer Portal → your application → Bot → Reset Token)."
            )
        raise SettingsError(
            "DISCORD_TOKEN is not set: copy .env.example to .env and paste your bot's token "
            "from the Discord Developer Portal (Bot → Reset Token)."
        )
    if token and (any(c.isspace() for c in token) or token[0] in "'\""):
        raise SettingsError(
            "DISCORD_TOKEN does not look like a bot token: paste the whole token from the "
            "Discord Developer Portal (Bot → Reset Token), with no spaces or quotes."
        )

    return Settings(
        discord_token=token,
        database_url=_database_url(values.get("DATABASE_URL", "").strip() or default_database_url()),
        dev_guild_id=_optional_snowflake(values.get("DEV_GUILD_ID", "")),
        log_level=_log_level(values.get("LOG_LEVEL", "") or "INFO"),
        discord_api_url=_url(
            "DISCORD_API_URL", values.get("DISCORD_API_URL", "") or DEFAULT_API_URL, ("http", "https")
        ).rstrip("/"),
        discord_gateway_url=_url(
            "DISCORD_GATEWAY_URL", values.get("DISCORD_GATEWAY_URL", "") or DEFAULT_GATEWAY_URL, ("ws", "wss")
        ),
        computer_pause_ms=_int(
            "COMPUTER_PAUSE_MS", values.get("COMPUTER_PAUSE_MS", ""), 1500, 0, MAX_COMPUTER_PAUSE_MS
        ),
        idle_check_seconds=_float("IDLE_CHECK_SECONDS", values.get("IDLE_CHECK_SECONDS", ""), 30.0),
        picture_workers=_int("PICTURE_WORKERS", values.get("PICTURE_WORKERS", ""), min(4, os.cpu_count() or 1), 0, 64),
        event_loop=_event_loop(values.get("EVENT_LOOP", "") or "asyncio"),
        **_shards(values.get("SHARD_COUNT", ""), values.get("SHARD_IDS", "")),
        tournament_check_seconds=_float("TOURNAMENT_CHECK_SECONDS", values.get("TOURNAMENT_CHECK_SECONDS", ""), 30.0),
    )


def _event_loop(raw: str) -> str:
    loop = raw.strip().lower()
    if loop not in ("uvloop", "asyncio"):
        raise SettingsError(f"EVENT_LOOP must be uvloop or asyncio, not {raw!r}.")
    return loop


def _shards(count_raw: str, ids_raw: str) -> dict:
    """SHARD_COUNT and SHARD_IDS: how many shards the bot has in all, and which of them this process serves."""
    count_raw, ids_raw = count_raw.strip(), ids_raw.strip()
    if not count_raw:
        if ids_raw:
            raise SettingsError(
                "SHARD_IDS needs SHARD_COUNT: set SHARD_COUNT to the number of shards of the whole bot "
                "(e.g. SHARD_COUNT=2 and SHARD_IDS=0 here, SHARD_IDS=1 in the other process)."
            )
        return {}
    count = _int("SHARD_COUNT", count_raw, 1, 1, 10_000)
    if not ids_raw:
        return {"shard_count": count}
    ids: list[int] = []
    for part in ids_raw.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) >= count:
            raise SettingsError(
                f"SHARD_IDS must list shard numbers from 0 to {count - 1} (SHARD_COUNT is {count}), separated "
                f"by commas, not {ids_raw!r}."
            )
        if int(part) not in ids:
            ids.append(int(part))
    return {"shard_count": count, "shard_ids": tuple(ids)}


def default_database_url() -> str:
    """The SQLite file ``data/parlour.db`` under the current folder, as an absolute path (logged at start)."""
    return f"sqlite+aiosqlite:///{(Path.cwd() / DEFAULT_DATABASE_FILE).resolve()}"


def _database_url(url: str) -> str:
    """Check the URL's form now (bot.db's rules), so a typo stops the bot before anything starts."""
    from bot.db import DatabaseError, normalise_url

    try:
        normalise_url(url)
    except DatabaseError as error:
        raise SettingsError(
            f"{error} Leave it empty to use the SQLite file data/parlour.db in the folder the bot starts in."
        ) from None
    return url


def _optional_snowflake(raw: str) -> int | None:
    raw = raw.strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise SettingsError(
            f"DEV_GUILD_ID must be a server id (digits only), not {raw!r}: in Discord, turn on "
            "Developer Mode, right-click your server and choose Copy Server ID, or leave it empty."
        )
    return int(raw)


def _log_level(raw: str) -> str:
    level = raw.strip().upper()
    if level not in LOG_LEVELS or not isinstance(logging.getLevelName(level), int):
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {raw!r}.")
    return level


def _url(name: str, raw: str, schemes: tuple[str, ...]) -> str:
    parsed = urlparse(raw.strip())
    if parsed.scheme not in schemes or not parsed.netloc:
        raise SettingsError(
            f"{name} must be a {' or '.join(s + '://' for s in schemes)} address, not {raw!r}; "
            "leave it empty to use Discord's own."
        )
    return raw.strip()


def _int(name: str, raw: str, default: int, low: int, high: int) -> int:
    raw = raw.strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a whole number between {low} and {high}, not {raw!r}.") from None
    if not low <= value <= high:
        raise SettingsError(f"{name} must be a whole number between {low} and {high}, not {raw!r}.")
    return value


def _float(name: str, raw: str, default: float) -> float:
    raw = raw.strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a number of seconds, not {raw!r}.") from None
    if value <= 0:
        raise SettingsError(f"{name} must be a number of seconds above 0, not {raw!r}.")
    return value
