"""``/tournament``: sign-up with a button, rounds that run by themselves, standings as a picture.

Thin: decode, check, call :class:`~bot.tournaments.service.TournamentService`, present. The
Join/Leave buttons are DynamicItems whose custom_id carries the tournament (``pt:j:12``), so a
sign-up message keeps working after a restart. A background task every half minute runs the
round timers and drives live tournaments. Table ends come promptly through the table
service's ``on_end`` listener; the periodic check (``TOURNAMENT_CHECK_SECONDS``) only picks up
an end the bot missed because it stopped at that moment.

The sign-up message and its buttons are in :mod:`cogs.tournament_signup`; what the tournaments post
by themselves (the service's presenter: rounds, brackets, check-in, the end) in
:mod:`cogs.tournament_announcements`. This module is the cog: its commands, and the service it makes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.actor import Actor
from bot.i18n import ENGLISH, _, drawn_in
from bot.i18n.choose import public_language, reader_language
from bot.i18n.told import told
from bot.tables import Table
from bot.tournaments.checkin import CheckIns
from bot.tournaments.models import RoundStatus, Tournament, TournamentStatus
from bot.tournaments.pairing import FORMATS, SWISS
from bot.tournaments.service import TournamentError, TournamentService, must_manage
from bot.tournaments.standings import PLACEMENT, SCORINGS
from bot.tournaments.tables_adapter import TableServiceOpener
from bot.tournaments.templates import Templates, TemplateSettings
from cogs.acting import actor_of
from cogs.answers import tell, tell_clicker
from cogs.mentions import plain
from cogs.picture_file import picture_file
from cogs.presenter import delivery_of
from cogs.tournament_announcements import TournamentAnnouncements, standings_view
from cogs.tournament_events import TournamentEvents, event_description, event_title
from cogs.tournament_signup import (
    FORMAT_NAMES,
    SCORING_NAMES,
    SignupButton,
    parse_options,
    schedule_text,
    signup_text,
    signup_view,
)
from engine import registry
from engine.core import Outcome
from engine.words import Text
from render.bracket import bracket_picture, page_showing
from render.standings import standings_picture

if TYPE_CHECKING:
    from bot.client import ParlourBot

log = logging.getLogger(__name__)

#: Seconds between two table messages of one round change (no burst of 128 posts at once).
POST_SPACING = 0.25


class Tournaments(TournamentAnnouncements, commands.Cog):
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
                raise TournamentError(Text("Choose a game, or a template to start from."))
            game_options = parse_options(options) if options else dict(saved.options if saved else {})
            if saved is not None:
                round_minutes = round_minutes or saved.round_minutes
                checkin = checkin or saved.checkin_minutes
                late_entry = late_entry or saved.late_entry_until
            tournament = await self.service.create(
                actor,
                channel_id=interaction.channel_id or 0,
                game_key=game,
                format=format or (saved.format if saved else SWISS),
                rounds=rounds or (saved.rounds if saved else 3),
                table_size=table_size or (saved.table_size if saved else None),
                scoring=scoring or (saved.scoring if saved else PLACEMENT),
                round_minutes=round_minutes,
                options=game_options,
            )
            if starts_in is not None or checkin is not None or late_entry is not None:
                tournament = await self._schedule(tournament, actor, starts_in, checkin, late_entry)
        except TournamentError as error:
            await tell_clicker(interaction, error)
            return
        language = await public_language(self.bot.store_adapter, interaction)
        await interaction.response.send_message(
            signup_text(tournament, 0, language) + schedule_text(tournament, 0, language),
            view=signup_view(tournament.id or 0, language=language),
        )
        message = await interaction.original_response()
        await self.service.set_message(tournament.id or 0, message.id)
        await self._make_event(interaction, tournament, language)

    async def _make_event(self, interaction: discord.Interaction, tournament: Tournament, language: str) -> None:
        """The tournament's Discord scheduled event, in the server's ``language``; the organiser is told
        in one sentence (in theirs) if it cannot be made."""
        game = registry.get(tournament.game_key)
        channel = getattr(interaction.channel, "name", None) or _(language, "the tournament's channel")
        format_name = _(language, FORMAT_NAMES[tournament.format])
        description = event_description(language, format_name, tournament.table_size, channel)
        title = event_title(language, game.name, tournament.id or 0)
        made = await self.events.create(tournament, title, channel, description, language=reader_language(interaction))
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
            await tell_clicker(interaction, error)
            return
        await tell_clicker(
            interaction, Text("Saved tournament #{number}'s settings as {name}.", number=source.id, name=repr(saved))
        )

    @template_group.command(name="list")
    async def template_list(self, interaction: discord.Interaction) -> None:
        """This server's saved tournament templates."""
        found = await self.templates.saved(interaction.guild_id or 0)
        if not found:
            await tell_clicker(
                interaction, Text("This server has no templates yet; save one with /tournament template save.")
            )
            return
        language = reader_language(interaction)
        lines = [f"**{name}**: {template_summary(language, settings)}" for name, settings in found]
        await tell(interaction, "\n".join(lines)[:2000])

    @template_group.command(name="delete")
    async def template_delete(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40]) -> None:
        """Delete a saved template (Manage Server)."""
        actor = actor_of(interaction)
        try:
            must_manage(actor)
            await self.templates.delete(actor.guild_id, name)
        except TournamentError as error:
            await tell_clicker(interaction, error)
            return
        await tell_clicker(interaction, Text("Deleted the template {name}.", name=repr(name.strip().lower())))

    @group.command(name="checkin")
    async def checkin(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Open check-in now: who has not checked in by the start is dropped (Manage Server)."""
        await self._run(interaction, tournament, self.checkins.open, Text("Check-in is open."))

    @group.command(name="start")
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Close sign-up and seat the first round (Manage Server)."""
        actor = actor_of(interaction)
        try:  # who and which, refused at once and privately; seating a round may take a while
            must_manage(actor)
            chosen = await self.service.pick(actor, tournament)
        except TournamentError as error:
            await tell_clicker(interaction, error)
            return
        # Only the moderator sees the answer (a refusal, or the start: the round's own message tells everyone).
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            started = await self.service.start(chosen, actor)
        except TournamentError as error:
            await interaction.followup.send(told(reader_language(interaction), error.text), ephemeral=True)
            return
        await self._show_signup(started, await self.service.count(started.id or 0))
        said = _(
            reader_language(interaction), "Tournament #{number} has started: round 1 is seated.", number=started.id
        )
        await interaction.followup.send(said, ephemeral=True)

    @group.command(name="standings")
    async def standings(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Post the standings picture."""
        actor = actor_of(interaction)
        try:
            current = await self.service.find(await self.service.pick(actor, tournament), actor)
        except TournamentError as error:
            await tell_clicker(interaction, error)
            return
        await interaction.response.defer(thinking=True)
        language = await public_language(self.bot.store_adapter, interaction)
        rows, rule = await self.service.standings(current.id or 0)
        final = current.status == TournamentStatus.FINISHED
        view = standings_view(current, rows, rule, final, await self._completed(current), language)
        png = await asyncio.to_thread(drawn_in, language, standings_picture, view)
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
        language = await public_language(self.bot.store_adapter, interaction)
        try:
            current = await self.service.find(await self.service.pick(actor, tournament), actor)
            view = await self.bracket_view(current, language)
        except TournamentError as error:
            await interaction.followup.send(told(reader_language(interaction), error.text), ephemeral=True)
            return
        shown = page - 1 if page is not None else page_showing(view)
        png = await asyncio.to_thread(drawn_in, language, bracket_picture, view, shown)
        await interaction.followup.send(file=picture_file(png, "bracket.png"))

    @group.command(name="drop")
    async def drop(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Leave the tournament for good (later rounds skip you)."""
        await self._run(interaction, tournament, self.service.drop, Text("You have dropped out."))

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
            Text(
                "{substitute} takes {player}'s place.",
                substitute=plain(substitute.display_name),
                player=plain(player.display_name),
            ),
        )

    @group.command(name="pause")
    async def pause(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """No new round starts until /tournament resume (Manage Server)."""
        await self._run(interaction, tournament, self.service.pause, Text("Paused: the current tables play on."))

    @group.command(name="resume")
    async def resume(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Carry on after a pause (Manage Server)."""
        await self._run(interaction, tournament, self.service.resume, Text("Resumed."))

    @group.command(name="cancel")
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """End the tournament without final standings (Manage Server)."""
        await self._run(interaction, tournament, self._cancel, Text("The tournament is cancelled."))

    async def _cancel(self, tournament_id: int, actor: Actor) -> None:
        await self.service.cancel(tournament_id, actor)
        await self.events.cancel(await self.service.get(tournament_id))

    @group.command(name="computer")
    async def computer(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Sign a computer player up (Manage Server)."""
        await self._run(interaction, tournament, self._add_computer, Text("A computer player has signed up."))

    async def _add_computer(self, tournament_id: int, actor: Actor) -> None:
        count = await self.service.add_computer(tournament_id, actor)
        await self._show_signup(await self.service.get(tournament_id), count)

    # -- helpers -----------------------------------------------------------------------------------
    async def _completed(self, tournament: Tournament) -> int:
        """How many rounds have ended (the current one counts once all its tables have)."""
        current = await self.service.round_view(tournament.id or 0, tournament.current_round)
        playing = current is not None and current.status != RoundStatus.FINISHED
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

    async def _run(self, interaction: discord.Interaction, given: int | None, action: Any, done: Text) -> None:
        """``action(tournament_id, actor)`` on the tournament named (or the server's newest), then ``done``."""
        actor = actor_of(interaction)
        try:
            await action(await self.service.pick(actor, given), actor)
        except TournamentError as error:
            await tell_clicker(interaction, error)
            return
        await tell_clicker(interaction, done)


def template_summary(language: str, settings: TemplateSettings) -> str:
    """One line for the list, in ``language``: "Gin Rummy · swiss · 3 rounds · tables of 2" (English)."""
    parts = [
        registry.get(settings.game_key).name,
        _(language, FORMAT_NAMES[settings.format]).lower()
        if language != ENGLISH
        else settings.format.replace("_", " "),
        _(language, "{count} rounds", count=settings.rounds),
        _(language, "tables of {size}", size=settings.table_size),
    ]
    if settings.checkin_minutes:
        parts.append(_(language, "check-in {minutes} min", minutes=settings.checkin_minutes))
    return " · ".join(parts)


async def setup(bot: ParlourBot) -> None:
    bot.add_dynamic_items(SignupButton)
    await bot.add_cog(Tournaments(bot))
