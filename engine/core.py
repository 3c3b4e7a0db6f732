"""The shared game interface every Parlour game implements.

A game is a :class:`Game` (fixed facts and host options) that makes
:class:`GameState` objects. A state answers one question — who must decide what
now? — through :meth:`GameState.decisions`, and changes only through
:meth:`GameState.act`, which always validates. Everything is deterministic given
the seed: a state owns its ``random.Random`` and round-trips exactly through JSON.

The decision model
------------------
A :class:`Decision` is one thing a seat may do now: a kind (``"discard"``,
``"meld"``…), a short prompt, options with stable ids, and how many options to
pick (``min_picks``..``max_picks``). A seat may hold several decisions at once
(meld *or* hit *or* discard); it answers exactly one of them with a
:class:`Move` — the decision's kind and the picked option ids. Several seats
pending at once is a simultaneous decision; the state keeps the early answers
secret until all are in. Multi-step turns (take from the discard pile, then meld
with it; name a Joker) are consecutive decisions of the same seat.

A move has a short text form, ``"kind:id,id"``, that round-trips through
:meth:`Move.parse` — short enough for a Discord custom_id or a log line.

A game is one declaration
-------------------------
Each game package (``engine/<game>/__init__.py``) declares its :class:`Game` in a
module-level ``GAME``; :mod:`engine.registry` finds every such package by itself.
A state knows its game through ``state.game`` (set when it is dealt or loaded), so
rules modules never import their package or their players.
"""

from __future__ import annotations

import functools
import json
import random
import re
import struct
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

import orjson

from engine.levels import LevelCurve
from engine.words import Text

if TYPE_CHECKING:
    from engine.players import ComputerPlayer

__all__ = [
    "TERMINATIONS",
    "BadMove",
    "Decision",
    "Game",
    "GameOption",
    "GameState",
    "IllegalMove",
    "Move",
    "Option",
    "Outcome",
    "Transfer",
    "View",
    "listed",
    "loaded_text",
    "name_seats",
    "places_from_points",
    "saved_text",
    "seat_list",
]


class _Said(ValueError):
    """An error whose message is for the player: a :class:`~engine.words.Text` to say in their language."""

    @property
    def text(self) -> str:
        """The message as raised (a :class:`~engine.words.Text` keeps its template; ``str(error)`` does not)."""
        return self.args[0] if self.args and isinstance(self.args[0], str) else str(self)


class IllegalMove(_Said):
    """A well-formed move the rules do not allow now. The message is for the player."""


class BadMove(_Said):
    """Text that cannot be read as a move at all (a forged or broken custom_id)."""


@dataclass(frozen=True)
class Option:
    """One pickable option of a decision. ``id`` is stable and short (no ``:`` or ``,``)."""

    id: str
    label: str
    #: An optional heading to group options under (a Tier, a meld, a pile).
    group: str = ""


@dataclass(frozen=True)
class Decision:
    """One thing ``seat`` may do now, answered by a :class:`Move` of the same ``kind``."""

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    min_picks: int = 1
    max_picks: int = 1
    #: True when several seats decide at once and answers stay hidden until all are in.
    simultaneous: bool = False
    #: True when the order of the picks matters (a suit row chosen in order): the move keeps it.
    ordered: bool = False

    # Contract: when min_picks == max_picks == 1, every option is a legal move on its
    # own. Multi-pick decisions may have combinations the rules refuse (IllegalMove).

    def option(self, option_id: str) -> Option | None:
        """The option with this id, or None."""
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [[o.id, o.label, o.group] for o in self.options],
            "min_picks": self.min_picks,
            "max_picks": self.max_picks,
            "simultaneous": self.simultaneous,
            "ordered": self.ordered,
        }


@dataclass(frozen=True)
class Move:
    """An answer to a decision: its kind and the ids of the picked options.

    >>> Move.parse("discard:Kh")
    Move(kind='discard', picks=('Kh',))
    >>> Move("meld", ("7h", "8h", "9h")).text()
    'meld:7h,8h,9h'
    """

    kind: str
    picks: tuple[str, ...] = ()

    def text(self) -> str:
        return f"{self.kind}:{','.join(self.picks)}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the text form; raise :class:`BadMove` if it is not one."""
        kind, sep, rest = text.partition(":")
        if not sep or not kind or not kind.replace("_", "").isalnum():
            raise BadMove(Text("That is not a move Parlour understands: {move}.", move=repr(text)))
        picks = tuple(rest.split(",")) if rest else ()
        if any(not p for p in picks):
            raise BadMove(Text("That is not a move Parlour understands: {move}.", move=repr(text)))
        return cls(kind, picks)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Transfer:
    """One owned item (a prize card) that moves from one seat's profile to another's at the end.

    >>> Transfer("card-17", 1, 0).to_list()
    ['card-17', 1, 0]
    """

    item: str
    from_seat: int
    to_seat: int

    def to_list(self) -> list[Any]:
        return [self.item, self.from_seat, self.to_seat]


#: How a game may end (python-chess's ``Outcome.termination`` in spirit): what a sentence says and
#: a picture shows. An empty termination is an outcome saved before the kinds existed.
TERMINATIONS = {
    "target_score": Text("a player reached the target score"),
    "highest_score": Text("the most points after the last round"),
    "play_off": Text("a play-off among those tied for first"),
    "link": Text("a side linked its A row to its K row"),
    "hand_limit": Text("the chip count after the last hand"),
    "draw": Text("no winner"),
}


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a reason, points per seat and places (1 = first; ties share).

    ``reason`` is a clause with its subject, seats written "Seat 1" (:func:`name_seats` puts names
    in) and no final full stop: "Seat 2 reached the target of 100 points". ``termination`` is the
    kind of ending, one of :data:`TERMINATIONS` ("" for outcomes saved before it existed).
    Points are Python ints of any size. ``transfers`` are the lasting effects on the
    players' profiles (empty for games without owned items).

    >>> Outcome("Seat 2 has the most points", (12, 30), (2, 1), termination="highest_score").winners
    (1,)
    """

    reason: str
    points: tuple[int, ...]
    places: tuple[int, ...]
    transfers: tuple[Transfer, ...] = ()
    termination: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "reason": saved_text(self.reason),
            "points": list(self.points),
            "places": list(self.places),
        }
        if self.transfers:
            data["transfers"] = [t.to_list() for t in self.transfers]
        if self.termination:
            data["termination"] = self.termination
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        transfers = tuple(Transfer(str(item), int(a), int(b)) for item, a, b in data.get("transfers", ()))
        termination = str(data.get("termination", ""))
        return cls(loaded_text(data["reason"]), tuple(data["points"]), tuple(data["places"]), transfers, termination)


_SEAT_REFERENCE = re.compile(r"\bSeat (\d+)\b")


def name_seats(line: str, names: Sequence[str]) -> str:
    """Put player names into an event line: engines write seats as "Seat 1", "Seat 2"…

    >>> name_seats("Seat 2 leads Castle.", ["Ann", "Bob"])
    'Bob leads Castle.'
    """

    def name(match: re.Match[str]) -> str:
        index = int(match.group(1)) - 1
        return names[index] if 0 <= index < len(names) else match.group(0)

    return _SEAT_REFERENCE.sub(name, line)


def seat_list(seats: Sequence[int]) -> str:
    """Seats as a sentence names them, for :func:`name_seats` to fill in.

    >>> seat_list([0]), seat_list([0, 2]), seat_list([0, 1, 3])
    ('Seat 1', 'Seat 1 and Seat 3', 'Seat 1, Seat 2 and Seat 4')
    """
    words = [f"Seat {seat + 1}" for seat in seats]
    if len(words) == 1:
        return words[0]
    return Text("{seats} and {last}", seats=", ".join(words[:-1]), last=words[-1])


def saved_text(line: str) -> str | dict[str, Any]:
    """A sentence as JSON-friendly data: a :class:`~engine.words.Text` keeps its template and values
    (orjson would write only its English), a plain string stays as it is."""
    return line.to_data() if isinstance(line, Text) else line


def loaded_text(data: str | Mapping[str, Any]) -> str:
    """The sentence :func:`saved_text` wrote (a string saved before Text existed stays a string)."""
    return data if isinstance(data, str) else Text.from_data(data)


def listed(items: Sequence[str], separator: str = ", ") -> str:
    """Items one after another ("7 Rock, 3 Paper"), each still a :class:`~engine.words.Text` to say
    in a reader's language (a list joined into one string would keep only its English).

    >>> listed(["A", "B", "C"]), listed(["A", "B"], "; ").template
    ('A, B, C', '{item}; {more}')
    """
    if not items:
        return ""
    text = items[-1]
    for item in reversed(items[:-1]):
        if separator == "; ":
            text = Text("{item}; {more}", item=item, more=text)
        elif separator == " ":
            text = Text("{item} {more}", item=item, more=text)
        else:
            text = Text("{item}, {more}", item=item, more=text)
    return text


#: Starts a saved event line that is a :class:`~engine.words.Text` with values, written as one JSON
#: string: a saved state (read on every move) then holds one string per line, as before Texts, not a
#: tree of objects for orjson to build; the line is read again only when someone reads it. English
#: never starts with this character, so a line saved before Texts is read as the sentence it is.
TEXT_LINE = "\x1e"


def saved_line(line: str) -> str:
    """An event line as saved: a Text with values as :data:`TEXT_LINE` and its JSON, else the sentence."""
    if isinstance(line, Text):
        data = line.to_data()
        return (
            data if isinstance(data, str) else TEXT_LINE + json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        )
    return line


def loaded_line(saved: str | Mapping[str, Any]) -> str:
    """The line :func:`saved_line` wrote (Python's decoder: a value may be an integer past 64 bits)."""
    if isinstance(saved, str):
        return _text_line(saved) if saved.startswith(TEXT_LINE) else saved
    return loaded_text(saved)


@functools.lru_cache(maxsize=8192)
def _text_line(saved: str) -> Text:
    """A saved Text line, read once per process: a table's lines come back with every move's copy
    of its state and with every view, and a Text is never changed, so states share it."""
    return Text.from_data(json.loads(saved[1:]))


def places_from_points(points: Sequence[int]) -> tuple[int, ...]:
    """Competition ranking: the highest points place 1; equal points share a place."""
    return tuple(1 + sum(1 for other in points if other > mine) for mine in points)


@dataclass(frozen=True)
class View:
    """What one seat (or a spectator, ``seat=None``) may see. Games subclass it.

    Rendering, the Discord layer and computer players read views, never states, so a
    card hidden from a seat cannot reach it by construction.
    """

    game: str
    seat: int | None
    num_players: int
    phase: str
    #: Seats that must decide now (public: everyone sees whose turn it is).
    waiting_on: tuple[int, ...]
    #: In a simultaneous decision, the seats that have already decided (never what).
    decided: tuple[int, ...]
    #: This seat's own pending decisions (empty for spectators).
    decisions: tuple[Decision, ...]
    #: Public, readable lines of what happened, oldest first (only the recent ones).
    events: tuple[str, ...]
    outcome: Outcome | None
    #: How the last hand (game, round) ended, in one sentence with its subject, or "": the table
    #: text keeps it in sight after the next deal has pushed its event lines out.
    recap: str = field(default="", kw_only=True)


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


#: The key a saved state carries when every number in it fits 64 bits (orjson wrote it, and
#: orjson may read it: see :meth:`Game.load`).
FITS_64_BITS = "fits_64_bits"


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


class GameState(ABC):
    """One moment of one game. Changes only through :meth:`act`, which validates.

    Subclasses keep their fields JSON-friendly and implement :meth:`start`,
    :meth:`_apply`, :meth:`decisions`, :meth:`view`, :meth:`outcome` and
    :meth:`_data` / :meth:`_load`. ``_apply`` must check everything before it
    changes anything, so that an :class:`IllegalMove` leaves the state untouched.
    """

    #: The game this state belongs to (set when it is dealt or loaded).
    game: Game
    #: How many public event lines a view carries.
    recent_events: ClassVar[int] = 12
    #: How many of the last event lines are saved with their templates (to be said in any language);
    #: older ones are saved as their English only, so a long game's saved state stays as short as it
    #: was (every move reads and writes it). Views show the last few; /replay plays the moves again.
    text_lines_kept: ClassVar[int] = 24

    num_players: int
    options: dict[str, Any]
    rng: random.Random
    #: The event lines as saved (:func:`saved_line`): what :meth:`to_json` writes and :meth:`restore`
    #: reads as they are, so a copy costs no conversion of lines nobody reads.
    _event_data: list[str]
    #: The event lines as sentences, worked out from ``_event_data`` when first read (None: not yet).
    _event_texts: list[str] | None
    #: The last lines a view shows, worked out once per moment of a loaded state: memory only.
    _recent: tuple[tuple[int, int], tuple[str, ...]]
    #: Every applied move as (seat, move text): the action log; replaying it rebuilds the state.
    history: list[tuple[int, str]]
    seed: int
    #: Per seat, what the player brought in (a personal deck…), or None; see Game.uses_profiles.
    profiles: tuple[dict[str, Any] | None, ...]
    #: The pending decisions and the moment (length of history) they belong to: memory only.
    _pending: tuple[int, tuple[Decision, ...]]

    # -- construction -------------------------------------------------------
    @classmethod
    def start(
        cls,
        game: Game,
        num_players: int,
        seed: int,
        options: dict[str, Any],
        profiles: tuple[dict[str, Any] | None, ...],
    ) -> GameState:
        """Deal (use :meth:`Game.new_state`, which checks the player count and options first)."""
        state = cls.__new__(cls)
        state.game = game
        state.profiles = profiles
        state.num_players = num_players
        state.options = dict(options)
        state.seed = seed
        state.rng = random.Random(seed)
        state._event_data = []
        state._event_texts = []
        state.history = []
        state._setup()
        return state

    @abstractmethod
    def _setup(self) -> None:
        """Deal: fill in the game's own fields using ``self.rng`` and ``self.options``."""

    # -- who decides what ---------------------------------------------------
    @abstractmethod
    def decisions(self) -> list[Decision]:
        """Every pending decision, for every seat (empty when the game is over)."""

    def pending_decisions(self) -> tuple[Decision, ...]:
        """:meth:`decisions`, worked out once per moment.

        A moment is asked for its decisions again and again: to check a move, to know whom the
        game waits on, for each seat's view, for the computer. Some games take a millisecond to
        list them (every meld of a hand). A state changes only through :meth:`act`, which counts
        each move in :attr:`history`, so the count tells the moment."""
        moment = len(self.history)
        known: tuple[int, tuple[Decision, ...]] | None = getattr(self, "_pending", None)
        if known is None or known[0] != moment:
            known = self._pending = (moment, tuple(self.decisions()))
        return known[1]

    def decisions_for(self, seat: int) -> list[Decision]:
        return [d for d in self.pending_decisions() if d.seat == seat]

    def waiting_on(self) -> tuple[int, ...]:
        """Seats that must decide now, in seat order."""
        return tuple(sorted({d.seat for d in self.pending_decisions()}))

    def decided(self) -> tuple[int, ...]:
        """Seats that already answered a simultaneous decision still being collected."""
        return ()

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The end of the game, or None while it goes on."""

    # -- acting -------------------------------------------------------------
    def act(self, seat: int, move: Move | str) -> None:
        """Apply ``seat``'s move, or raise IllegalMove / BadMove and change nothing."""
        if isinstance(move, str):
            move = Move.parse(move)
        if self.is_over:
            raise IllegalMove(Text("The game is over."))
        if not 0 <= seat < self.num_players:
            raise IllegalMove(Text("You are not seated at this table."))
        mine = self.decisions_for(seat)
        if not mine:
            raise IllegalMove(Text("It is not your turn."))
        decision = next((d for d in mine if d.kind == move.kind), None)
        if decision is None:
            raise IllegalMove(
                self.why_not(seat, move.kind) or Text("You can't {action} now.", action=move.kind.replace("_", " "))
            )
        check_picks(decision, move)
        self._apply(seat, decision, move)
        self.history.append((seat, move.text()))

    def why_not(self, seat: int, kind: str) -> str | None:
        """A game's own sentence for a move of ``kind`` the seat may not make now (None: the general one)."""
        return None

    @abstractmethod
    def _apply(self, seat: int, decision: Decision, move: Move) -> None:
        """Game rules for a move whose picks are known option ids in the allowed count."""

    def is_legal(self, seat: int, move: Move) -> bool:
        """True if ``act(seat, move)`` would succeed (tried on a copy)."""
        trial = self.copy()
        try:
            trial.act(seat, move)
        except ValueError:
            return False
        return True

    def legal_moves(self, seat: int) -> list[Move]:
        """All legal moves of ``seat``. Games with huge pick spaces override or use random_move."""
        moves: list[Move] = []
        for decision in self.decisions_for(seat):
            moves.extend(enumerate_moves(decision, self, seat))
        return moves

    def random_move(self, seat: int, rng: random.Random) -> Move:
        """A random legal move of ``seat`` (the random player and playout tests use it)."""
        moves = self.legal_moves(seat)
        if not moves:
            raise IllegalMove(Text("It is not your turn."))
        return rng.choice(moves)

    # -- what a seat sees ---------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may see; ``None`` is a spectator. Must never hold another seat's secrets."""

    def base_view_fields(self, seat: int | None) -> dict[str, Any]:
        """The common View fields, for subclasses to pass on."""
        return {
            "game": self.game.key,
            "seat": seat,
            "num_players": self.num_players,
            "phase": self.phase,
            "waiting_on": self.waiting_on(),
            "decided": self.decided(),
            "decisions": tuple(self.decisions_for(seat)) if seat is not None else (),
            "events": self.recent_lines(self.recent_events),
            "outcome": self.outcome(),
            "recap": self.recap(),
        }

    def recap(self) -> str:
        """How the last hand (game, round) ended, one sentence with "Seat N" for seats; "" if none yet."""
        return ""

    @property
    @abstractmethod
    def phase(self) -> str:
        """A short name of the current phase (explicit, never inferred from lengths)."""

    def log(self, line: str) -> None:
        """Add a public event line. Never put a card only one seat may see here.

        Name seats as "Seat 1", "Seat 2"… (1-based): :func:`name_seats` puts names in.
        """
        self._event_data.append(saved_line(line))
        older = len(self._event_data) - self.text_lines_kept - 1
        if older >= 0 and self._event_data[older].startswith(TEXT_LINE):
            self._event_data[older] = str(loaded_line(self._event_data[older]))
        if self._event_texts is not None:
            self._event_texts.append(line)

    @property
    def events(self) -> list[str]:
        """Every public event line, oldest first (read only: add lines with :meth:`log`)."""
        if self._event_texts is None:
            self._event_texts = [loaded_line(data) for data in self._event_data]
        return self._event_texts

    def recent_lines(self, count: int) -> tuple[str, ...]:
        """The last ``count`` event lines (only those are worked out from a loaded state's data)."""
        if not count:
            return ()
        if self._event_texts is not None:
            return tuple(self._event_texts[-count:])
        moment = (len(self._event_data), count)
        known: tuple[tuple[int, int], tuple[str, ...]] | None = getattr(self, "_recent", None)
        if known is None or known[0] != moment:  # every view of this moment reads the same lines
            known = self._recent = (moment, tuple(loaded_line(data) for data in self._event_data[-count:]))
        return known[1]

    # -- persistence --------------------------------------------------------
    #: The game's own JSON-friendly fields, saved and restored by name. A game lists them here,
    #: or overrides :meth:`_data` and :meth:`_load` when its fields need converting.
    saved_fields: ClassVar[tuple[str, ...]] = ()

    def _data(self) -> dict[str, Any]:
        """The game's own fields as JSON-friendly data."""
        if not self.saved_fields:
            raise NotImplementedError(f"{type(self).__name__} lists no saved_fields and has no _data")
        return {name: getattr(self, name) for name in self.saved_fields}

    def _load(self, data: dict[str, Any]) -> None:
        """Restore the game's own fields from :meth:`_data`'s output."""
        for name in self.saved_fields:
            setattr(self, name, data[name])

    def to_json(self) -> str:
        version, internal, gauss = self.rng.getstate()
        payload: dict[str, Any] = {
            "game": self.game.key,
            "num_players": self.num_players,
            "options": self.options,
            "seed": self.seed,
            "rng": [version, _packed(internal), gauss],
            "events": self._event_data,
            "history": [[seat, text] for seat, text in self.history],
            "data": self._data(),
        }
        if any(p is not None for p in self.profiles):
            payload["profiles"] = list(self.profiles)
        try:  # every move is saved (and copied to be checked) through this: the fast encoder first
            return orjson.dumps({**payload, FITS_64_BITS: True}, option=orjson.OPT_SORT_KEYS).decode()
        except TypeError:  # an integer beyond 64 bits (Gin-jon-tan's scores): Python's encoder has no limit
            return json.dumps(payload, separators=(",", ":"), sort_keys=True)

    @classmethod
    def restore(cls, game: Game, payload: dict[str, Any]) -> GameState:
        """Rebuild from :meth:`to_json`'s data (use :meth:`Game.load`)."""
        if payload.get("game") != game.key:
            raise ValueError(f"This saved state is of {payload.get('game')!r}, not {game.key!r}.")
        state = cls.__new__(cls)
        state.game = game
        state.num_players = payload["num_players"]
        state.profiles = tuple(payload.get("profiles") or [None] * state.num_players)
        state.options = payload["options"]
        state.seed = payload["seed"]
        version, internal, gauss = payload["rng"]
        state.rng = random.Random.__new__(random.Random)  # not seeded: setstate replaces it at once
        state.rng.setstate((version, _unpacked(internal), gauss))
        state._event_data = payload["events"]
        state._event_texts = None
        state.history = [(seat, text) for seat, text in payload["history"]]
        state._load(payload["data"])
        return state

    def copy(self, saved: str | None = None) -> GameState:
        """An independent deep copy (through JSON, so it is exact; ``saved``: this state's
        :meth:`to_json`, when it is known already). The copy shares the decisions this moment has
        worked out (they never change): a move tried on it is checked without listing them again."""
        copied = self.game.load(self.to_json() if saved is None else saved)
        known: tuple[int, tuple[Decision, ...]] | None = getattr(self, "_pending", None)
        if known is not None and known[0] == len(copied.history):
            copied._pending = known
        return copied


def _packed(internal: tuple[int, ...]) -> str:
    """The random generator's 625 words as hexadecimal little-endian 32-bit words.

    As a list of numbers they would be most of a saved state, which is read and written on every
    move (its copy, its save); packed, the text is shorter and quicker both ways (base64 is shorter
    still but slower to read in Python). ``python -m benchmarks.state_load`` measures it.

    >>> _unpacked(_packed((1, 2**32 - 1, 624))) == (1, 2**32 - 1, 624)
    True
    """
    return struct.pack(f"<{len(internal)}I", *internal).hex()


def _unpacked(internal: str | list[int]) -> tuple[int, ...]:
    """The words :func:`_packed` packed, or the list a state saved before packing holds."""
    if isinstance(internal, list):
        return tuple(internal)
    raw = bytes.fromhex(internal)
    return struct.unpack(f"<{len(raw) // 4}I", raw)


def check_picks(decision: Decision, move: Move) -> None:
    """The generic checks every move passes: known ids, no repeats, the right count."""
    ids = {o.id for o in decision.options}
    for pick in move.picks:
        if pick not in ids:
            raise IllegalMove(Text("That choice is not available now."))
    if len(set(move.picks)) != len(move.picks):
        raise IllegalMove(Text("You picked the same thing twice."))
    count = len(move.picks)
    if not decision.min_picks <= count <= decision.max_picks:
        if decision.min_picks == decision.max_picks:
            raise IllegalMove(Text("Pick exactly {count}.", count=decision.min_picks))
        raise IllegalMove(Text("Pick between {low} and {high}.", low=decision.min_picks, high=decision.max_picks))


def enumerate_moves(decision: Decision, state: GameState, seat: int, limit: int = 5000) -> list[Move]:
    """Every legal move of one decision, by trying every pick combination (up to ``limit``).

    Fine for single picks and small multi-picks; games with large pick spaces
    override :meth:`GameState.legal_moves`.
    """
    from itertools import combinations

    ids = [o.id for o in decision.options]
    found: list[Move] = []
    tried = 0
    for size in range(decision.min_picks, min(decision.max_picks, len(ids)) + 1):
        for combo in combinations(ids, size):
            tried += 1
            if tried > limit:
                return found
            move = Move(decision.kind, combo)
            if decision.min_picks == decision.max_picks == 1 or state.is_legal(seat, move):
                found.append(move)
    return found


def dumps(data: Any) -> str:
    """Compact, stable JSON (used for views in logs and for tests)."""
    return json.dumps(data, separators=(",", ":"), sort_keys=True, default=_json_default)


def _json_default(value: Any) -> Any:
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"not JSON-serialisable: {type(value).__name__}")
