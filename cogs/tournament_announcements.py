"""What the tournaments post by themselves: rounds seated, brackets, check-in, the end, each table's first message."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.tables import Table
from bot.tournaments.bracket_view import double_view, single_view
from bot.tournaments.models import Tournament, TournamentStatus
from bot.tournaments.pairing import DOUBLE_ELIMINATION, ELIMINATION
from bot.tournaments.service import TableRequest, TournamentError, late_entry_open
from bot.tournaments.standings import Row, show_points
from cogs.mentions import NOBODY, only, plain
from cogs.picture_file import picture_file
from cogs.tournament_signup import FORMAT_NAMES, schedule_text, signup_text, signup_view
from engine import registry
from render.bracket import BracketView, bracket_picture, page_showing
from render.standings import StandingLine, StandingsView, podium_picture, standings_picture

if TYPE_CHECKING:
    from bot.client import ParlourBot
    from bot.tournaments.checkin import CheckIns
    from bot.tournaments.service import TournamentService
    from cogs.tournament_events import TournamentEvents

__all__ = ["TournamentAnnouncements", "standings_view"]

log = logging.getLogger(__name__)


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


class TournamentAnnouncements:
    """The part of the Tournaments cog that posts to Discord by itself: the service's presenter, the
    check-in's presenter, each table's channel and first message, the bracket and sign-up messages."""

    bot: ParlourBot
    service: TournamentService
    checkins: CheckIns
    events: TournamentEvents
    post_spacing: float
    _brackets: dict[int, discord.Message]
    _bracket_locks: dict[int, asyncio.Lock]

    async def bracket_view(self, tournament: Tournament) -> BracketView:
        """The bracket as it stands (elimination formats), or a sentence why there is none."""
        if tournament.format not in (ELIMINATION, DOUBLE_ELIMINATION):
            raise TournamentError("Only elimination tournaments have a bracket; see /tournament standings.")
        if tournament.status == TournamentStatus.SIGNUP:
            raise TournamentError("The bracket is drawn when the tournament starts.")
        game = registry.get(tournament.game_key)
        entrants = await self.service.entrants(tournament.id or 0)
        names = {e.id or 0: e.name for e in entrants}
        over = tournament.status in (TournamentStatus.FINAL, TournamentStatus.FINISHED)
        title = f"{game.name} tournament #{tournament.id} · {FORMAT_NAMES[tournament.format].lower()}"
        status = "Final bracket" if over else f"Round {tournament.current_round}"
        if tournament.format == DOUBLE_ELIMINATION:
            state = await self.service.double_progress(tournament.id or 0)
            return double_view(title, status, state.bracket, state.seeded, state.progress, names, state.in_play)
        seeded = sorted(entrants, key=lambda e: (-e.rating, e.id or 0))
        seeds = {e.id or 0: n for n, e in enumerate(seeded, start=1)}
        rounds = await self.service.single_bracket(tournament.id or 0)
        return single_view(title, status, rounds, tournament.rounds, names, seeds)

    async def _show_signup(self, tournament: Tournament, count: int) -> None:
        """Bring the sign-up message up to date (a computer signed up; sign-up closed)."""
        channel = await self._channel(tournament.channel_id)
        if channel is None or tournament.message_id is None or not isinstance(channel, discord.abc.Messageable):
            return
        message = channel.get_partial_message(tournament.message_id)  # type: ignore[attr-defined]
        late = late_entry_open(tournament)
        closed = tournament.status != TournamentStatus.SIGNUP and not late
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
        if tournament.format in (ELIMINATION, DOUBLE_ELIMINATION):
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
            if tournament.status in (TournamentStatus.FINAL, TournamentStatus.FINISHED):
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
