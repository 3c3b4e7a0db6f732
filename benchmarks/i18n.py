"""``python -m benchmarks.i18n``: what the catalogs cost — reading all of them once, a translated
sentence, a plural, a grouped number — beside plain ``str.format`` (what an English sentence costs)."""

from __future__ import annotations

import time
import timeit

from bot.i18n import SHIPPED, _, n_, number
from bot.i18n.catalogs import translations

CALLS = 100_000


def per_call(label: str, call: object) -> None:
    seconds = timeit.timeit(call, number=CALLS)  # type: ignore[arg-type]
    print(f"{label:<44} {1e9 * seconds / CALLS:8.0f} ns a call")


def main() -> None:
    translations.cache_clear()
    start = time.perf_counter()
    for language in SHIPPED:
        translations(language)
    print(f"{'read and compile the ' + str(len(SHIPPED)) + ' catalogs, once':<44} {time.perf_counter() - start:8.3f} s")
    per_call("English: str.format", lambda: "Open a {game} table here.".format(game="Nin Jan"))
    per_call("_('ja', 'Open a {game} table here.')", lambda: _("ja", "Open a {game} table here.", game="Nin Jan"))
    per_call("n_('ru', '{count} player', …, 5)", lambda: n_("ru", "{count} player", "{count} players", 5))
    per_call("number('de', 12345678) (repeated value)", lambda: number("de", 12_345_678))


if __name__ == "__main__":
    main()
