"""A table's pace in Discord: the lobby's pace menu (host only) and the pace line of the lobby.

The pace is a table-level option (the games' own options stay the engine's): the host picks it
from a select menu whose custom_id carries the table (``pp:<table>``), so it works after a
restart (its clicks: :class:`cogs.clicks.PaceSelect`); the value is checked by the turn service
(:meth:`bot.turns.TurnService.choose_pace`).
"""

from __future__ import annotations

import discord

from bot.pace import LIVE, NIGHTS, PACES
from bot.tables import Table
from cogs.custom_ids import pace_id


def pace_text(table: Table) -> str:
    """The lobby's words for the table's pace (the server's default until the host picks one)."""
    clocks = table.clocks
    if clocks is None:
        return "the server's default"
    return clocks.pace.label + (", clocks stop at each player's night (see /notify)" if clocks.nights else "")


def pace_menu() -> list[tuple[str, str]]:
    """The lobby menu's (value, label) pairs: live, each turn-based pace, and each with night pauses."""
    menu = [("live", "Live: everyone plays at once")]
    menu += [(key, f"Turn-based: {pace.label}") for key, pace in PACES.items() if pace is not LIVE]
    menu += [(key + NIGHTS, f"{pace.label}, clocks stop at night") for key, pace in PACES.items() if pace is not LIVE]
    return menu


def menu_value(table: Table) -> str | None:
    clocks = table.clocks
    if clocks is None:
        return None
    return clocks.pace.key + (NIGHTS if clocks.nights else "")


def pace_select(table_id: int, current: str | None = None) -> discord.ui.Select[discord.ui.View]:
    """The lobby's pace menu: live, or a time per move with a time bank (the host's choice; its
    clicks: :class:`cogs.clicks.PaceSelect`)."""
    return discord.ui.Select(
        custom_id=pace_id(table_id),
        placeholder="Host: the pace (live, or turn-based with a clock)",
        options=[
            discord.SelectOption(label=label[:100], value=value, default=value == current)
            for value, label in pace_menu()
        ],
    )


def add_pace_controls(table: Table, embed: discord.Embed, view: discord.ui.View) -> None:
    """The lobby's pace line and menu (issue 45): called by :func:`cogs.table_ui.lobby_parts`."""
    embed.add_field(name="Pace", value=pace_text(table), inline=False)
    view.add_item(pace_select(table.id, menu_value(table)))
