"""What the tournaments post by themselves: rounds seated, brackets, check-in, the end, each table's first message."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import ENGLISH, _, drawn_in
from bot.i18n.choose import server_language
from bot.i18n.told import told
from bot.tables import Table
from bot.tournaments.bracket_view import double_view, single_view
from bot.tournaments.models import Tournament, TournamentStatus
from bot.tournaments.pairing import DOUBLE_ELIMINATION, ELIMINATION
from bot.tournaments.service import TableRequest, TournamentError, late_entry_open
from bot.tournaments.standings import Row, show_points
from cogs.mentions import NOBODY, only, plain
from cogs.picture_file import picture_file
from cogs.tournament_events import checkin_description, round_description
from cogs.tournament_signup import FORMAT_NAMES, schedule_text, signup_text, signup_view
from engine import registry
from engine.words import Text
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
    tournament: Tournament,
    rows: list[Row],
    rule: str,
    final: bool,
    completed: int | None = None,
    language: str = ENGLISH,
) -> StandingsView:
    """The standings picture's words, in ``language``. ``completed``: the rounds whose every table has
    ended (the current one, while it plays, is not in the standings yet)."""
    game = registry.get(tournament.game_key)
    done = tournament.current_round if completed is None else completed
    if final:
        status = _(language, "Final standings")
    elif done == 0:
        status = _(language, "Before round 1 of {rounds}", rounds=tournament.rounds)
    else:
        status = _(language, "After round {number} of {rounds}", number=done, rounds=tournament.rounds)
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
    title = _(language, "{game} tournament #{number}", game=game.name, number=tournament.id)
    return StandingsView(title, status, told(language, rule), lines)


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

    async def language(self, tournament: Tournament) -> str:
        """The language of the tournament's public posts: its server's."""
        saved = (await self.bot.store_adapter.guild_settings(tournament.guild_id)).language
        guild = self.bot.get_guild(tournament.guild_id)
        return server_language(saved, guild.preferred_locale if guild is not None else None)

    async def bracket_view(self, tournament: Tournament, language: str = ENGLISH) -> BracketView:
        """The bracket as it stands (elimination formats), or a sentence why there is none."""
        if tournament.format not in (ELIMINATION, DOUBLE_ELIMINATION):
            raise TournamentError(Text("Only elimination tournaments have a bracket; see /tournament standings."))
        if tournament.status == TournamentStatus.SIGNUP:
            raise TournamentError(Text("The bracket is drawn when the tournament starts."))
        game = registry.get(tournament.game_key)
        entrants = await self.service.entrants(tournament.id or 0)
        names = {e.id or 0: e.name for e in entrants}
        over = tournament.status in (TournamentStatus.FINAL, TournamentStatus.FINISHED)
        title = _(language, "{game} tournament #{number}", game=game.name, number=tournament.id)
        title += f" · {_(language, FORMAT_NAMES[tournament.format]).lower()}"
        status = (
            _(language, "Final bracket") if over else _(language, "Round {number}", number=tournament.current_round)
        )
        if tournament.format == DOUBLE_ELIMINATION:
            state = await self.service.double_progress(tournament.id or 0)
            return double_view(
                title, status, state.bracket, state.seeded, state.progress, names, state.in_play, language
            )
        seeded = sorted(entrants, key=lambda e: (-e.rating, e.id or 0))
        seeds = {e.id or 0: n for n, e in enumerate(seeded, start=1)}
        rounds = await self.service.single_bracket(tournament.id or 0)
        return single_view(title, status, rounds, tournament.rounds, names, seeds, language)

    async def _show_signup(self, tournament: Tournament, count: int) -> None:
        """Bring the sign-up message up to date (a computer signed up; sign-up closed)."""
        channel = await self._channel(tournament.channel_id)
        if channel is None or tournament.message_id is None or not isinstance(channel, discord.abc.Messageable):
            return
        message = channel.get_partial_message(tournament.message_id)  # type: ignore[attr-defined]
        late = late_entry_open(tournament)
        closed = tournament.status != TournamentStatus.SIGNUP and not late
        checked_in = await self.checkins.checked_in(tournament.id or 0)
        language = await self.language(tournament)
        view = None if closed else signup_view(tournament.id or 0, tournament.checkin_open, late, language)
        try:
            await message.edit(
                content=signup_text(tournament, count, language) + schedule_text(tournament, checked_in, language),
                view=view,
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
        language = await self.language(tournament)
        lines = [
            _(
                language,
                "**Round {number}** of tournament #{tournament} is seated:",
                number=number,
                tournament=tournament.id,
            )
        ]
        for table in view.tables:
            names = ", ".join(_who(entrants[e]) for e in table.entrants)
            lines.append(
                _(
                    language,
                    "Table {number} (#{table}): {names}",
                    number=table.number,
                    table=table.game_table_id,
                    names=names,
                )
            )
        if view.byes:
            lines.append(_(language, "Bye: {names}", names=", ".join(_who(entrants[e]) for e in view.byes)))
        if view.deadline:
            lines.append(_(language, "The round ends {when}.", when=f"<t:{int(view.deadline.timestamp())}:R>"))
        if number == 1:
            await self.events.start(tournament)
        await self.events.describe(tournament, round_description(language, number, getattr(channel, "name", "")))
        if number == 1 and (no_shows := await self.checkins.no_shows(tournament.id or 0)):
            lines.append(
                _(language, "Dropped for not checking in: {names}.", names=", ".join(_who(e) for e in no_shows))
            )
        await _send_long(channel, "\n".join(lines))
        if tournament.format in (ELIMINATION, DOUBLE_ELIMINATION):
            await self._post_bracket(channel, tournament, language)
        if tournament.late_entry_until is not None and number >= tournament.late_entry_until:
            await self._show_signup(await self.service.get(tournament.id or 0), len(entrants))  # late entry closes

    async def _post_bracket(self, channel: discord.abc.Messageable, tournament: Tournament, language: str) -> None:
        """The bracket as the round starts (the page of the tables now being played)."""
        async with self._bracket_locks.setdefault(tournament.id or 0, asyncio.Lock()):
            view = await self.bracket_view(tournament, language)
            png = await asyncio.to_thread(drawn_in, language, bracket_picture, view, page_showing(view))
            self._brackets[tournament.id or 0] = await channel.send(file=picture_file(png, "bracket.png"))

    async def _refresh_bracket(self, tournament_id: int) -> None:
        """Draw the round's bracket picture again now that one of its tables has ended."""
        async with self._bracket_locks.setdefault(tournament_id, asyncio.Lock()):
            message = self._brackets.get(tournament_id)
            if message is None:
                return
            tournament = await self.service.get(tournament_id)
            language = await self.language(tournament)
            view = await self.bracket_view(tournament, language)
            png = await asyncio.to_thread(drawn_in, language, bracket_picture, view, page_showing(view, "playing"))
            try:
                await message.edit(attachments=[picture_file(png, "bracket.png")])
            except discord.HTTPException as error:
                log.info("Could not update the bracket of tournament %s: %s", tournament_id, error)
            if tournament.status in (TournamentStatus.FINAL, TournamentStatus.FINISHED):
                self._brackets.pop(tournament_id, None)

    # -- the check-in presenter (called by CheckIns) -------------------------------------------------
    async def checkin_opened(self, tournament: Tournament) -> None:
        await self._show_signup(tournament, await self.service.count(tournament.id or 0))
        language = await self.language(tournament)
        await self.events.describe(tournament, checkin_description(language))
        channel = await self._channel(tournament.channel_id)
        if channel is None:
            return
        signed = {e.user_id for e in await self.service.entrants(tournament.id or 0)}
        invited = [u for u in await self.events.interested(tournament) if u not in signed]
        invite = (
            " "
            + _(
                language,
                "Interested in the event: {people} — press Join, you are checked in.",
                people=" ".join(f"<@{u}>" for u in invited),
            )
            if invited
            else ""
        )
        opened = _(
            language,
            "Check-in for tournament #{number} is open: press **Check in** on its sign-up message, "
            "or you are dropped at the start.",
            number=tournament.id,
        )
        await channel.send(
            opened + invite,
            allowed_mentions=only(invited),
        )

    async def started_by_clock(self, tournament: Tournament) -> None:
        await self._show_signup(tournament, await self.service.count(tournament.id or 0))

    async def could_not_start(self, tournament: Tournament, reason: str) -> None:
        await self._show_signup(tournament, await self.service.count(tournament.id or 0))
        await self.events.cancel(tournament)
        channel = await self._channel(tournament.channel_id)
        if channel is not None:
            language = await self.language(tournament)
            await channel.send(
                _(
                    language,
                    "Tournament #{number} could not start and is cancelled: {reason}",
                    number=tournament.id,
                    reason=told(language, reason),
                )
            )

    async def tournament_ended(self, tournament: Tournament) -> None:
        await self.events.complete(tournament)
        channel = await self._channel(tournament.channel_id)
        if channel is None:
            return
        rows, rule = await self.service.standings(tournament.id or 0)
        language = await self.language(tournament)
        view = standings_view(tournament, rows, rule, final=True, language=language)
        table_png, podium_png = await asyncio.gather(
            asyncio.to_thread(drawn_in, language, standings_picture, view),
            asyncio.to_thread(drawn_in, language, podium_picture, view),
        )
        await channel.send(
            _(
                language,
                "Tournament #{number} is over. Congratulations, {name}!",
                number=tournament.id,
                name=plain(rows[0].name),
            ),
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
            language = server_language(settings.language, channel.guild.preferred_locale)
            try:
                thread = await channel.create_thread(
                    name=told(language, request.title)[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080,
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
        language = server_language(
            (await self.bot.store_adapter.guild_settings(request.guild_id)).language,
            getattr(self.bot.get_guild(request.guild_id), "preferred_locale", None),
        )
        title = told(language, request.title)
        ready = _(language, "{people} your table is ready: **{title}**. Dealing…", people=pings, title=title)
        content = ready if people else f"**{title}**"
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
