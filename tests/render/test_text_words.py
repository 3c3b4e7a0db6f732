"""A line is stamped word by word (the words come back in every picture; whole lines rarely do):
what a player sees must still be the line as Pillow draws it whole."""

from __future__ import annotations

from typing import cast

import pytest
from PIL import Image, ImageDraw

from render import text
from render.text import draw_text, font_for, width

WHITE = (255, 255, 255)
SENTENCES = {
    "english": "Choose a clash: one of your cards and a card of theirs it beats.",
    "russian": "Дмитрий сбросил две карты и ждёт хода",
    "hindi": "अर्जुन क्षत्रिय ने पत्ते फेंके",
    "spaced": "Score  12   to 7 ",
}


#: Where each line starts: off the pixel grid, as a centred line often is.
X, BASELINE = 10.4, 40.0


def pillow_whole(sentence: str, size: int, bold: bool) -> Image.Image:
    image = Image.new("RGB", (900, 60))
    face = text.font(size, font_for(sentence[0], bold))
    ImageDraw.Draw(image).text((X, BASELINE), sentence, fill=WHITE, font=face, anchor="ls")
    return image


def ours(sentence: str, size: int, bold: bool) -> Image.Image:
    image = Image.new("RGB", (900, 60))
    draw_text(ImageDraw.Draw(image), (X, BASELINE), sentence, size, WHITE, anchor="ls", bold=bold)
    return image


def centre(image: Image.Image, left: float, right: float) -> float:
    """The ink-weighted middle, across, of what is drawn between two columns."""
    grey = image.convert("L")
    columns = range(max(0, int(left) - 1), min(grey.width, int(right) + 2))
    mass = [sum(cast(int, grey.getpixel((x, y))) for y in range(grey.height)) for x in columns]
    return sum(x * m for x, m in zip(columns, mass, strict=True)) / max(1, sum(mass))


def offsets(drawn: Image.Image, sentence: str, size: int, bold: bool = False) -> list[float]:
    """How far right of where Pillow draws it whole each word of ``sentence`` stands in ``drawn``."""
    whole = pillow_whole(sentence, size, bold)
    found, x = [], X
    for word in sentence.split(" "):
        end = x + width(word, size, bold)
        if word:
            found.append(centre(drawn, x, end) - centre(whole, x, end))
        x = end + width(" ", size, bold)
    return found


@pytest.mark.parametrize("script", sorted(SENTENCES))
@pytest.mark.parametrize("size", [13, 16, 22])
@pytest.mark.parametrize("bold", [False, True])
def test_a_line_stamped_word_by_word_is_the_line_pillow_draws(script: str, size: int, bold: bool) -> None:
    """Each word stands where Pillow puts it in the whole line: less than a pixel off (glyphs are
    hinted to the pixel grid from where each word starts), a few tenths on average (the lines
    stamped whole before were up to a pixel off, 0.17 on average); and the line is as wide as
    its width says."""
    sentence = SENTENCES[script]
    assert width(sentence, size, bold) == pytest.approx(
        text.font(size, font_for(sentence[0], bold)).getlength(sentence), abs=0.01
    )
    off = [abs(one) for one in offsets(ours(sentence, size, bold), sentence, size, bold)]
    assert max(off) < 1.0, off
    assert sum(off) / len(off) < 0.25, off


def test_the_check_sees_a_line_a_pixel_off() -> None:
    """The test above fails for a line drawn one pixel further right."""
    sentence = SENTENCES["english"]
    off = Image.new("RGB", (900, 60))
    draw_text(ImageDraw.Draw(off), (X + 1, BASELINE), sentence, 16, WHITE, anchor="ls")
    found = offsets(off, sentence, 16)
    assert sum(found) / len(found) > 0.7
