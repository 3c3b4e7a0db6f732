"""A table's pace in Discord: the lobby's pace menu (host only) and the pace line of the lobby.

The pace is a table-level option (the games' own options stay the engine's): the host picks it
from a select menu whose custom_id carries the table (``pp:<table>``), so it works after a
restart (its clicks: :class:`cogs.clicks.PaceSelect`); the value is checked by the turn service
(:meth:`bot.turns.TurnService.choose_pace`). The lobby is public: its words are in the server's
language (``language``, which the lobby's builder passes).
"""

from __future__ import annotations

import discord

from bot.i18n import ENGLISH, _
from bot.pace import LIVE, NIGHTS, PACES
from bot.tables import Table
from cogs.custom_ids import pace_id


def pace_text(table: Table, language: str = ENGLISH) -> str:
    """The lobby's words for the table's pace (the server's default until the host picks one)."""
    clocks = table.clocks
    if clocks is None:
        return _(language, "the server's default")
    pace = _(language, clocks.pace.label)
    if clocks.nights:
        return _(language, "{pace}, clocks stop at each player's night (see /notify)", pace=pace)
    return pace


def pace_menu(language: str = ENGLISH) -> list[tuple[str, str]]:
    """The lobby menu's (value, label) pairs: live, each turn-based pace, and each with night pauses."""
    paces = [(key, _(language, pace.label)) for key, pace in PACES.items() if pace is not LIVE]
    menu = [("live", _(language, "Live: everyone plays at once"))]
    menu += [(key, _(language, "Turn-based: {pace}", pace=label)) for key, label in paces]
    menu += [(key + NIGHTS, _(language, "{pace}, clocks stop at night", pace=label)) for key, label in paces]
    return menu


def menu_value(table: Table) -> str | None:
    clocks = table.clocks
    if clocks is None:
        return None
    return clocks.pace.key + (NIGHTS if clocks.nights else "")


def pace_select(
    table_id: int, current: str | None = None, language: str = ENGLISH
) -> discord.ui.Select[discord.ui.View]:
    """The lobby's pace menu: live, or a time per move with a time bank (the host's choice; its
    clicks: :class:`cogs.clicks.PaceSelect`)."""
    return discord.ui.Select(
        custom_id=pace_id(table_id),
        placeholder=_(language, "Host: the pace (live, or turn-based with a clock)"),
        options=[
            discord.SelectOption(label=label[:100], value=value, default=value == current)
            for value, label in pace_menu(language)
        ],
    )


def add_pace_controls(table: Table, embed: discord.Embed, view: discord.ui.View, language: str = ENGLISH) -> None:
    """The lobby's pace line and menu (issue 45), in the server's ``language``: called by
    :func:`cogs.table_ui.lobby_parts`."""
    embed.add_field(name=_(language, "Pace"), value=pace_text(table, language), inline=False)
    view.add_item(pace_select(table.id, menu_value(table), language))
