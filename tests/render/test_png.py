"""to_png: one fixed palette, yet a picture keeps its look, also in colours the palette was not made from."""

from __future__ import annotations

import io
import threading

from PIL import Image, ImageChops, ImageDraw

from render import common
from render.palette import PALETTE


def _largest_error(image: Image.Image) -> int:
    back = Image.open(io.BytesIO(common.to_png(image))).convert("RGB")
    return max(high for _, high in ImageChops.difference(image, back).getextrema())


def test_the_palette_ends_with_the_colour_cube() -> None:
    assert len(PALETTE) == 256 * 3 and list(PALETTE[-len(common.CUBE) :]) == common.CUBE


def test_the_theme_colours_come_back_almost_exactly() -> None:
    image, draw = common.new_canvas(240, 40)
    for i, colour in enumerate([common.FELT, common.PAPER, common.INK, common.GOLD, common.RED, common.BACK]):
        draw.rectangle((i * 40, 0, i * 40 + 39, 39), fill=colour)
    assert _largest_error(image) <= 8


def test_a_colour_no_picture_had_keeps_its_hue() -> None:
    image = Image.new("RGB", (64, 64), (230, 20, 240))  # magenta: no game draws it
    ImageDraw.Draw(image).ellipse((8, 8, 56, 56), fill=(20, 200, 230))
    assert _largest_error(image) <= 48  # the cube's step is 85: never a wholly other colour


def test_threads_encode_the_same_bytes() -> None:
    """Each thread maps through its own palette (Pillow fills a cache inside it while mapping)."""
    image, draw = common.new_canvas(300, 200)
    common.text(draw, (10, 10), "Zoë · さくら · Дмитрий", 24)
    expected = common.to_png(image)
    found: list[bytes] = []
    threads = [threading.Thread(target=lambda: found.extend(common.to_png(image) for _ in range(20))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == [expected] * 80
