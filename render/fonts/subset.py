"""Make the shipped font files from the Debian font packages (a one-off; not used at run time).

    apt-get download fonts-dejavu-core fonts-droid-fallback fonts-symbola fonts-noto-core fonts-noto-ui-core
    for deb in *.deb; do dpkg-deb -x "$deb" x; done
    pip install fonttools
    python render/fonts/subset.py x/usr/share render/fonts

DejaVu Sans keeps Latin, Greek, Cyrillic and the symbols a card table needs. Droid Sans
Fallback keeps the Chinese, Japanese and Korean characters of the national standard sets
(GB 2312, JIS X 0208, Big5 level 1, the KS X 1001 Hangul): the characters people really
use, about a third of the font. Symbola keeps the emoji and pictographic symbols.

The Noto fonts draw the scripts that need shaping or run right to left (Arabic, Hebrew, the
Indic scripts, Sinhala, Thai, Lao, Khmer, Myanmar) and the alphabets DejaVu's subset leaves out
(Armenian, Georgian, Ethiopic). Each keeps its script's block (letters, marks, digits,
punctuation), the space and the joiners (ZWNJ, ZWJ), and every glyph its GSUB/GPOS features
reach from those (joined Arabic forms, conjuncts, stacked consonants, mark positions), since
raqm shapes with them. Where Noto has a "UI" cut (all but Hebrew, Armenian, Georgian and
Ethiopic) it is taken: its tall marks fit the line height of Latin text. Dropped: what a name
never needs (Vedic signs, the rarer Arabic and Ethiopic extension blocks, Latin, the dotted
circle a shaper would draw for a broken cluster), the hinting instructions (about a third of
each file; FreeType then hints the glyphs itself, as it does Symbola's), and Ethiopic's
kerning (25,000 pairs, 100 KB a weight, for names 1-4% narrower).
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset

LATIN_GREEK_CYRILLIC = [
    (0x20, 0x24F),  # Basic Latin, Latin-1, Latin Extended-A and -B
    (0x250, 0x2FF),  # IPA, spacing modifiers
    (0x300, 0x36F),  # combining accents
    (0x370, 0x3FF),  # Greek
    (0x400, 0x52F),  # Cyrillic and its supplement
    (0x1E00, 0x1FFF),  # Latin Extended Additional (Vietnamese), Greek Extended
    (0x2000, 0x206F),  # punctuation: dashes, quotes, the ellipsis
    (0x20A0, 0x20CF),  # currency
    (0x2100, 0x21FF),  # letterlike symbols, arrows
    (0x2200, 0x22FF),  # maths
    (0x2500, 0x25FF),  # box drawing, shapes
    (0x2600, 0x26FF),  # miscellaneous symbols (card suits)
]
EMOJI = [
    (0x2190, 0x21FF),
    (0x2300, 0x23FF),
    (0x2460, 0x24FF),
    (0x25A0, 0x27BF),  # shapes, symbols, dingbats (✨ ✔ ❤)
    (0x2900, 0x2BFF),
    (0x3030, 0x3030),
    (0x303D, 0x303D),
    (0x1F000, 0x1FAFF),  # mahjong, playing cards, pictographs, emoticons, transport
]
#: Every Noto subset keeps these: the space (so a name's words stay in one shaped run) and the joiners.
NOTO_COMMON = [(0x20, 0x20), (0xA0, 0xA0), (0x200C, 0x200D)]
#: (source file in fonts/truetype/noto without "-Regular.ttf", the blocks it keeps)
NOTO = [
    ("NotoSansArabicUI", [(0x600, 0x6FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)]),  # and presentation forms
    ("NotoSansHebrew", [(0x590, 0x5FF), (0xFB1D, 0xFB4F)]),  # and presentation forms
    ("NotoSansDevanagariUI", [(0x900, 0x97F)]),
    ("NotoSansBengaliUI", [(0x980, 0x9FF)]),
    ("NotoSansTamilUI", [(0xB80, 0xBFF)]),
    ("NotoSansThaiUI", [(0xE00, 0xE7F)]),
    ("NotoSansGujaratiUI", [(0xA80, 0xAFF)]),
    ("NotoSansGurmukhiUI", [(0xA00, 0xA7F)]),
    ("NotoSansTeluguUI", [(0xC00, 0xC7F)]),
    ("NotoSansKannadaUI", [(0xC80, 0xCFF)]),
    ("NotoSansMalayalamUI", [(0xD00, 0xD7F)]),
    ("NotoSansSinhalaUI", [(0xD80, 0xDFF)]),
    ("NotoSansArmenian", [(0x530, 0x58F), (0xFB13, 0xFB17)]),  # and its five ligatures
    ("NotoSansGeorgian", [(0x10A0, 0x10FF), (0x1C90, 0x1CBF)]),  # and Mtavruli: str.upper() of a Georgian name
    ("NotoSansKhmerUI", [(0x1780, 0x17FF)]),
    ("NotoSansLaoUI", [(0xE80, 0xEFF)]),
    ("NotoSansMyanmarUI", [(0x1000, 0x109F)]),
    ("NotoSansEthiopic", [(0x1200, 0x137F)]),
]
#: Layout features left out, by font: the kerning of Ethiopic is two thirds of its subset.
NOTO_WITHOUT = {"NotoSansEthiopic": ["kern"]}
CJK_EXTRA = [
    (0x3000, 0x30FF),  # CJK punctuation, Hiragana, Katakana
    (0x3100, 0x31FF),  # Bopomofo, Hangul compatibility jamo, Katakana extension
    (0xFF00, 0xFFEF),  # full-width forms
]


def _codec_chars(codec: str, first: range, second: range) -> set[int]:
    found = set()
    for a in first:
        for b in second:
            try:
                found.add(ord(bytes((a, b)).decode(codec)))
            except (UnicodeDecodeError, TypeError):
                continue
    return found


def _expand(ranges: list[tuple[int, int]]) -> set[int]:
    return {c for lo, hi in ranges for c in range(lo, hi + 1)}


def cjk_characters() -> set[int]:
    chars = _codec_chars("gb2312", range(0xB0, 0xF8), range(0xA1, 0xFF))  # GB 2312 Hanzi
    chars |= _codec_chars("euc_jp", range(0xB0, 0xF5), range(0xA1, 0xFF))  # JIS X 0208 Kanji
    chars |= _codec_chars("big5", range(0xA4, 0xC7), range(0x40, 0xFF))  # Big5 level 1
    hangul = _codec_chars("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))  # KS X 1001 Hangul
    chars |= {c for c in hangul if 0xAC00 <= c <= 0xD7A3}
    return chars | _expand(CJK_EXTRA)


def make(
    source: Path, target: Path, unicodes: set[int], hinting: bool = True, without: list[str] | None = None
) -> None:
    """``source`` cut down to ``unicodes`` and the glyphs its layout features reach from them
    (every feature but those ``without``: raqm shapes with them), saved as ``target``."""
    options = subset.Options()
    options.hinting = hinting
    options.name_IDs = ["*"]
    options.name_legacy = True
    options.notdef_outline = True
    options.layout_features = ["*"]
    font = subset.load_font(str(source), options)
    if without:  # every feature the font has but these
        tags = {r.FeatureTag for t in ("GSUB", "GPOS") if t in font for r in font[t].table.FeatureList.FeatureRecord}
        options.layout_features = sorted(tags - set(without))
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    subset.save_font(font, str(target), options)
    print(f"{target.name}: {target.stat().st_size // 1024} KB")


def main(share: Path, out: Path) -> None:
    dejavu = share / "fonts/truetype/dejavu"
    base = _expand(LATIN_GREEK_CYRILLIC)
    make(dejavu / "DejaVuSans.ttf", out / "DejaVuSans.ttf", base)
    make(dejavu / "DejaVuSans-Bold.ttf", out / "DejaVuSans-Bold.ttf", base)
    make(
        share / "fonts-droid-fallback/truetype/DroidSansFallback.ttf",
        out / "DroidSansFallback-CJK.ttf",
        cjk_characters(),
    )
    make(
        share / "fonts/truetype/ancient-scripts/Symbola_hint.ttf",
        out / "Symbola-Emoji.ttf",
        _expand(EMOJI),
        hinting=False,
    )
    noto = share / "fonts/truetype/noto"
    for name, blocks in NOTO:
        for weight in ("Regular", "Bold"):
            file = f"{name}-{weight}.ttf"
            make(noto / file, out / file, _expand(blocks + NOTO_COMMON), hinting=False, without=NOTO_WITHOUT.get(name))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
