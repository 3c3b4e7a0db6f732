"""Names in Arabic, Hebrew, the scripts of India, Sri Lanka and South-East Asia, Armenian,
Georgian and Ethiopic, as a player sees them drawn.

Each script has its own shipped Noto font; Arabic must come out joined and right to left,
Indic scripts with their conjuncts and vowel signs in place, Khmer and Myanmar with their
stacked consonants, and a name cut to fit must keep every cluster whole.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

import pytest
from PIL import Image, ImageDraw, ImageFont, features

from render import text
from render.text import ELLIPSIS, draw_text, fit, font_for, has_glyph, runs, width

#: A name in each new script, the font that must draw it, and a longer one that gets cut.
NAMES = {
    "arabic": ("محمد عبد الرحمن", "NotoSansArabicUI"),
    "persian": ("علی\u200cرضا", "NotoSansArabicUI"),  # the non-joiner keeps ی and ر apart
    "hebrew": ("דוד כהן", "NotoSansHebrew"),
    "devanagari": ("अर्जुन क्षत्रिय", "NotoSansDevanagariUI"),
    "bengali": ("সৌমিত্র দাস", "NotoSansBengaliUI"),
    "tamil": ("கார்த்திக் ராஜா", "NotoSansTamilUI"),
    "thai": ("สมชาย ใจดี", "NotoSansThaiUI"),
    "gujarati": ("નરેન્દ્ર પટેલ", "NotoSansGujaratiUI"),
    "gurmukhi": ("ਹਰਪ੍ਰੀਤ ਸਿੰਘ", "NotoSansGurmukhiUI"),
    "telugu": ("శ్రీనివాస్ రెడ్డి", "NotoSansTeluguUI"),
    "kannada": ("ಲಕ್ಷ್ಮಿ ಪ್ರಸಾದ್", "NotoSansKannadaUI"),
    "malayalam": ("ഉണ്ണികൃഷ്ണൻ നായർ", "NotoSansMalayalamUI"),
    "sinhala": ("ප්\u200dරියන්ත පෙරේරා", "NotoSansSinhalaUI"),  # ප්‍ර: the joiner makes rakaransaya
    "armenian": ("Արամ Խաչատրյան", "NotoSansArmenian"),
    "georgian": ("გიორგი ბერიძე", "NotoSansGeorgian"),
    "khmer": ("សុខ ចាន់ស្រី", "NotoSansKhmerUI"),
    "lao": ("ສົມພອນ ແກ້ວມະນີ", "NotoSansLaoUI"),
    "myanmar": ("သန္တာ ထွန်း", "NotoSansMyanmarUI"),
    "amharic": ("አበበ ቢቂላ", "NotoSansEthiopic"),
}
LONG = {
    "arabic": "محمد عبد الرحمن بن عبد العزيز الخطيب",
    "devanagari": "अर्जुन क्षत्रिय सिंह राठौड़ श्रीवास्तव",
    "bengali": "সৌমিত্র চট্টোপাধ্যায় কৃষ্ণ",
    "thai": "สมชาย ใจดี ศรีสุวรรณ",
    "gujarati": "નરેન્દ્ર દામોદરદાસ મોદી શ્રીવાસ્તવ",
    "gurmukhi": "ਹਰਪ੍ਰੀਤ ਸਿੰਘ ਢਿੱਲੋਂ ਗ੍ਰੇਵਾਲ",
    "telugu": "శ్రీనివాస్ రెడ్డి వెంకటేశ్వర్లు",
    "kannada": "ಲಕ್ಷ್ಮಿ ಪ್ರಸಾದ್ ಕೃಷ್ಣಮೂರ್ತಿ",
    "malayalam": "ഉണ്ണികൃഷ്ണൻ നമ്പ്യാർ ശ്രീധരൻ",
    "sinhala": "ප්\u200dරියන්ත කුමාර ජයසූරිය ශ්\u200dරී වර්ධන",
    "armenian": "Արամ Իլյիչ Խաչատրյան",
    "georgian": "გიორგი ბერიძე ჯავახიშვილი",
    "khmer": "ស្រីពេជ្រ ចាន់ សុខា ស្តីឡូ",
    "lao": "ສົມພອນ ແກ້ວມະນີ ພົມມະວົງ",
    "myanmar": "ဥက္ကာ ထွန်း အောင်မင်္ဂလာ",  # က္က stacked, င်္ဂ kinzi
    "amharic": "አበበ ቢቂላ ወልደ ጊዮርጊስ",
}
#: Signs after which the next consonant belongs to the same cluster: the viramas (Devanagari,
#: Bengali, Gurmukhi, Gujarati, Telugu, Kannada, Malayalam), Sinhala's al-lakuna, Khmer's coeng,
#: Myanmar's stacker, the zero-width joiner; and Thai and Lao vowels written before their letter.
JOINS_NEXT = "\u094d\u09cd\u0a4d\u0acd\u0c4d\u0ccd\u0d4d\u0dca\u17d2\u1039\u200d" + "เแโใไເແໂໃໄ"
WHITE = (255, 255, 255)
SIZE = 32
needs_raqm = pytest.mark.skipif(not features.check_feature("raqm"), reason="shaping needs Pillow's raqm layout")


def drawn(content: str, size: int = SIZE, max_width: float | None = None) -> tuple[Image.Image, float]:
    """``content`` drawn white on black from x = 20 (greyscale), and the width draw_text gave."""
    image = Image.new("RGB", (1000, 3 * size), (0, 0, 0))
    given = draw_text(ImageDraw.Draw(image), (20, size // 2), content, size, WHITE, max_width=max_width)
    return image.convert("L"), given


def ink_columns(image: Image.Image) -> tuple[int, int]:
    """The first and last column with ink."""
    box = image.getbbox()
    assert box is not None, "nothing was drawn"
    return box[0], box[2]


def strokes(image: Image.Image) -> int:
    """How many separate shapes the ink makes (8-connected), as the eye counts pieces."""
    pixels, (w, h) = image.load(), image.size
    seen: set[tuple[int, int]] = set()
    count = 0
    for y in range(h):
        for x in range(w):
            if pixels[x, y] > 100 and (x, y) not in seen:
                count += 1
                stack = [(x, y)]
                seen.add((x, y))
                while stack:
                    a, b = stack.pop()
                    for c in (a - 1, a, a + 1):
                        for d in (b - 1, b, b + 1):
                            if 0 <= c < w and 0 <= d < h and (c, d) not in seen and pixels[c, d] > 100:
                                seen.add((c, d))
                                stack.append((c, d))
    return count


def left_part(image: Image.Image, columns: float) -> bytes:
    """The pixels from x = 20 (where the text starts) over ``columns`` columns."""
    return image.crop((20, 0, 20 + int(columns), image.height)).tobytes()


@pytest.mark.parametrize("script", list(NAMES))
@pytest.mark.parametrize("bold", [False, True])
def test_a_name_in_each_script_draws_with_its_own_font(script: str, bold: bool) -> None:
    name, family = NAMES[script]
    parts = runs(name, bold)
    assert no_question_marks(parts), parts
    assert [file for file, _ in parts] == [f"{family}-{'Bold' if bold else 'Regular'}.ttf"], parts
    assert "".join(part for _, part in parts) == unicodedata.normalize("NFC", name)
    assert all(has_glyph(file, char) for file, part in parts for char in part)
    image, given = drawn(name)
    assert image.getbbox() is not None
    assert given == pytest.approx(width(name, SIZE))


def no_question_marks(parts: tuple[tuple[str, str], ...]) -> bool:
    """No character of the runs was turned into ``?`` (a glyph no font has)."""
    return all(text.MISSING not in part for _, part in parts)


@pytest.mark.parametrize("name", [name for name, _ in NAMES.values()] + list(LONG.values()))
def test_the_width_given_is_where_the_ink_is(name: str) -> None:
    """Widths come from the shaped runs, so a name centred or right-aligned stands where it should."""
    image, given = drawn(name)
    first, last = ink_columns(image)
    assert first >= 18 and last <= 20 + given + 2, (first, last, given)
    assert last - first > given * 0.8


@needs_raqm
def test_arabic_letters_join_into_one_stroke() -> None:
    """محمد is four letters joined into one stroke; drawn one by one they are four shapes."""
    word = "محمد"
    image, given = drawn(word)
    assert strokes(image) == 1
    assert sum(strokes(drawn(letter)[0]) for letter in word) == 4
    assert given != pytest.approx(sum(width(letter, SIZE) for letter in word))


@needs_raqm
def test_arabic_is_drawn_right_to_left_as_raqm_shapes_it() -> None:
    """The name is drawn exactly as raqm lays it out right to left, not in typing order."""
    name = "اكرم"
    face = text.font(SIZE, font_for(name[0]))

    def by_raqm(direction: str) -> bytes:
        image = Image.new("RGB", (300, 100))
        ImageDraw.Draw(image).text((20, 60), name, fill=WHITE, font=face, anchor="ls", direction=direction)
        return image.tobytes()

    ours = Image.new("RGB", (300, 100))
    draw_text(ImageDraw.Draw(ours), (20, 60), name, SIZE, WHITE, anchor="ls")
    assert ours.tobytes() == by_raqm("rtl")
    typed = Image.new("RGB", (300, 100))  # the letters one by one, in typing order from the left
    x = 20.0
    for letter in name:
        x += draw_text(ImageDraw.Draw(typed), (x, 60), letter, SIZE, WHITE, anchor="ls")
    assert ours.tobytes() != typed.tobytes()


def test_hebrew_starts_at_the_right() -> None:
    """In לאה the lamed (the first letter, the only one reaching up) stands at the right end."""
    image, _ = drawn("לאה")
    first, last = ink_columns(image)
    top = min(y for y in range(image.height) if any(image.getpixel((x, y)) > 100 for x in range(first, last)))
    tallest = [x for x in range(first, last) if image.getpixel((x, top)) > 100]
    assert min(tallest) > first + (last - first) * 2 / 3


@needs_raqm
def test_devanagari_forms_conjuncts_and_reph() -> None:
    """क्ष is one conjunct, narrower than क् and ष side by side; in र्ज the र rides above ज as a
    reph, taking no room of its own."""
    assert width("क्ष", SIZE) < width("क्", SIZE) + width("ष", SIZE) - 5
    assert width("र्ज", SIZE) == pytest.approx(width("ज", SIZE))
    reph, plain = drawn("र्ज")[0].getbbox(), drawn("ज")[0].getbbox()
    assert reph is not None and plain is not None
    assert reph[1] < plain[1] - 4  # it reaches higher


#: A cluster in each script that shaping changes, and how: "conjunct" (letters joined or stacked
#: into one, narrower than side by side), "pre-base" (a vowel sign typed after its letter but
#: drawn before it), "mark on mark" (a tone mark lifted above a vowel sign).
CLUSTERS = [
    ("gujarati", "ક્ષ", "conjunct"),
    ("gujarati", "ન્દ્ર", "conjunct"),
    ("gurmukhi", "ਪ੍ਰ", "conjunct"),  # ra subjoined under pa by the virama U+0A4D
    ("gurmukhi", "ਸਿ", "pre-base"),  # sihari
    ("telugu", "శ్రీ", "conjunct"),
    ("kannada", "ಕ್ಷ", "conjunct"),  # the virama U+0CCD
    ("malayalam", "ണ്ണ", "conjunct"),
    ("malayalam", "പെ", "pre-base"),
    ("sinhala", "ප්\u200dර", "conjunct"),  # rakaransaya: al-lakuna U+0DCA and the joiner
    ("sinhala", "පෙ", "pre-base"),  # kombuva
    ("khmer", "ស្តី", "conjunct"),  # ta under sa by the coeng U+17D2
    ("khmer", "កេ", "pre-base"),
    ("myanmar", "န္တ", "conjunct"),  # ta under na by the stacker U+1039
    ("myanmar", "င်္ဂ", "conjunct"),  # kinzi: nga, asat and stacker ride above ga
    ("myanmar", "ကေ", "pre-base"),
    ("lao", "ນີ້", "mark on mark"),
]


def one_by_one(content: str) -> Image.Image:
    """``content`` drawn a character at a time, each after the last: what no shaping looks like."""
    image = Image.new("RGB", (1000, 3 * SIZE), (0, 0, 0))
    x = 20.0
    for char in content:
        x += draw_text(ImageDraw.Draw(image), (x, SIZE // 2), char, SIZE, WHITE)
    return image.convert("L")


@needs_raqm
@pytest.mark.parametrize(("script", "cluster", "how"), CLUSTERS)
def test_a_cluster_is_drawn_shaped(script: str, cluster: str, how: str) -> None:
    """The cluster is drawn exactly as raqm shapes it in its script's font, which is not its
    characters one after another; and the shaping shows where a reader looks for it."""
    file = f"{NAMES[script][1]}-Regular.ttf"
    assert runs(cluster) == ((file, cluster),)
    ours, by_raqm = Image.new("RGB", (300, 100)), Image.new("RGB", (300, 100))
    draw_text(ImageDraw.Draw(ours), (20, 60), cluster, SIZE, WHITE, anchor="ls")
    ImageDraw.Draw(by_raqm).text((20, 60), cluster, fill=WHITE, font=text.font(SIZE, file), anchor="ls")
    assert ours.tobytes() == by_raqm.tobytes()
    image, given = drawn(cluster)
    assert image.tobytes() != one_by_one(cluster).tobytes()
    if how == "conjunct":
        assert given < 0.8 * sum(width(char, SIZE) for char in cluster)
    elif how == "pre-base":  # the vowel sign stands at the left, where the letter stood alone
        letter, vowel = cluster[0], cluster[1:]
        sign = drawn(vowel)[0]
        assert left_part(image, width(vowel, SIZE)) == left_part(sign, width(vowel, SIZE))
        assert left_part(image, width(vowel, SIZE)) != left_part(drawn(letter)[0], width(vowel, SIZE))
    else:  # the tone mark sits above the vowel sign, higher than either reaches alone
        top = image.getbbox()
        apart = [drawn(cluster[:1] + mark)[0].getbbox() for mark in cluster[1:]]
        assert top is not None and all(box is not None and top[1] < box[1] - 3 for box in apart)


def test_a_georgian_name_upper_cased_still_draws() -> None:
    """Sentences start with a capital (results.why_words): str.upper() makes Georgian letters
    Mtavruli capitals, which the Georgian font draws too."""
    for name in ("Გიორგი won the play-off.", "გიორგი".upper()):
        parts = runs(name)
        assert no_question_marks(parts), parts
        assert parts[0][0] == "NotoSansGeorgian-Regular.ttf"


@needs_raqm
def test_a_persian_non_joiner_keeps_letters_apart() -> None:
    """علی‌رضا with its non-joiner is علی and رضا unjoined, side by side; without it ی joins ر."""
    apart = width("علی", SIZE) + width("رضا", SIZE)
    assert width("علی\u200cرضا", SIZE) == pytest.approx(apart)
    assert width("علیرضا", SIZE) != pytest.approx(apart)


def test_a_stray_mark_draws_without_a_dotted_circle() -> None:
    """A vowel sign with no letter before it draws alone, in its script's font: no ring of dots
    (a dotted circle is a dozen separate dots), no box."""
    strays = [("ि", "राम"), ("ী", "রাম"), ("ு", "ராம"), ("ั", "สม"), ("َ", "علي"), ("ਿ", "ਰਾਮ"), ("ి", "రామ")]
    strays += [("ി", "രാമ"), ("ි", "රාම"), ("ិ", "រាម"), ("ိ", "ရာမ"), ("ິ", "ລາມ"), ("ೆ", "ರಾಮ")]
    for mark, letters in strays:
        assert runs(mark + letters)[0][0] == font_for(letters[0]), mark
        assert strokes(drawn(mark + letters)[0]) - strokes(drawn(letters)[0]) <= 2, mark


@pytest.mark.parametrize("script", list(LONG))
def test_a_long_name_is_cut_within_its_width_and_between_letters(script: str) -> None:
    """Every cut ends within max_width, with an ellipsis, and never between a letter and its
    vowel sign or mark, nor inside a conjunct (which would leave a bare virama or coeng).

    Besides widths every 5 px, each width that a cut after any character (inside a cluster too)
    would just fit is tried: a cut that is not allowed there must not be made."""
    name = LONG[script]
    cut_somewhere = False
    tempting = {width(name[:i].rstrip() + ELLIPSIS, 16) for i in range(1, len(name))}
    for max_width in sorted({*range(24, int(width(name, 16)) + 8, 5), *tempting}):
        cut = fit(name, 16, max_width)
        assert width(cut, 16) <= max_width
        if cut == name:
            continue
        cut_somewhere = True
        kept = cut.removesuffix(ELLIPSIS)
        assert cut.endswith(ELLIPSIS) and name.startswith(kept)
        following = name[len(kept)] if len(kept) < len(name) else " "
        assert unicodedata.category(following)[0] != "M", (cut, following)  # no vowel sign, asat, stacker cut off
        # a virama may end a word (శ్రీనివాస్), but not stand before a consonant it joins to
        assert not (kept.endswith(tuple(JOINS_NEXT)) and unicodedata.category(following)[0] == "L"), cut
        image, given = drawn(name, 16, max_width=max_width)
        assert ink_columns(image)[1] <= 20 + max_width + 2  # ink may reach a pixel past the advance (Arabic)
        assert given <= max_width
    assert cut_somewhere


def test_a_cut_arabic_name_keeps_its_ellipsis_at_the_left_end() -> None:
    """Right to left, the ellipsis follows the name's last letter, so it stands at the left."""
    name = LONG["arabic"]
    cut = fit(name, SIZE, 200)
    image, _ = drawn(cut)
    alone, dots = drawn(ELLIPSIS)
    assert left_part(image, dots * 0.75) == left_part(alone, dots * 0.75)  # a final letter's tail may reach in


def test_an_english_sentence_keeps_an_arabic_name_where_it_is_typed() -> None:
    """Pictures speak English: "محمد is about to lead." starts with the name at the left (not
    with the full stop, as a right-to-left line would), and reads on to the right."""
    name, sentence = "محمد", "محمد is about to lead."
    image, _ = drawn(sentence)
    alone, name_width = drawn(name)
    assert left_part(image, name_width) == left_part(alone, name_width)


def test_a_name_mixing_latin_and_arabic_reads_from_the_left_as_typed() -> None:
    name = "Ali علي"
    assert [file for file, _ in runs(name)] == ["DejaVuSans.ttf", "NotoSansArabicUI-Regular.ttf"]
    image, _ = drawn(name)
    latin, latin_width = drawn("Ali")
    assert left_part(image, latin_width) == left_part(latin, latin_width)


def test_digits_after_a_hebrew_name_stand_to_its_left() -> None:
    """A line that is all Hebrew runs right to left: דוד 12 shows 12 at the left, then דוד."""
    image, _ = drawn("דוד 12")
    digits, digits_width = drawn("12")
    assert left_part(image, digits_width) == left_part(digits, digits_width)


@pytest.fixture
def basic_layout(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pillow without raqm: basic layout, no shaping."""
    monkeypatch.setattr(text, "LAYOUT", ImageFont.Layout.BASIC)
    text.clear_caches()
    yield
    monkeypatch.undo()
    text.clear_caches()


@pytest.mark.usefixtures("basic_layout")
def test_without_raqm_every_name_still_draws() -> None:
    """Letters unjoined, but every name draws, fits and is cut, with no '?' and no crash."""
    assert text.font(SIZE, font_for("م")).layout_engine == ImageFont.Layout.BASIC
    for name in [name for name, _ in NAMES.values()] + list(LONG.values()) + ["Ali علي (12)"]:
        assert no_question_marks(runs(name)), name
        image, given = drawn(name)
        first, last = ink_columns(image)
        assert first >= 18 and last <= 20 + given + 2, name
        assert width(fit(name, 16, 60), 16) <= 60
    image, _ = drawn("לאה")  # Hebrew still starts at the right
    first, last = ink_columns(image)
    top = min(y for y in range(image.height) if any(image.getpixel((x, y)) > 100 for x in range(first, last)))
    assert min(x for x in range(first, last) if image.getpixel((x, top)) > 100) > first + (last - first) * 2 / 3
