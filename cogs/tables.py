"""``/play`` and ``/table``, and every click on a lobby, a table or a hand.

Thin: decode the click, call the table service, present the answer. Anything
refused comes back as a TableError sentence, answered ephemerally; the game is
untouched.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, _
from bot.i18n.choose import guild_locale, reader_language, server_language
from bot.i18n.told import told
from bot.tables import Table, TableError
from bot.tables.core import sentence_of
from cogs.acting import actor_of
from cogs.answers import saved, tell_clicker, update
from cogs.clicks import CLICKS, answer_unlisted, lobby, on_table_message
from cogs.let_go import let_go_view
from cogs.mentions import plain
from cogs.options_form import OPTION_FIELD, OPTIONS_FORM
from cogs.presenter import DiscordPresenter, delivery_of
from engine import registry
from engine.words import Text

if TYPE_CHECKING:
    from discord.abc import PartialMessageableChannel

    from bot.client import ParlourBot

log = logging.getLogger(__name__)

#: What the bot must be allowed in a channel to run a table there.
NEEDED = ("view_channel", "send_messages", "embed_links", "attach_files")
#: Their names, as Discord's settings show them.
PERMISSIONS = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "embed_links": N_("Embed Links"),
    "attach_files": N_("Attach Files"),
}


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g.name, value=g.key) for g in registry.all_games()][:25]


class Tables(commands.Cog):
    """Game tables: open, join, play, finish."""

    def __init__(self, bot: ParlourBot, presenter: DiscordPresenter) -> None:
        self.bot = bot
        self.service = bot.tables
        self.presenter = presenter

    table_group = app_commands.Group(
        name="table", description="Manage the game tables in this server.", guild_only=True
    )

    # -- slash commands ---------------------------------------------------------
    @app_commands.command(name="play")
    @app_commands.guild_only()
    @app_commands.describe(game="The game to play")
    @app_commands.choices(game=game_choices())
    async def play(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        """Open a table for a card game in this channel."""
        await open_table(self.bot, interaction, game.value)

    @table_group.command(name="end")
    @app_commands.describe(table="The table number (shown on its message)")
    async def end(self, interaction: discord.Interaction, table: int) -> None:
        """End a table without results (its host, or a moderator)."""
        try:
            ended = await self.service.end(table, actor_of(interaction))
        except TableError as error:
            await tell_clicker(interaction, error)
            return
        await tell_clicker(interaction, Text("Table #{table} is ended. No results were recorded.", table=ended.id))
        # Through the presenter: its edits of the table message come in order, so the reason stays
        # (an edit drawn before the end can no longer land after it), and open hands are told.
        reason = Text("Ended by {name}. No results were recorded.", name=plain(interaction.user.display_name))
        await self.presenter.table_changed(ended, reason)

    @table_group.command(name="replace")
    @app_commands.describe(table="The table number", player="The absent player to replace with a computer")
    async def replace(self, interaction: discord.Interaction, table: int, player: discord.User) -> None:
        """Give an absent player's seat to a computer (the host only)."""
        try:
            await self.service.replace_with_computer(table, actor_of(interaction), player.id, player.display_name)
        except TableError as error:
            await tell_clicker(interaction, error)
            return
        done = Text("A computer now plays for {name} at table #{table}.", name=plain(player.display_name), table=table)
        await tell_clicker(interaction, done)

    @end.autocomplete("table")
    @replace.autocomplete("table")
    async def table_numbers(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """This server's open tables, this channel's first (with its threads'), matching what has been typed."""
        here = interaction.channel_id
        tables = self.service.open_tables(actor_of(interaction))

        def is_here(table: Table) -> bool:
            if here in (table.channel_id, table.parent_channel_id):
                return True
            thread = self.bot.get_channel(table.channel_id)  # a table saved before its parent was kept
            return isinstance(thread, discord.Thread) and thread.parent_id == here

        tables.sort(key=lambda t: (not is_here(t), -t.id))
        language = reader_language(interaction)
        choices = []
        for table in tables:
            if current.strip() and not str(table.id).startswith(current.strip().lstrip("#")):
                continue
            where = _(language, "here") if is_here(table) else _(language, "elsewhere")
            players = ", ".join(table.names_in(language))
            shown = _(
                language,
                "#{table} {game} ({where}): {players}",
                table=table.id,
                game=table.game.name,
                where=where,
                players=players,
            )
            choices.append(app_commands.Choice(name=shown[:100], value=table.id))
        return choices[:25]

    # -- clicks -----------------------------------------------------------------
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer submitted options forms (from their custom_id), and clicks whose custom_id is
        not on their message (see :func:`cogs.clicks.answer_unlisted`)."""
        if interaction.type is discord.InteractionType.modal_submit:
            await self._submit_options(interaction)
            return
        if interaction.type is not discord.InteractionType.component:
            return
        data: Mapping[str, Any] = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if not _has_component(interaction.message, custom_id):
            await answer_unlisted(interaction)

    async def _submit_options(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, Any] = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        table_id = custom_id.removeprefix(OPTIONS_FORM)
        if not custom_id.startswith(OPTIONS_FORM) or not table_id.isdigit() or len(table_id) > 18:
            await tell_clicker(interaction, Text("That form is broken; press Options on the lobby again."))
            return
        fields = _form_values(list(data.get("components", [])))
        changes = {k.removeprefix(OPTION_FIELD): v.strip() for k, v in fields.items() if k.startswith(OPTION_FIELD)}
        try:
            await on_table_message(interaction, int(table_id))  # the form edits the lobby it came from
            table = await saved(interaction, self.service.set_options(int(table_id), actor_of(interaction), changes))
        except TableError as error:
            await tell_clicker(interaction, error)
            return
        language = self.presenter.language_of(table)
        await update(interaction, await lobby(self.bot.store, table, Text("Options saved."), language))


async def open_table(bot: ParlourBot, interaction: discord.Interaction, game_key: str) -> None:
    """Open a table of a game in this channel (in a new thread when the server allows it)."""
    missing = [p for p in NEEDED if not getattr(interaction.app_permissions, p)]
    if missing or interaction.guild is None or interaction.channel is None:
        reader = reader_language(interaction)
        names = ", ".join(_(reader, PERMISSIONS[p]) for p in missing or ["send_messages"])
        await tell_clicker(interaction, Text("I can't run a table in this channel: I need {names} here.", names=names))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    settings = await bot.store_adapter.guild_settings(interaction.guild.id)
    channel: PartialMessageableChannel = interaction.channel  # type: ignore[assignment]
    try:
        game = registry.get(game_key)
    except KeyError as error:
        await interaction.followup.send(told(reader_language(interaction), sentence_of(error)), ephemeral=True)
        return
    can_thread = (
        settings.use_threads
        and isinstance(interaction.channel, discord.TextChannel)
        and interaction.app_permissions.create_public_threads
        and interaction.app_permissions.send_messages_in_threads
    )
    if can_thread:
        server = server_language(settings.language, guild_locale(interaction))  # a thread's name is public
        assert isinstance(interaction.channel, discord.TextChannel)  # can_thread checked it
        try:
            channel = await interaction.channel.create_thread(
                name=_(server, "{game} with {name}", game=game.name, name=interaction.user.display_name)[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,  # the longest: turn-based tables wait days (issue 45)
            )
        except discord.HTTPException as error:
            log.info("Could not create a thread: %s", error)
    try:
        table = await bot.tables.open(
            interaction.guild.id,
            channel.id,
            game.key,
            interaction.user.id,
            interaction.user.display_name,
            parent_channel_id=interaction.channel.id,  # the channel /play was run in (the thread's parent)
        )
    except TableError as error:
        await interaction.followup.send(told(reader_language(interaction), error.text), ephemeral=True)
        return
    await bot.turns.opened(table)  # the server's default pace (issue 45)
    parts = await lobby(bot.store, table, language=delivery_of(bot).language_of(table))
    message = await channel.send(**parts.send_kwargs())
    let_go_view(parts.view)
    await delivery_of(bot).message_posted(table, message.id)
    reader = reader_language(interaction)
    if channel is not interaction.channel:
        opened = _(
            reader,
            "Your {game} table #{table} is open in {channel}.",
            game=game.name,
            table=table.id,
            channel=channel.mention,  # type: ignore[union-attr]
        )
    else:
        opened = _(reader, "Your {game} table #{table} is open below.", game=game.name, table=table.id)
    await interaction.followup.send(opened, ephemeral=True)


def _form_values(components: list[Any]) -> dict[str, str]:
    """The text fields of a submitted form, by custom_id (rows and labels nest them)."""
    values: dict[str, str] = {}
    for component in components:
        if "value" in component and "custom_id" in component:
            values[component["custom_id"]] = str(component["value"])
        elif component.get("values") and "custom_id" in component:  # a select menu: its one value
            values[component["custom_id"]] = str(component["values"][0])
        values.update(_form_values(component.get("components", [])))
        if "component" in component:
            values.update(_form_values([component["component"]]))
    return values


def _has_component(message: discord.Message | None, custom_id: str) -> bool:
    if message is None:
        return False
    return any(
        getattr(child, "custom_id", None) == custom_id
        for row in message.components
        for child in getattr(row, "children", [row])
    )


async def setup(bot: ParlourBot) -> None:
    """The tables' clicks, commands, and the delivery that keeps their messages in step."""
    presenter = DiscordPresenter(
        bot,
        bot.store_adapter.save_message,
        save_shown=bot.store_adapter.save_message_version,
        standings=bot.store,
        clicks=bot.store,
        edit_interval=bot.edit_interval,
        clock=bot.clock,
    )
    bot.deliver_with(presenter)
    bot.add_dynamic_items(*CLICKS)
    await bot.add_cog(Tables(bot, presenter))
