"""The sign-up message of a tournament: its text, and its Join, Leave and Check in buttons (they outlive a restart)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.i18n import ENGLISH, N_, _
from bot.i18n.choose import public_language
from bot.i18n.told import told
from bot.tournaments.checkin import CheckIns
from bot.tournaments.models import Tournament, TournamentStatus
from bot.tournaments.pairing import ARENA, DOUBLE_ELIMINATION, ELIMINATION, ROUND_ROBIN, SWISS
from bot.tournaments.service import TournamentError, TournamentService, late_entry_open
from bot.tournaments.standings import PLACEMENT, WIN_DRAW_LOSS
from cogs.acting import actor_of
from cogs.answers import tell_clicker
from cogs.let_go import lets_go
from engine import registry
from engine.words import Text

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

    LABELS: ClassVar[dict[str, str]] = {"j": N_("Join"), "l": N_("Leave"), "c": N_("Check in")}

    def __init__(self, action: str, tournament_id: int, language: str = ENGLISH) -> None:
        style = discord.ButtonStyle.secondary if action == "l" else discord.ButtonStyle.success
        label = _(language, self.LABELS[action])
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"pt:{action}:{tournament_id}"))
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
        await tell_clicker(interaction, error)
        return
    language = await public_language(interaction.client.store_adapter, interaction)  # type: ignore[attr-defined]
    await interaction.response.edit_message(
        content=signup_text(tournament, count, language) + schedule_text(tournament, checked_in, language)
    )


def signup_view(
    tournament_id: int, checkin: bool = False, late: bool = False, language: str = ENGLISH
) -> discord.ui.View:
    """Join and Leave in sign-up (and Check in once check-in is open); only Join for late entry."""
    view = discord.ui.View(timeout=None)
    view.add_item(SignupButton("j", tournament_id, language))
    if not late:
        view.add_item(SignupButton("l", tournament_id, language))
    if checkin and not late:
        view.add_item(SignupButton("c", tournament_id, language))
    return view


def schedule_text(tournament: Tournament, checked_in: int | None = None, language: str = ENGLISH) -> str:
    """The start time, check-in and late entry in words (empty when none is set), in ``language``."""
    lines = []
    if tournament.starts_at is not None and tournament.status == TournamentStatus.SIGNUP:
        lines.append(_(language, "Starts {when}.", when=f"<t:{int(tournament.starts_at.timestamp())}:R>"))
    if tournament.checkin_minutes is not None and tournament.status == TournamentStatus.SIGNUP:
        if tournament.checkin_open:
            line = _(language, "Check-in is open: press **Check in**, or you are dropped at the start.")
            if checked_in is not None:
                line += " " + _(language, "Checked in: **{count}**.", count=checked_in)
            lines.append(line)
        else:
            lines.append(
                _(
                    language,
                    "Check-in opens {minutes} minutes before the start.",
                    minutes=tournament.checkin_minutes,
                )
            )
    if late_entry_open(tournament):
        lines.append(
            _(
                language,
                "Late entry is open until round {number}: press **Join** to play from the next round.",
                number=tournament.late_entry_until,
            )
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
            raise TournamentError(
                Text("Write each option as name=value (like target_score=50), not {part}.", part=repr(part))
            )
        found[name.strip().lower()] = value.strip()
    return found


def signup_text(tournament: Tournament, count: int, language: str = ENGLISH) -> str:
    """The sign-up message, in the server's ``language``."""
    game = registry.get(tournament.game_key)
    if tournament.format == SWISS:
        rounds = _(language, "{count} rounds", count=tournament.rounds)
    else:
        rounds = _(language, "rounds by the field")
    parts = [
        _(language, FORMAT_NAMES[tournament.format]),
        rounds,
        _(language, "tables of {size}", size=tournament.table_size),
    ]
    if tournament.round_minutes:
        parts.append(_(language, "{minutes} minutes a round", minutes=tournament.round_minutes))
    known = {o.name: o for o in game.options}
    changed = [
        f"{told(language, known[name].title) if name in known else name} {value}"
        for name, value in tournament.options.items()
        if name not in known or known[name].default != value
    ]
    options = _(language, "Options: {options}.", options=", ".join(changed)) + "\n" if changed else ""
    if tournament.status == TournamentStatus.SIGNUP:
        count_line = _(language, "Press **Join** to sign up. Signed up: **{count}**.", count=count)
    else:
        count_line = _(language, "Sign-up is closed. Signed up: **{count}**.", count=count)
    title = _(language, "{game} tournament #{number}", game=game.name, number=tournament.id)
    scoring = _(language, "Scoring: {scoring}.", scoring=_(language, SCORING_NAMES[tournament.scoring]))
    return f"**{title}** · {', '.join(parts)}\n{scoring}\n{options}{count_line}"
