"""render.png: a reader (Pillow's) finds the very pixels and palette that were written."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from render import common
from render.png import palette_png


def read(png: bytes) -> Image.Image:
    picture = Image.open(io.BytesIO(png))
    picture.load()
    return picture


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(1, 40),
    height=st.integers(1, 40),
    colours=st.integers(1, 256),
    seed=st.integers(0, 2**32 - 1),
)
def test_any_palette_picture_reads_back_the_same(width: int, height: int, colours: int, seed: int) -> None:
    rng = random.Random(seed)
    picture = Image.new("P", (width, height))
    picture.putpalette([rng.randrange(256) for _ in range(3 * colours)])
    picture.putdata([rng.randrange(colours) for _ in range(width * height)])
    again = read(palette_png(picture))
    assert again.mode == "P" and again.size == picture.size
    assert again.tobytes() == picture.tobytes()
    assert again.getpalette()[: 3 * colours] == picture.getpalette()[: 3 * colours]


def test_a_picture_with_text_in_several_scripts_reads_back_as_it_was_mapped() -> None:
    image, draw = common.new_canvas(480, 120)
    common.text(draw, (10, 10), "Zoë · さくら · Дмитрий · Ελένη 🎲", 24)
    draw.rounded_rectangle((20, 60, 200, 110), 8, fill=common.PAPER, outline=common.GOLD, width=3)
    mapped = image.quantize(palette=common._palette(), dither=Image.Dither.NONE)
    again = read(palette_png(mapped))
    assert again.tobytes() == mapped.tobytes() and again.getpalette() == mapped.getpalette()
    assert read(common.to_png(image)).convert("RGB").tobytes() == mapped.convert("RGB").tobytes()


def test_the_file_is_a_valid_png_every_chunk_checked() -> None:
    picture = Image.new("P", (5, 3), 2)
    picture.putpalette(list(range(9)))
    png = palette_png(picture)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    at, kinds = 8, []
    while at < len(png):
        size = int.from_bytes(png[at : at + 4], "big")
        kind, data, crc = png[at + 4 : at + 8], png[at + 8 : at + 8 + size], png[at + 8 + size : at + 12 + size]
        assert int.from_bytes(crc, "big") == zlib.crc32(kind + data)
        kinds.append(kind)
        at += 12 + size
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]


def test_only_palette_pictures_are_written() -> None:
    with pytest.raises(ValueError, match="mode P"):
        palette_png(Image.new("RGB", (2, 2)))
