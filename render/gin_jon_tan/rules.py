"""Gin-jon-tan's rules picture: the clash table, which symbol beats which."""

from __future__ import annotations

from functools import lru_cache

from engine.gin_jon_tan.cards import COLOURS, MULTIPLIER, SYMBOL_VALUE, SYMBOLS
from engine.gin_jon_tan.clash import BEATS
from engine.marks import N_
from engine.words import ENGLISH, Words
from render.common import (
    GOLD,
    INK,
    MARGIN,
    MUTED,
    SMALL,
    TITLE,
    WHITE,
    WIDTH,
    new_canvas,
    text,
    to_png,
)
from render.gin_jon_tan.cards import _paragraph, colour_word, symbol_word
from render.gin_jon_tan.look import BANDS, GAP, PANEL, ROOM, TABLE
from render.gin_jon_tan.motifs import symbol_motif
from render.text import line_height, wrap


@lru_cache(maxsize=16)  # once a language: bot.i18n.words keeps one Words a language
def rules_picture(words: Words = ENGLISH) -> bytes:
    """Which symbol beats which, with each symbol's value and motif; the colours and their
    multipliers (for /rules, in the reader's language)."""
    row_h = 30
    image, draw = new_canvas(WIDTH, 1400, TABLE)
    text(draw, (MARGIN, MARGIN), words.say("Gin-jon-tan: the clash table"), TITLE, GOLD, bold=True)
    y = _paragraph(
        draw,
        MARGIN + line_height(TITLE) + 4,
        words.say(
            "Each symbol beats the two on its right. A card's value v = symbol value × number × colour multiplier."
        ),
        SMALL,
        MUTED,
    )
    y += 4
    swatch_w = (ROOM - 6 * GAP) / 7
    for i, colour in enumerate(COLOURS):
        x = MARGIN + i * (swatch_w + GAP)
        band, ink = BANDS[colour]
        draw.rounded_rectangle((x, y, x + swatch_w, y + 40), radius=5, fill=band, outline=INK)
        initial = colour_word(colour, words)[:1]  # a colour's initial, as its mini cards show it
        text(draw, (x + swatch_w / 2, y + 3), initial, SMALL, ink, anchor="ma", bold=True)
        text(draw, (x + swatch_w / 2, y + 20), f"×{MULTIPLIER[colour]}", SMALL, ink, anchor="ma", bold=True)
    y += 48
    name_x, value_x, beats_x = MARGIN + 30, MARGIN + 148, MARGIN + 196
    column = (WIDTH - MARGIN - beats_x) / 2
    text(draw, (name_x, y), words.say("symbol"), SMALL, MUTED, max_width=value_x - name_x - 8)
    text(draw, (value_x + 28, y), words.say("value"), SMALL, MUTED, anchor="ra")
    text(draw, (beats_x, y), words.say("beats"), SMALL, MUTED)
    y += line_height(SMALL) + 2
    for index, (symbol, _, _) in enumerate(SYMBOLS):
        losers = sorted(BEATS.get(symbol, ()), key=lambda s: [n for n, _, _ in SYMBOLS].index(s))
        # what a symbol that beats no neighbours beats, over two lines where it is long (Spanish, German)
        special = [] if losers else wrap(words.say(_SPECIAL[symbol]), SMALL, WIDTH - MARGIN - beats_x, max_lines=2)
        height = max(row_h, len(special) * line_height(SMALL) + 6)
        if index % 2 == 0:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + height), fill=PANEL)
        cy = y + height / 2
        bg = PANEL if index % 2 == 0 else TABLE
        symbol_motif(draw, symbol, MARGIN + 14, cy, 20, fill=WHITE, bg=bg)
        name_room = value_x - 2 - name_x
        text(draw, (name_x, cy), symbol_word(symbol, words), SMALL, WHITE, anchor="lm", bold=True, max_width=name_room)
        text(draw, (value_x + 28, cy), str(SYMBOL_VALUE[symbol]), SMALL, GOLD, anchor="rm", bold=True)
        if losers:
            for j, loser in enumerate(losers):
                x = beats_x + j * column
                symbol_motif(draw, loser, x + 10, cy, 18, fill=WHITE, bg=bg)
                said = symbol_word(loser, words)
                text(draw, (x + 24, cy), said, SMALL, WHITE, anchor="lm", max_width=column - 26)
        else:
            for j, line in enumerate(special):
                middle = cy + (j - (len(special) - 1) / 2) * line_height(SMALL)
                text(draw, (beats_x, middle), line, SMALL, MUTED, anchor="lm")
        y += height
    y = _paragraph(
        draw,
        y + 8,
        words.say(
            "When a Black hole wins a clash, the opponents' reserves go into their draw piles. "
            "Bonus and Defeat never clash; Defeat revealed at the evaluation loses the round."
        ),
        SMALL,
        MUTED,
    )
    return to_png(image.crop((0, 0, WIDTH, int(y) + MARGIN)))


#: What the symbols that beat no two neighbours beat instead (catalog texts).
_SPECIAL = {
    "Black hole": N_("every card, a Black hole too"),
    "Universal": N_("as the symbol it is declared"),
    "Bonus": N_("nothing (triples a hand)"),
    "Defeat": N_("nothing (v is always 0)"),
}
