"""The sign-up message of a tournament: its text, and its Join, Leave and Check in buttons (they outlive a restart)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.tournaments.checkin import CheckIns
from bot.tournaments.models import Tournament, TournamentStatus
from bot.tournaments.pairing import ARENA, DOUBLE_ELIMINATION, ELIMINATION, ROUND_ROBIN, SWISS
from bot.tournaments.service import TournamentError, TournamentService, late_entry_open
from bot.tournaments.standings import PLACEMENT, WIN_DRAW_LOSS
from cogs.acting import actor_of
from cogs.answers import tell
from cogs.let_go import lets_go
from engine import registry

if TYPE_CHECKING:
    from bot.client import ParlourBot

__all__ = [
    "FORMAT_NAMES",
    "SCORING_NAMES",
    "SignupButton",
    "parse_options",
    "schedule_text",
    "sign_up",
    "signup_text",
    "signup_view",
]

FORMAT_NAMES = {
    SWISS: "Swiss",
    ROUND_ROBIN: "Round robin",
    ELIMINATION: "Single elimination",
    DOUBLE_ELIMINATION: "Double elimination",
    ARENA: "Arena",
}
SCORING_NAMES = {PLACEMENT: "Placement points", WIN_DRAW_LOSS: "Win/draw/loss"}


class SignupButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"pt:(?P<action>[jlc]):(?P<tournament>\d{1,18})",
):
    """Join, Leave or Check in on a sign-up message; the tournament id lives in the custom_id."""

    LABELS: ClassVar[dict[str, str]] = {"j": "Join", "l": "Leave", "c": "Check in"}

    def __init__(self, action: str, tournament_id: int) -> None:
        style = discord.ButtonStyle.secondary if action == "l" else discord.ButtonStyle.success
        super().__init__(
            discord.ui.Button(label=self.LABELS[action], style=style, custom_id=f"pt:{action}:{tournament_id}")
        )
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignupButton:
        return cls(match["action"], int(match["tournament"]))

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ParlourBot = interaction.client  # type: ignore[assignment]
        if bot.tournaments is None or bot.checkins is None:
            raise RuntimeError("The cogs.tournaments extension is not loaded.")
        await sign_up(bot.tournaments, bot.checkins, interaction, self.action, self.tournament_id)


async def sign_up(
    service: TournamentService, checkins: CheckIns, interaction: discord.Interaction, action: str, tournament_id: int
) -> None:
    """A sign-up button: join, leave or check in, then the sign-up message says how many are in."""
    user, actor = interaction.user, actor_of(interaction)
    try:
        if action == "j":
            count = await service.join(tournament_id, actor, user.display_name)
        elif action == "c":
            await checkins.check_in(tournament_id, actor)
            count = await service.count(tournament_id)
        else:
            count = await service.leave(tournament_id, actor)
        tournament = await service.get(tournament_id)
        checked_in = await checkins.checked_in(tournament_id)
    except TournamentError as error:
        await tell(interaction, str(error))
        return
    await interaction.response.edit_message(
        content=signup_text(tournament, count) + schedule_text(tournament, checked_in)
    )


def signup_view(tournament_id: int, checkin: bool = False, late: bool = False) -> discord.ui.View:
    """Join and Leave in sign-up (and Check in once check-in is open); only Join for late entry."""
    view = discord.ui.View(timeout=None)
    view.add_item(SignupButton("j", tournament_id))
    if not late:
        view.add_item(SignupButton("l", tournament_id))
    if checkin and not late:
        view.add_item(SignupButton("c", tournament_id))
    return view


def schedule_text(tournament: Tournament, checked_in: int | None = None) -> str:
    """The start time, check-in and late entry in words (empty when none is set)."""
    lines = []
    if tournament.starts_at is not None and tournament.status == TournamentStatus.SIGNUP:
        lines.append(f"Starts <t:{int(tournament.starts_at.timestamp())}:R>.")
    if tournament.checkin_minutes is not None and tournament.status == TournamentStatus.SIGNUP:
        if tournament.checkin_open:
            confirmed = f" Checked in: **{checked_in}**." if checked_in is not None else ""
            lines.append(f"Check-in is open: press **Check in**, or you are dropped at the start.{confirmed}")
        else:
            lines.append(f"Check-in opens {tournament.checkin_minutes} minutes before the start.")
    if late_entry_open(tournament):
        lines.append(
            f"Late entry is open until round {tournament.late_entry_until}: press **Join** to play from the next round."
        )
    return "".join(f"\n{line}" for line in lines)


def parse_options(text: str) -> dict[str, str]:
    """``name=value`` pairs separated by spaces or commas; the game checks the values.

    >>> parse_options("target_score=50, knock_card=8")
    {'target_score': '50', 'knock_card': '8'}
    """
    found: dict[str, str] = {}
    for part in text.replace(",", " ").split():
        name, equals, value = part.partition("=")
        if not equals or not name or not value:
            raise TournamentError(f"Write each option as name=value (like target_score=50), not {part!r}.")
        found[name.strip().lower()] = value.strip()
    return found


def signup_text(tournament: Tournament, count: int) -> str:
    game = registry.get(tournament.game_key)
    rounds = f"{tournament.rounds} rounds" if tournament.format == SWISS else "rounds by the field"
    timer = f", {tournament.round_minutes} minutes a round" if tournament.round_minutes else ""
    known = {o.name: o for o in game.options}
    changed = [
        f"{known[name].title if name in known else name} {value}"
        for name, value in tournament.options.items()
        if name not in known or known[name].default != value
    ]
    options = f"Options: {', '.join(changed)}.\n" if changed else ""
    if tournament.status == TournamentStatus.SIGNUP:
        count_line = f"Press **Join** to sign up. Signed up: **{count}**."
    else:
        count_line = f"Sign-up is closed. Signed up: **{count}**."
    return (
        f"**{game.name} tournament #{tournament.id}** · {FORMAT_NAMES[tournament.format]}, {rounds}, "
        f"tables of {tournament.table_size}{timer}\nScoring: {SCORING_NAMES[tournament.scoring]}.\n"
        f"{options}{count_line}"
    )
