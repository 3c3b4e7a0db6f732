"""Every kind of click, typed: one persistent DynamicItem per kind, and what each click does.

A click flows one way: ``from_custom_id`` decodes its custom_id (the grammar of
:mod:`cogs.custom_ids`, and nothing else) into the item's fields, once; ``callback`` calls
the table service with who acts, and hands what changed to delivery (:mod:`cogs.presenter`),
which has the screens build the messages. The screens write the custom_ids; nothing here
builds a screen's components.

Anything that does not parse is answered with one sentence (:func:`answer_unlisted`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.i18n import ENGLISH
from bot.i18n.choose import reader_language
from bot.i18n.told import told
from bot.tables import BROKEN_BUTTON, Change, Table, TableError
from cogs.acting import actor_of
from cogs.answers import PendingMove, reply_privately, saved, tell_clicker, update, watch
from cogs.custom_ids import (
    ACTION_TEMPLATE,
    ACTIONS,
    DRAFT_TEMPLATE,
    LEVEL_TEMPLATE,
    MOVE_TEMPLATE,
    PACE_TEMPLATE,
    PAGE_TEMPLATE,
    PARTNER_TEMPLATE,
    SELECT_TEMPLATE,
)
from cogs.hand_ui import toggle_page
from cogs.let_go import let_go_view, lets_go
from cogs.message_parts import MessageParts
from cogs.pace_ui import pace_text
from cogs.presenter import DiscordPresenter, delivery_of
from cogs.table_ui import closed_lobby_parts, lobby_parts, options_form
from engine.words import Text

if TYPE_CHECKING:
    from bot.client import ParlourBot

log = logging.getLogger(__name__)

#: Any component a click comes from (discord.py hands the clicked one to ``from_custom_id``).
Item = discord.ui.Item[Any]


def _bot(interaction: discord.Interaction) -> ParlourBot:
    return interaction.client  # type: ignore[return-value]


def _delivery(interaction: discord.Interaction) -> DiscordPresenter:
    return delivery_of(_bot(interaction))


def _values(interaction: discord.Interaction) -> list[str]:
    data: Mapping[str, Any] = interaction.data or {}
    return [str(v) for v in data.get("values", [])]


class LevelSource(Protocol):
    """Where the lobby reads each person's level in a game (bot.store.Store)."""

    async def levels(self, guild_id: int, game_key: str, user_ids: Sequence[int]) -> dict[int, int]: ...


async def lobby(store: LevelSource, table: Table, note: str = "", language: str = ENGLISH) -> MessageParts:
    """The lobby with each person's level in the game, read from the database, in the server's
    ``language`` (``note``: a Text or a catalog text, said in it)."""
    people = [s.user_id for s in table.seats if not s.computer and s.user_id is not None]
    levels = await store.levels(table.guild_id, table.game.key, people)
    return lobby_parts(table, told(language, note), levels, language)


def public_language(interaction: discord.Interaction, table: Table) -> str:
    """The language of the table's public messages (its lobby, its table message): the server's."""
    return _delivery(interaction).language_of(table)


class TableAction(discord.ui.DynamicItem[Item], template=ACTION_TEMPLATE):
    """A lobby or table button: join, leave, computers, options, start, cancel, Show my hand, rematch."""

    def __init__(self, action: str, table_id: int, item: Item) -> None:
        self.action, self.table_id = action, table_id
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Item, match: re.Match[str]) -> TableAction:
        return cls(ACTIONS[match["code"]], int(match["table"]), item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        bot, user, table_id = _bot(interaction), interaction.user, self.table_id
        service, actor = bot.tables, actor_of(interaction)
        try:
            await on_table_message(interaction, table_id)
            match self.action:
                case "join":
                    table = await saved(interaction, service.join(table_id, actor, user.display_name))
                    await update(
                        interaction, await lobby(bot.store, table, language=public_language(interaction, table))
                    )
                case "leave":
                    table = await saved(interaction, service.leave(table_id, actor))
                    await update(
                        interaction, await lobby(bot.store, table, language=public_language(interaction, table))
                    )
                case "add_computer":
                    table = await saved(interaction, service.add_computer(table_id, actor))
                    await update(
                        interaction, await lobby(bot.store, table, language=public_language(interaction, table))
                    )
                case "remove_computer":
                    table = await saved(interaction, service.remove_computer(table_id, actor))
                    await update(
                        interaction, await lobby(bot.store, table, language=public_language(interaction, table))
                    )
                case "options":
                    form = options_form(service.options_form_table(table_id, actor), reader_language(interaction))
                    await interaction.response.send_modal(form)
                    form.stop()  # answered from its custom_id (cogs.tables), not by this object
                case "cancel":
                    table = await saved(interaction, service.cancel(table_id, actor))
                    closed = closed_lobby_parts(
                        table, Text("Cancelled by the host."), public_language(interaction, table)
                    )
                    await update(interaction, closed)
                case "start":
                    table = await saved(interaction, service.start(table_id, actor))
                    delivery = _delivery(interaction)
                    async with delivery.answering(table):
                        language = delivery.language_of(table)
                        dealt = [told(language, said) for said in (Text("The cards are dealt."), *table.dealt_notes)]
                        note = " ".join(dealt)
                        parts = await delivery.table_message(table, note)
                        await update(interaction, parts)
                        assert interaction.message is not None and parts.version is not None
                        await delivery.message_posted(table, interaction.message.id)
                        await delivery.shown(table, parts.version)
                case "hand":
                    await show_my_hand(interaction, table_id)
                case "rematch":
                    # A new lobby: the asker is its host, everyone else joins by their own click.
                    table = await saved(interaction, service.rematch(table_id, actor))
                    await bot.turns.rematched(table_id, table)  # the finished table's pace (issue 45)
                    await update(interaction, MessageParts(view=None), keep_content=True)
                    note = Text("Rematch of table #{table}: press Join to play again.", table=table_id)
                    parts = await lobby(bot.store, table, note, public_language(interaction, table))
                    message = await interaction.channel.send(**parts.send_kwargs())  # type: ignore[union-attr]
                    let_go_view(parts.view)
                    await _delivery(interaction).message_posted(table, message.id)
        except TableError as error:
            await tell_clicker(interaction, error)


class MoveButton(discord.ui.DynamicItem[Item], template=MOVE_TEMPLATE):
    """One move, whole: a single pick, or "none" for a decision that allows no picks."""

    def __init__(self, table_id: int, version: int, move: str, item: Item) -> None:
        self.table_id, self.version, self.move = table_id, version, move
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Item, match: re.Match[str]) -> MoveButton:
        return cls(int(match["table"]), int(match["version"]), match["move"], item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        await make_move(interaction, self.table_id, self.version, self.move)


class PageButton(discord.ui.DynamicItem[Item], template=PAGE_TEMPLATE):
    """Turn to another page of a decision's choices (a private hand; nothing is saved)."""

    def __init__(self, table_id: int, version: int, kind: str, page: int, item: Item) -> None:
        self.table_id, self.version, self.kind, self.page = table_id, version, kind, page
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Item, match: re.Match[str]) -> PageButton:
        return cls(int(match["table"]), int(match["version"]), match["kind"], int(match["page"]), item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            on_private_hand(interaction)
            table, seat = _bot(interaction).tables.seat_view(self.table_id, actor_of(interaction))
            show = partial(update, interaction)
            await _delivery(interaction).show_hand(
                table, seat, interaction, show, {self.kind: self.page}, language=reader_language(interaction)
            )
        except TableError as error:
            await tell_clicker(interaction, error)


class DecisionSelect(discord.ui.DynamicItem[Item], template=SELECT_TEMPLATE):
    """A select menu whose picked values are one move's picks (a small decision, in one go)."""

    def __init__(self, table_id: int, version: int, kind: str, page: int, item: Item) -> None:
        self.table_id, self.version, self.kind, self.page = table_id, version, kind, page
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Item, match: re.Match[str]) -> DecisionSelect:
        return cls(int(match["table"]), int(match["version"]), match["kind"], int(match["page"]), item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        if not values:
            await tell_clicker(interaction, Text("Pick at least one option."))
            return
        await make_move(interaction, self.table_id, self.version, f"{self.kind}:{','.join(values)}")


class DraftClick(discord.ui.DynamicItem[Item], template=DRAFT_TEMPLATE):
    """The choice screen: pick and unpick on a page (``s``), confirm (``c``), clear (``x``),
    or show another of the seat's decisions (``d``: a select whose value is a decision kind)."""

    def __init__(self, table_id: int, version: int, action: str, kind: str, page: int, item: Item) -> None:
        self.table_id, self.version, self.action, self.kind, self.page = table_id, version, action, kind, page
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Item, match: re.Match[str]) -> DraftClick:
        return cls(int(match["table"]), int(match["version"]), match["action"], match["kind"], int(match["page"]), item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        service, actor, delivery = _bot(interaction).tables, actor_of(interaction), _delivery(interaction)
        reader = reader_language(interaction)
        try:
            on_private_hand(interaction)
            table, seat = service.seat_view(self.table_id, actor)
            draft = table.draft_of(seat)
            picks = list(draft.picks) if draft is not None and draft.kind == self.kind else []
            page = self.page
            match self.action:
                case "c":
                    await make_move(interaction, self.table_id, self.version, f"{self.kind}:{','.join(picks)}")
                    return
                case "x":
                    picks = []
                case "d":
                    chosen = _values(interaction)
                    kind = chosen[0] if chosen else self.kind
                    table = await saved(interaction, service.draft(self.table_id, actor, self.version, kind, []))
                    await delivery.show_hand(
                        table, seat, interaction, partial(update, interaction), {kind: 0}, language=reader
                    )
                    return
                case "s":
                    picks = toggle_page(table, seat, self.kind, page, picks, _values(interaction))
            table = await saved(interaction, service.draft(self.table_id, actor, self.version, self.kind, picks))
            await delivery.show_hand(
                table, seat, interaction, partial(update, interaction), {self.kind: page}, language=reader
            )
        except TableError as error:
            await tell_clicker(interaction, error)


class PartnerSelect(discord.ui.DynamicItem[Item], template=PARTNER_TEMPLATE):
    """A team game's lobby: the host picks a partner (the value names a seat: bot.tables.seat_key)."""

    def __init__(self, table_id: int, item: Item) -> None:
        self.table_id = table_id
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Item, match: re.Match[str]) -> PartnerSelect:
        return cls(int(match["table"]), item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        tables = _bot(interaction).tables
        await lobby_menu_pick(
            interaction,
            self.table_id,
            Text("Pick a partner."),
            lambda picked: tables.choose_partner(self.table_id, actor_of(interaction), picked),
        )


class ComputerLevelSelect(discord.ui.DynamicItem[Item], template=LEVEL_TEMPLATE):
    """The lobby's menu to seat a computer of a chosen level (the value is the level's name)."""

    def __init__(self, table_id: int, item: Item) -> None:
        self.table_id = table_id
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> ComputerLevelSelect:
        return cls(int(match["table"]), item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        tables = _bot(interaction).tables
        await lobby_menu_pick(
            interaction,
            self.table_id,
            Text("Pick a level for the computer."),
            lambda picked: tables.add_computer(self.table_id, actor_of(interaction), picked),
        )


class PaceSelect(discord.ui.DynamicItem[Item], template=PACE_TEMPLATE):
    """The lobby's pace menu: live, or a time per move with a time bank (the host's choice)."""

    def __init__(self, table_id: int, item: Item) -> None:
        self.table_id = table_id
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Item, match: re.Match[str]) -> PaceSelect:
        return cls(int(match["table"]), item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        turns = _bot(interaction).turns
        await lobby_menu_pick(
            interaction,
            self.table_id,
            Text("Pick a pace from the menu."),
            lambda picked: turns.choose_pace(self.table_id, actor_of(interaction), picked),
            lambda table, language: Text("Pace: {pace}.", pace=pace_text(table, language)),
        )


async def lobby_menu_pick(
    interaction: discord.Interaction,
    table_id: int,
    nothing_picked: str,
    act: Callable[[str], Awaitable[Table]],
    note: Callable[[Table, str], str] = lambda table, language: "",
) -> None:
    """A lobby menu's pick (partner, computer level, pace): on its lobby's own message only, one
    value, which the service checks; the lobby is redrawn, or one sentence says what is wrong."""
    bot, chosen = _bot(interaction), _values(interaction)
    try:
        await on_table_message(interaction, table_id)
        if not chosen:
            raise TableError(nothing_picked)
        table = await saved(interaction, act(chosen[0]))
    except TableError as error:
        await tell_clicker(interaction, error)
        return
    language = public_language(interaction, table)
    await update(interaction, await lobby(bot.store, table, note(table, language), language))


#: Every kind of click on a lobby, a table or a hand, in the order their templates are tried
#: (the pace menu's clicks are registered with the turn-based play: cogs.turns).
CLICKS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TableAction,
    PartnerSelect,
    ComputerLevelSelect,
    MoveButton,
    PageButton,
    DecisionSelect,
    DraftClick,
)


#: A hand's control clicked anywhere but on a private hand (it would rewrite that message into a hand).
NOT_ON_A_HAND = Text("That button belongs on your private hand; press Show my hand on the table message.")


def on_private_hand(interaction: discord.Interaction) -> None:
    """A hand's controls (moves, pages, the choice screen) work on a private hand only: a click is
    refused, with nothing done, when they come on any other message (copied onto a public one)."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        raise TableError(NOT_ON_A_HAND)


async def on_table_message(interaction: discord.Interaction, table_id: int) -> None:
    """A lobby or table button (or the options form) works on its table's own public message only:
    anywhere else it would rewrite another message (another table's, a running game's) into its own."""
    message = interaction.message
    stored = await _bot(interaction).tables.message_of(table_id, actor_of(interaction))
    if message is None or message.flags.ephemeral or message.id != stored:
        raise TableError(
            Text("That button belongs on table #{table}'s own message; use the buttons there.", table=table_id)
        )


async def show_my_hand(interaction: discord.Interaction, table_id: int, *, from_anywhere: bool = False) -> None:
    """Show my hand: a new private message with the hand as it is now (the final one after the end).

    Answered within Discord's 3 seconds whatever the drawing costs: when the hand is not drawn in
    time, a private "thinking…" is sent first (the click written down, so that a restart meanwhile
    is explained), which the hand then replaces.
    """
    bot, user_id = _bot(interaction), interaction.user.id
    try:
        if from_anywhere:  # /games, in DMs too: the person's own seat at any server's table
            table, seat = await bot.tables.own_hand_view(table_id, user_id)
        else:
            table, seat = await bot.tables.hand_view(table_id, actor_of(interaction))
    except TableError as error:
        await tell_clicker(interaction, error)
        return
    pending = PendingMove(bot.store_adapter, table_id, user_id, table.version, "")
    watch(interaction, pending, private_reply=True)
    try:
        show = partial(reply_privately, interaction)
        await _delivery(interaction).show_hand(table, seat, interaction, show, language=reader_language(interaction))
    finally:
        await pending.answered()


async def make_move(interaction: discord.Interaction, table_id: int, version: int, move_text: str) -> None:
    """Save the move, then answer once with the new hand in place (see :func:`cogs.answers.saved`)."""
    bot, user_id, actor = _bot(interaction), interaction.user.id, actor_of(interaction)
    try:
        on_private_hand(interaction)  # a move copied onto a public message is refused: nothing is edited
        pending = PendingMove(bot.store_adapter, table_id, user_id, bot.tables.version_of(table_id, actor), move_text)
        change: Change = await saved(interaction, bot.tables.act(table_id, actor, version, move_text), pending)
    except TableError as error:
        await tell_clicker(interaction, error)
        return
    show = partial(update, interaction)
    await _delivery(interaction).moved(change, interaction, show, language=reader_language(interaction))
    await pending.answered()


async def answer_unlisted(interaction: discord.Interaction) -> None:
    """A click whose custom_id is not on its message (a modified client, or a broken one).

    discord.py only runs a dynamic item for a component the message really has; anything
    else would go unanswered ("This interaction failed"). It is decoded by the same item
    classes, so it is refused for the same reasons a real click would be.
    """
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    for kind in CLICKS:
        match = kind.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is None:
            continue
        base: Item = (
            discord.ui.Select(custom_id=custom_id)
            if data.get("component_type") == 3
            else discord.ui.Button(custom_id=custom_id)
        )
        try:
            item = await kind.from_custom_id(interaction, base, match)
        except (ValueError, KeyError):
            break
        await item.callback(interaction)
        return
    await tell_clicker(interaction, BROKEN_BUTTON)
