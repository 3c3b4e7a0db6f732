"""Turn-based play in Discord: ``/games``, ``/away``, ``/notify``, the time-out buttons, and the
notices of :class:`bot.turns.TurnService` (a mention in the table's thread, or a DM).

Thin: the service decides who is told what and when; this module says it.
"""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime, time, timedelta
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import discord
from discord import app_commands
from discord.ext import commands

from bot.pace import ASK, COMPUTER_MOVE, COMPUTER_SEAT, PACES, duration_text, pace_named
from bot.tables import Table, TableError
from bot.turns import HAND_SEAT, PLAY_MOVE, WAIT
from cogs.acting import actor_of
from cogs.answers import tell
from cogs.clicks import PaceSelect, show_my_hand
from cogs.mentions import only
from cogs.presenter import delivery_of

if TYPE_CHECKING:
    from bot.client import ParlourBot

log = logging.getLogger(__name__)

#: Discord's error code for a DM to a person who does not take them.
CANNOT_DM = 50007
#: The most tables /games lists (one button each, five rows of five).
MAX_GAMES = 25
CHOICES = {WAIT: "Wait longer", PLAY_MOVE: "Computer plays this move", HAND_SEAT: "Computer takes the seat"}


def table_link(table: Table) -> str:
    """A link to the table message (or to its channel, before it has one)."""
    where = f"https://discord.com/channels/{table.guild_id}/{table.channel_id}"
    return f"{where}/{table.message_id}" if table.message_id else where


class GamesHand(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"pg:(?P<table>\d{1,18})"):
    """/games's "My hand at #N": the person's own hand at that table, privately, from the /games
    answer (private, or in their DMs); on any other message it is refused with nothing done."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(
            discord.ui.Button(
                label=f"My hand at #{table_id}", style=discord.ButtonStyle.primary, custom_id=f"pg:{table_id}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GamesHand:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        message = interaction.message
        private = message is not None and (message.flags.ephemeral or interaction.guild_id is None)
        if not private:
            await tell(interaction, "That button belongs on your /games answer; run /games again.")
            return
        await show_my_hand(interaction, self.table_id, from_anywhere=True)


class TimeoutChoice(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"pz:(?P<table>\d{1,18}):(?P<seat>\d{1,2}):(?P<since>\d{1,12}):(?P<choice>[wms])",
):
    """One of the others' three choices after a time-out; the custom_id names the turn it is for."""

    def __init__(self, table_id: int, seat: int, since: int, choice: str) -> None:
        self.table_id, self.seat, self.since, self.choice = table_id, seat, since, choice
        style = discord.ButtonStyle.primary if choice == WAIT else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=CHOICES[choice], style=style, custom_id=f"pz:{table_id}:{seat}:{since}:{choice}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TimeoutChoice:
        return cls(int(match["table"]), int(match["seat"]), int(match["since"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ParlourBot = interaction.client  # type: ignore[assignment]
        await interaction.response.defer()
        try:
            said = await bot.turns.choose(self.table_id, actor_of(interaction), self.seat, self.since, self.choice)
        except TableError as error:
            await interaction.followup.send(str(error), ephemeral=True)
            return
        await interaction.edit_original_response(
            content=f"{said} ({interaction.user.display_name} chose.)",
            view=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        table = bot.tables.in_play(self.table_id, actor_of(interaction))
        if table is not None:
            await delivery_of(bot).table_changed(table)


class DiscordTurnNotifier:
    """How the turn service's notices reach people (implements bot.turns.TurnNotifier)."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    async def _channel(self, channel_id: int) -> Any:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return channel

    async def mention(self, table: Table, user_id: int, text: str) -> bool:
        channel = await self._channel(table.channel_id)
        if channel is None:
            return False
        await channel.send(text, allowed_mentions=only([user_id]))
        return True

    async def direct(self, user_id: int, text: str, table: Table, *, link: bool = True) -> bool:
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            content = f"{text} {table_link(table)}" if link else text
            await user.send(content, allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                log.info("Could not DM %s: %s", user_id, error)
            return False
        except discord.HTTPException as error:
            log.info("Could not DM %s: %s", user_id, error)
            return False
        return True

    async def timed_out(self, table: Table, seat: int, since: datetime) -> None:
        channel = await self._channel(table.channel_id)
        if channel is None:
            return
        view = discord.ui.View(timeout=None)
        for choice in CHOICES:
            view.add_item(TimeoutChoice(table.id, seat, int(since.timestamp()), choice))
        others = [s.user_id for i, s in enumerate(table.seats) if i != seat and not s.computer and s.user_id]
        mentions = " ".join(f"<@{u}>" for u in others)
        grace = duration_text(table.clocks.pace.grace if table.clocks else timedelta(0))
        await channel.send(
            f"{mentions}: {table.seats[seat].name} ran out of time at table #{table.id}. "
            "Choose: wait longer, let the computer play this move, or give the seat to a computer for the rest "
            f"of the game (with no choice in {grace}, "
            "the computer plays the move).",
            view=view,
            allowed_mentions=only(others),
        )
        view.stop()

    async def say(self, table: Table, text: str) -> None:
        channel = await self._channel(table.channel_id)
        if channel is not None:
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())

    async def wake(self, table: Table, *, unarchive: bool = True) -> bool:
        """Unarchive the table's thread; if it was deleted, move the game to the thread's channel (or
        end it without results when that is gone too), and tell its people."""
        channel = await self._channel(table.channel_id)
        if isinstance(channel, discord.Thread):
            if channel.archived and unarchive:
                try:
                    await channel.edit(archived=False)
                except discord.HTTPException as error:
                    log.info("Could not unarchive the thread of table %s: %s", table.id, error)
            return True
        if channel is not None:
            return True
        people = [s.user_id for s in table.seats if not s.computer and s.user_id]
        pings = " ".join(f"<@{u}>" for u in people)
        parent = None
        if table.parent_channel_id and table.parent_channel_id != table.channel_id:
            parent = await self._channel(table.parent_channel_id)
        if parent is None:
            return False
        table.channel_id, table.message_id = parent.id, None
        await self.bot.store.update_table(table.id, channel_id=parent.id, message_id=None)
        await parent.send(
            f"{pings}: the thread of {table.game.name} table #{table.id} was deleted, so the game goes on here.",
            allowed_mentions=only(people),
        )
        await delivery_of(self.bot).table_changed(table)
        return True


def _until(text: str, zone_name: str) -> datetime:
    """The end of the day ``text`` (YYYY-MM-DD) in the person's time zone, as UTC."""
    day = datetime.strptime(text.strip(), "%Y-%m-%d").date()
    try:
        zone = ZoneInfo(zone_name)
    except (ZoneInfoNotFoundError, ValueError):
        zone = ZoneInfo("UTC")
    return datetime.combine(day + timedelta(days=1), time(0), tzinfo=zone).astimezone(UTC)


class Turns(commands.Cog):
    """Turn-based tables: your games, your absence, how you are told."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    pace_group = app_commands.Group(
        name="pace", description="Turn-based play: the pace of a tournament's tables.", guild_only=True
    )

    @pace_group.command(name="tournament")
    @app_commands.describe(
        tournament="The tournament's number",
        pace="The pace of its tables",
        on_timeout="What happens when a player's time runs out there",
    )
    @app_commands.choices(
        pace=[app_commands.Choice(name=p.label, value=key) for key, p in PACES.items()],
        on_timeout=[
            app_commands.Choice(name="The computer plays that move", value=COMPUTER_MOVE),
            app_commands.Choice(name="A computer takes the seat", value=COMPUTER_SEAT),
            app_commands.Choice(name="The other players choose", value=ASK),
        ],
    )
    async def tournament_pace(
        self,
        interaction: discord.Interaction,
        tournament: int,
        pace: app_commands.Choice[str],
        on_timeout: app_commands.Choice[str] | None = None,
    ) -> None:
        """Make a tournament turn-based (its host, during sign-up); a round timer closes each round."""
        rule = on_timeout.value if on_timeout else COMPUTER_MOVE
        try:
            await self.bot.turns.set_tournament_pace(tournament, pace.value, rule, actor_of(interaction))
        except TableError as error:
            await tell(interaction, str(error))
            return
        found = await self.bot.turns.store.tournament(tournament)
        assert found is not None
        timer = (
            f" Each round closes after {found.round_minutes} minutes."
            if found.round_minutes
            else " Give it a round timer so that each round closes in time."
        )
        await tell(interaction, f"Tournament #{tournament} plays at {pace_named(pace.value).label}.{timer}")

    @app_commands.command(name="games")
    async def games(self, interaction: discord.Interaction) -> None:
        """Every table waiting on you (in this server; in DMs, everywhere), with the time you have."""
        waiting = self.bot.turns.waiting_on(interaction.user.id, interaction.guild_id)[:MAX_GAMES]
        if not waiting:
            await tell(interaction, "No table is waiting on you.")
            return
        lines, view = [], discord.ui.View(timeout=None)
        for table, left in waiting:
            time_left = f"{duration_text(left)} left" if left is not None else "live"
            lines.append(f"#{table.id} {table.game.name} in <#{table.channel_id}>: {time_left}")
            view.add_item(GamesHand(table.id))
        await interaction.response.send_message("\n".join(lines), view=view, ephemeral=True)
        view.stop()

    @app_commands.command(name="away")
    @app_commands.describe(until="The last day you are away, as YYYY-MM-DD (leave it out when you are back)")
    async def away(self, interaction: discord.Interaction, until: str | None = None) -> None:
        """Away for a while: your clocks wait at tables that allow it; elsewhere a computer takes your seat."""
        user = interaction.user.id
        try:
            prefs = (await self.bot.turns.store.prefs([user]))[user]
            when = _until(until, prefs.time_zone) if until else None
            said = await self.bot.turns.away(user, when)
        except ValueError:
            said = "Write the date as YYYY-MM-DD, for example 2026-12-24."
        except TableError as error:
            said = str(error)
        await tell(interaction, said)

    @app_commands.command(name="notify")
    @app_commands.describe(
        how="Where you are told it is your turn at a turn-based table",
        time_zone="Your time zone, e.g. Europe/Paris (for quiet hours and /away)",
        quiet_from="Quiet hours start (0-23, your time): no DMs until they end",
        quiet_to="Quiet hours end (0-23, your time)",
    )
    @app_commands.choices(
        how=[
            app_commands.Choice(name="A mention in the table's thread", value="mention"),
            app_commands.Choice(name="A direct message with a link", value="dm"),
        ]
    )
    async def notify(
        self,
        interaction: discord.Interaction,
        how: app_commands.Choice[str] | None = None,
        time_zone: str | None = None,
        quiet_from: app_commands.Range[int, 0, 23] | None = None,
        quiet_to: app_commands.Range[int, 0, 23] | None = None,
    ) -> None:
        """How you are told it is your turn at turn-based tables, and your quiet hours."""
        changes: dict[str, Any] = {}
        if how is not None:
            changes["notify"] = how.value
            changes["dm_closed_told"] = False
        if time_zone is not None:
            if time_zone not in available_timezones():
                await tell(interaction, "I don't know that time zone; write it like Europe/Paris or America/New_York.")
                return
            changes["time_zone"] = time_zone
        if quiet_from is not None and quiet_to is not None:
            changes["quiet_start"], changes["quiet_end"] = quiet_from, quiet_to
        elif quiet_from is not None or quiet_to is not None:
            await tell(interaction, "Give both ends of your quiet hours, quiet_from and quiet_to.")
            return
        store = self.bot.turns.store
        user = interaction.user.id
        prefs = await store.update_prefs(user, **changes) if changes else (await store.prefs([user]))[user]
        where = "by direct message" if prefs.notify == "dm" else "with a mention in the table's thread"
        quiet = (
            f", no DMs from {prefs.quiet_start}:00 to {prefs.quiet_end}:00 ({prefs.time_zone})"
            if prefs.quiet_start is not None and prefs.quiet_end is not None
            else ""
        )
        await tell(interaction, f"You are told it is your turn {where}{quiet}.")


async def setup(bot: ParlourBot) -> None:
    bot.turns.notifier = DiscordTurnNotifier(bot)
    bot.add_dynamic_items(TimeoutChoice, PaceSelect, GamesHand)
    await bot.add_cog(Turns(bot))
