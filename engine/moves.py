"""Decisions and moves: what a seat may do now, its answer in a short text form, and the errors a move raises."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.words import Text

if TYPE_CHECKING:
    from engine.state import GameState

__all__ = ["BadMove", "Decision", "IllegalMove", "Move", "Option", "check_picks", "enumerate_moves"]


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
