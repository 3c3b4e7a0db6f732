"""The base class of every game's state: who decides what, acting with validation, views, event lines, saving."""

from __future__ import annotations

import json
import random
import struct
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

import orjson

from engine.moves import Decision, IllegalMove, Move, check_picks, enumerate_moves
from engine.sentences import TEXT_LINE, loaded_line, saved_line
from engine.words import Text

if TYPE_CHECKING:
    from engine.game import Game
    from engine.outcome import Outcome
    from engine.view import View

__all__ = ["FITS_64_BITS", "GameState"]


#: The key a saved state carries when every number in it fits 64 bits (orjson wrote it, and
#: orjson may read it: see :meth:`Game.load`).
FITS_64_BITS = "fits_64_bits"


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
            raise IllegalMove(self.why_not(seat, move.kind) or Text("You can't do that now: {now}", now=mine[0].prompt))
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
            known = self._event_texts
            self._event_data[older] = str(known[older] if known is not None else loaded_line(self._event_data[older]))
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
        worked out (they never change): a move tried on it is checked without listing them again; and
        its event lines as sentences (a table's every move is made on a copy: its lines are not read
        again from their saved text at each move)."""
        copied = self.game.load(self.to_json() if saved is None else saved)
        known: tuple[int, tuple[Decision, ...]] | None = getattr(self, "_pending", None)
        if known is not None and known[0] == len(copied.history):
            copied._pending = known
        copied._event_texts = list(self.events)  # a chain of copies reads its saved lines once, not at each move
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
