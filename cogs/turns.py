"""Turn-based play in Discord: ``/games``, ``/away``, ``/notify``, the time-out buttons, and the
notices of :class:`bot.turns.TurnService` (a mention in the table's thread, or a DM).

Thin: the service decides who is told what and when; this module says it: an answer in the
language of the person who asked, a notice at a table (a mention, the time-out choice) in its
server's language. A DM is in the table's language too: Parlour keeps no person's language yet.
The service's sentences are said through :func:`bot.i18n.told.told` (a Text, or a catalog text).
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

from bot.i18n import ENGLISH, N_, _, n_
from bot.i18n.choose import reader_language, server_language
from bot.i18n.told import span, told
from bot.pace import ASK, COMPUTER_MOVE, COMPUTER_SEAT, PACES, pace_named
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
CHOICES = {
    WAIT: N_("Wait longer"),
    PLAY_MOVE: N_("Computer plays this move"),
    HAND_SEAT: N_("Computer takes the seat"),
}


def refusal(language: str, error: Exception) -> str:
    """A service's refusal (its sentence: a Text, or English from before the catalog) in ``language``."""
    return told(language, error.args[0] if error.args and isinstance(error.args[0], str) else str(error))


def table_link(table: Table) -> str:
    """A link to the table message (or to its channel, before it has one)."""
    where = f"https://discord.com/channels/{table.guild_id}/{table.channel_id}"
    return f"{where}/{table.message_id}" if table.message_id else where


class GamesHand(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"pg:(?P<table>\d{1,18})"):
    """/games's "My hand at #N": the person's own hand at that table, privately, from the /games
    answer (private, or in their DMs); on any other message it is refused with nothing done."""

    def __init__(self, table_id: int, language: str = ENGLISH) -> None:
        self.table_id = table_id
        label = _(language, "My hand at #{table}", table=table_id)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary, custom_id=f"pg:{table_id}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GamesHand:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        message = interaction.message
        private = message is not None and (message.flags.ephemeral or interaction.guild_id is None)
        if not private:
            await tell(
                interaction,
                _(reader_language(interaction), "That button belongs on your /games answer; run /games again."),
            )
            return
        await show_my_hand(interaction, self.table_id, from_anywhere=True)


class TimeoutChoice(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"pz:(?P<table>\d{1,18}):(?P<seat>\d{1,2}):(?P<since>\d{1,12}):(?P<choice>[wms])",
):
    """One of the others' three choices after a time-out; the custom_id names the turn it is for."""

    def __init__(self, table_id: int, seat: int, since: int, choice: str, language: str = ENGLISH) -> None:
        self.table_id, self.seat, self.since, self.choice = table_id, seat, since, choice
        style = discord.ButtonStyle.primary if choice == WAIT else discord.ButtonStyle.secondary
        label = _(language, CHOICES[choice])
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"pz:{table_id}:{seat}:{since}:{choice}")
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
            await interaction.followup.send(refusal(reader_language(interaction), error), ephemeral=True)
            return
        table = bot.tables.in_play(self.table_id, actor_of(interaction))
        if table is not None:
            language = table_language(bot, table)
        else:
            language = server_language(None, interaction.guild.preferred_locale if interaction.guild else None)
        chose = _(language, "({name} chose.)", name=interaction.user.display_name)
        await interaction.edit_original_response(
            content=f"{told(language, said)} {chose}",
            view=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if table is not None:
            await delivery_of(bot).table_changed(table)


def table_language(client: discord.Client, table: Table) -> str:
    """The language of a table's public messages: its server's ``/settings language``, else the
    server's Discord language (as cogs.presenter draws its pictures)."""
    guild = client.get_guild(table.guild_id)
    return server_language(table.language, guild.preferred_locale if guild is not None else None)


class DiscordTurnNotifier:
    """How the turn service's notices reach people (implements bot.turn_notices.TurnNotifier)."""

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
        await channel.send(told(table_language(self.bot, table), text), allowed_mentions=only([user_id]))
        return True

    async def direct(self, user_id: int, text: str, table: Table, *, link: bool = True) -> bool:
        """A direct message, in the person's language as last seen (else the table's)."""
        language = await self.bot.languages.of(user_id) or table_language(self.bot, table)
        said = told(language, text)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            content = f"{said} {table_link(table)}" if link else said
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
        language = table_language(self.bot, table)
        view = discord.ui.View(timeout=None)
        for choice in CHOICES:
            view.add_item(TimeoutChoice(table.id, seat, int(since.timestamp()), choice, language))
        others = [s.user_id for i, s in enumerate(table.seats) if i != seat and not s.computer and s.user_id]
        mentions = " ".join(f"<@{u}>" for u in others)
        grace = span(language, table.clocks.pace.grace if table.clocks else timedelta(0))
        said = _(
            language,
            "{name} ran out of time at table #{table}. Choose: wait longer, let the computer play this move, or give "
            "the seat to a computer for the rest of the game (with no choice in {grace}, the computer plays the move).",
            name=table.seats[seat].name,
            table=table.id,
            grace=grace,
        )
        await channel.send(f"{mentions}: {said}", view=view, allowed_mentions=only(others))
        view.stop()

    async def say(self, table: Table, text: str) -> None:
        channel = await self._channel(table.channel_id)
        if channel is not None:
            await channel.send(
                told(table_language(self.bot, table), text), allowed_mentions=discord.AllowedMentions.none()
            )

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
        said = _(
            table_language(self.bot, table),
            "the thread of {game} table #{table} was deleted, so the game goes on here.",
            game=table.game.name,
            table=table.id,
        )
        await parent.send(f"{pings}: {said}", allowed_mentions=only(people))
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
        language = reader_language(interaction)
        try:
            await self.bot.turns.set_tournament_pace(tournament, pace.value, rule, actor_of(interaction))
        except TableError as error:
            await tell(interaction, refusal(language, error))
            return
        found = await self.bot.turns.store.tournament(tournament)
        assert found is not None
        said = _(
            language,
            "Tournament #{tournament} plays at {pace}.",
            tournament=tournament,
            pace=_(language, pace_named(pace.value).label),
        )
        if found.round_minutes:
            timer = n_(
                language,
                "Each round closes after {count} minute.",
                "Each round closes after {count} minutes.",
                found.round_minutes,
            )
        else:
            timer = _(language, "Give it a round timer so that each round closes in time.")
        await tell(interaction, f"{said} {timer}")

    @app_commands.command(name="games")
    async def games(self, interaction: discord.Interaction) -> None:
        """Every table waiting on you (in this server; in DMs, everywhere), with the time you have."""
        language = reader_language(interaction)
        waiting = self.bot.turns.waiting_on(interaction.user.id, interaction.guild_id)[:MAX_GAMES]
        if not waiting:
            await tell(interaction, _(language, "No table is waiting on you."))
            return
        lines, view = [], discord.ui.View(timeout=None)
        for table, left in waiting:
            time_left = (
                _(language, "{time} left", time=span(language, left)) if left is not None else _(language, "live")
            )
            where = f"<#{table.channel_id}>"
            lines.append(
                _(
                    language,
                    "#{table} {game} in {channel}: {time}",
                    table=table.id,
                    game=table.game.name,
                    channel=where,
                    time=time_left,
                )
            )
            view.add_item(GamesHand(table.id, language))
        await interaction.response.send_message("\n".join(lines), view=view, ephemeral=True)
        view.stop()

    @app_commands.command(name="away")
    @app_commands.describe(until="The last day you are away, as YYYY-MM-DD (leave it out when you are back)")
    async def away(self, interaction: discord.Interaction, until: str | None = None) -> None:
        """Away for a while: your clocks wait at tables that allow it; elsewhere a computer takes your seat."""
        user = interaction.user.id
        language = reader_language(interaction)
        try:
            prefs = (await self.bot.turns.store.prefs([user]))[user]
            when = _until(until, prefs.time_zone) if until else None
            said = told(language, await self.bot.turns.away(user, when))
        except ValueError:
            said = _(language, "Write the date as YYYY-MM-DD, for example 2026-12-24.")
        except TableError as error:
            said = refusal(language, error)
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
        language = reader_language(interaction)
        changes: dict[str, Any] = {}
        if how is not None:
            changes["notify"] = how.value
            changes["dm_closed_told"] = False
        if time_zone is not None:
            if time_zone not in available_timezones():
                unknown = _(language, "I don't know that time zone; write it like Europe/Paris or America/New_York.")
                await tell(interaction, unknown)
                return
            changes["time_zone"] = time_zone
        if quiet_from is not None and quiet_to is not None:
            changes["quiet_start"], changes["quiet_end"] = quiet_from, quiet_to
        elif quiet_from is not None or quiet_to is not None:
            await tell(interaction, _(language, "Give both ends of your quiet hours, quiet_from and quiet_to."))
            return
        store = self.bot.turns.store
        user = interaction.user.id
        if changes:
            changes["language"] = language  # their DMs are written in it (bot.last_seen)
        prefs = await store.update_prefs(user, **changes) if changes else (await store.prefs([user]))[user]
        quiet = prefs.quiet_start is not None and prefs.quiet_end is not None
        hours = {"start": prefs.quiet_start, "end": prefs.quiet_end, "zone": prefs.time_zone}
        if prefs.notify == "dm" and quiet:
            said = _(
                language,
                "You are told it is your turn by direct message, no DMs from {start}:00 to {end}:00 ({zone}).",
                **hours,
            )
        elif prefs.notify == "dm":
            said = _(language, "You are told it is your turn by direct message.")
        elif quiet:
            said = _(
                language,
                "You are told it is your turn with a mention in the table's thread, "
                "no DMs from {start}:00 to {end}:00 ({zone}).",
                **hours,
            )
        else:
            said = _(language, "You are told it is your turn with a mention in the table's thread.")
        await tell(interaction, said)


async def setup(bot: ParlourBot) -> None:
    bot.turns.notifier = DiscordTurnNotifier(bot)
    bot.add_dynamic_items(TimeoutChoice, PaceSelect, GamesHand)
    await bot.add_cog(Turns(bot))
