"""The profile card: each game's rating, level, games, wins and best score, a rating chart, the last results.

Drawn 480 px wide for a phone (every text at least 11 px when shown 400 px wide). Huge
scores (Gin-jon-tan passes 10^17) get a short form and, under it, the exact value in full,
wrapped at its thousands separators. Colour is never the only signal: a provisional rating
says "provisional", a rating change carries its sign, places are words ("1st of 4").
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.words import ENGLISH, Words
from render.common import INK, MEDALS
from render.leaderboard import short_number
from render.text import draw_text, line_height, min_size, width, wrap_parts

__all__ = ["GameCard", "ProfileView", "RecentLine", "SeasonTrophy", "exact_lines", "ordinal_place", "profile_picture"]

Colour = tuple[int, int, int]

WIDTH = 480
MARGIN = 12
SMALL = min_size(WIDTH)
BODY = SMALL + 2
TITLE = SMALL + 8
SCORE = SMALL + 10
CHART_W, CHART_H = 170, 74

FELT: Colour = (28, 92, 60)
PANEL: Colour = (20, 70, 45)
WHITE: Colour = (255, 255, 255)
MUTED: Colour = (200, 210, 200)
GOLD: Colour = (235, 190, 70)
BAR: Colour = (60, 110, 80)
UP: Colour = (150, 230, 160)
DOWN: Colour = (255, 170, 160)
COLOUR_PAIRS: tuple[tuple[str, Colour, Colour], ...] = (
    ("text on a panel", WHITE, PANEL),
    ("quiet text on a panel", MUTED, PANEL),
    ("the rating", GOLD, PANEL),
    ("a rise", UP, PANEL),
    ("a fall", DOWN, PANEL),
    ("the name", WHITE, FELT),
    ("a trophy's season", WHITE, FELT),
    *((f"place {place} on its trophy", INK, colour) for place, colour in MEDALS.items()),
)


@dataclass(frozen=True)
class GameCard:
    """A player's standing in one game."""

    game_name: str
    rating: int
    provisional: bool
    level: int
    #: How far to the next level, 0.0–1.0.
    level_fraction: float
    games: int
    wins: int
    best: int
    #: The shown rating before the first game, then after each game, oldest first.
    chart: tuple[int, ...]


@dataclass(frozen=True)
class RecentLine:
    """One of the last results."""

    game_name: str
    place: int
    players: int
    points: int
    change: int  # shown rating after minus before
    when: str  # already in words: "3 Jun"


@dataclass(frozen=True)
class SeasonTrophy:
    """A podium place in a past season (bot/seasons.py)."""

    game_name: str
    season: str  # "2026 Q3"
    place: int


@dataclass(frozen=True)
class ProfileView:
    name: str
    games: tuple[GameCard, ...]
    recent: tuple[RecentLine, ...]
    #: Season podium places, newest first.
    trophies: tuple[SeasonTrophy, ...] = ()


def ordinal_place(place: int) -> str:
    """A place in words.

    >>> [ordinal_place(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th') }"


def exact_lines(value: int, size: int, room: float) -> list[str]:
    """The exact value with thousands separators, broken after a comma into lines that fit ``room``.

    >>> exact_lines(1234567, 14, 1000)
    ['1,234,567']
    """
    groups = f"{value:,}".split(",")
    lines: list[str] = []
    line = ""
    for group in groups:
        candidate = f"{line},{group}" if line else group
        if line and width(candidate + ",", size) > room:
            lines.append(line + ",")
            line = group
        else:
            line = candidate
    lines.append(line)
    return lines


def _chart(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], values: Sequence[int], words: Words = ENGLISH
) -> None:
    """A small line chart of the rating over time, with its lowest and highest values written."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=6, fill=FELT)
    if len(values) < 2:
        later = words.say("chart after 1 game")
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), later, SMALL, MUTED, anchor="mm", max_width=x1 - x0 - 4)
        return
    low, high = min(values), max(values)
    low_text = words.say("low {value}", value=words.number(low))
    high_text = words.say("high {value}", value=words.number(high))
    # side by side where they fit; else (Turkish "en yüksek 1.520") the low on a line of its own
    stacked = width(high_text, SMALL) + width(low_text, SMALL) + 12 > x1 - x0 - 12
    label_h = line_height(SMALL)
    top, bottom = y0 + label_h * (2 if stacked else 1) + 2, y1 - 6
    left, right = x0 + 6, x1 - 6
    span = max(1, high - low)
    points = [
        (left + (right - left) * i / (len(values) - 1), bottom - (bottom - top) * (v - low) / span)
        for i, v in enumerate(values)
    ]
    draw.line(points, fill=GOLD, width=2, joint="curve")
    last = points[-1]
    draw.ellipse((last[0] - 3, last[1] - 3, last[0] + 3, last[1] + 3), fill=WHITE)
    if stacked:
        draw_text(draw, (x0 + 6, y0 + 2), high_text, SMALL, MUTED, max_width=x1 - x0 - 12)
        draw_text(draw, (x1 - 6, y0 + 2 + label_h), low_text, SMALL, MUTED, anchor="ra", max_width=x1 - x0 - 12)
        return
    low_w = draw_text(draw, (x1 - 6, y0 + 2), low_text, SMALL, MUTED, anchor="ra", max_width=(x1 - x0) / 2 - 8)
    draw_text(draw, (x0 + 6, y0 + 2), high_text, SMALL, MUTED, max_width=x1 - x0 - 20 - low_w)


def _game_panel(draw: ImageDraw.ImageDraw, y: float, card: GameCard, dry: bool, words: Words = ENGLISH) -> float:
    """Draw one game's panel at ``y`` (or only measure it when ``dry``); return its height."""
    left = MARGIN + 10
    text_room = WIDTH - 2 * MARGIN - CHART_W - 30
    games = words.plural("{count} game", "{count} games", card.games)
    wins = words.plural("{count} win", "{count} wins", card.wins)
    lines: list[tuple[str, int, Colour, bool]] = [
        (words.number(card.rating), SCORE, GOLD, True),
        (words.say("provisional rating") if card.provisional else words.say("rating"), SMALL, MUTED, False),
    ]
    # "40 partidas · 23 victorias (58 %)": the wins on a second line where the line is too long
    played = wrap_parts([games, f"{wins} ({_percent(card.wins, card.games, words)})"], BODY, text_room, max_lines=2)
    lines += [(line, BODY, WHITE, False) for line in played]
    best = short_number(card.best, words)
    lines.append((words.say("best score {score}", score=best), BODY, WHITE, False))
    # a short form gets the exact value in full under the text and the chart, as wide as the panel
    exact = []
    if best != words.number(card.best):
        exact = [words.say("best score exactly:"), *exact_lines(card.best, SMALL, WIDTH - 2 * MARGIN - 40)]
    # the level: a word, a number and a bar with its per cent (never the bar alone); the per cent
    # goes under the level where the two do not fit side by side ("Niveau 12", "45 % vers 13")
    level = words.say("Level {number}", number=card.level)
    percent = int(card.level_fraction * 100)
    to_next = words.say("{percent}% to {level}", percent=percent, level=card.level + 1)
    stacked = width(level, BODY, bold=True) + 6 + width(to_next, SMALL) > CHART_W
    below = line_height(SMALL) if stacked else 0
    header = line_height(BODY) + 8
    body = sum(line_height(size) for _, size, _, _ in lines)
    top_part = max(header + body, header + below + CHART_H + 22)
    height = top_part + line_height(SMALL) * len(exact) + 10
    if dry:
        return height
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + height), radius=10, fill=PANEL)
    draw_text(draw, (left, y + 8), card.game_name, BODY, GOLD, bold=True, max_width=text_room)
    lx1 = WIDTH - MARGIN - 10
    lx0 = lx1 - CHART_W
    level_w = draw_text(draw, (lx0, y + 8), level, BODY, WHITE, bold=True, max_width=CHART_W)
    if stacked:
        draw_text(draw, (lx1, y + 8 + line_height(BODY)), to_next, SMALL, MUTED, anchor="ra", max_width=CHART_W)
    else:
        to_next_room = max(20.0, lx1 - lx0 - level_w - 6)
        middle = y + 8 + line_height(BODY) / 2
        draw_text(draw, (lx1, middle), to_next, SMALL, MUTED, anchor="rm", max_width=to_next_room)
    bar_y = y + 8 + line_height(BODY) + below + 2
    draw.rounded_rectangle((lx0, bar_y, lx1, bar_y + 6), radius=3, fill=BAR)
    if percent:
        draw.rounded_rectangle((lx0, bar_y, lx0 + (lx1 - lx0) * percent / 100, bar_y + 6), radius=3, fill=GOLD)
    _chart(draw, (lx0, bar_y + 14, lx1, bar_y + 14 + CHART_H), card.chart, words)
    ty = y + header
    for content, size, colour, bold in lines:
        draw_text(draw, (left, ty), content, size, colour, bold=bold, max_width=text_room)
        ty += line_height(size)
    ty = y + top_part
    for i, part in enumerate(exact):
        draw_text(draw, (left, ty), part, SMALL, MUTED if i == 0 else WHITE)
        ty += line_height(SMALL)
    return height


def _percent(part: int, whole: int, words: Words) -> str:
    return words.percent(part / whole) if whole else "–"


def _place(line: RecentLine, words: Words = ENGLISH) -> str:
    """``1st of 4`` (the English ending chosen here; each language writes its own ordinal)."""
    said = {"number": line.place, "players": line.players}
    ending = ordinal_place(line.place)[-2:]
    if ending == "st":
        return words.say("{number}st of {players}", **said)
    if ending == "nd":
        return words.say("{number}nd of {players}", **said)
    if ending == "rd":
        return words.say("{number}rd of {players}", **said)
    return words.say("{number}th of {players}", **said)


def _recent(draw: ImageDraw.ImageDraw, y: float, line: RecentLine, place_w: float, words: Words = ENGLISH) -> None:
    cy = y + line_height(BODY) / 2
    place = _place(line, words)
    draw_text(draw, (MARGIN + 10, cy), place, BODY, WHITE, anchor="lm", bold=line.place == 1)
    change = ("+" if line.change > 0 else "") + words.number(line.change) if line.change else "±0"
    colour = UP if line.change > 0 else DOWN if line.change < 0 else MUTED
    change_w = draw_text(draw, (WIDTH - MARGIN - 10, cy), change, BODY, colour, anchor="rm", bold=True)
    points = words.say("{points} pts", points=short_number(line.points, words))
    middle = f"{line.game_name} · {points} · {line.when}"
    x = MARGIN + 10 + place_w + 10
    draw_text(draw, (x, cy), middle, SMALL, MUTED, anchor="lm", max_width=WIDTH - MARGIN - 20 - change_w - x)


#: Trophies shown (two to a row); more are summed up in words.
MAX_TROPHIES = 6
TROPHY_ROW = 30


def _trophies_height(view: ProfileView) -> int:
    if not view.trophies:
        return 0
    shown = min(len(view.trophies), MAX_TROPHIES)
    more = line_height(SMALL) if len(view.trophies) > shown else 0
    return line_height(BODY) + 4 + TROPHY_ROW * ((shown + 1) // 2) + more + 8


def _draw_trophies(draw: ImageDraw.ImageDraw, y: float, view: ProfileView, words: Words = ENGLISH) -> None:
    """Season trophies: a medal disc with the place written on it, the season and the game."""
    draw_text(draw, (MARGIN, y), words.say("Season trophies"), BODY, GOLD, bold=True, max_width=WIDTH - 2 * MARGIN)
    y += line_height(BODY) + 4
    cell = (WIDTH - 2 * MARGIN) / 2
    shown = view.trophies[:MAX_TROPHIES]
    for index, trophy in enumerate(shown):
        x = MARGIN + (index % 2) * cell
        cy = y + (index // 2) * TROPHY_ROW + TROPHY_ROW / 2
        draw.ellipse((x + 2, cy - 12, x + 26, cy + 12), fill=MEDALS.get(trophy.place, MUTED))
        draw_text(draw, (x + 14, cy), str(trophy.place), SMALL, INK, anchor="mm", bold=True)
        label = f"{trophy.season} · {trophy.game_name}"
        draw_text(draw, (x + 32, cy), label, SMALL, WHITE, anchor="lm", max_width=cell - 38)
    if len(view.trophies) > len(shown):
        more_y = y + TROPHY_ROW * ((len(shown) + 1) // 2)
        more = words.say("and {count} more", count=words.number(len(view.trophies) - len(shown)))
        draw_text(draw, (MARGIN, more_y), more, SMALL, MUTED)


def profile_picture(view: ProfileView, *, words: Words = ENGLISH) -> bytes:
    """The card as a PNG (``RecentLine.when`` and ``SeasonTrophy.season`` are the caller's words)."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    panels = [_game_panel(probe, 0, card, dry=True, words=words) for card in view.games]
    recent_h = (line_height(BODY) + 6) * len(view.recent)
    total = sum(card.games for card in view.games)
    rated = words.plural("{count} rated game", "{count} rated games", total)
    grow = words.say("levels grow with lifetime points and games")
    # a sentence longer in German or French takes a second line
    footnote = wrap_parts([rated, grow], SMALL, WIDTH - 2 * MARGIN)
    height = MARGIN + line_height(TITLE) + line_height(SMALL) * len(footnote) + 10 + sum(h + 8 for h in panels)
    height += _trophies_height(view)
    height += line_height(BODY) + 8 + recent_h + line_height(SMALL) + MARGIN
    image = Image.new("RGB", (WIDTH, int(height)), FELT)
    draw = ImageDraw.Draw(image)
    room = WIDTH - 2 * MARGIN
    y: float = MARGIN
    draw_text(draw, (MARGIN, y), view.name, TITLE, WHITE, bold=True, max_width=room)
    y += line_height(TITLE)
    for part in footnote:
        draw_text(draw, (MARGIN, y), part, SMALL, MUTED)
        y += line_height(SMALL)
    y += 10
    if view.trophies:
        _draw_trophies(draw, y, view, words)
        y += _trophies_height(view)
    for card in view.games:
        y += _game_panel(draw, y, card, dry=False, words=words) + 8
    results = words.say("Last results") if view.recent else words.say("No results yet")
    draw_text(draw, (MARGIN, y), results, BODY, GOLD, bold=True, max_width=room)
    y += line_height(BODY) + 8
    place_w = max((width(_place(line, words), BODY, bold=True) for line in view.recent), default=0)
    for line in view.recent:
        _recent(draw, y, line, place_w, words)
        y += line_height(BODY) + 6
    draw_text(draw, (MARGIN, y + 2), words.say("Rating changes: + up, − down"), SMALL, MUTED, max_width=room)
    y += line_height(SMALL) + 2
    image = image.crop((0, 0, WIDTH, int(y) + MARGIN))
    buffer = io.BytesIO()
    image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=6
    )
    return buffer.getvalue()
