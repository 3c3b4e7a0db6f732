"""Replays of finished tables: the public table move by move, as an animated GIF or one step as a PNG.

A replay is rebuilt, never stored: :class:`ReplaySource` holds what the engine needs (the
game, the player count, the seed, the options, the seats' profiles and the action log), and
:func:`states` deals a new state and applies each logged move with ``state.act``: the same
validated path the game took, so the last state equals the stored one (:func:`check`).

Every frame is the game's own public picture, ``table_picture(state.view(None))``: a
spectator's view. Once a game is over its hidden cards are no longer secret, so a step of the
replay may also be shown as every seat's own picture (``hand_picture(state.view(seat))``):
what each player held at that moment. The shipped games end with empty or laid-down hands,
so this is worth more move by move than on the last frame. Only a game that declares
``hands_public_at_end=True`` shows them: the others (Gin-jon-tan: only what its evaluation
revealed, and any game that does not say) never do.

The animation is a GIF (every Discord client animates it). To stay fast and small, a long
game shows at most ``max_frames`` evenly spaced moves (always the first and the last), frames
are drawn at most ``width`` pixels wide and share one palette, and Pillow writes each frame as
only the rectangle that changed. A GIF has one size for all its frames: it is as tall as most
frames need (:data:`FIT_SHARE` of them), so a few tall moments (a hand's scoring) do not leave
every other frame half empty; a taller frame is shown a little smaller.

Names may change during a game (a person's seat given to the computer): ``names`` is then a
function of the step (:data:`Names`). :func:`chapters` finds where each hand or round begins, to
jump to it.
"""

from __future__ import annotations

import inspect
import io
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from engine import registry
from engine.core import GameState, Move
from engine.words import ENGLISH, Words
from render import pictures_for
from render.text import draw_text, min_size

__all__ = [
    "Names",
    "ReplaySource",
    "chapters",
    "check",
    "frame_steps",
    "replay_gif",
    "shows_hands",
    "state_at",
    "states",
    "step_picture",
]

#: Frames are drawn at most this wide (Discord shows them about 400 px wide on a phone).
WIDTH = 480
MAX_FRAMES = 80
FRAME_MS = 600
LAST_FRAME_MS = 5000
LABEL: tuple[int, int, int] = (20, 70, 45)
LABEL_TEXT: tuple[int, int, int] = (255, 255, 255)
#: The share of an animation's frames shown at full size: the GIF is as tall as they need.
FIT_SHARE = 0.75
#: The seats' names: the same throughout, or those at a step (a seat taken over mid-game).
Names = Sequence[str] | Callable[[int], Sequence[str]]
#: What a chapter of a game is called, by the spectator view's field that counts it (outermost first).
CHAPTER_FIELDS = (("game_no", "Game"), ("hand_number", "Hand"), ("round_no", "Round"), ("round", "Round"))


def names_at(names: Names, step: int) -> Sequence[str]:
    """The seats' names at ``step``."""
    return names(step) if callable(names) else names


@dataclass(frozen=True)
class ReplaySource:
    """Everything a replay needs: the deal and the action log (as stored in ``table_actions``)."""

    game_key: str
    num_players: int
    seed: int
    options: Mapping[str, Any]
    moves: tuple[tuple[int, str], ...]
    profiles: tuple[Mapping[str, Any] | None, ...] | None = None
    #: The stored final state (``GameState.to_json``), when known: :func:`check` compares with it.
    final_json: str | None = field(default=None, compare=False)

    @classmethod
    def from_final_state(cls, state_json: str, moves: Sequence[tuple[int, str]] | None = None) -> ReplaySource:
        """The source of a finished table from its stored final state; its own log unless ``moves`` are given."""
        data = json.loads(state_json)
        log = moves if moves is not None else [(seat, text) for seat, text in data["history"]]
        return cls(
            game_key=data["game"],
            num_players=data["num_players"],
            seed=data["seed"],
            options=data["options"],
            moves=tuple((int(seat), str(text)) for seat, text in log),
            profiles=tuple(data["profiles"]) if data.get("profiles") else None,
            final_json=state_json,
        )

    @property
    def steps(self) -> int:
        """How many moves there are (step 0 is the deal, step ``steps`` the end)."""
        return len(self.moves)


def _deal(source: ReplaySource) -> GameState:
    game = registry.get(source.game_key)
    return game.new_state(source.num_players, source.seed, source.options, source.profiles)


def states(source: ReplaySource) -> Iterator[GameState]:
    """The state after the deal, then after each move (one state object, changed in place)."""
    state = _deal(source)
    yield state
    for seat, text in source.moves:
        state.act(seat, Move.parse(text))
        yield state


def state_at(source: ReplaySource, step: int) -> GameState:
    """The state after ``step`` moves (0 = the deal), clamped to the game."""
    step = max(0, min(step, source.steps))
    state = _deal(source)
    for seat, text in source.moves[:step]:
        state.act(seat, Move.parse(text))
    return state


def check(source: ReplaySource) -> bool:
    """True when replaying the log rebuilds exactly the stored final state."""
    if source.final_json is None:
        raise ValueError("this replay has no stored final state to compare with")
    return state_at(source, source.steps).to_json() == source.final_json


def frame_steps(total: int, max_frames: int = MAX_FRAMES) -> list[int]:
    """Which steps (0..total) the animation shows: all, or evenly spaced with the first and last.

    >>> frame_steps(4), frame_steps(100, 5)
    ([0, 1, 2, 3, 4], [0, 25, 50, 75, 100])
    """
    if total + 1 <= max_frames:
        return list(range(total + 1))
    return sorted({round(i * total / (max_frames - 1)) for i in range(max_frames)})


# -- pictures ----------------------------------------------------------------------------------


def _open(png: bytes, width: int) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if image.width > width:
        image = image.resize((width, round(image.height * width / image.width)), Image.Resampling.BILINEAR)
    return image


def _said(words: Words) -> dict[str, Words]:
    """The ``words=`` keyword for a game's pictures: none for English (a game kept outside this
    project may not take it)."""
    return {} if words is ENGLISH else {"words": words}


def _table(state: GameState, names: Sequence[str], width: int, words: Words = ENGLISH) -> Image.Image:
    return _open(pictures_for(state.game.key).table_picture(state.view(None), names=names, **_said(words)), width)


def _hands(state: GameState, names: Sequence[str], width: int, words: Words = ENGLISH) -> Image.Image:
    """Every seat's own picture (its view: its hand), titled with its name ("Zoë's hand", not the
    "Your hand" of a player's own message); a game whose pictures take no owner gets a name strip."""
    module = pictures_for(state.game.key)
    named = "owner" in inspect.signature(module.hand_picture).parameters
    size = min_size(width)
    parts: list[Image.Image] = []
    for seat in range(state.num_players):
        if named:
            picture = module.hand_picture(state.view(seat), names=names, owner=names[seat], **_said(words))
            parts.append(_open(picture, width))
            continue
        picture = _open(module.hand_picture(state.view(seat), names=names, **_said(words)), width)
        strip = Image.new("RGB", (picture.width, size * 2), LABEL)
        whose = words.say("{name}'s hand", name=names[seat])
        draw_text(ImageDraw.Draw(strip), (10, size), whose, size, LABEL_TEXT, anchor="lm", bold=True)
        parts += [strip, picture]
    canvas = Image.new("RGB", (max(p.width for p in parts), sum(p.height for p in parts)), LABEL)
    y = 0
    for part in parts:
        canvas.paste(part, (0, y))
        y += part.height
    return canvas


def shows_hands(source: ReplaySource) -> bool:
    """Whether this replay may show every hand: the game is over and its hands are not secret after it."""
    game = registry.get(source.game_key)
    if not game.hands_public_at_end or source.final_json is None:
        return False
    return game.load(source.final_json).is_over


def step_picture(
    source: ReplaySource, names: Names, step: int, *, hands: bool = False, width: int = WIDTH, words: Words = ENGLISH
) -> bytes:
    """One step of the replay as a PNG: the public table, or (``hands``) every seat's hand at that step.

    Hands are shown only when :func:`shows_hands` allows it (a finished game); ValueError otherwise.
    """
    if hands and not shows_hands(source):
        raise ValueError("this replay cannot show the hands: the game is not over, or its hands stay secret")
    step = max(0, min(step, source.steps))
    state, shown = state_at(source, step), names_at(names, step)
    image = _hands(state, shown, width, words) if hands else _table(state, shown, width, words)
    buffer = io.BytesIO()
    image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=3
    )
    return buffer.getvalue()


def replay_gif(
    source: ReplaySource,
    names: Names,
    *,
    max_frames: int = MAX_FRAMES,
    width: int = WIDTH,
    frame_ms: int = FRAME_MS,
    words: Words = ENGLISH,
) -> bytes:
    """The whole game as an animated GIF of the public table; the last frame stays longest."""
    wanted = set(frame_steps(source.steps, max_frames))
    frames = [
        _table(state, names_at(names, step), width, words)
        for step, state in enumerate(states(source))
        if step in wanted
    ]
    box = _box(frames)
    background = frames[0].getpixel((0, 0))
    padded = []
    for frame in frames:
        if frame.height > box[1]:  # one of the few tall moments: a little smaller, not cut
            frame = frame.resize((round(frame.width * box[1] / frame.height), box[1]), Image.Resampling.LANCZOS)
        if frame.size != box:
            canvas = Image.new("RGB", box, background)
            canvas.paste(frame, ((box[0] - frame.width) // 2, 0))
            frame = canvas
        padded.append(frame)
    palette = _shared_palette(padded)
    quantized = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in padded]
    durations = [frame_ms] * (len(quantized) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    quantized[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=quantized[1:],
        duration=durations,
        loop=0,
        disposal=1,
        optimize=False,
    )
    return buffer.getvalue()


def _box(frames: Sequence[Image.Image]) -> tuple[int, int]:
    """The animation's size: the widest frame, and as tall as :data:`FIT_SHARE` of the frames need.

    >>> _box([Image.new("RGB", (480, h)) for h in (350, 350, 350, 697)])
    (480, 350)
    """
    heights = sorted(f.height for f in frames)
    return max(f.width for f in frames), heights[max(0, round(FIT_SHARE * len(heights)) - 1)]


def _chapter_word(field: str, value: Any, words: Words) -> str:
    if field == "game_no":
        return words.say("Game {number}", number=value)
    if field == "hand_number":
        return words.say("Hand {number}", number=value)
    return words.say("Round {number}", number=value)


def chapters(source: ReplaySource, words: Words = ENGLISH) -> list[tuple[int, str]]:
    """Where each hand, round or game of the match begins: (step, "Hand 2"), in order.

    Read from the spectator's view (its ``hand_number``, ``round_no``… fields); a count that never
    changes in this game (a match of one game) is left out of the names."""
    counts: list[tuple[tuple[str, Any], ...]] = []
    for state in states(source):
        view = state.view(None)
        counts.append(tuple((name, getattr(view, name)) for name, _ in CHAPTER_FIELDS if hasattr(view, name)))
    varying = {i for i in range(len(counts[0])) if len({c[i][1] for c in counts}) > 1} if counts else set()
    found: list[tuple[int, str]] = []
    for step, count in enumerate(counts):
        name = " · ".join(_chapter_word(field, value, words) for i, (field, value) in enumerate(count) if i in varying)
        if name and (not found or found[-1][1] != name):
            found.append((step, name))
    return found


def _shared_palette(frames: Sequence[Image.Image]) -> Image.Image:
    """One palette for every frame, from a strip of the first, middle and last frames."""
    sample = [frames[0], frames[len(frames) // 2], frames[-1]]
    small = [f.resize((f.width // 2, f.height // 2), Image.Resampling.NEAREST) for f in sample]
    strip = Image.new("RGB", (max(s.width for s in small), sum(s.height for s in small)))
    y = 0
    for part in small:
        strip.paste(part, (0, y))
        y += part.height
    return strip.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
