"""Gin-jon-tan's card faces, big and small, drawn once and pasted."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from engine.gin_jon_tan.cards import Card
from engine.gin_jon_tan.views import HeldCard
from engine.words import ENGLISH, Words
from render.common import (
    GOLD,
    INK,
    MARGIN,
    PAPER,
    SMALL,
    TITLE,
    WHITE,
    WIDTH,
    Colour,
    card_box,
    grid,
    text,
)
from render.gin_jon_tan.look import BANDS, CARD_H, CARD_W, GAP, MINI_H, MINI_W, PER_ROW, SPENT, wrap
from render.gin_jon_tan.motifs import symbol_motif
from render.gin_jon_tan.numbers import amount
from render.text import line_height

#: The symbols' and colours' names in the reader's language (what a card face says).
SYMBOL_WORDS: dict[str, Callable[[Words], str]] = {
    "Righteous": lambda words: words.say("Righteous"),
    "Fire": lambda words: words.say("Fire"),
    "Love": lambda words: words.say("Love"),
    "Sin": lambda words: words.say("Sin"),
    "Water": lambda words: words.say("Water"),
    "Air": lambda words: words.say("Air"),
    "Night": lambda words: words.say("Night"),
    "Path": lambda words: words.say("Path"),
    "Hope": lambda words: words.say("Hope"),
    "Earth": lambda words: words.say("Earth"),
    "Sun": lambda words: words.say("Sun"),
    "Abyss": lambda words: words.say("Abyss"),
    "Moon": lambda words: words.say("Moon"),
    "Space ship": lambda words: words.say("Space ship"),
    "Life": lambda words: words.say("Life"),
    "Supernova": lambda words: words.say("Supernova"),
    "Executioner": lambda words: words.say("Executioner"),
    "Prisoner": lambda words: words.say("Prisoner"),
    "Boat": lambda words: words.say("Boat"),
    "Death": lambda words: words.say("Death"),
    "Coldness": lambda words: words.say("Coldness"),
    "Vacuum": lambda words: words.say("Vacuum"),
    "Weapon": lambda words: words.say("Weapon"),
    "Black hole": lambda words: words.say("Black hole"),
    "Universal": lambda words: words.say("Universal"),
    "Bonus": lambda words: words.say("Bonus"),
    "Defeat": lambda words: words.say("Defeat"),
}
COLOUR_WORDS: dict[str, Callable[[Words], str]] = {
    "White": lambda words: words.say("White"),
    "Red": lambda words: words.say("Red"),
    "Orange": lambda words: words.say("Orange"),
    "Yellow": lambda words: words.say("Yellow"),
    "Green": lambda words: words.say("Green"),
    "Blue": lambda words: words.say("Blue"),
    "Violet": lambda words: words.say("Violet"),
}


def symbol_word(symbol: str, words: Words = ENGLISH) -> str:
    """A symbol's name as the reader's language says it."""
    said = SYMBOL_WORDS.get(symbol)
    return said(words) if said else symbol


def colour_word(colour: str, words: Words = ENGLISH) -> str:
    """A colour's name as the reader's language says it."""
    said = COLOUR_WORDS.get(colour)
    return said(words) if said else colour


def draw_card(
    image: Image.Image,
    card: Card,
    x: float,
    y: float,
    *,
    marked: bool = False,
    spent: bool = False,
    words: Words = ENGLISH,
) -> None:
    """A card face at (x, y): see :func:`card_face`."""
    face = card_face(card, marked, spent, colour_word(card.colour, words), symbol_word(card.symbol, words))
    image.paste(face, (round(x), round(y)), _box_mask(CARD_W, CARD_H, 4 if marked else 2))


def draw_mini(image: Image.Image, card: Card, x: float, y: float, *, words: Words = ENGLISH) -> None:
    """A small card at (x, y): see :func:`mini_face`."""
    face = mini_face(card, colour_word(card.colour, words)[:1])
    image.paste(face, (round(x), round(y)), _box_mask(MINI_W, MINI_H, 1))


@lru_cache(maxsize=8)
def _box_mask(w: int, h: int, border: int) -> Image.Image:
    """The pixels a face's card box covers, the same for every face of its size and border (its
    corners are see-through): pasting through this 1-bit mask copies them, cheaper than through the
    face's alpha."""
    box = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    card_box(ImageDraw.Draw(box), 0, 0, w - 1, h - 1, width=border)
    return box.getchannel("A").convert("1", dither=Image.Dither.NONE)


#: Card faces kept drawn. There are 6,237 cards, each plain, marked or spent, and a worker under
#: load shows thousands of them in turn: most faces are drawn again, from the parts they share.
FACES_KEPT = 2048


@lru_cache(maxsize=FACES_KEPT)
def card_face(
    card: Card, marked: bool = False, spent: bool = False, colour_name: str = "", symbol_name: str = ""
) -> Image.Image:
    """A card face: the colour band with its name, the number, the symbol's motif and name, the value.

    ``marked`` gives it a thick gold border (the best combination, the latest clash);
    ``spent`` greys its face (it clashed in this duel). Faces are drawn once and pasted
    (with see-through corners). A face is put together from the parts it shares with other faces,
    each drawn once: its colour's box and band (:func:`_face_top`) and its symbol's motif and name
    (:func:`_face_symbol`); only the number and the value are drawn for the card itself.
    """
    image = _face_top(card.colour, marked, spent, colour_name or card.colour).copy()
    draw = ImageDraw.Draw(image)
    text(draw, (6, 24), str(card.number), TITLE, INK, bold=True)
    symbol, covered = _face_symbol(card.symbol, marked, spent, symbol_name or card.symbol)
    image.paste(symbol, (0, 0), covered)
    text(draw, (CARD_W / 2, CARD_H - 14), amount(card.value), SMALL, WHITE, anchor="mm", bold=True)
    return image.crop((0, 0, CARD_W, CARD_H))


@lru_cache(maxsize=4)
def _face_box(marked: bool, spent: bool) -> Image.Image:
    """A face's box: its colour (greyed when spent), its border (thick gold when marked)."""
    image = Image.new("RGBA", (WIDTH, CARD_H), (0, 0, 0, 0))  # as wide as a picture: text sizes read as in one
    outline, width = (GOLD, 4) if marked else (INK, 2)
    card_box(
        ImageDraw.Draw(image),
        0,
        0,
        CARD_W - 1,
        CARD_H - 1,
        fill=SPENT if spent else PAPER,
        outline=outline,
        width=width,
    )
    return image


@lru_cache(maxsize=32)
def _face_top(colour: str, marked: bool, spent: bool, name: str = "") -> Image.Image:
    """The box, the colour band (with the colour's name) and the value's bar of every face of a
    colour and look."""
    image = _face_box(marked, spent).copy()
    draw = ImageDraw.Draw(image)
    band, ink = BANDS[colour]
    draw.rounded_rectangle((4, 4, CARD_W - 5, 22), radius=4, fill=band, outline=INK, width=1)
    text(draw, (CARD_W / 2, 13), name or colour, SMALL, ink, anchor="mm", bold=True, max_width=CARD_W - 12)
    draw.rounded_rectangle((4, CARD_H - 23, CARD_W - 5, CARD_H - 5), radius=4, fill=INK)
    return image


@lru_cache(maxsize=128)
def _face_symbol(symbol: str, marked: bool, spent: bool, name: str = "") -> tuple[Image.Image, Image.Image]:
    """A symbol's motif and name as its faces of a look show them (drawn on the face's box: a long
    name's edge blends into the border), and the pixels they cover (a 1-bit mask to paste through)."""
    box = _face_box(marked, spent)
    image = box.copy()
    draw = ImageDraw.Draw(image)
    symbol_motif(draw, symbol, CARD_W * 0.64, 43, 34, bg=SPENT if spent else PAPER)
    # the name may use the face's whole width ("Сверхновая" is 87 px wide, its ink a little less)
    text(draw, (CARD_W / 2, 70), name or symbol, SMALL, INK, anchor="mm", max_width=CARD_W - 1)
    changed = ImageChops.difference(image, box).split()  # any channel: a faint edge of a letter counts
    covered = ImageChops.lighter(ImageChops.lighter(changed[0], changed[1]), ImageChops.lighter(changed[2], changed[3]))
    mask = covered.point(lambda v: 255 if v else 0).convert("1", dither=Image.Dither.NONE)
    return image.crop((0, 0, CARD_W, CARD_H)), mask.crop((0, 0, CARD_W, CARD_H))


@lru_cache(maxsize=2048)
def mini_face(card: Card, initial: str = "") -> Image.Image:
    """A small card: the colour's band and initial, the number and the motif (the rest of a hand, turned cards)."""
    image = Image.new("RGBA", (WIDTH, MINI_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    card_box(draw, 0, 0, MINI_W - 1, MINI_H - 1, width=1)
    band, ink = BANDS[card.colour]
    draw.rounded_rectangle((3, 3, MINI_W - 4, 20), radius=3, fill=band, outline=INK, width=1)
    text(draw, (MINI_W / 2, 11.5), initial or card.colour[0], SMALL, ink, anchor="mm", bold=True)
    text(draw, (MINI_W / 2, 22), str(card.number), SMALL, INK, anchor="ma", bold=True)
    symbol_motif(draw, card.symbol, MINI_W / 2, 49, 20)
    return image.crop((0, 0, MINI_W, MINI_H))


def _cards(
    image: Image.Image, cards: Sequence[HeldCard], y: float, marked: Sequence[int] = (), words: Words = ENGLISH
) -> float:
    """Cards wrapped to rows of the picture's width; returns the y below."""
    for i, held in enumerate(cards):
        row, col = divmod(i, PER_ROW)
        x, top = MARGIN + col * (CARD_W + GAP), y + row * (CARD_H + GAP)
        draw_card(image, held.card, x, top, marked=i in marked, words=words)
    return y + max(1, -(-len(cards) // PER_ROW)) * (CARD_H + GAP)


def _minis(image: Image.Image, cards: Sequence[Card], x: float, y: float, words: Words = ENGLISH) -> float:
    per_row = grid(len(cards), MINI_W, GAP, WIDTH - MARGIN - x)
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        draw_mini(image, card, x + col * (MINI_W + GAP), y + row * (MINI_H + GAP), words=words)
    return y + max(1, -(-len(cards) // per_row)) * (MINI_H + GAP)


def _paragraph(
    draw: ImageDraw.ImageDraw, y: float, content: str, size: int, fill: Colour, bold: bool = False, x: float = MARGIN
) -> float:
    for line in wrap(content, size, WIDTH - MARGIN - x, bold, max_lines=4):
        text(draw, (x, y), line, size, fill, bold=bold)
        y += line_height(size)
    return y


def _ordinal(place: int, words: Words = ENGLISH) -> str:
    """``1st``, ``2nd``… in the reader's language (Gin-jon-tan seats at most six)."""
    if place == 1:
        return words.say("1st")
    if place == 2:
        return words.say("2nd")
    if place == 3:
        return words.say("3rd")
    return words.say("{number}th", number=place)
