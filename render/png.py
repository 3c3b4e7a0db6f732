"""PNG files of palette pictures, deflated with ISA-L.

Pillow deflates a PNG with zlib, a large share of a picture's cost. ISA-L's level 1 deflate (the
``isal`` package, Intel's library) makes a stream any PNG reader inflates, in a fraction of zlib's
time and a little smaller (``python -m benchmarks.png_encoding``). The rest of a PNG is four short chunks,
written here: a palette picture (mode "P", 8 bits) needs nothing else.

>>> from PIL import Image
>>> picture = Image.new("P", (3, 2), 1)
>>> picture.putpalette([0, 0, 0, 255, 255, 255])
>>> import io
>>> again = Image.open(io.BytesIO(palette_png(picture)))
>>> again.mode, again.size, list(again.tobytes()), again.getpalette()[:6]
('P', (3, 2), [1, 1, 1, 1, 1, 1], [0, 0, 0, 255, 255, 255])
"""

from __future__ import annotations

import struct
import zlib

from isal import isal_zlib
from PIL import Image

__all__ = ["palette_png"]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: A PNG's palette colour type, at 8 bits a pixel.
INDEXED = 3
#: ISA-L's level 1: as fast as its level 0, with smaller files (level 1 is its default fast level).
LEVEL = 1


def palette_png(picture: Image.Image) -> bytes:
    """The PNG of an 8-bit palette picture: its pixels and its palette, nothing else."""
    if picture.mode != "P":
        raise ValueError(f"A palette picture is in mode P, not {picture.mode}.")
    width, height = picture.size
    palette = bytes(picture.getpalette("RGB") or ())
    if not palette:
        raise ValueError("A palette picture needs its palette.")
    header = struct.pack(">IIBBBBB", width, height, 8, INDEXED, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", isal_zlib.compress(_scanlines(picture), LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _scanlines(picture: Image.Image) -> bytes:
    """The pixels a row at a time, each row after its filter byte (0: none, as Pillow writes a
    palette picture): the picture pasted one pixel in from the left of a picture of zeros."""
    width, height = picture.size
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(picture, (1, 0))
    return rows.tobytes()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
