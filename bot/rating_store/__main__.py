"""``python -m bot.rating_store``: the command that recomputes every rating from the results."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.rating_store.rebuild import rebuild_database


def main(argv: list[str] | None = None) -> int:
    """``python -m bot.rating_store [--url DATABASE_URL] [--guild ID]``: recompute every rating from the
    results, in the database the bot's settings name (``.env`` and the environment) unless --url says."""
    from bot.maintenance import MaintenanceRefused
    from bot.settings import SettingsError, load_settings

    parser = argparse.ArgumentParser(prog="python -m bot.rating_store", description=main.__doc__)
    parser.add_argument("--url", default=None, help="a database other than the settings' DATABASE_URL")
    parser.add_argument("--guild", type=int, default=None, help="only this server")
    args = parser.parse_args(argv)
    try:
        environ = {"DATABASE_URL": args.url} if args.url else None
        url = load_settings(environ, require_token=False).database_url
        tables = asyncio.run(rebuild_database(url, args.guild))
    except (SettingsError, MaintenanceRefused) as error:
        print(f"Parlour cannot rebuild the ratings: {error}", file=sys.stderr)
        return 2
    print(f"Rebuilt the ratings of {tables} finished {'table' if tables == 1 else 'tables'}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
