"""``python -m bot.i18n extract|update|init LANG|compile|check``: keep the catalogs (see bot/i18n/tools.py)."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.i18n import tools
from bot.i18n.catalogs import TEMPLATE
from bot.i18n.languages import SHIPPED


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.i18n", description="Parlour's translation catalogs.")
    parser.add_argument("command", choices=["extract", "update", "init", "compile", "check"])
    parser.add_argument("language", nargs="?", help="for init: the new language's folder name (e.g. nl, uk, pt_PT)")
    args = parser.parse_args(argv)
    languages = (args.language,) if args.language else SHIPPED
    if args.command == "extract":
        print(f"Wrote {TEMPLATE} with {asyncio.run(tools.extract())} texts.")
    elif args.command == "update":
        print("\n".join(tools.update(languages)))
    elif args.command == "init":
        if not args.language:
            parser.error("init needs the language, e.g. python -m bot.i18n init nl")
        print(f"Wrote {tools.init(args.language)}: translate its msgstr lines, then run python -m bot.i18n check.")
    elif args.command == "compile":
        print("\n".join(tools.compile_all(languages)))
    else:
        problems = asyncio.run(tools.check(languages))
        print("\n".join(problems) or f"Complete and matching the template: {', '.join(languages)}.")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
