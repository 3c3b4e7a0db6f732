"""The languages Parlour speaks, and how Discord's locale codes map to them.

A *language* here is the name of a catalog folder under ``locales/`` (gettext's spelling:
``pt_BR``, ``zh_CN``) and, through :data:`BABEL_LOCALES`, the Babel locale whose numbers,
dates and lists it uses. English is the source language: it has no catalog, its texts are the msgids.
"""

from __future__ import annotations

#: The source language: the English texts in the code are the catalog's message ids.
ENGLISH = "en"

#: A made-up language for finding English that is not in the catalog: every translated text comes
#: out between ⟦ ⟧, so a sentence without the marks was built outside the catalog.
PSEUDO = "en_XA"

#: The shipped languages (besides English), by catalog folder.
SHIPPED = ("es", "pt_BR", "fr", "de", "it", "pl", "ru", "tr", "ja", "zh_CN", "ko")

#: Each language's Babel locale (numbers, dates, lists, plural rules).
BABEL_LOCALES = {
    ENGLISH: "en",
    PSEUDO: "en",
    "es": "es_ES",
    "pt_BR": "pt_BR",
    "fr": "fr",
    "de": "de",
    "it": "it",
    "pl": "pl",
    "ru": "ru",
    "tr": "tr",
    "ja": "ja",
    "zh_CN": "zh_Hans_CN",
    "ko": "ko",
}

#: Discord's locale codes (``discord.Locale`` values) and the language each reads.
#: Discord locales without a catalog of their own (Ukrainian, Czech, …) read English.
DISCORD_LOCALES = {
    "en-US": ENGLISH,
    "en-GB": ENGLISH,
    "es-ES": "es",
    "es-419": "es",
    "pt-BR": "pt_BR",
    "fr": "fr",
    "de": "de",
    "it": "it",
    "pl": "pl",
    "ru": "ru",
    "tr": "tr",
    "ja": "ja",
    "zh-CN": "zh_CN",
    "ko": "ko",
}

#: The names people pick from in ``/settings language`` (each in its own language), by language.
NATIVE_NAMES = {
    ENGLISH: "English",
    "es": "Español",
    "pt_BR": "Português do Brasil",
    "fr": "Français",
    "de": "Deutsch",
    "it": "Italiano",
    "pl": "Polski",
    "ru": "Русский",
    "tr": "Türkçe",
    "ja": "日本語",
    "zh_CN": "简体中文",
    "ko": "한국어",
}


def from_discord(locale: object) -> str:
    """The language a Discord locale reads (``discord.Locale`` or its code); English when unknown."""
    code = getattr(locale, "value", locale)
    return DISCORD_LOCALES.get(str(code), ENGLISH)


def known(language: str | None) -> bool:
    """Whether ``language`` is English, a shipped language or the pseudo-language."""
    return language in BABEL_LOCALES
