"""Replays of finished tables: the public table move by move, as an animated GIF or one step as a PNG.

A replay is rebuilt, never stored: :class:`ReplaySource` holds what the engine needs (the
game, the player count, the seed, the options, the seats' profiles and the action log), and
:func:`states` deals a new state and applies each logged move with ``state.act``: the same
validated path the game took, so the last state equals the stored one (:func:`check`).

Every frame is the game's own public picture, ``table_picture(state.view(None))``: a
spectator's view. Once a game is over its hidden cards are no longer secret, so a step of the
replay may also be shown as every seat's own picture (``hand_picture(state.view(seat))``):
what each player held at that moment. The shipped games end with empty or laid-down hands,
so this is worth more move by move than on the last frame. Games that keep hands secret even
after the end (Gin-jon-tan: only what its evaluation revealed) never show them.

The animation is a GIF (every Discord client animates it). To stay fast and small, a long
game shows at most ``max_frames`` evenly spaced moves (always the first and the last), frames
are drawn at most ``width`` pixels wide and share one palette, and Pillow writes each frame as
only the rectangle that changed.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from engine import registry
from engine.core import GameState, Move
from render import pictures_for
from render.text import draw_text, min_size

__all__ = [
    "ReplaySource",
    "check",
    "frame_steps",
    "replay_gif",
    "shows_hands",
    "state_at",
    "states",
    "step_picture",
]

#: Games whose hands stay secret after the end (only what the game itself revealed is shown).
SECRET_AT_END = frozenset({"gin_jon_tan"})
#: Frames are drawn at most this wide (Discord shows them about 400 px wide on a phone).
WIDTH = 480
MAX_FRAMES = 80
FRAME_MS = 600
LAST_FRAME_MS = 5000
LABEL: tuple[int, int, int] = (20, 70, 45)
LABEL_TEXT: tuple[int, int, int] = (255, 255, 255)


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


def _table(state: GameState, names: Sequence[str], width: int) -> Image.Image:
    return _open(pictures_for(state.game.key).table_picture(state.view(None), names=names), width)


def _hands(state: GameState, names: Sequence[str], width: int) -> Image.Image:
    """Every seat's own picture (its view: its hand), each under a strip with its name."""
    module = pictures_for(state.game.key)
    size = min_size(width)
    parts: list[Image.Image] = []
    for seat in range(state.num_players):
        picture = _open(module.hand_picture(state.view(seat), names=names), width)
        strip = Image.new("RGB", (picture.width, size * 2), LABEL)
        draw_text(ImageDraw.Draw(strip), (10, size), f"{names[seat]}'s hand", size, LABEL_TEXT, anchor="lm", bold=True)
        parts += [strip, picture]
    canvas = Image.new("RGB", (max(p.width for p in parts), sum(p.height for p in parts)), LABEL)
    y = 0
    for part in parts:
        canvas.paste(part, (0, y))
        y += part.height
    return canvas


def shows_hands(source: ReplaySource) -> bool:
    """Whether this replay may show every hand: the game is over and its hands are not secret after it."""
    if source.game_key in SECRET_AT_END or source.final_json is None:
        return False
    return registry.get(source.game_key).load(source.final_json).is_over


def step_picture(
    source: ReplaySource, names: Sequence[str], step: int, *, hands: bool = False, width: int = WIDTH
) -> bytes:
    """One step of the replay as a PNG: the public table, or (``hands``) every seat's hand at that step.

    Hands are shown only when :func:`shows_hands` allows it (a finished game); ValueError otherwise.
    """
    if hands and not shows_hands(source):
        raise ValueError("this replay cannot show the hands: the game is not over, or its hands stay secret")
    state = state_at(source, step)
    image = _hands(state, names, width) if hands else _table(state, names, width)
    buffer = io.BytesIO()
    image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=3
    )
    return buffer.getvalue()


def replay_gif(
    source: ReplaySource,
    names: Sequence[str],
    *,
    max_frames: int = MAX_FRAMES,
    width: int = WIDTH,
    frame_ms: int = FRAME_MS,
) -> bytes:
    """The whole game as an animated GIF of the public table; the last frame stays longest."""
    wanted = set(frame_steps(source.steps, max_frames))
    frames = [_table(state, names, width) for step, state in enumerate(states(source)) if step in wanted]
    box = (max(f.width for f in frames), max(f.height for f in frames))
    background = frames[0].getpixel((0, 0))
    padded = []
    for frame in frames:
        if frame.size != box:
            canvas = Image.new("RGB", box, background)
            canvas.paste(frame, (0, 0))
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
