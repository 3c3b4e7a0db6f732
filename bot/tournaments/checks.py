"""What a tournament allows: its limits, who may run one, when a Swiss takes late entries, and the refusal error."""

from __future__ import annotations

from bot.actor import Actor
from bot.tournaments.models import Tournament, TournamentStatus
from bot.tournaments.pairing import SWISS

__all__ = ["MAX_ENTRANTS", "MAX_NAME", "MAX_ROUNDS", "TournamentError", "late_entry_open", "must_manage"]

MAX_ROUNDS = 20
MAX_ENTRANTS = 512
MAX_NAME = 32


class TournamentError(Exception):
    """Something a user asked that the tournament refuses; the message is one sentence for them."""


def must_manage(actor: Actor) -> None:
    """Running tournaments is for members with Manage Server."""
    if not actor.manage_guild:
        raise TournamentError("Only someone with Manage Server can do that.")


def late_entry_open(tournament: Tournament) -> bool:
    """Whether a running Swiss still takes players (they play from the next round on)."""
    return (
        tournament.format == SWISS
        and tournament.status in (TournamentStatus.RUNNING, TournamentStatus.PAUSED)
        and tournament.late_entry_until is not None
        and tournament.current_round < tournament.late_entry_until
    )
