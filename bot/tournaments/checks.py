"""What a tournament allows: its limits, who may run one, when a Swiss takes late entries, and the refusal error."""

from __future__ import annotations

from bot.actor import Actor
from bot.tournaments.models import Tournament, TournamentStatus
from bot.tournaments.pairing import SWISS
from engine.words import Text

__all__ = ["MAX_ENTRANTS", "MAX_NAME", "MAX_ROUNDS", "TournamentError", "late_entry_open", "must_manage"]

MAX_ROUNDS = 20
MAX_ENTRANTS = 512
MAX_NAME = 32


class TournamentError(Exception):
    """Something a user asked that the tournament refuses. The message is one sentence for them: a
    :class:`~engine.words.Text` (``str(error)`` is its English), which the edge says in the reader's
    language (:func:`bot.i18n.told.told`)."""

    @property
    def text(self) -> str:
        """The sentence as raised (a :class:`~engine.words.Text` keeps its template; ``str(error)`` does not)."""
        return self.args[0] if self.args and isinstance(self.args[0], str) else str(self)


def must_manage(actor: Actor) -> None:
    """Running tournaments is for members with Manage Server."""
    if not actor.manage_guild:
        raise TournamentError(Text("Only someone with Manage Server can do that."))


def late_entry_open(tournament: Tournament) -> bool:
    """Whether a running Swiss still takes players (they play from the next round on)."""
    return (
        tournament.format == SWISS
        and tournament.status in (TournamentStatus.RUNNING, TournamentStatus.PAUSED)
        and tournament.late_entry_until is not None
        and tournament.current_round < tournament.late_entry_until
    )
