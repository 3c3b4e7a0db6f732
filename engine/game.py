"""The declaration of a game: its fixed facts, its host options, and the factory of its states."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from engine.levels import LevelCurve
from engine.state import FITS_64_BITS
from engine.words import Text

if TYPE_CHECKING:
    from engine.computer import ComputerPlayer
    from engine.state import GameState

__all__ = ["Game", "GameOption"]


@dataclass(frozen=True)
class GameOption:
    """A host option: an integer in a range or one of a few choices."""

    name: str
    description: str
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: A short label people read (at most 45 characters, Discord's limit on a form field's label);
    #: by default the name in words ("target_score" -> "Target score").
    label: str = ""
    #: What each choice means, in the order of ``choices`` (at most 100 characters each), when a
    #: choice's name alone does not say it.
    meanings: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        """The option's label as people read it."""
        return self.label or self.name.replace("_", " ").capitalize()

    def _not_whole(self, value: Any) -> Text:
        return Text("{option} must be a whole number; {value} is not.", option=self.title, value=repr(value))

    def meaning(self, value: Any) -> str:
        """What a choice means, or "" when its name says it."""
        for choice, meaning in zip(self.choices, self.meanings, strict=False):
            if str(choice) == str(value):
                return meaning
        return ""

    def validate(self, value: Any) -> Any:
        """Return the value as the game wants it, or raise ValueError with a sentence (in the label's words)."""
        if self.choices:
            for choice in self.choices:
                if value == choice or str(value).lower() == str(choice).lower():
                    return choice
            allowed = ", ".join(str(c) for c in self.choices)
            raise ValueError(
                Text(
                    "{option} must be one of {allowed}; {value} is not.",
                    option=self.title,
                    allowed=allowed,
                    value=repr(value),
                )
            )
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise ValueError(self._not_whole(value)) from None
        if isinstance(value, bool) or (isinstance(value, float) and value != number):
            raise ValueError(self._not_whole(value))
        if (self.minimum is not None and number < self.minimum) or (self.maximum is not None and number > self.maximum):
            raise ValueError(
                Text(
                    "{option} must be between {low} and {high}; {value} is not.",
                    option=self.title,
                    low=self.minimum,
                    high=self.maximum,
                    value=number,
                )
            )
        return number


@dataclass(frozen=True)
class Game:
    """The fixed facts of one game and the factory of its states: one declaration per game.

    A game package declares ``GAME = Game(...)`` in its ``__init__.py``; the registry finds it.
    """

    #: Stable identifier (stored in the database, used in custom_ids).
    key: str
    #: The name players read.
    name: str
    min_players: int
    max_players: int
    #: The GameState subclass of this game.
    state_class: type[GameState]
    #: The game's best computer player (built as ``computer_player(seed)``): the one the benchmarks
    #: measure, and the strong level unless ``levels`` says otherwise.
    computer_player: type[ComputerPlayer]
    #: Named baseline computer players for benchmarks (each built as ``cls(seed)``).
    baselines: Mapping[str, type[ComputerPlayer]] = field(default_factory=dict)
    #: The computer player of each strength a host may pick (:data:`engine.players.LEVELS`; a seat
    #: plays at "normal" unless the host picks another); a level the game leaves out plays as
    #: ``computer_player`` (see :func:`engine.players.level_player`).
    levels: Mapping[str, type[ComputerPlayer]] = field(default_factory=dict)
    #: One line about the game for /parlour about and lobbies.
    summary: str = ""
    #: How to play, in a few short paragraphs (Discord markdown), for /rules.
    rules: str = ""
    #: Host options.
    options: tuple[GameOption, ...] = ()
    #: The allowed player counts when not every count from min to max is (Gin-Go: 2 or 4).
    player_counts: tuple[int, ...] = ()
    #: By player count, the seats of each team (Gin-Go 2v2: ``{4: ((0, 2), (1, 3))}``).
    teams: Mapping[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    #: True when each seat brings a profile (a personal deck) into the game; see GameState.profiles.
    uses_profiles: bool = False
    #: What the game's points are called, singular ("chip" in Gin-Go): sentences count them.
    points_name: str = "point"
    #: How players level up in this game (None: the bot's default curve).
    level_curve: LevelCurve | None = None
    #: True when every hand may be shown once the game is over (/replay's "hands" pictures). The
    #: default keeps them secret, so a game that forgets this fact leaks nothing: its replay shows
    #: only what the game itself revealed.
    hands_public_at_end: bool = False
    #: How the game scores, in the words its /rules use: the results picture adds it after the
    #: reason of an outcome decided on points (``termination`` "highest_score" or "target_score").
    how_won: str = ""
    #: The bot's module with this game's rules for the items its players own (a first collection,
    #: top-ups, what a table stakes), named by its dotted path and exporting ``RULES`` (see
    #: ``bot.profiles.ItemRules``; Gin-jon-tan's is "bot.collections"). Empty: a profile lists the
    #: person's owned items as they are. Only games with ``uses_profiles`` use it.
    item_rules: str = ""

    @property
    def allowed_counts(self) -> tuple[int, ...]:
        """Every player count this game can be played with."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    @property
    def players_text(self) -> str:
        """The player counts in words: "2 players", "2–5 players", "2 or 4 players"."""
        counts = self.allowed_counts
        if len(counts) == 1:
            return Text.plural("{count} player", "{count} players", counts[0])
        if counts == tuple(range(counts[0], counts[-1] + 1)):
            return Text.plural("{low}–{count} player", "{low}–{count} players", counts[-1], low=counts[0])
        others = ", ".join(str(n) for n in counts[:-1])
        return Text.plural("{counts} or {count} player", "{counts} or {count} players", counts[-1], counts=others)

    def validate_options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """All options with defaults filled in; ValueError with a sentence if one is bad."""
        given = dict(given or {})
        known = {o.name: o for o in self.options}
        unknown = [name for name in given if name not in known]
        if unknown:
            raise ValueError(Text("{game} has no option called {option}.", game=self.name, option=repr(unknown[0])))
        return {o.name: o.validate(given.get(o.name, o.default)) for o in self.options}

    def check_players(self, num_players: int) -> None:
        """Raise ValueError with a sentence unless ``num_players`` can play."""
        if num_players in self.allowed_counts:
            return
        if self.min_players == self.max_players:
            raise ValueError(
                Text.plural(
                    "{game} needs exactly {count} player.",
                    "{game} needs exactly {count} players.",
                    self.min_players,
                    game=self.name,
                )
            )
        if self.player_counts:
            raise ValueError(Text("{game} is played by {players}.", game=self.name, players=self.players_text))
        raise ValueError(
            Text.plural(
                "{game} needs {low} to {count} player.",
                "{game} needs {low} to {count} players.",
                self.max_players,
                game=self.name,
                low=self.min_players,
            )
        )

    def teams_for(self, num_players: int) -> tuple[tuple[int, ...], ...]:
        """The teams at this player count: each seat alone unless the game declares teams."""
        return self.teams.get(num_players, tuple((seat,) for seat in range(num_players)))

    def new_state(
        self,
        num_players: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        profiles: Sequence[Mapping[str, Any] | None] | None = None,
    ) -> GameState:
        """Deal a new game. Raises ValueError (a sentence) on a bad player count, option or profile."""
        self.check_players(num_players)
        if profiles is not None and len(profiles) != num_players:
            raise ValueError(Text("{game} needs one profile per seat.", game=self.name))
        seat_profiles = tuple(dict(p) if p is not None else None for p in profiles or [None] * num_players)
        return self.state_class.start(self, num_players, seed, self.validate_options(options), seat_profiles)

    def load(self, text: str) -> GameState:
        """Rebuild a state saved with :meth:`GameState.to_json`.

        orjson reads it (every move loads a copy, so reading is on the hot path) when the text says
        every number in it fits 64 bits; else Python's decoder, which has no limit, reads it again:
        orjson would read a number past 64 bits (Gin-jon-tan's scores) as a float. A text saved
        before the mark existed is read again too. Figures: docs/benchmarks.md."""
        payload = orjson.loads(text)
        if payload.get(FITS_64_BITS) is not True:
            payload = json.loads(text)
        return self.state_class.restore(self, payload)
