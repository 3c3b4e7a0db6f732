"""Every kind of click, typed: one persistent DynamicItem per kind, its grammar in its template.

A custom_id carries all a click needs, so buttons keep working after a restart. Each
template's named groups are the grammar; ``from_custom_id`` decodes them into the item's
fields; ``callback`` calls the table service and the presenter. The grammar is the one
Parlour has always posted, so buttons already on Discord keep working after an upgrade:

- ``pl:<code>:<table>`` a lobby or table action (join, start, Show my hand, rematch…);
- ``pl:m:<table>:<version>:<move text>`` a move (``pl:m:12:7:discard:Kh``);
- ``pl:p:<table>:<version>:<kind>:<page>`` turn the page of a decision's choices;
- ``pv:<table>:<version>:<kind>:<page>`` a select menu whose values are the move's picks;
- ``pd:<table>:<version>:<action>:<kind>:<page>`` the choice screen: pick on a page (``s``),
  confirm (``c``), clear (``x``), show a decision (``d``, a select of decision kinds);
- ``pt:<table>`` a team game's lobby: the host's choice of partner;
- ``pc:<table>`` the lobby's menu to add a computer of a level (the value: easy, normal, strong).

Anything that does not parse is answered with one sentence (:func:`answer_unlisted`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n.choose import reader_language
from bot.tables import BROKEN_BUTTON, Table, TableError
from cogs import hand_ui, table_ui
from cogs.acting import actor_of
from cogs.answers import PendingMove, reply_privately, saved, tell, update, watch
from cogs.clicked import label_of, style_of
from cogs.let_go import let_go_view, lets_go

if TYPE_CHECKING:
    from bot.client import ParlourBot

log = logging.getLogger(__name__)

#: Discord's limit on a custom_id.
MAX_CUSTOM_ID = 100
_TABLE = r"(?P<table>\d{1,18})"
_VERSION = r"(?P<version>\d{1,9})"
_KIND = r"(?P<kind>[a-z_0-9]+)"
_PAGE = r"(?P<page>\d{1,3})"

#: Lobby and table actions that need only the table id, by their one-letter code.
ACTIONS = {
    "j": "join",
    "l": "leave",
    "a": "add_computer",
    "r": "remove_computer",
    "o": "options",
    "s": "start",
    "c": "cancel",
    "h": "hand",
    "x": "rematch",
}
CODES = {name: code for code, name in ACTIONS.items()}


def checked(custom_id: str) -> str:
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id too long for Discord: {custom_id!r}")
    return custom_id


def _bot(interaction: discord.Interaction) -> ParlourBot:
    return interaction.client  # type: ignore[return-value]


def _values(interaction: discord.Interaction) -> list[str]:
    data: Mapping[str, Any] = interaction.data or {}
    return [str(v) for v in data.get("values", [])]


class TableAction(discord.ui.DynamicItem[discord.ui.Button], template=rf"pl:(?P<code>[jlaroschx]):{_TABLE}"):
    """A lobby or table button: join, leave, computers, options, start, cancel, Show my hand, rematch."""

    def __init__(
        self, action: str, table_id: int, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ) -> None:
        self.action, self.table_id = action, table_id
        super().__init__(
            discord.ui.Button(label=label[:80] or "-", style=style, custom_id=f"pl:{CODES[action]}:{table_id}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableAction:
        return cls(ACTIONS[match["code"]], int(match["table"]), label_of(item), style_of(item))

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        bot, user, table_id = _bot(interaction), interaction.user, self.table_id
        service, actor = bot.tables, actor_of(interaction)
        try:
            await on_table_message(interaction, table_id)
            match self.action:
                case "join":
                    table = await saved(interaction, service.join(table_id, actor, user.display_name))
                    await update(interaction, await table_ui.lobby_with_levels(bot.store, table))
                case "leave":
                    table = await saved(interaction, service.leave(table_id, actor))
                    await update(interaction, await table_ui.lobby_with_levels(bot.store, table))
                case "add_computer":
                    table = await saved(interaction, service.add_computer(table_id, actor))
                    await update(interaction, await table_ui.lobby_with_levels(bot.store, table))
                case "remove_computer":
                    table = await saved(interaction, service.remove_computer(table_id, actor))
                    await update(interaction, await table_ui.lobby_with_levels(bot.store, table))
                case "options":
                    table = service.options_form_table(table_id, actor)
                    form = table_ui.options_form(table, reader_language(interaction))
                    await interaction.response.send_modal(form)
                    form.stop()  # answered from its custom_id (cogs.tables), not by this object
                case "cancel":
                    table = await saved(interaction, service.cancel(table_id, actor))
                    await update(interaction, table_ui.closed_lobby_parts(table, "Cancelled by the host."))
                case "start":
                    table = await saved(interaction, service.start(table_id, actor))
                    async with bot.presenter.answering(table):
                        parts = await table_ui.table_parts(
                            table, " ".join(["The cards are dealt.", *table.dealt_notes])
                        )
                        await update(interaction, parts)
                        assert interaction.message is not None and parts.version is not None
                        await bot.presenter.message_posted(table, interaction.message.id)
                        await bot.presenter.shown(table, parts.version)
                case "hand":
                    await show_my_hand(interaction, table_id)
                case "rematch":
                    # A new lobby: the asker is its host, everyone else joins by their own click.
                    table = await saved(interaction, service.rematch(table_id, actor))
                    await bot.turns.rematched(table_id, table)  # the finished table's pace (issue 45)
                    await update(interaction, table_ui.MessageParts(view=None), keep_content=True)
                    note = f"Rematch of table #{table_id}: press Join to play again."
                    parts = await table_ui.lobby_with_levels(bot.store, table, note)
                    message = await interaction.channel.send(**parts.send_kwargs())  # type: ignore[union-attr]
                    let_go_view(parts.view)
                    await bot.presenter.message_posted(table, message.id)
        except TableError as error:
            await tell(interaction, str(error))


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button], template=rf"pl:m:{_TABLE}:{_VERSION}:(?P<move>[a-z_0-9]+:[^:]*)"
):
    """One move, whole: a single pick, or "none" for a decision that allows no picks."""

    def __init__(self, table_id: int, version: int, move: str, label: str = "") -> None:
        self.table_id, self.version, self.move = table_id, version, move
        super().__init__(
            discord.ui.Button(
                label=label[:80] or "-",
                style=discord.ButtonStyle.primary,
                custom_id=checked(f"pl:m:{table_id}:{version}:{move}"),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(int(match["table"]), int(match["version"]), match["move"], label_of(item))

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        await make_move(interaction, self.table_id, self.version, self.move)


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"pl:p:{_TABLE}:{_VERSION}:{_KIND}:{_PAGE}"):
    """Turn to another page of a decision's choices (a private hand; nothing is saved)."""

    def __init__(self, table_id: int, version: int, kind: str, page: int, label: str = "", disabled: bool = False):
        self.table_id, self.version, self.kind, self.page = table_id, version, kind, page
        super().__init__(
            discord.ui.Button(
                label=label or "-",
                disabled=disabled,
                custom_id=checked(f"pl:p:{table_id}:{version}:{kind}:{page}"),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(int(match["table"]), int(match["version"]), match["kind"], int(match["page"]), label_of(item))

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        try:
            on_private_hand(interaction)
            table, seat = bot.tables.seat_view(self.table_id, actor_of(interaction))
            show = partial(update, interaction)
            await bot.presenter.show_hand(table, seat, interaction, show, {self.kind: self.page})
        except TableError as error:
            await tell(interaction, str(error))


class DecisionSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"pv:{_TABLE}:{_VERSION}:{_KIND}:{_PAGE}"):
    """A select menu whose picked values are one move's picks (a small decision, in one go)."""

    def __init__(self, table_id: int, version: int, kind: str, page: int, **select: Any) -> None:
        self.table_id, self.version, self.kind, self.page = table_id, version, kind, page
        select.setdefault("options", [discord.SelectOption(label="-")])
        super().__init__(discord.ui.Select(custom_id=checked(f"pv:{table_id}:{version}:{kind}:{page}"), **select))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DecisionSelect:
        return cls(int(match["table"]), int(match["version"]), match["kind"], int(match["page"]))

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        if not values:
            await tell(interaction, "Pick at least one option.")
            return
        await make_move(interaction, self.table_id, self.version, f"{self.kind}:{','.join(values)}")


class DraftClick(
    discord.ui.DynamicItem[discord.ui.Item],
    template=rf"pd:{_TABLE}:{_VERSION}:(?P<action>[scxd]):{_KIND}:{_PAGE}",
):
    """The choice screen: pick and unpick on a page (``s``), confirm (``c``), clear (``x``),
    or show another of the seat's decisions (``d``: a select whose value is a decision kind)."""

    def __init__(self, table_id: int, version: int, action: str, kind: str, page: int, item: discord.ui.Item) -> None:
        self.table_id, self.version, self.action, self.kind, self.page = table_id, version, action, kind, page
        super().__init__(item)

    @staticmethod
    def make_id(table_id: int, version: int, action: str, kind: str, page: int = 0) -> str:
        return checked(f"pd:{table_id}:{version}:{action}:{kind}:{page}")

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> DraftClick:
        return cls(int(match["table"]), int(match["version"]), match["action"], match["kind"], int(match["page"]), item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        bot, actor = _bot(interaction), actor_of(interaction)
        service = bot.tables
        try:
            on_private_hand(interaction)
            table, seat = service.seat_view(self.table_id, actor)
            draft = table.drafts.get(seat)
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
                    await bot.presenter.show_hand(table, seat, interaction, partial(update, interaction), {kind: 0})
                    return
                case "s":
                    picks = hand_ui.toggle_page(table, seat, self.kind, page, picks, _values(interaction))
            table = await saved(interaction, service.draft(self.table_id, actor, self.version, self.kind, picks))
            await bot.presenter.show_hand(table, seat, interaction, partial(update, interaction), {self.kind: page})
        except TableError as error:
            await tell(interaction, str(error))


class PartnerSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"pt:{_TABLE}"):
    """A team game's lobby: the host picks a partner (the value names a seat: bot.tables.seat_key)."""

    def __init__(self, table_id: int, options: list[discord.SelectOption] | None = None) -> None:
        self.table_id = table_id
        menu: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=checked(f"pt:{table_id}"),
            placeholder="Host: choose your partner",
            options=options or [discord.SelectOption(label="-")],
        )
        super().__init__(menu, row=2)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PartnerSelect:
        return cls(int(match["table"]))

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        tables = _bot(interaction).tables
        await lobby_menu_pick(
            interaction,
            self.table_id,
            "Pick a partner.",
            lambda picked: tables.choose_partner(self.table_id, actor_of(interaction), picked),
        )


#: What the lobby's level menu offers: (level, label, description), weakest first.
COMPUTER_LEVELS = (
    ("easy", "Easy computer", "Plays sensible moves but slips: for learning the game"),
    ("normal", "Normal computer", "The everyday opponent (the Add computer button's)"),
    ("strong", "Strong computer", "The best player Parlour has for this game"),
)


class ComputerLevelSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"pc:{_TABLE}"):
    """The lobby's menu to seat a computer of a chosen level (the value is the level's name)."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        menu: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=checked(f"pc:{table_id}"),
            placeholder="Add a computer at a level: easy, normal or strong",
            options=[
                discord.SelectOption(label=label, value=level, description=about)
                for level, label, about in COMPUTER_LEVELS
            ],
        )
        super().__init__(menu, row=3)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ComputerLevelSelect:
        return cls(int(match["table"]))

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        tables = _bot(interaction).tables
        await lobby_menu_pick(
            interaction,
            self.table_id,
            "Pick a level for the computer.",
            lambda picked: tables.add_computer(self.table_id, actor_of(interaction), picked),
        )


async def lobby_menu_pick(
    interaction: discord.Interaction,
    table_id: int,
    nothing_picked: str,
    act: Callable[[str], Awaitable[Table]],
    note: Callable[[Table], str] = lambda table: "",
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
        await tell(interaction, str(error))
        return
    await update(interaction, await table_ui.lobby_with_levels(bot.store, table, note(table)))


#: Every kind of click, in the order their templates are tried.
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
NOT_ON_A_HAND = "That button belongs on your private hand; press Show my hand on the table message."


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
        raise TableError(f"That button belongs on table #{table_id}'s own message; use the buttons there.")


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
        await tell(interaction, str(error))
        return
    pending = PendingMove(bot.store_adapter, table_id, user_id, table.version, "")
    watch(interaction, pending, private_reply=True)
    try:
        await bot.presenter.show_hand(table, seat, interaction, partial(reply_privately, interaction))
    finally:
        await pending.answered()


async def make_move(interaction: discord.Interaction, table_id: int, version: int, move_text: str) -> None:
    """Save the move, then answer once with the new hand in place (see :func:`cogs.answers.saved`)."""
    bot, user_id = _bot(interaction), interaction.user.id
    try:
        on_private_hand(interaction)  # a move copied onto a public message is refused: nothing is edited
        arrived = bot.tables.tables.get(table_id)
        pending = PendingMove(bot.store_adapter, table_id, user_id, arrived.version if arrived else 0, move_text)
        work = bot.tables.act(table_id, actor_of(interaction), version, move_text)
        change = await saved(interaction, work, pending)
    except TableError as error:
        await tell(interaction, str(error))
        return
    table, seat = change.table, change.seat
    await bot.presenter.table_changed(table)
    show = partial(update, interaction)
    await bot.presenter.show_hand(table, seat, interaction, show)
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
        base: discord.ui.Item = (
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
    await tell(interaction, BROKEN_BUTTON)
