"""``/tournament``: sign-up with a button, rounds that run by themselves, standings as a picture.

Thin: decode, check, call :class:`~bot.tournaments.service.TournamentService`, present. The
Join/Leave buttons are DynamicItems whose custom_id carries the tournament (``pt:j:12``), so a
sign-up message keeps working after a restart. A background task every half minute runs the
round timers and drives live tournaments. Table ends come promptly through the table
service's ``on_end`` listener; the periodic check (``TOURNAMENT_CHECK_SECONDS``) only picks up
an end the bot missed because it stopped at that moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.actor import Actor
from bot.tables import Table
from bot.tournaments.bracket_view import double_view, single_view
from bot.tournaments.checkin import CheckIns
from bot.tournaments.models import Tournament
from bot.tournaments.pairing import FORMATS
from bot.tournaments.service import TableRequest, TournamentError, TournamentService, late_entry_open, must_manage
from bot.tournaments.standings import PLACEMENT, SCORINGS, Row, show_points
from bot.tournaments.tables_adapter import TableServiceOpener
from bot.tournaments.templates import Templates
from cogs.acting import actor_of
from cogs.answers import tell
from cogs.let_go import lets_go
from cogs.mentions import NOBODY, only, plain
from cogs.picture_file import picture_file
from cogs.presenter import delivery_of
from cogs.tournament_events import TournamentEvents
from engine import registry
from engine.core import Outcome
from render.bracket import BracketView, bracket_picture, page_showing
from render.standings import StandingLine, StandingsView, podium_picture, standings_picture

if TYPE_CHECKING:
    from bot.client import ParlourBot

log = logging.getLogger(__name__)

#: Seconds between two table messages of one round change (no burst of 128 posts at once).
POST_SPACING = 0.25
FORMAT_NAMES = {
    "swiss": "Swiss",
    "round_robin": "Round robin",
    "elimination": "Single elimination",
    "double_elimination": "Double elimination",
    "arena": "Arena",
}
SCORING_NAMES = {"placement": "Placement points", "wdl": "Win/draw/loss"}


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
    if tournament.starts_at is not None and tournament.status == "signup":
        lines.append(f"Starts <t:{int(tournament.starts_at.timestamp())}:R>.")
    if tournament.checkin_minutes is not None and tournament.status == "signup":
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
    rounds = f"{tournament.rounds} rounds" if tournament.format == "swiss" else "rounds by the field"
    timer = f", {tournament.round_minutes} minutes a round" if tournament.round_minutes else ""
    known = {o.name: o for o in game.options}
    changed = [
        f"{known[name].title if name in known else name} {value}"
        for name, value in tournament.options.items()
        if name not in known or known[name].default != value
    ]
    options = f"Options: {', '.join(changed)}.\n" if changed else ""
    if tournament.status == "signup":
        count_line = f"Press **Join** to sign up. Signed up: **{count}**."
    else:
        count_line = f"Sign-up is closed. Signed up: **{count}**."
    return (
        f"**{game.name} tournament #{tournament.id}** · {FORMAT_NAMES[tournament.format]}, {rounds}, "
        f"tables of {tournament.table_size}{timer}\nScoring: {SCORING_NAMES[tournament.scoring]}.\n"
        f"{options}{count_line}"
    )


def standings_view(
    tournament: Tournament, rows: list[Row], rule: str, final: bool, completed: int | None = None
) -> StandingsView:
    """The standings picture's words. ``completed``: the rounds whose every table has ended (the
    current one, while it plays, is not in the standings yet)."""
    game = registry.get(tournament.game_key)
    done = tournament.current_round if completed is None else completed
    if final:
        status = "Final standings"
    elif done == 0:
        status = f"Before round 1 of {tournament.rounds}"
    else:
        status = f"After round {done} of {tournament.rounds}"
    lines = tuple(
        StandingLine(
            r.place,
            r.name,
            show_points(r.points),
            r.game_points,
            show_points(r.buchholz),
            r.head_to_head,
            r.played,
            r.dropped,
        )
        for r in rows
    )
    return StandingsView(f"{game.name} tournament #{tournament.id}", status, rule, lines)


class Tournaments(commands.Cog):
    """Community tournaments in any game."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        opener = TableServiceOpener(bot.tables, self._make_channel, self._post_table, delivery_of(bot).table_changed)
        self.service = TournamentService(
            bot.database.sessions, opener, presenter=self, serves=bot.settings.serves, clock=bot.clock
        )  # the bot's clock (a test's, moved by hand): round timers and turn-based rounds on one time
        self.checkins = CheckIns(self.service, self)
        # The sign-up buttons reach them through the bot (a button's click knows only the bot).
        bot.tournaments, bot.checkins = self.service, self.checkins
        self.templates = Templates(bot.database.sessions)
        self.events = TournamentEvents(bot, bot.clock)
        self._ticker: asyncio.Task[None] | None = None
        #: Seconds between two table posts of a round change (tests set 0).
        self.post_spacing = POST_SPACING
        #: Table ends being recorded (each may open the next round).
        self._ends: set[asyncio.Task[None]] = set()
        #: The bracket picture posted with each elimination tournament's latest round, edited as its
        #: tables end (after a restart, the next round posts a new one), and a lock per tournament so
        #: that the last edit shows the latest bracket.
        self._brackets: dict[int, discord.Message] = {}
        self._bracket_locks: dict[int, asyncio.Lock] = {}

    async def cog_load(self) -> None:
        self.bot.tables.on_end = self._table_ended
        self._ticker = asyncio.create_task(self._tick())

    async def cog_unload(self) -> None:
        self.bot.tables.on_end = None
        for task in [*self._ends, *([self._ticker] if self._ticker else [])]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def _table_ended(self, table: Table, outcome: Outcome | None) -> None:
        """The table service's listener: record the end (and maybe open the next round) off its lock."""
        task = asyncio.get_running_loop().create_task(self._record_end(table.id, outcome))
        self._ends.add(task)
        task.add_done_callback(self._ends.discard)

    async def _record_end(self, table_id: int, outcome: Outcome | None) -> None:
        try:
            recorded = await self.service.table_finished(table_id, outcome)
        except Exception:  # the periodic check picks the end up again
            log.exception("Could not record the end of table %s for its tournament", table_id)
            return
        if recorded and self._brackets:
            tournament_id = await self.service.tournament_of_table(table_id)
            if tournament_id in self._brackets:
                await self._refresh_bracket(tournament_id)

    async def settled(self) -> None:
        """Wait until every table end reported so far is recorded and acted on."""
        while self._ends:
            await asyncio.gather(*self._ends, return_exceptions=True)

    group = app_commands.Group(name="tournament", description="Run a tournament in this server.", guild_only=True)

    # -- commands ----------------------------------------------------------------------------------
    @group.command(name="create")
    @app_commands.describe(
        game="The game",
        format="Swiss (default), round robin, single or double elimination, or Arena",
        rounds="Rounds (Swiss)",
        table_size="Players per table (default: the game's usual table)",
        scoring="Placement points (default) or win/draw/loss",
        round_minutes="Round timer in minutes: computers then finish the tables still playing (Arena: its length)",
        options="The game's options for every table, e.g. target_score=50 knock_card=8",
        starts_in="Start by itself this many minutes from now",
        checkin="Check-in: the last minutes before the start, when players confirm (no-shows are dropped)",
        late_entry="Swiss: players may still join until this round starts",
        template="Start from a saved template (what you give here overrides it)",
    )
    @app_commands.choices(
        game=[app_commands.Choice(name=g.name, value=g.key) for g in registry.all_games()][:25],
        format=[app_commands.Choice(name=FORMAT_NAMES[f], value=f) for f in FORMATS],
        scoring=[app_commands.Choice(name=SCORING_NAMES[s], value=s) for s in SCORINGS],
    )
    async def create(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        format: str | None = None,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        table_size: app_commands.Range[int, 2, 8] | None = None,
        scoring: str | None = None,
        round_minutes: app_commands.Range[int, 5, 1440] | None = None,
        options: app_commands.Range[str, 0, 300] | None = None,
        starts_in: app_commands.Range[int, 1, 86400] | None = None,
        checkin: app_commands.Range[int, 5, 1440] | None = None,
        late_entry: app_commands.Range[int, 2, 20] | None = None,
        template: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        """Open a tournament's sign-up in this channel (Manage Server)."""
        actor = actor_of(interaction)
        try:
            must_manage(actor)
            saved = await self.templates.get(actor.guild_id, template) if template else None
            game = game or (saved.game_key if saved else None)
            if game is None:
                raise TournamentError("Choose a game, or a template to start from.")
            game_options = parse_options(options) if options else dict(saved.options if saved else {})
            if saved is not None:
                round_minutes = round_minutes or saved.round_minutes
                checkin = checkin or saved.checkin_minutes
                late_entry = late_entry or saved.late_entry_until
            tournament = await self.service.create(
                actor,
                channel_id=interaction.channel_id or 0,
                game_key=game,
                format=format or (saved.format if saved else "swiss"),
                rounds=rounds or (saved.rounds if saved else 3),
                table_size=table_size or (saved.table_size if saved else None),
                scoring=scoring or (saved.scoring if saved else PLACEMENT),
                round_minutes=round_minutes,
                options=game_options,
            )
            if starts_in is not None or checkin is not None or late_entry is not None:
                tournament = await self._schedule(tournament, actor, starts_in, checkin, late_entry)
        except TournamentError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.send_message(
            signup_text(tournament, 0) + schedule_text(tournament, 0), view=signup_view(tournament.id or 0)
        )
        message = await interaction.original_response()
        await self.service.set_message(tournament.id or 0, message.id)
        await self._make_event(interaction, tournament)

    async def _make_event(self, interaction: discord.Interaction, tournament: Tournament) -> None:
        """The tournament's Discord scheduled event; the organiser is told in one sentence if it cannot be made."""
        game = registry.get(tournament.game_key)
        channel = getattr(interaction.channel, "name", None) or "the tournament's channel"
        description = (
            f"{FORMAT_NAMES[tournament.format]}, tables of {tournament.table_size}. "
            f"Sign up with the Join button in #{channel}."
        )
        made = await self.events.create(tournament, f"{game.name} tournament #{tournament.id}", channel, description)
        if isinstance(made, int):
            await self.service.set_event(tournament.id or 0, made)
        else:
            await interaction.followup.send(made, ephemeral=True)

    async def _schedule(
        self, tournament: Tournament, actor: Actor, starts_in: int | None, checkin: int | None, late_entry: int | None
    ) -> Tournament:
        """Set the start time, check-in and late entry of a tournament just created (cancelled if refused)."""
        try:
            return await self.checkins.configure(
                tournament.id or 0, starts_in_minutes=starts_in, checkin_minutes=checkin, late_entry_until=late_entry
            )
        except TournamentError:
            await self.service.cancel(tournament.id or 0, actor)
            raise

    template_group = app_commands.Group(name="template", description="Saved tournament settings.", parent=group)

    @template_group.command(name="save")
    @app_commands.describe(name="The template's name", tournament="The tournament to copy (default: the latest)")
    async def template_save(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40], tournament: int | None = None
    ) -> None:
        """Save a tournament's settings under a name, to start the next one from it (Manage Server)."""
        actor = actor_of(interaction)
        try:
            must_manage(actor)
            source = await self.service.find(await self.service.pick(actor, tournament), actor)
            saved = await self.templates.save(actor.guild_id, name, source, actor.user_id)
        except TournamentError as error:
            await tell(interaction, str(error))
            return
        await tell(interaction, f"Saved tournament #{source.id}'s settings as {saved!r}.")

    @template_group.command(name="list")
    async def template_list(self, interaction: discord.Interaction) -> None:
        """This server's saved tournament templates."""
        found = await self.templates.saved(interaction.guild_id or 0)
        if not found:
            await tell(interaction, "This server has no templates yet; save one with /tournament template save.")
            return
        lines = [f"**{name}**: {settings.summary(registry.get(settings.game_key).name)}" for name, settings in found]
        await tell(interaction, "\n".join(lines)[:2000])

    @template_group.command(name="delete")
    async def template_delete(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40]) -> None:
        """Delete a saved template (Manage Server)."""
        actor = actor_of(interaction)
        try:
            must_manage(actor)
            await self.templates.delete(actor.guild_id, name)
        except TournamentError as error:
            await tell(interaction, str(error))
            return
        await tell(interaction, f"Deleted the template {name.strip().lower()!r}.")

    @group.command(name="checkin")
    async def checkin(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Open check-in now: who has not checked in by the start is dropped (Manage Server)."""
        await self._run(interaction, tournament, self.checkins.open, "Check-in is open.")

    @group.command(name="start")
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Close sign-up and seat the first round (Manage Server)."""
        actor = actor_of(interaction)
        try:  # who and which, refused at once and privately; seating a round may take a while
            must_manage(actor)
            chosen = await self.service.pick(actor, tournament)
        except TournamentError as error:
            await tell(interaction, str(error))
            return
        # Only the moderator sees the answer (a refusal, or the start: the round's own message tells everyone).
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            started = await self.service.start(chosen, actor)
        except TournamentError as error:
            await interaction.followup.send(str(error), ephemeral=True)
            return
        await self._show_signup(started, await self.service.count(started.id or 0))
        await interaction.followup.send(f"Tournament #{started.id} has started: round 1 is seated.", ephemeral=True)

    @group.command(name="standings")
    async def standings(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Post the standings picture."""
        actor = actor_of(interaction)
        try:
            current = await self.service.find(await self.service.pick(actor, tournament), actor)
        except TournamentError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.defer(thinking=True)
        rows, rule = await self.service.standings(current.id or 0)
        view = standings_view(current, rows, rule, current.status == "finished", await self._completed(current))
        png = await asyncio.to_thread(standings_picture, view)
        await interaction.followup.send(file=picture_file(png, "standings.png"))

    @group.command(name="bracket")
    @app_commands.describe(page="The page, for a big bracket (default: the round being played)")
    async def bracket(
        self,
        interaction: discord.Interaction,
        tournament: int | None = None,
        page: app_commands.Range[int, 1, 99] | None = None,
    ) -> None:
        """Post the bracket picture of an elimination tournament."""
        actor = actor_of(interaction)
        await interaction.response.defer(thinking=True)
        try:
            current = await self.service.find(await self.service.pick(actor, tournament), actor)
            view = await self.bracket_view(current)
        except TournamentError as error:
            await interaction.followup.send(str(error), ephemeral=True)
            return
        shown = page - 1 if page is not None else page_showing(view)
        png = await asyncio.to_thread(bracket_picture, view, shown)
        await interaction.followup.send(file=picture_file(png, "bracket.png"))

    async def bracket_view(self, tournament: Tournament) -> BracketView:
        """The bracket as it stands (elimination formats), or a sentence why there is none."""
        if tournament.format not in ("elimination", "double_elimination"):
            raise TournamentError("Only elimination tournaments have a bracket; see /tournament standings.")
        if tournament.status == "signup":
            raise TournamentError("The bracket is drawn when the tournament starts.")
        game = registry.get(tournament.game_key)
        entrants = await self.service.entrants(tournament.id or 0)
        names = {e.id or 0: e.name for e in entrants}
        over = tournament.status in ("final", "finished")
        title = f"{game.name} tournament #{tournament.id} · {FORMAT_NAMES[tournament.format].lower()}"
        status = "Final bracket" if over else f"Round {tournament.current_round}"
        if tournament.format == "double_elimination":
            state = await self.service.double_progress(tournament.id or 0)
            return double_view(title, status, state.bracket, state.seeded, state.progress, names, state.in_play)
        seeded = sorted(entrants, key=lambda e: (-e.rating, e.id or 0))
        seeds = {e.id or 0: n for n, e in enumerate(seeded, start=1)}
        rounds = await self.service.single_bracket(tournament.id or 0)
        return single_view(title, status, rounds, tournament.rounds, names, seeds)

    @group.command(name="drop")
    async def drop(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Leave the tournament for good (later rounds skip you)."""
        await self._run(interaction, tournament, self.service.drop, "You have dropped out.")

    @group.command(name="replace")
    @app_commands.describe(player="The player leaving", substitute="Who takes their place and standings")
    async def replace(
        self,
        interaction: discord.Interaction,
        player: discord.User,
        substitute: discord.User,
        tournament: int | None = None,
    ) -> None:
        """Give a player's place to someone else from their next table on (Manage Server)."""
        await self._run(
            interaction,
            tournament,
            lambda t, actor: self.service.replace(t, actor, player.id, substitute.id, substitute.display_name),
            f"{plain(substitute.display_name)} takes {plain(player.display_name)}'s place.",
        )

    @group.command(name="pause")
    async def pause(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """No new round starts until /tournament resume (Manage Server)."""
        await self._run(interaction, tournament, self.service.pause, "Paused: the current tables play on.")

    @group.command(name="resume")
    async def resume(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Carry on after a pause (Manage Server)."""
        await self._run(interaction, tournament, self.service.resume, "Resumed.")

    @group.command(name="cancel")
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """End the tournament without final standings (Manage Server)."""
        await self._run(interaction, tournament, self._cancel, "The tournament is cancelled.")

    async def _cancel(self, tournament_id: int, actor: Actor) -> None:
        await self.service.cancel(tournament_id, actor)
        await self.events.cancel(await self.service.get(tournament_id))

    @group.command(name="computer")
    async def computer(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Sign a computer player up (Manage Server)."""
        await self._run(interaction, tournament, self._add_computer, "A computer player has signed up.")

    async def _add_computer(self, tournament_id: int, actor: Actor) -> None:
        count = await self.service.add_computer(tournament_id, actor)
        await self._show_signup(await self.service.get(tournament_id), count)

    async def _show_signup(self, tournament: Tournament, count: int) -> None:
        """Bring the sign-up message up to date (a computer signed up; sign-up closed)."""
        channel = await self._channel(tournament.channel_id)
        if channel is None or tournament.message_id is None or not isinstance(channel, discord.abc.Messageable):
            return
        message = channel.get_partial_message(tournament.message_id)  # type: ignore[attr-defined]
        late = late_entry_open(tournament)
        closed = tournament.status != "signup" and not late
        checked_in = await self.checkins.checked_in(tournament.id or 0)
        view = None if closed else signup_view(tournament.id or 0, tournament.checkin_open, late)
        try:
            await message.edit(
                content=signup_text(tournament, count) + schedule_text(tournament, checked_in), view=view
            )
        except discord.HTTPException as error:
            log.info("Could not update the sign-up of tournament %s: %s", tournament.id, error)

    # -- the presenter (called by the service) -----------------------------------------------------
    async def round_started(self, tournament: Tournament, number: int) -> None:
        channel = await self._channel(tournament.channel_id)
        view = await self.service.round_view(tournament.id or 0, number)
        if channel is None or view is None:
            return
        entrants = {e.id: e for e in await self.service.entrants(tournament.id or 0)}
        lines = [f"**Round {number}** of tournament #{tournament.id} is seated:"]
        for table in view.tables:
            names = ", ".join(_who(entrants[e]) for e in table.entrants)
            lines.append(f"Table {table.number} (#{table.game_table_id}): {names}")
        if view.byes:
            lines.append("Bye: " + ", ".join(_who(entrants[e]) for e in view.byes))
        if view.deadline:
            lines.append(f"The round ends <t:{int(view.deadline.timestamp())}:R>.")
        if number == 1:
            await self.events.start(tournament)
        await self.events.describe(tournament, f"Round {number} is being played in #{getattr(channel, 'name', '')}.")
        if number == 1 and (no_shows := await self.checkins.no_shows(tournament.id or 0)):
            lines.append("Dropped for not checking in: " + ", ".join(_who(e) for e in no_shows) + ".")
        await _send_long(channel, "\n".join(lines))
        if tournament.format in ("elimination", "double_elimination"):
            await self._post_bracket(channel, tournament)
        if tournament.late_entry_until is not None and number >= tournament.late_entry_until:
            await self._show_signup(await self.service.get(tournament.id or 0), len(entrants))  # late entry closes

    async def _post_bracket(self, channel: discord.abc.Messageable, tournament: Tournament) -> None:
        """The bracket as the round starts (the page of the tables now being played)."""
        async with self._bracket_locks.setdefault(tournament.id or 0, asyncio.Lock()):
            view = await self.bracket_view(tournament)
            png = await asyncio.to_thread(bracket_picture, view, page_showing(view))
            self._brackets[tournament.id or 0] = await channel.send(file=picture_file(png, "bracket.png"))

    async def _refresh_bracket(self, tournament_id: int) -> None:
        """Draw the round's bracket picture again now that one of its tables has ended."""
        async with self._bracket_locks.setdefault(tournament_id, asyncio.Lock()):
            message = self._brackets.get(tournament_id)
            if message is None:
                return
            tournament = await self.service.get(tournament_id)
            view = await self.bracket_view(tournament)
            png = await asyncio.to_thread(bracket_picture, view, page_showing(view, "playing"))
            try:
                await message.edit(attachments=[picture_file(png, "bracket.png")])
            except discord.HTTPException as error:
                log.info("Could not update the bracket of tournament %s: %s", tournament_id, error)
            if tournament.status in ("final", "finished"):
                self._brackets.pop(tournament_id, None)

    # -- the check-in presenter (called by CheckIns) -------------------------------------------------
    async def checkin_opened(self, tournament: Tournament) -> None:
        await self._show_signup(tournament, await self.service.count(tournament.id or 0))
        await self.events.describe(tournament, "Check-in is open: press Check in on the sign-up message.")
        channel = await self._channel(tournament.channel_id)
        if channel is None:
            return
        signed = {e.user_id for e in await self.service.entrants(tournament.id or 0)}
        invited = [u for u in await self.events.interested(tournament) if u not in signed]
        invite = (
            " Interested in the event: " + " ".join(f"<@{u}>" for u in invited) + " — press Join, you are checked in."
            if invited
            else ""
        )
        await channel.send(
            f"Check-in for tournament #{tournament.id} is open: press **Check in** on its sign-up message, "
            f"or you are dropped at the start.{invite}",
            allowed_mentions=only(invited),
        )

    async def started_by_clock(self, tournament: Tournament) -> None:
        await self._show_signup(tournament, await self.service.count(tournament.id or 0))

    async def could_not_start(self, tournament: Tournament, reason: str) -> None:
        await self._show_signup(tournament, await self.service.count(tournament.id or 0))
        await self.events.cancel(tournament)
        channel = await self._channel(tournament.channel_id)
        if channel is not None:
            await channel.send(f"Tournament #{tournament.id} could not start and is cancelled: {reason}")

    async def tournament_ended(self, tournament: Tournament) -> None:
        await self.events.complete(tournament)
        channel = await self._channel(tournament.channel_id)
        if channel is None:
            return
        rows, rule = await self.service.standings(tournament.id or 0)
        view = standings_view(tournament, rows, rule, final=True)
        table_png, podium_png = await asyncio.gather(
            asyncio.to_thread(standings_picture, view), asyncio.to_thread(podium_picture, view)
        )
        await channel.send(
            f"Tournament #{tournament.id} is over. Congratulations, {plain(rows[0].name)}!",
            files=[
                picture_file(podium_png, "podium.png"),
                picture_file(table_png, "final.png"),
            ],
            allowed_mentions=NOBODY,
        )

    # -- what the table opener needs from Discord --------------------------------------------------
    async def _make_channel(self, request: TableRequest) -> int:
        """A thread of the tournament's channel for the table, when the server uses threads and the bot may."""
        settings = await self.bot.store_adapter.guild_settings(request.guild_id)
        channel = self.bot.get_channel(request.channel_id)
        if settings.use_threads and isinstance(channel, discord.TextChannel):
            try:
                thread = await channel.create_thread(
                    name=request.title[:100], type=discord.ChannelType.public_thread, auto_archive_duration=10080
                )
                return thread.id
            except discord.HTTPException as error:
                log.info("No thread for %s: %s", request.title, error)
        return request.channel_id

    async def _post_table(self, table: Table, request: TableRequest) -> None:
        """The table's first message, pinging its players; the presenter draws the game into it."""
        channel = await self._channel(table.channel_id)
        if channel is None:
            return
        people = [s.user_id for s in request.seats if s.user_id and not s.computer]
        pings = " ".join(f"<@{u}>" for u in people)
        content = f"{pings} your table is ready: **{request.title}**. Dealing…" if people else f"**{request.title}**"
        message = await channel.send(content[:2000], allowed_mentions=only(people))
        table.message_id, table.message_posted_at = message.id, self.bot.tables.clock()
        await self.bot.store_adapter.save_message(table)
        await asyncio.sleep(self.post_spacing)  # spread a round's posts: no rate-limit storm

    async def _channel(self, channel_id: int) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("Channel %s is gone", channel_id)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    # -- helpers -----------------------------------------------------------------------------------
    async def _completed(self, tournament: Tournament) -> int:
        """How many rounds have ended (the current one counts once all its tables have)."""
        current = await self.service.round_view(tournament.id or 0, tournament.current_round)
        playing = current is not None and current.status != "finished"
        return tournament.current_round - 1 if playing else tournament.current_round

    async def _tick(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.service.tick()
                await self.checkins.tick()
                await self.service.recover()
            except Exception:
                log.exception("Tournament tick failed")
            await asyncio.sleep(self.bot.settings.tournament_check_seconds)

    async def _run(self, interaction: discord.Interaction, given: int | None, action: Any, done: str) -> None:
        """``action(tournament_id, actor)`` on the tournament named (or the server's newest), then ``done``."""
        actor = actor_of(interaction)
        try:
            await action(await self.service.pick(actor, given), actor)
        except TournamentError as error:
            await tell(interaction, str(error))
            return
        await tell(interaction, done)


def _who(entrant: Any) -> str:
    return plain(entrant.name) if entrant.computer or entrant.user_id is None else f"<@{entrant.user_id}>"


async def _send_long(channel: Any, content: str) -> None:
    """Send in pieces under Discord's 2,000 characters, cut at line ends."""
    chunk = ""
    for line in content.splitlines():
        if len(chunk) + len(line) + 1 > 1900:
            await channel.send(chunk, allowed_mentions=NOBODY)
            chunk = ""
        chunk += line + "\n"
    if chunk:
        await channel.send(chunk, allowed_mentions=NOBODY)


async def setup(bot: ParlourBot) -> None:
    bot.add_dynamic_items(SignupButton)
    await bot.add_cog(Tournaments(bot))
