"""``python -m benchmarks.png_encoding``: the ways :func:`render.common.to_png` was and is done, side by side.

``octree``: a palette made for each picture, Pillow's PNG; ``pillow``: the fixed palette, Pillow's
PNG (zlib deflate, level 1); ``isal``: the fixed palette, :mod:`render.png` (ISA-L deflate), today's.

The RGB images every picture of every game hands to ``to_png`` (the pictures
:mod:`benchmarks.pictures` draws) are captured, then encoded by both methods, interleaved,
``REPEAT`` rounds. Printed: median CPU ms per picture, mean PNG size, mean absolute error per
channel (0–255) against the RGB original, the worst picture's share of pixels off by more than 24,
and how many pictures have a flat area (3×3 or more) drawn in another colour;
the errors also for held-out pictures (other deals, other moments, names in other scripts), which
the fixed palette was not made from.

``--write-palette`` makes :mod:`render.palette` anew from the first set of pictures.
"""

from __future__ import annotations

import io
import itertools
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from unittest.mock import patch

from PIL import Image, ImageChops, ImageFilter

from benchmarks.pictures import gin_jon_tan_evaluation, positions
from engine import registry
from render import common, palette, pictures_for, results

REPEAT = 15


def old_to_png(image: Image.Image) -> bytes:
    """The method before: a palette for each picture, an octree of every 4th pixel each way plus the cube."""
    sample = image.resize((max(1, image.width // 4), max(1, image.height // 4)), Image.Resampling.NEAREST)
    octree = sample.quantize(128, Image.Quantize.FASTOCTREE).getpalette() or []
    palette = Image.new("P", (1, 1))
    palette.putpalette(octree[: 128 * 3] + common.CUBE)
    buffer = io.BytesIO()
    image.quantize(palette=palette, dither=Image.Dither.NONE).save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


def pillow_png(image: Image.Image) -> bytes:
    """The fixed palette, written by Pillow (zlib's deflate at level 1)."""
    buffer = io.BytesIO()
    image.quantize(palette=common._palette(), dither=Image.Dither.NONE).save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


METHODS: dict[str, Callable[[Image.Image], bytes]] = {"octree": old_to_png, "pillow": pillow_png, "isal": common.to_png}


@contextmanager
def capturing() -> Iterator[list[Image.Image]]:
    """Collect the images handed to ``to_png`` by every game's pictures and the results picture."""
    images: list[Image.Image] = []

    def capture(image: Image.Image) -> bytes:
        images.append(image.copy())
        return b""

    with ExitStack() as stack:
        for module in {pictures_for(game.key) for game in registry.all_games()} | {results}:
            stack.enter_context(patch.object(module, "to_png", capture))
        yield images


def captured_pictures() -> list[Image.Image]:
    """The images handed to ``to_png``: table, hand, final table and results, for 2 and 4 players."""
    with capturing() as images:
        for game in registry.all_games():
            module = pictures_for(game.key)
            for players in sorted({2, min(game.max_players, 4)} & set(game.allowed_counts)):
                middle, end, names = positions(game, players)
                outcome = end.outcome()
                assert outcome is not None
                module.table_picture(middle.view(None), names=names)
                module.hand_picture(middle.view(middle.waiting_on()[0]), names=names)
                module.table_picture(end.view(None), names=names)
                results.results_picture(outcome, names=names, game_name=game.name, how_won=game.how_won)
        gin_jon_tan_evaluation()()
    return images


HELD_OUT_NAMES = ["Zoë O'Brien", "さくら", "김민준", "Ömer", "Jean-Luc", "Åsa"]


def held_out_pictures() -> list[Image.Image]:
    """Other deals and moments than :func:`captured_pictures`, and names in other scripts."""
    with capturing() as images:
        for game in registry.all_games():
            module = pictures_for(game.key)
            for players in sorted({game.min_players, min(game.max_players, 4)}):
                for seed in (11, 12):
                    computers = [game.computer_player(seed + seat) for seat in range(players)]
                    state, names = game.new_state(players, seed), HELD_OUT_NAMES[:players]
                    for moves in itertools.count():
                        if state.is_over:
                            break
                        seat = state.waiting_on()[0]
                        if moves % 17 == 5:
                            module.table_picture(state.view(None), names=names)
                            module.hand_picture(state.view(seat), names=names)
                        state.act(seat, computers[seat].choose(state.view(seat)))
                    module.table_picture(state.view(None), names=names)
                    outcome = state.outcome()
                    assert outcome is not None
                    results.results_picture(outcome, names=names, game_name=game.name, how_won=game.how_won)
    return images


def write_palette(images: list[Image.Image]) -> None:
    """Make render/palette.py: an octree of 192 colours of every 4th pixel of ``images``, then the cube."""
    samples = [im.resize((max(1, im.width // 4), max(1, im.height // 4)), Image.Resampling.NEAREST) for im in images]
    montage = Image.new("RGB", (max(s.width for s in samples), sum(s.height for s in samples)), common.FELT)
    top = 0
    for sample in samples:
        montage.paste(sample, (0, top))
        top += sample.height
    octree = (montage.quantize(192, Image.Quantize.FASTOCTREE).getpalette() or [])[: 192 * 3]
    colours = octree + [0] * (192 * 3 - len(octree)) + common.CUBE
    rows = [" ".join(f"{c}," for c in colours[i : i + 18]) for i in range(0, len(colours), 18)]
    path = Path(palette.__file__)
    text = path.read_text()
    head, tail = text.split("PALETTE: tuple[int, ...] = (\n")[0], text.split("\n)\n")[-1]
    path.write_text(head + "PALETTE: tuple[int, ...] = (\n" + "".join(f"    {row}\n" for row in rows) + ")\n" + tail)
    print(f"wrote {path} from {len(images)} pictures")


def errors(image: Image.Image, png: bytes) -> tuple[float, float]:
    """Mean absolute error per channel, and the share of pixels with a channel off by more than 24."""
    diff = ImageChops.difference(image, Image.open(io.BytesIO(png)).convert("RGB"))
    r, g, b = diff.split()
    largest = ImageChops.lighter(ImageChops.lighter(r, g), b).histogram()  # each pixel's largest error
    pixels = image.width * image.height
    mean = sum(level % 256 * count for level, count in enumerate(diff.histogram())) / (3 * pixels)
    return mean, sum(largest[25:]) / pixels


def wrong_area(image: Image.Image, png: bytes) -> bool:
    """Is some 3×3 block of pixels all off by more than 24 (a flat area drawn in another colour,
    not just anti-aliased edges)?"""
    diff = ImageChops.difference(image, Image.open(io.BytesIO(png)).convert("RGB"))
    r, g, b = diff.split()
    off = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda level: 255 if level > 24 else 0)
    return off.filter(ImageFilter.MinFilter(3)).getbbox() is not None


def main() -> None:
    images = captured_pictures()
    if "--write-palette" in sys.argv:
        write_palette(images)
        return
    totals: dict[str, list[float]] = {name: [] for name in METHODS}
    for round_ in range(REPEAT):
        spent = dict.fromkeys(METHODS, 0.0)
        for i, image in enumerate(images):
            names = list(METHODS)
            shift = (i + round_) % len(names)
            for name in names[shift:] + names[:shift]:  # take turns going first
                started = time.process_time()
                METHODS[name](image)
                spent[name] += time.process_time() - started
        for name in METHODS:
            totals[name].append(spent[name])
    print(f"{len(images)} pictures, {REPEAT} rounds, the methods interleaved")
    print(f"{'method':<6} {'CPU ms':>7} {'KB':>6} {'mean error':>11} {'worst >24':>10} {'wrong areas':>12}")
    for name, encode in METHODS.items():
        pngs = [encode(image) for image in images]
        measured = [errors(image, png) for image, png in zip(images, pngs, strict=True)]
        cpu = statistics.median(totals[name]) / len(images) * 1000
        kb = statistics.mean(len(png) for png in pngs) / 1024
        mean_error = statistics.mean(error for error, _ in measured)
        wrong = sum(wrong_area(image, png) for image, png in zip(images, pngs, strict=True))
        print(
            f"{name:<6} {cpu:>7.2f} {kb:>6.1f} {mean_error:>11.3f} {max(off for _, off in measured):>10.3%} {wrong:>12}"
        )
    held = held_out_pictures()
    print(f"{len(held)} held-out pictures (other deals, moments and names)")
    for name, encode in METHODS.items():
        pngs = [encode(image) for image in held]
        measured = [errors(image, png) for image, png in zip(held, pngs, strict=True)]
        kb = statistics.mean(len(png) for png in pngs) / 1024
        mean_error = statistics.mean(error for error, _ in measured)
        wrong = sum(wrong_area(image, png) for image, png in zip(held, pngs, strict=True))
        print(f"{name:<6} {'':>7} {kb:>6.1f} {mean_error:>11.3f} {max(off for _, off in measured):>10.3%} {wrong:>12}")


if __name__ == "__main__":
    main()
