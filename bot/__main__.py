"""``python -m bot`` starts the bot; ``python -m bot demo`` plays computer games offline.

Any problem the operator must fix (a missing token, a malformed setting, a database
that cannot be reached) ends the process with one sentence and exit status 2.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from bot.diagnostics import dump_threads_on_signal
from bot.settings import Settings, SettingsError, load_settings

EXIT_CONFIG = 2


class _NoVoiceWarnings(logging.Filter):
    """Parlour has no voice: discord.py's warnings about missing voice libraries are noise."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


#: Libraries whose DEBUG lines drown the bot's (aiosqlite logs two per statement): LOG_LEVEL_SQL sets them.
LIBRARY_LOGGERS = (
    "aiosqlite",
    "sqlalchemy",
    "asyncpg",
    "alembic",
    "discord.http",
    "discord.gateway",
    "discord.webhook",
    "aiohttp",
    "asyncio",
    "PIL",
)


def configure_logging(level: str, library_level: str | None = None) -> None:
    """Log to stderr at ``level``; the libraries above at ``library_level`` (WARNING unless asked)."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    for name in LIBRARY_LOGGERS:
        logging.getLogger(name).setLevel(library_level or logging.WARNING)
    logging.getLogger("discord.client").addFilter(_NoVoiceWarnings())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Parlour, card games for Discord.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="start the bot (the default)")
    demo = sub.add_parser("demo", help="play complete games between computer players, offline")
    demo.add_argument("--out", type=Path, default=Path("demo-output"), help="folder for pictures and logs")
    demo.add_argument("--seed", type=int, default=1, help="seed of the deals")
    sub.add_parser("check", help="check the settings, the database and Discord, changing nothing")
    listed = sub.add_parser("commands", help="list the registered slash commands, or --clear them")
    listed.add_argument("--clear", action="store_true", help="remove the global commands and the test server's")
    listed.add_argument("--guild", type=int, action="append", default=[], help="a server whose commands to include")
    args = parser.parse_args(argv)

    if args.command == "demo":
        from bot.demo import DemoError, run_demo

        try:
            run_demo(args.out, seed=args.seed)
        except DemoError as error:
            print(f"Parlour cannot play the demo: {error}", file=sys.stderr)
            return EXIT_CONFIG
        return 0

    if args.command == "check":
        return _check()
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"Parlour cannot start: {error}", file=sys.stderr)
        return EXIT_CONFIG
    # engine.registry reads the extra game modules from the environment; .env may have named them.
    os.environ["PARLOUR_EXTRA_GAMES"] = ",".join(settings.extra_games)
    if args.command == "commands":
        return _commands(settings, args.clear, args.guild)
    configure_logging(settings.log_level, settings.log_level_sql)
    dump_threads_on_signal()
    from bot.app import StartupError, run

    try:
        run(settings)
    except StartupError as error:
        print(f"Parlour cannot start: {error}", file=sys.stderr)
        return EXIT_CONFIG
    except KeyboardInterrupt:
        pass
    return 0


def _check() -> int:
    import asyncio

    from bot.check import run_check

    logging.basicConfig(level=logging.ERROR, stream=sys.stderr)
    report = asyncio.run(run_check())
    print("\n".join(report.lines))
    if report.problems:
        print(f"{report.problems} to fix; the README's Troubleshooting says more.", file=sys.stderr)
        return EXIT_CONFIG
    return 0


def _commands(settings: Settings, clear: bool, guilds: list[int]) -> int:
    import asyncio

    from bot.commands import CommandsError, run_commands_command

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    try:
        print(asyncio.run(run_commands_command(settings, clear, guilds)))
    except CommandsError as error:
        print(f"Parlour cannot do that: {error}", file=sys.stderr)
        return EXIT_CONFIG
    return 0


if __name__ == "__main__":
    sys.exit(main())
