"""The nouns of a table: its seats, drafts and settings, and the Table the service holds.

A Table is sealed for the Discord layer: cogs and pictures read it through views
(:meth:`Table.view`) and the few facts it states about itself, never its raw game state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

from bot.models import TableStatus
from bot.pace import TableClocks
from bot.seat import Seat as Seat
from bot.seat import computer_name as computer_name
from bot.seat import level_in_name as level_in_name
from engine.core import Decision, Game, GameState, Outcome, View
from engine.words import Text

T = TypeVar("T")

#: What a click that cannot be read gets (a custom_id from a broken client, or made up).
BROKEN_BUTTON = Text("I can't read that button; press Show my hand on the table message for working ones.")
#: What a button from a moment the table has not reached gets (it was never sent by Parlour).
NOT_A_BUTTON = Text(
    "That is not a valid button for this table; press Show my hand on the table message for working ones."
)
#: What a button of an earlier moment gets, when that seat's choices have changed since.
STALE_BUTTON = Text("That button is from an earlier moment of the game; press Show my hand again.")


class TableError(Exception):
    """Something a user did that the table refuses. The message is one sentence for them: a
    :class:`~engine.words.Text` (``str(error)`` is its English), which the edge says in the reader's
    language (:func:`bot.i18n.told.told`)."""

    @property
    def text(self) -> str:
        """The sentence as raised (a :class:`~engine.words.Text` keeps its template; ``str(error)`` does not)."""
        return self.args[0] if self.args and isinstance(self.args[0], str) else str(self)


def cards_in_play(table_id: int, name: str | None = None) -> Text:
    """The sentence for a person whose items are staked at another table (``name``: someone else)."""
    if name is None:
        return Text("Your cards are in play at table #{table}; finish that game first.", table=table_id)
    return Text(
        "{name}'s cards are in play at table #{table}; this game can start once that one is over.",
        name=name,
        table=table_id,
    )


@dataclass(frozen=True)
class Prize:
    """One item a game's end moved from seat to seat, as its final save recorded it (``moved``
    False: it could not move, its giver no longer had it)."""

    from_seat: int
    to_seat: int
    moved: bool = True


@dataclass(frozen=True)
class Draft:
    """A selection a person is building on the choice screen: private to its seat, kept with the table.

    ``kind`` is the decision being answered (the one the screen shows), ``picks`` the option ids
    chosen so far in the order chosen, ``version`` the state version the draft was made at (a
    draft older than its seat's valid-from version belongs to choices that are gone).
    """

    kind: str
    picks: tuple[str, ...] = ()
    version: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "picks": list(self.picks), "version": self.version}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Draft:
        return cls(str(data["kind"]), tuple(str(p) for p in data["picks"]), int(data["version"]))


@dataclass
class Table:
    """One table as the service holds it in memory (its row in the database, plus the state)."""

    id: int
    guild_id: int
    channel_id: int
    game: Game
    host_id: int
    options: dict[str, Any]
    seats: list[Seat]
    status: TableStatus = TableStatus.LOBBY
    state: GameState | None = None
    version: int = 0
    seed: int = 0
    #: The channel a thread was made in (the table's channel itself when there is no thread).
    parent_channel_id: int | None = None
    message_id: int | None = None
    message_posted_at: datetime | None = None
    #: The state version the table message last showed (None: not shown since the start).
    message_version: int | None = None
    last_action_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    #: When each pending person began waiting to decide (for idle reminders).
    pending_since: dict[int, datetime] = field(default_factory=dict)
    reminded: set[int] = field(default_factory=set)
    #: Per seat, the oldest state version whose controls still work for it: the version at
    #: which that seat's own decisions last changed (or it last moved). A button from before
    #: is stale; a button from after is current even if other seats moved since (so players
    #: deciding at once do not trip over each other's versions).
    fresh_from: dict[int, int] = field(default_factory=dict)
    #: Per seat, the selection being built on the choice screen (saved with the table).
    drafts: dict[int, Draft] = field(default_factory=dict)
    #: What the game's end moved, as saved with its results (what the table announces).
    prizes: tuple[Prize, ...] = ()
    #: What the deal did besides dealing, to say with it (a collection topped up): Texts.
    dealt_notes: tuple[str, ...] = ()
    #: The lobby this finished table's Rematch opened (one at most).
    rematch_id: int | None = None
    #: Its server's cards in four colours (``/settings four_colour``), read when it opens or the bot starts.
    four_colour: bool = False
    #: Its server's ``/settings language`` (None: the server's Discord language), read when it opens or
    #: the bot starts: the language of its public pictures.
    language: str | None = None
    #: A turn-based table's pace and clocks (None: live), kept by bot.turns (issue 45).
    clocks: TableClocks | None = field(default=None, repr=False, compare=False)
    #: The version at which a person's only move was refused by the rules (not tried again there).
    no_forced_move: int | None = field(default=None, repr=False, compare=False)
    #: What is worked out once per moment (views, the saved JSON, the pending decisions), and the
    #: moment it belongs to: the state object and its version (a move replaces the state and
    #: counts a version).
    _memo: dict[object, Any] = field(default_factory=dict, repr=False, compare=False)
    _memo_of: tuple[GameState | None, int] | None = field(default=None, repr=False, compare=False)

    def is_current(self, seat: int, version: int) -> bool:
        return self.fresh_from.get(seat, self.version) <= version <= self.version

    def check_version(self, seat: int, version: int) -> None:
        """Refuse a control of ``seat`` made at ``version`` unless it still works."""
        if version > self.version:
            raise TableError(NOT_A_BUTTON)
        if not self.is_current(seat, version):
            raise TableError(STALE_BUTTON)

    def fresh_list(self) -> list[int]:
        """``fresh_from`` as one version per seat (what the database keeps)."""
        return [self.fresh_from.get(seat, self.version) for seat in range(len(self.seats))]

    def draft_of(self, seat: int, decisions: Sequence[Decision] | None = None) -> Draft | None:
        """The selection ``seat`` is building, while it still answers the seat's choices: made since
        they last changed (``fresh_from``), for one of its ``decisions`` (those of the moment a hand
        shows; by default the seat's decisions now). Any other draft belongs to choices that are gone."""
        draft = self.drafts.get(seat)
        if draft is None or draft.version < self.fresh_from.get(seat, 0):
            return None
        if decisions is None:
            decisions = self.state.decisions_for(seat) if self.state is not None else ()
        return draft if any(d.kind == draft.kind for d in decisions) else None

    def drop_stale_drafts(self) -> None:
        """Forget every draft that no longer answers its seat's choices (:meth:`draft_of`)."""
        self.drafts = {seat: draft for seat, draft in self.drafts.items() if self.draft_of(seat) is draft}

    @property
    def message_behind(self) -> bool:
        """Does the table message show an older moment than the saved state (a game under way or just ended)?"""
        if not self.started or self.status not in (TableStatus.PLAYING, TableStatus.FINISHED):
            return False
        return self.message_version is None or self.message_version < self.version

    @property
    def names(self) -> list[str]:
        """The seats' names as people read them (a computer's with its level)."""
        return [seat.shown for seat in self.seats]

    def names_in(self, language: str) -> list[str]:
        """:attr:`names` as a reader of ``language`` reads them (the computers' in their words)."""
        return [seat.shown_in(language) for seat in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if not seat.computer and seat.user_id == user_id:
                return index
        return None

    @property
    def started(self) -> bool:
        return self.state is not None

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator); the only way cogs and pictures see the game.

        Views are frozen, so one is worked out once per moment and seat (the table picture, a
        hand's refresh and a computer's choice all read the same moment)."""
        state = self.state
        if state is None:
            raise TableError(Text("The game has not started yet."))
        return self.remembered(("view", seat), lambda: state.view(seat))

    def remembered(self, key: object, work: Callable[[], T]) -> T:
        """``work()``, worked out once per moment (see ``_memo``)."""
        moment = self._memo_of
        if moment is None or moment[0] is not self.state or moment[1] != self.version:
            self._memo, self._memo_of = {}, (self.state, self.version)
        if key not in self._memo:
            self._memo[key] = work()
        return cast(T, self._memo[key])

    def rest(self) -> None:
        """Let go of the moment's views until somebody asks for one again (worked out again then).

        Called when nothing has happened at the table for a while (its people are thinking): a
        view is tens to hundreds of objects, and an idle table's views would be walked by every
        full collection of the garbage collector, which stands the event loop still meanwhile.
        The saved text and the decisions of the moment stay (the next move starts from them)."""
        for key in [key for key in self._memo if isinstance(key, tuple) and key[0] == "view"]:
            del self._memo[key]

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome() if self.state else None

    def waiting_people(self) -> list[int]:
        """Seats of people the game waits on now."""
        if self.state is None or self.status != TableStatus.PLAYING:
            return []
        return [s for s in self.waiting_on if not self.seats[s].computer]

    def waiting_computers(self) -> list[int]:
        if self.state is None or self.status != TableStatus.PLAYING:
            return []
        return [s for s in self.waiting_on if self.seats[s].computer]

    @property
    def waiting_on(self) -> tuple[int, ...]:
        """Seats the game waits on (the state keeps each moment's decisions, so this is cheap)."""
        return self.state.waiting_on() if self.state is not None else ()


@dataclass(frozen=True)
class GuildSettings:
    idle_minutes: int = 5
    use_threads: bool = True
    computer_pause_ms: int = 1500
    #: ``/settings language`` (bot.i18n.choose): None follows the server's Discord language.
    language: str | None = None
    #: ``/settings four_colour``: the server's cards in four colours (clubs green, diamonds blue).
    four_colour: bool = False


@dataclass(frozen=True)
class Change:
    """What a move changed, worked out once by the service and handed to delivery, which answers and
    edits from it and works none of it out again. Every move makes one: a person's, a computer's, one
    made for a person (their only move, or played while they were away); so does a seat handed to
    the computer, and a restart that finds a table message behind (:meth:`as_it_stands`)."""

    table: Table
    #: The state version the move made (the table's version, for a change that is not a move).
    version: int
    #: The seat that moved, or was handed to the computer (None: nobody moved).
    seat: int | None
    outcome: Outcome | None
    #: Seats the game waits on now.
    waiting_on: tuple[int, ...]
    #: Seats whose own choices changed: their older controls no longer work, and their open hands
    #: are brought up to date at once (the mover is one; so is a seat handed to the computer).
    changed_seats: tuple[int, ...]
    #: Whether the game now waits on computers, whose replies come within moments.
    computers_to_move: bool = False

    @classmethod
    def as_it_stands(cls, table: Table) -> Change:
        """The table as it is, nobody moving (a restart draws a message left behind from it)."""
        computers = bool(table.waiting_computers())
        return cls(table, table.version, None, table.outcome, table.waiting_on, (), computers)
