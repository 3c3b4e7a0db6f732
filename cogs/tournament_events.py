"""A Discord scheduled event per tournament: created with it, updated as it goes, started with
round 1, completed with its end (cancelled with it).

The event is an external one ("In #channel") from the start time (or a quarter of an hour after
creation, when the organiser starts by hand) to an estimated end. Its id is kept on the
tournament (``event_id``). Each step is best effort: a server where the bot lacks Manage Events
gets one sentence at creation, and the tournament runs the same without an event. A step repeated
after a restart does nothing to an event already in that state.

The event is public: its name and description are in the server's language (:func:`event_title`,
:func:`event_description`, :func:`round_description`, :func:`checkin_description` build them); the
sentence for the organiser when it cannot be made is in the organiser's (``create(language=…)``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

import discord

from bot.i18n import ENGLISH, N_, _
from bot.tournaments.models import Tournament

log = logging.getLogger(__name__)

#: When the organiser gave no start time, the event says "soon": this long after creation.
SOON = timedelta(minutes=15)
#: How long the event says a round takes when the tournament has no round timer.
ROUND_GUESS = timedelta(minutes=30)
NO_PERMISSION = N_(
    "The tournament is open, but I could not create its Discord event: I need the Manage Events permission."
)
NO_SERVER = N_("The tournament is open, but I could not create its Discord event here.")
REFUSED = N_("The tournament is open, but Discord refused its event.")


def event_title(language: str, game_name: str, number: int) -> str:
    """The event's name: ``Nin Jan tournament #4``."""
    return _(language, "{game} tournament #{number}", game=game_name, number=number)


def event_description(language: str, format_name: str, table_size: int, channel_name: str) -> str:
    """What the event says at first (``format_name``: the format in ``language`` already)."""
    return _(
        language,
        "{format}, tables of {size}. Sign up with the Join button in #{channel}.",
        format=format_name,
        size=table_size,
        channel=channel_name,
    )


def round_description(language: str, number: int, channel_name: str) -> str:
    """What the event says while a round is played."""
    return _(language, "Round {number} is being played in #{channel}.", number=number, channel=channel_name)


def checkin_description(language: str) -> str:
    """What the event says while check-in is open."""
    return _(language, "Check-in is open: press Check in on the sign-up message.")


def event_times(tournament: Tournament, now: datetime) -> tuple[datetime, datetime]:
    """The event's start and end: the start time (or soon), and the rounds' estimated length after it."""
    start = tournament.starts_at if tournament.starts_at and tournament.starts_at > now else now + SOON
    per_round = timedelta(minutes=tournament.round_minutes) if tournament.round_minutes else ROUND_GUESS
    length = per_round if tournament.format == "arena" else per_round * max(1, tournament.rounds)
    return start, start + length


class TournamentEvents:
    """Creates and moves the scheduled event of each tournament."""

    def __init__(self, client: discord.Client, clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.client = client
        #: The bot's clock (the tournament service's, on which a start time is set).
        self.clock = clock

    async def create(
        self, tournament: Tournament, title: str, channel_name: str, description: str, *, language: str = ENGLISH
    ) -> int | str:
        """The new event's id, or the sentence for the organiser (in their ``language``) when it cannot be made."""
        guild = self.client.get_guild(tournament.guild_id)
        if guild is None:
            return _(language, NO_SERVER)
        now = self.clock()
        start, end = event_times(tournament, now)
        shift = datetime.now(UTC) - now  # Discord's clock against the bot's: none, unless a test moves the bot's
        start, end = start + shift, end + shift
        try:
            event = await guild.create_scheduled_event(
                name=title[:100],
                start_time=start,
                end_time=end,
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location=f"#{channel_name}"[:100],
                description=description[:1000],
            )
        except discord.Forbidden:
            return _(language, NO_PERMISSION)
        except discord.HTTPException as error:
            log.info("No event for tournament %s: %s", tournament.id, error)
            return _(language, REFUSED)
        return event.id

    async def _event(self, tournament: Tournament) -> discord.ScheduledEvent | None:
        guild = self.client.get_guild(tournament.guild_id)
        if guild is None or tournament.event_id is None:
            return None
        try:
            return guild.get_scheduled_event(tournament.event_id) or await guild.fetch_scheduled_event(
                tournament.event_id
            )
        except discord.HTTPException as error:
            log.info("The event of tournament %s is gone: %s", tournament.id, error)
            return None

    async def describe(self, tournament: Tournament, description: str) -> None:
        """Update what the event says (the round being played, check-in open)."""
        event = await self._event(tournament)
        if event is None or event.status in (discord.EventStatus.completed, discord.EventStatus.cancelled):
            return
        await self._safely(tournament, event.edit(description=description[:1000]))

    async def start(self, tournament: Tournament) -> None:
        event = await self._event(tournament)
        if event is not None and event.status == discord.EventStatus.scheduled:
            await self._safely(tournament, event.start())

    async def complete(self, tournament: Tournament) -> None:
        """Completed (started first if it never was: Discord completes only an active event)."""
        event = await self._event(tournament)
        if event is None:
            return
        if event.status == discord.EventStatus.scheduled:
            await self._safely(tournament, event.start())
            event = await self._event(tournament)
        if event is not None and event.status == discord.EventStatus.active:
            await self._safely(tournament, event.end())

    async def cancel(self, tournament: Tournament) -> None:
        event = await self._event(tournament)
        if event is None:
            return
        if event.status == discord.EventStatus.scheduled:
            await self._safely(tournament, event.cancel())
        elif event.status == discord.EventStatus.active:
            await self._safely(tournament, event.end())

    async def interested(self, tournament: Tournament) -> list[int]:
        """Who marked themselves interested in the event (to invite them to check in)."""
        event = await self._event(tournament)
        if event is None:
            return []
        try:
            return [user.id async for user in event.users(limit=100)]
        except discord.HTTPException as error:
            log.info("Could not read who is interested in tournament %s: %s", tournament.id, error)
            return []

    async def _safely(self, tournament: Tournament, step: Awaitable[object]) -> None:
        try:
            await step
        except discord.HTTPException as error:
            log.info("The event of tournament %s did not move: %s", tournament.id, error)
