"""Every word a picture draws is in its reader's language: drawn in the pseudo-language (which marks
every catalog text ⟦like this⟧), a picture holds no English word outside the marks but the names
(people's, the games') and card labels.

The text a picture draws is caught where all of it passes (:func:`render.text.recording`), as asked
for (before an ellipsis cut it), in the order drawn: a sentence wrapped over lines is read whole.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from bot.i18n import PSEUDO, words
from bot.i18n.pseudo import unmarked
from engine import registry
from engine.gin_jon_tan.cards import COLOURS, SYMBOLS
from engine.tet_gow.deck import CARDS, SETS, SUITS
from render.text import Drawn
from tests.render.test_pictures_for_phones import TRANSLATED, pictures

PSEUDO_WORDS = words(PSEUDO)
#: Card labels a game draws as they are: the Decktet's card, suit and Set names, Gin-jon-tan's colours and
#: symbols on its card faces (not yet in the catalog).
CARD_LABELS = {
    "tet_gow": [*(card.name for card in CARDS.values()), *SETS, *SUITS.values(), "Ace of"],
    "gin_go": ["Jk", "GIN!"],
    "gin_jon_tan": ["Kat oh!", "Gin jon tan!", *COLOURS, *(symbol for symbol, _, _ in SYMBOLS)],
}


def english_left(drawn: Iterable[Drawn], names: Iterable[str] = ()) -> list[str]:
    """The Latin words a picture drew outside the pseudo-language's marks (names allowed)."""
    return unmarked(["\n".join(line.asked or line.content for line in drawn)], allowed=names)


def test_english_drawn_outside_the_catalog_is_found() -> None:
    """The check can fail: a line drawn in plain English is reported, word by word."""
    found = english_left([Drawn("⟦Hàñd⟧ 3", 14, 480, False), Drawn("stock 31", 14, 480, False)], ["Ann"])
    assert found == ["stock"]


@pytest.mark.parametrize("key", TRANSLATED)
def test_a_games_pictures_draw_every_word_in_the_readers_language(key: str) -> None:
    game = registry.get(key)
    checked = 0
    for label, _, drawn, names in pictures(game, PSEUDO_WORDS, (0, 8)):
        assert english_left(drawn, [*names, *CARD_LABELS.get(key, [])]) == [], label
        checked += 1
    assert checked >= 6
