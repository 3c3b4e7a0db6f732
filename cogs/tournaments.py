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
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables import Table
from bot.tournaments.models import Tournament
from bot.tournaments.pairing import FORMATS
from bot.tournaments.service import TableRequest, TournamentError, TournamentService
from bot.tournaments.standings import PLACEMENT, SCORINGS, Row, show_points
from bot.tournaments.tables_adapter import TableServiceOpener
from cogs.let_go import lets_go
from cogs.picture_file import picture_file
from engine import registry
from engine.core import Outcome
from render.standings import StandingLine, StandingsView, podium_picture, standings_picture

if TYPE_CHECKING:
    from bot.client import ParlourBot

log = logging.getLogger(__name__)

#: Seconds between two table messages of one round change (no burst of 128 posts at once).
POST_SPACING = 0.25
FORMAT_NAMES = {"swiss": "Swiss", "round_robin": "Round robin", "elimination": "Single elimination"}
SCORING_NAMES = {"placement": "Placement points", "wdl": "Win/draw/loss"}


class SignupButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pt:(?P<action>[jl]):(?P<tournament>\d{1,18})"):
    """Join or Leave on a sign-up message; the tournament id lives in the custom_id."""

    def __init__(self, action: str, tournament_id: int) -> None:
        join = action == "j"
        super().__init__(
            discord.ui.Button(
                label="Join" if join else "Leave",
                style=discord.ButtonStyle.success if join else discord.ButtonStyle.secondary,
                custom_id=f"pt:{action}:{tournament_id}",
            )
        )
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignupButton:
        return cls(match["action"], int(match["tournament"]))

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Tournaments")  # type: ignore[attr-defined]
        assert isinstance(cog, Tournaments)
        await cog.on_signup(interaction, self.action, self.tournament_id)


def signup_view(tournament_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SignupButton("j", tournament_id))
    view.add_item(SignupButton("l", tournament_id))
    return view


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
    defaults = {o.name: o.default for o in game.options}
    changed = [f"{name} {value}" for name, value in tournament.options.items() if defaults.get(name) != value]
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


def standings_view(tournament: Tournament, rows: list[Row], rule: str, final: bool) -> StandingsView:
    game = registry.get(tournament.game_key)
    status = "Final standings" if final else f"After round {tournament.current_round} of {tournament.rounds}"
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
        opener = TableServiceOpener(bot.tables, self._make_channel, self._post_table, bot.presenter.table_changed)
        self.service = TournamentService(bot.database.sessions, opener, presenter=self, serves=bot.settings.serves)
        self._ticker: asyncio.Task[None] | None = None
        #: Seconds between two table posts of a round change (tests set 0).
        self.post_spacing = POST_SPACING
        #: Table ends being recorded (each may open the next round).
        self._ends: set[asyncio.Task[None]] = set()

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
            await self.service.table_finished(table_id, outcome)
        except Exception:  # the periodic check picks the end up again
            log.exception("Could not record the end of table %s for its tournament", table_id)

    async def settled(self) -> None:
        """Wait until every table end reported so far is recorded and acted on."""
        while self._ends:
            await asyncio.gather(*self._ends, return_exceptions=True)

    group = app_commands.Group(name="tournament", description="Run a tournament in this server.", guild_only=True)

    # -- commands ----------------------------------------------------------------------------------
    @group.command(name="create")
    @app_commands.describe(
        game="The game",
        format="Swiss (default), round robin, or single elimination (two-player games)",
        rounds="Rounds (Swiss)",
        table_size="Players per table (default: the game's usual table)",
        scoring="Placement points (default) or win/draw/loss",
        round_minutes="A round timer: computers finish the tables still playing after this many minutes",
        options="The game's options for every table, e.g. target_score=50 knock_card=8",
    )
    @app_commands.choices(
        game=[app_commands.Choice(name=g.name, value=g.key) for g in registry.all_games()][:25],
        format=[app_commands.Choice(name=FORMAT_NAMES[f], value=f) for f in FORMATS],
        scoring=[app_commands.Choice(name=SCORING_NAMES[s], value=s) for s in SCORINGS],
    )
    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str = "swiss",
        rounds: app_commands.Range[int, 1, 20] = 3,
        table_size: app_commands.Range[int, 2, 8] | None = None,
        scoring: str = PLACEMENT,
        round_minutes: app_commands.Range[int, 5, 1440] | None = None,
        options: app_commands.Range[str, 0, 300] | None = None,
    ) -> None:
        """Open a tournament's sign-up in this channel (Manage Server)."""
        if not await _moderator(interaction) or interaction.guild is None or interaction.channel is None:
            return
        try:
            game_options = parse_options(options or "")
            tournament = await self.service.create(
                guild_id=interaction.guild.id,
                channel_id=interaction.channel.id,
                host_id=interaction.user.id,
                game_key=game,
                format=format,
                rounds=rounds,
                table_size=table_size,
                scoring=scoring,
                round_minutes=round_minutes,
                options=game_options,
            )
        except TournamentError as error:
            await _tell(interaction, str(error))
            return
        await interaction.response.send_message(signup_text(tournament, 0), view=signup_view(tournament.id or 0))
        message = await interaction.original_response()
        await self.service.set_message(tournament.id or 0, message.id)

    @group.command(name="start")
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Close sign-up and seat the first round (Manage Server)."""
        if not await _moderator(interaction):
            return
        await interaction.response.defer(thinking=True)
        try:
            started = await self.service.start(await self._pick(interaction, tournament))
        except TournamentError as error:
            await interaction.followup.send(str(error), ephemeral=True)
            return
        await self._show_signup(started, await self.service.count(started.id or 0))
        await interaction.followup.send(f"Tournament #{started.id} has started: round 1 is seated.")

    @group.command(name="standings")
    async def standings(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Post the standings picture."""
        await interaction.response.defer(thinking=True)
        try:
            current = await self.service.get(await self._pick(interaction, tournament, any_status=True))
            rows, rule = await self.service.standings(current.id or 0)
        except TournamentError as error:
            await interaction.followup.send(str(error), ephemeral=True)
            return
        view = standings_view(current, rows, rule, current.status == "finished")
        png = await asyncio.to_thread(standings_picture, view)
        await interaction.followup.send(file=picture_file(png, "standings.png"))

    @group.command(name="drop")
    async def drop(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Leave the tournament for good (later rounds skip you)."""
        await self._run(
            interaction, tournament, lambda t: self.service.drop(t, interaction.user.id), "You have dropped out."
        )

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
        if not await _moderator(interaction):
            return
        await self._run(
            interaction,
            tournament,
            lambda t: self.service.replace(t, player.id, substitute.id, substitute.display_name),
            f"{substitute.display_name} takes {player.display_name}'s place.",
        )

    @group.command(name="pause")
    async def pause(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """No new round starts until /tournament resume (Manage Server)."""
        if await _moderator(interaction):
            await self._run(interaction, tournament, self.service.pause, "Paused: the current tables play on.")

    @group.command(name="resume")
    async def resume(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Carry on after a pause (Manage Server)."""
        if await _moderator(interaction):
            await self._run(interaction, tournament, self.service.resume, "Resumed.")

    @group.command(name="cancel")
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """End the tournament without final standings (Manage Server)."""
        if await _moderator(interaction):
            await self._run(interaction, tournament, self.service.cancel, "The tournament is cancelled.")

    @group.command(name="computer")
    async def computer(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Sign a computer player up (Manage Server)."""
        if await _moderator(interaction):
            await self._run(interaction, tournament, self._add_computer, "A computer player has signed up.")

    async def _add_computer(self, tournament_id: int) -> None:
        count = await self.service.add_computer(tournament_id)
        await self._show_signup(await self.service.get(tournament_id), count)

    # -- sign-up buttons ---------------------------------------------------------------------------
    async def on_signup(self, interaction: discord.Interaction, action: str, tournament_id: int) -> None:
        user = interaction.user
        try:
            if action == "j":
                count = await self.service.join(tournament_id, user.id, user.display_name)
            else:
                count = await self.service.leave(tournament_id, user.id)
            tournament = await self.service.get(tournament_id)
        except TournamentError as error:
            await _tell(interaction, str(error))
            return
        await interaction.response.edit_message(content=signup_text(tournament, count))

    async def _show_signup(self, tournament: Tournament, count: int) -> None:
        """Bring the sign-up message up to date (a computer signed up; sign-up closed)."""
        channel = await self._channel(tournament.channel_id)
        if channel is None or tournament.message_id is None or not isinstance(channel, discord.abc.Messageable):
            return
        message = channel.get_partial_message(tournament.message_id)  # type: ignore[attr-defined]
        closed = tournament.status != "signup"
        try:
            await message.edit(
                content=signup_text(tournament, count), view=None if closed else signup_view(tournament.id or 0)
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
        await _send_long(channel, "\n".join(lines))

    async def tournament_ended(self, tournament: Tournament) -> None:
        channel = await self._channel(tournament.channel_id)
        if channel is None:
            return
        rows, rule = await self.service.standings(tournament.id or 0)
        view = standings_view(tournament, rows, rule, final=True)
        table_png, podium_png = await asyncio.gather(
            asyncio.to_thread(standings_picture, view), asyncio.to_thread(podium_picture, view)
        )
        await channel.send(
            f"Tournament #{tournament.id} is over. Congratulations, {rows[0].name}!",
            files=[
                picture_file(podium_png, "podium.png"),
                picture_file(table_png, "final.png"),
            ],
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
        message = await channel.send(
            content[:2000], allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in people])
        )
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
    async def _tick(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.service.tick()
                await self.service.recover()
            except Exception:
                log.exception("Tournament tick failed")
            await asyncio.sleep(self.bot.settings.tournament_check_seconds)

    async def _pick(self, interaction: discord.Interaction, given: int | None, any_status: bool = False) -> int:
        if given is not None:
            tournament = await self.service.get(given)
            if tournament.guild_id != (interaction.guild_id or 0):
                raise TournamentError(f"There is no tournament #{given} in this server.")
            return given
        latest = await self.service.latest(interaction.guild_id or 0)
        if latest is None:
            raise TournamentError("There is no tournament going on here; give its number.")
        return latest.id or 0

    async def _run(self, interaction: discord.Interaction, given: int | None, action: Any, done: str) -> None:
        try:
            await action(await self._pick(interaction, given))
        except TournamentError as error:
            await _tell(interaction, str(error))
            return
        await _tell(interaction, done)


def _who(entrant: Any) -> str:
    return entrant.name if entrant.computer or entrant.user_id is None else f"<@{entrant.user_id}>"


async def _send_long(channel: Any, content: str) -> None:
    """Send in pieces under Discord's 2,000 characters, cut at line ends."""
    chunk = ""
    for line in content.splitlines():
        if len(chunk) + len(line) + 1 > 1900:
            await channel.send(chunk, allowed_mentions=discord.AllowedMentions(users=False))
            chunk = ""
        chunk += line + "\n"
    if chunk:
        await channel.send(chunk, allowed_mentions=discord.AllowedMentions(users=False))


async def _moderator(interaction: discord.Interaction) -> bool:
    if interaction.permissions.manage_guild:
        return True
    await _tell(interaction, "Only someone with Manage Server can do that.")
    return False


async def _tell(interaction: discord.Interaction, sentence: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(sentence, ephemeral=True)
    else:
        await interaction.response.send_message(sentence, ephemeral=True)


async def setup(bot: ParlourBot) -> None:
    bot.add_dynamic_items(SignupButton)
    await bot.add_cog(Tournaments(bot))
