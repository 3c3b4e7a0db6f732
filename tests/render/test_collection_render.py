"""The collection picture: names in any script, readable on a phone, marked cards told apart."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.gin_jon_tan.cards import FULL_SET
from render import collection
from render.collection import PER_PAGE, CollectionView, ShownCard, collection_picture
from render.text import MIN_PHONE_PX, clean, font_for, phone_px, recording
from tests.render.test_pictures_for_phones import SIMULATIONS, contrast, simulate

NAMES = ["王小明", "Дмитрий", "🎲 Dicey ✨", "Ελένη Παπαδοπούλου-Αναστασίου of a very long name indeed"]


def page(name: str, count: int = PER_PAGE, **changes) -> CollectionView:
    cards = tuple(ShownCard(card, i % 3 == 0) for i, card in enumerate(FULL_SET[::97][:count]))
    fields = {"title": f"{name}'s collection", "cards": cards, "total": 41, "page": 1, "pages": 3, "sort": "value"}
    fields.update(changes)
    return CollectionView(**fields)


@pytest.mark.parametrize("name", NAMES)
def test_a_page_shows_every_card_numbered_and_the_name(name: str) -> None:
    with recording() as drawn:
        png = collection_picture(page(name, marked=33))
    image = Image.open(io.BytesIO(png))
    assert image.width == 480 and len(png) < 300_000
    words = [t.content for t in drawn]
    title = f"{name}'s collection"
    assert title in words or any(w.endswith("…") and title.startswith(w[:-1]) for w in words)
    tags = [w for w in words if w.startswith("#")]
    assert tags[0] == "#21 ✓" and tags[-1] == "#40" and len(tags) == PER_PAGE  # page 2 numbers on from 21
    assert "41 cards · by value · page 2 of 3" in words and "Gold border: in the active deck (33)" in words
    assert all(phone_px(t.size, t.picture_width) >= MIN_PHONE_PX for t in drawn)
    assert all(font_for(char) for t in drawn for char in clean(t.content))


def test_an_empty_page_says_so_and_a_note_is_shown() -> None:
    with recording() as drawn:
        collection_picture(page("Ana", 0, total=0, page=0, pages=1, note="Pick 33 cards."))
    words = [t.content for t in drawn]
    assert "No cards here." in words and "Pick 33 cards." in words


@pytest.mark.parametrize("kind", list(SIMULATIONS))
def test_its_colours_stay_apart_under_colour_blindness(kind: str) -> None:
    for what, fg, bg in collection.COLOUR_PAIRS:
        assert contrast(simulate(fg, kind), simulate(bg, kind)) >= 3.0, what
