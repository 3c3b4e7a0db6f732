"""The catalogs: each language's ``.po`` file read once per process and compiled in memory.

The ``.po`` files are the one source (no ``.mo`` to rebuild or forget): Babel reads a catalog
(``read_po``), writes it as a ``.mo`` into memory (``write_mo``, fuzzy entries left out) and the
standard library's gettext answers from that, with the language's plural rule. A language is read
the first time it is asked for and kept for the life of the process.
"""

from __future__ import annotations

import functools
import gettext
import io
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.i18n.languages import BABEL_LOCALES, ENGLISH, PSEUDO

#: The folder of the catalogs: ``locales/<language>/LC_MESSAGES/parlour.po`` and the template.
LOCALES = Path(__file__).parent / "locales"
DOMAIN = "parlour"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"

#: Placeholders kept as they are by the pseudo-language: ``{name}``, ``{count:,}``, ``%(x)s``, ``%d``.
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]|%[sdif]")


def po_path(language: str) -> Path:
    """Where a language's catalog lives."""
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """A ``.po`` or ``.pot`` file as a Babel catalog."""
    with path.open("rb") as file:
        return read_po(file, locale=locale, domain=DOMAIN)


class Pseudo(gettext.NullTranslations):
    """Every text comes back between ⟦ ⟧ with its letters accented, placeholders untouched.

    Later sessions render every screen in it: a word without the marks did not go through the catalog.
    """

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


_ACCENTED = str.maketrans("aeiouyAEIOUYcnCN", "àéîõüýÀÉÎÕÜÝçñÇÑ")


def pseudo(text: str) -> str:
    """``Open a {game} table`` -> ``⟦Õpéñ à {game} tàblé⟧``: marked, longer-looking, still readable."""
    parts = PLACEHOLDER.split(text)
    kept = PLACEHOLDER.findall(text)
    out = parts[0].translate(_ACCENTED)
    for placeholder, part in zip(kept, parts[1:], strict=True):
        out += placeholder + part.translate(_ACCENTED)
    return f"⟦{out}⟧"


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalog of a language (read once per process); English answers with the msgids."""
    if language == PSEUDO:
        return Pseudo()
    path = po_path(language)
    if language == ENGLISH or language not in BABEL_LOCALES or not path.exists():
        return gettext.NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, read_catalog(path, BABEL_LOCALES[language]), use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
