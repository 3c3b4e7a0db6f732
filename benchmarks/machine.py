"""``python -m benchmarks.machine``: the CPU milliseconds of a fixed piece of work that uses none of
Parlour's code, to tell how fast the machine of a run is.

The shared development machine is not the same from one session to the next: one round's machine
did each interaction's work in twice the CPU time of the round before, with the same code. Figures
of two rounds compare only beside this one (``benchmarks.load`` prints it first); within one run,
compare the trees side by side as ever.

The work is what a picture worker and the bot do most: Python code (a seeded sort, a dict of
strings), a Pillow drawing mapped to a palette, and a deflate.
"""

from __future__ import annotations

import random
import statistics
import time
import zlib

from PIL import Image, ImageDraw

#: Times the work is done; the median is printed.
REPEAT = 7


def work() -> None:
    """The fixed piece of work (the same on every machine and every revision)."""
    numbers = random.Random(1).sample(range(1_000_000), 50_000)
    numbers.sort()
    words = {f"word {n}": n * 3 for n in numbers[:20_000]}
    assert len(words) == 20_000
    image = Image.new("RGB", (480, 800), (20, 60, 40))
    draw = ImageDraw.Draw(image)
    for i in range(200):
        draw.rounded_rectangle((i % 40 * 11, i // 40 * 150, i % 40 * 11 + 60, i // 40 * 150 + 90), 6, (i, 255 - i, 90))
    paletted = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    zlib.compress(paletted.tobytes(), 1)


def reference_ms() -> float:
    """The median CPU milliseconds of :func:`work` on this machine, now."""
    work()  # warm
    spent = []
    for _ in range(REPEAT):
        started = time.process_time()
        work()
        spent.append((time.process_time() - started) * 1000)
    return statistics.median(spent)


if __name__ == "__main__":
    print(f"machine reference: {reference_ms():.1f} ms of CPU for the fixed work")
