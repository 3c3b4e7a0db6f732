"""``python -m benchmarks.png_encoding``: the old and the new :func:`render.common.to_png` side by side.

The RGB images every picture of every game hands to ``to_png`` (the pictures
:mod:`benchmarks.pictures` draws) are captured, then encoded by both methods, interleaved,
``REPEAT`` rounds. Printed: median CPU ms per picture, mean PNG size, mean absolute error per
channel (0–255) against the RGB original, and the worst picture's share of pixels off by more than 24.
"""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable
from contextlib import ExitStack
from unittest.mock import patch

from PIL import Image, ImageChops

from benchmarks.pictures import gin_jon_tan_evaluation, positions
from engine import registry
from render import common, pictures_for, results

REPEAT = 15


def old_to_png(image: Image.Image) -> bytes:
    """The method before: an octree of every pixel."""
    buffer = io.BytesIO()
    image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=1
    )
    return buffer.getvalue()


METHODS: dict[str, Callable[[Image.Image], bytes]] = {"old": old_to_png, "new": common.to_png}


def captured_pictures() -> list[Image.Image]:
    """The images handed to ``to_png``: table, hand, final table and results, for 2 and 4 players."""
    images: list[Image.Image] = []

    def capture(image: Image.Image) -> bytes:
        images.append(image.copy())
        return b""

    with ExitStack() as stack:
        for module in {pictures_for(game.key) for game in registry.all_games()} | {results}:
            stack.enter_context(patch.object(module, "to_png", capture))
        for game in registry.all_games():
            module = pictures_for(game.key)
            for players in sorted({2, min(game.max_players, 4)} & set(game.allowed_counts)):
                middle, end, names = positions(game, players)
                outcome = end.outcome()
                assert outcome is not None
                module.table_picture(middle.view(None), names=names)
                module.hand_picture(middle.view(middle.waiting_on()[0]), names=names)
                module.table_picture(end.view(None), names=names)
                results.results_picture(outcome, names=names, game_name=game.name)
        gin_jon_tan_evaluation()()
    return images


def errors(image: Image.Image, png: bytes) -> tuple[float, float]:
    """Mean absolute error per channel, and the share of pixels with a channel off by more than 24."""
    diff = ImageChops.difference(image, Image.open(io.BytesIO(png)).convert("RGB"))
    r, g, b = diff.split()
    largest = ImageChops.lighter(ImageChops.lighter(r, g), b).histogram()  # each pixel's largest error
    pixels = image.width * image.height
    mean = sum(level % 256 * count for level, count in enumerate(diff.histogram())) / (3 * pixels)
    return mean, sum(largest[25:]) / pixels


def main() -> None:
    images = captured_pictures()
    totals: dict[str, list[float]] = {name: [] for name in METHODS}
    for round_ in range(REPEAT):
        spent = dict.fromkeys(METHODS, 0.0)
        for i, image in enumerate(images):
            for name in sorted(METHODS, reverse=(i + round_) % 2 == 1):  # take turns going first
                started = time.process_time()
                METHODS[name](image)
                spent[name] += time.process_time() - started
        for name in METHODS:
            totals[name].append(spent[name])
    print(f"{len(images)} pictures, {REPEAT} rounds, the methods interleaved")
    print(f"{'method':<6} {'CPU ms':>7} {'KB':>6} {'mean error':>11} {'worst >24':>10}")
    for name, encode in METHODS.items():
        pngs = [encode(image) for image in images]
        measured = [errors(image, png) for image, png in zip(images, pngs, strict=True)]
        cpu = statistics.median(totals[name]) / len(images) * 1000
        kb = statistics.mean(len(png) for png in pngs) / 1024
        mean_error = statistics.mean(error for error, _ in measured)
        print(f"{name:<6} {cpu:>7.2f} {kb:>6.1f} {mean_error:>11.3f} {max(off for _, off in measured):>10.3%}")


if __name__ == "__main__":
    main()
