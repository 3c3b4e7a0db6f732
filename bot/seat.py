"""A seat at a table: a person or a computer at a level, and whose items it plays.

Its own module so the stored rows (:mod:`bot.models`) and the held table (:mod:`bot.table`) share
one ``Seat`` without importing each other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.i18n import ENGLISH, N_, _
from engine.players import DEFAULT_LEVEL, LEVELS

#: The levels' words, as a computer's name carries them.
LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "strong": N_("strong")}
#: A computer the lobby seated ("Computer 2"): its number.
_NUMBERED = re.compile(r"Computer (\d{1,3})")
#: What a seat the computer took over is called after its person (bot.tables.replace_with_computer).
_TAKEN_OVER = " (computer)"


def computer_name(name: str, level: str) -> str:
    """A computer seat's name with its level: "Computer 1 (strong)", "Ann (computer, easy)".

    >>> computer_name("Computer 2", "easy"), computer_name("Ann (computer)", "normal")
    ('Computer 2 (easy)', 'Ann (computer, normal)')
    """
    if name.endswith(")"):
        return f"{name[:-1]}, {level})"
    return f"{name} ({level})"


def computer_name_in(language: str, name: str, level: str) -> str:
    """:func:`computer_name` as a reader of ``language`` reads it ("コンピューター 1（強い）"); English
    is :func:`computer_name` itself. A name the bot did not make (a tournament's) keeps its words.

    >>> computer_name_in("en", "Computer 2", "easy"), computer_name_in("en", "Ann (computer)", "normal")
    ('Computer 2 (easy)', 'Ann (computer, normal)')
    """
    if language == ENGLISH:
        return computer_name(name, level)
    said = _(language, LEVEL_WORDS[level]) if level in LEVEL_WORDS else level
    if (numbered := _NUMBERED.fullmatch(name)) is not None:
        return _(language, "Computer {number} ({level})", number=numbered[1], level=said)
    if name.endswith(_TAKEN_OVER):
        return _(language, "{name} (computer, {level})", name=name.removesuffix(_TAKEN_OVER), level=said)
    if name.endswith(")"):
        return f"{name[:-1]}, {said})"
    return f"{name} ({said})"


def level_in_name(name: str) -> str:
    """The level a computer's shown name carries (:func:`computer_name`); the default level for a
    name from before levels ("Computer 1", "Ann (computer)"). Results keep a seat's shown name, so
    this is how a finished game tells its computers' levels apart (no column of its own).

    >>> level_in_name("Computer 1 (strong)"), level_in_name("Ann (computer, easy)"), level_in_name("Computer 1")
    ('strong', 'easy', 'normal')
    """
    for level in LEVELS:
        if name.endswith((f" ({level})", f", {level})")):
            return level
    return DEFAULT_LEVEL


@dataclass
class Seat:
    """One seat: a person (user_id) or a computer, which plays at a level (engine.players.LEVELS).

    ``owner_id`` is whose items the seat plays (their personal deck), and so who wins and loses
    them at the end: the person seated, or, once a computer took their seat over
    (:meth:`bot.tables.TableService.replace_with_computer`), still that person. None is a
    computer that plays a deck of its own, generated for the table (the house's).
    """

    user_id: int | None
    name: str
    computer: bool = False
    level: str = DEFAULT_LEVEL
    owner_id: int | None = None
    #: The state version at which a computer took over a person's seat (a replay shows them until then).
    replaced_at: int | None = None

    def __post_init__(self) -> None:
        if not self.computer:
            self.owner_id = self.user_id

    @property
    def generated(self) -> bool:
        """A computer seat that plays a deck of its own (nobody's items)."""
        return self.computer and self.owner_id is None

    @property
    def replaced(self) -> int | None:
        """The person whose seat a computer took over mid-game (they are told why, and keep their items)."""
        return self.owner_id if self.computer else None

    @property
    def shown(self) -> str:
        """The name people read: a computer's carries its level ("Computer 1 (strong)")."""
        return computer_name(self.name, self.level) if self.computer else self.name

    def shown_in(self, language: str) -> str:
        """:attr:`shown` as a reader of ``language`` reads it (a computer's name and level in their words)."""
        return computer_name_in(language, self.name, self.level) if self.computer else self.name

    def taken_over(self, at: int, level: str = DEFAULT_LEVEL) -> Seat:
        """This person's seat played by a computer of ``level`` from state version ``at`` on: their
        items stay theirs."""
        return Seat(None, f"{self.name} (computer)", True, level=level, owner_id=self.owner_id, replaced_at=at)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user_id": self.user_id,
            "name": self.name,
            "computer": self.computer,
            "level": self.level,
            "owner_id": self.owner_id,
        }
        if self.replaced_at is not None:
            data["replaced_at"] = self.replaced_at
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        """A seat as saved (before levels: the default level; before ``owner_id``: a computer's is None)."""
        return cls(
            data["user_id"],
            data["name"],
            data["computer"],
            level=data.get("level", DEFAULT_LEVEL),
            owner_id=data.get("owner_id"),
            replaced_at=data.get("replaced_at"),
        )
