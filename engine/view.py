"""What one seat may see: the fields every game's view has, and views as compact JSON for logs and tests."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.moves import Decision
from engine.outcome import Outcome

__all__ = ["View", "dumps"]


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


def dumps(data: Any) -> str:
    """Compact, stable JSON (used for views in logs and for tests)."""
    return json.dumps(data, separators=(",", ":"), sort_keys=True, default=_json_default)


def _json_default(value: Any) -> Any:
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"not JSON-serialisable: {type(value).__name__}")
