"""``/play`` and ``/table``, and every click on a lobby, a table or a hand.

Thin: decode the click, call the table service, present the answer. Anything
refused comes back as a TableError sentence, answered ephemerally; the game is
untouched.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables import BROKEN_BUTTON, Table, TableError
from cogs import ids
from cogs.answers import PendingMove, reply_privately, saved, update
from cogs.ids import Click
from cogs.table_ui import (
    MessageParts,
    ParlourButton,
    ParlourSelect,
    closed_lobby_parts,
    lobby_parts,
    table_parts,
)
from engine import registry

if TYPE_CHECKING:
    from bot.client import ParlourBot

log = logging.getLogger(__name__)

#: What the bot must be allowed in a channel to run a table there.
NEEDED = ("view_channel", "send_messages", "embed_links", "attach_files")
#: The custom_id of a table's options form is OPTIONS_FORM + table id; its fields, OPTION_FIELD + option name.
OPTIONS_FORM = "po:"
OPTION_FIELD = "option:"


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g.name, value=g.key) for g in registry.all_games()][:25]


class Tables(commands.Cog):
    """Game tables: open, join, play, finish."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        self.service = bot.tables
        self.presenter = bot.presenter

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
        await self._open(interaction, game.value)

    async def _open(self, interaction: discord.Interaction, game_key: str) -> None:
        missing = [p for p in NEEDED if not getattr(interaction.app_permissions, p)]
        if missing or interaction.guild is None or interaction.channel is None:
            names = ", ".join(p.replace("_", " ").title() for p in missing) or "Send Messages"
            await _tell(interaction, f"I can't run a table in this channel: I need {names} here.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        settings = await self.bot.store_adapter.guild_settings(interaction.guild.id)
        channel: discord.abc.Messageable = interaction.channel  # type: ignore[assignment]
        try:
            game = registry.get(game_key)
        except KeyError as error:
            await interaction.followup.send(str(error.args[0]), ephemeral=True)
            return
        can_thread = (
            settings.use_threads
            and isinstance(interaction.channel, discord.TextChannel)
            and interaction.app_permissions.create_public_threads
            and interaction.app_permissions.send_messages_in_threads
        )
        if can_thread:
            try:
                channel = await interaction.channel.create_thread(  # type: ignore[union-attr]
                    name=f"{game.name} with {interaction.user.display_name}"[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=1440,
                )
            except discord.HTTPException as error:
                log.info("Could not create a thread: %s", error)
        try:
            table = await self.service.open(
                interaction.guild.id, channel.id, game.key, interaction.user.id, interaction.user.display_name
            )
        except TableError as error:
            await interaction.followup.send(str(error), ephemeral=True)
            return
        message = await channel.send(**lobby_parts(table).send_kwargs())
        table.message_id, table.message_posted_at = message.id, self.service.clock()
        await self.bot.store_adapter.save_message(table)
        where = f"in {channel.mention}" if channel is not interaction.channel else "below"  # type: ignore[union-attr]
        await interaction.followup.send(f"Your {game.name} table #{table.id} is open {where}.", ephemeral=True)

    @table_group.command(name="end")
    @app_commands.describe(table="The table number (shown on its message)")
    async def end(self, interaction: discord.Interaction, table: int) -> None:
        """End a table without results (its host, or a moderator)."""
        perms = interaction.permissions
        moderator = perms.manage_guild or perms.manage_messages
        try:
            ended = await self.service.end(table, interaction.user.id, moderator=moderator)
        except TableError as error:
            await _tell(interaction, str(error))
            return
        await _tell(interaction, f"Table #{ended.id} is ended. No results were recorded.")
        await self._show_closed(ended, f"Ended by {interaction.user.display_name}. No results were recorded.")

    @table_group.command(name="replace")
    @app_commands.describe(table="The table number", player="The absent player to replace with a computer")
    async def replace(self, interaction: discord.Interaction, table: int, player: discord.User) -> None:
        """Give an absent player's seat to a computer (the host only)."""
        try:
            current = self.service.get(table)
            seat = current.seat_of(player.id)
            if seat is None:
                raise TableError(f"{player.display_name} is not seated at table #{table}.")
            await self.service.replace_with_computer(table, interaction.user.id, seat)
        except TableError as error:
            await _tell(interaction, str(error))
            return
        await _tell(interaction, f"A computer now plays for {player.display_name} at table #{table}.")

    # -- clicks -----------------------------------------------------------------
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks whose custom_id is not on their message (forged, or from a broken client).

        discord.py's dynamic items only fire for a component the message really has; anything
        else would go unanswered ("This interaction failed"), so it gets a sentence here.
        Submitted options forms are answered here too, from their custom_id.
        """
        if interaction.type is discord.InteractionType.modal_submit:
            await self._submit_options(interaction)
            return
        if interaction.type is not discord.InteractionType.component:
            return
        data = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if _has_component(interaction.message, custom_id):
            return
        if custom_id.startswith("pl:"):
            await self.on_button(interaction, ids.parse_button(custom_id[3:]))
        elif custom_id.startswith("pv:"):
            values = [str(v) for v in data.get("values", [])]  # type: ignore[union-attr]
            await self.on_select(interaction, ids.parse_select(custom_id[3:]), values)
        else:
            await _tell(interaction, BROKEN_BUTTON)

    async def on_button(self, interaction: discord.Interaction, click: Click | None) -> None:
        if click is None:
            await _tell(interaction, BROKEN_BUTTON)
            return
        user = interaction.user
        try:
            match click.action:
                case "join":
                    await self._lobby_edit(
                        interaction,
                        await saved(interaction, self.service.join(click.table_id, user.id, user.display_name)),
                    )
                case "leave":
                    await self._lobby_edit(
                        interaction, await saved(interaction, self.service.leave(click.table_id, user.id))
                    )
                case "add_computer":
                    await self._lobby_edit(
                        interaction, await saved(interaction, self.service.add_computer(click.table_id, user.id))
                    )
                case "remove_computer":
                    await self._lobby_edit(
                        interaction, await saved(interaction, self.service.remove_computer(click.table_id, user.id))
                    )
                case "options":
                    await self._ask_options(interaction, click.table_id)
                case "cancel":
                    table = await saved(interaction, self.service.cancel(click.table_id, user.id))
                    await update(interaction, closed_lobby_parts(table, "Cancelled by the host."))
                case "start":
                    table = await saved(interaction, self.service.start(click.table_id, user.id))
                    await update(interaction, await table_parts(table, "The cards are dealt."))
                    table.message_id, table.message_posted_at = interaction.message.id, self.service.clock()  # type: ignore[union-attr]
                    await self.bot.store_adapter.save_message(table)
                case "hand":
                    await self._show_hand(interaction, click.table_id, {}, edit=False)
                case "page":
                    await self._show_hand(interaction, click.table_id, {click.payload: click.page}, edit=True)
                case "move":
                    await self._move(interaction, click, click.payload)
                case "rematch":
                    await self._rematch(interaction, click.table_id)
                case _:
                    await _tell(interaction, BROKEN_BUTTON)
        except TableError as error:
            await _tell(interaction, str(error))

    async def on_select(self, interaction: discord.Interaction, click: Click | None, values: list[str]) -> None:
        if click is None or not values:
            await _tell(interaction, BROKEN_BUTTON if click is None else "Pick at least one option.")
            return
        try:
            await self._move(interaction, click, f"{click.payload}:{','.join(values)}")
        except TableError as error:
            await _tell(interaction, str(error))

    async def _submit_options(self, interaction: discord.Interaction) -> None:
        data = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        table_id = custom_id.removeprefix(OPTIONS_FORM)
        if not custom_id.startswith(OPTIONS_FORM) or not table_id.isdigit():
            await _tell(interaction, "That form is broken; press Options on the lobby again.")
            return
        fields = _form_values(list(data.get("components", [])))  # type: ignore[arg-type]
        changes = {k.removeprefix(OPTION_FIELD): v.strip() for k, v in fields.items() if k.startswith(OPTION_FIELD)}
        try:
            table = await saved(interaction, self.service.set_options(int(table_id), interaction.user.id, changes))
        except TableError as error:
            await _tell(interaction, str(error))
            return
        await update(interaction, lobby_parts(table, "Options saved."))

    # -- the pieces -------------------------------------------------------------
    async def _lobby_edit(self, interaction: discord.Interaction, table: Table) -> None:
        await update(interaction, lobby_parts(table))

    async def _ask_options(self, interaction: discord.Interaction, table_id: int) -> None:
        table = self.service.get(table_id)
        if table.status != "lobby":
            raise TableError("The game has already started.")
        if interaction.user.id != table.host_id:
            raise TableError("Only the host can change the options.")
        if not table.game.options:
            raise TableError(f"{table.game.name} has no options to set.")
        form = options_form(table)
        await interaction.response.send_modal(form)
        form.stop()  # answered by on_interaction from its custom_id, not by this object

    async def _show_hand(
        self, interaction: discord.Interaction, table_id: int, pages: dict[str, int], *, edit: bool
    ) -> None:
        table = self.service.tables.get(table_id) or self.service.finished.get(table_id)
        if table is None:
            raise TableError("This table is closed: start a new one with /play.")
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("You are not seated at this table; you can watch, and join the next one.")
        if table.state is None:
            raise TableError("The game has not started yet.")
        show = partial(update, interaction) if edit else partial(reply_privately, interaction)
        await self.presenter.show_hand(table, seat, interaction, show, pages)

    async def _move(self, interaction: discord.Interaction, click: Click, move_text: str) -> None:
        """Save the move, then answer once with the new hand in place (see :func:`saved`)."""
        table_id, user_id = click.table_id, interaction.user.id
        arrived = self.service.tables.get(table_id)
        pending = PendingMove(self.bot.store, table_id, user_id, arrived.version if arrived else 0, move_text)
        table = await saved(interaction, self.service.act(table_id, user_id, click.version or 0, move_text), pending)
        seat = table.seat_of(user_id)
        assert seat is not None
        await self.presenter.table_changed(table)
        if interaction.message is not None and interaction.message.flags.ephemeral:
            await self.presenter.show_hand(table, seat, interaction, partial(update, interaction))
        else:  # a move button forged onto a public message: the hand must stay private
            await self.presenter.show_hand(table, seat, interaction, partial(reply_privately, interaction))
        await pending.answered()

    async def _rematch(self, interaction: discord.Interaction, table_id: int) -> None:
        table = await saved(interaction, self.service.rematch(table_id, interaction.user.id))
        await update(interaction, MessageParts(view=None), keep_content=True)
        parts = await table_parts(table, f"Rematch! {interaction.user.display_name} dealt a new game.")
        message = await interaction.channel.send(**parts.send_kwargs())  # type: ignore[union-attr]
        table.message_id, table.message_posted_at = message.id, self.service.clock()
        await self.bot.store_adapter.save_message(table)

    async def _show_closed(self, table: Table, reason: str) -> None:
        channel = self.bot.get_channel(table.channel_id)
        if channel is None or table.message_id is None:
            return
        try:
            await channel.get_partial_message(table.message_id).edit(  # type: ignore[union-attr]
                **closed_lobby_parts(table, reason).edit_kwargs()
            )
        except discord.HTTPException as error:
            log.info("Could not mark table %s closed: %s", table.id, error)


def options_form(table: Table) -> discord.ui.Modal:
    """The host's options form: one text field per option. Its custom_id carries the table.

    The form is answered statelessly (:meth:`Tables.on_interaction`), so a form opened before
    a restart of the bot still works when it is submitted.
    """
    form = discord.ui.Modal(title=f"{table.game.name} options"[:45], custom_id=f"{OPTIONS_FORM}{table.id}")
    for option in table.game.options[:5]:
        allowed = "/".join(str(c) for c in option.choices) if option.choices else f"{option.minimum}–{option.maximum}"
        form.add_item(
            discord.ui.TextInput(
                label=f"{option.description} ({allowed})"[:45],
                default=str(table.options[option.name]),
                max_length=40,
                custom_id=f"{OPTION_FIELD}{option.name}"[:100],
            )
        )
    return form


def _form_values(components: list) -> dict[str, str]:
    """The text fields of a submitted form, by custom_id (rows and labels nest them)."""
    values: dict[str, str] = {}
    for component in components:
        if "value" in component and "custom_id" in component:
            values[component["custom_id"]] = str(component["value"])
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


async def _tell(interaction: discord.Interaction, sentence: str) -> None:
    """Answer with one ephemeral sentence, whether or not the interaction was answered yet."""
    if interaction.response.is_done():
        await interaction.followup.send(sentence, ephemeral=True)
    else:
        await interaction.response.send_message(sentence, ephemeral=True)


async def setup(bot: ParlourBot) -> None:
    bot.add_dynamic_items(ParlourButton, ParlourSelect)
    await bot.add_cog(Tables(bot))
