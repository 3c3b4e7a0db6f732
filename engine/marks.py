"""``N_``: marks a constant English text of a game for the catalog (its rules, its options' words).

The engine stays pure and English: ``N_`` returns its text unchanged (a plain ``str``), and
``python -m bot.i18n extract`` finds the call. The bot says the text in a reader's language with
``bot.i18n._`` where it shows it (``/rules``, the Options form).
"""

from __future__ import annotations

__all__ = ["N_"]


def N_(message: str) -> str:
    """``message`` as it is: marked for the catalog, translated later by whoever shows it."""
    return message
