"""A table's pace in Discord: the lobby's pace menu (host only) and the pace line of the lobby.

The pace is a table-level option (the games' own options stay the engine's): the host picks it
from a select menu whose custom_id carries the table (``pp:<table>``), so it works after a
restart; the value is checked by the turn service (:meth:`bot.turns.TurnService.choose_pace`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.pace import LIVE, NIGHTS, PACES
from bot.tables import Table
from cogs.acting import actor_of
from cogs.let_go import lets_go

if TYPE_CHECKING:
    pass

#: The lobby's row for the pace menu (rows 0-1: buttons, 2: a team game's partner menu).
PACE_ROW = 3


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


class PaceSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"pp:(?P<table>\d{1,18})"):
    """The lobby's pace menu: live, or a time per move with a time bank (the host's choice)."""

    def __init__(self, table_id: int, current: str | None = None) -> None:
        self.table_id = table_id
        menu: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=f"pp:{table_id}",
            placeholder="Host: the pace (live, or turn-based with a clock)",
            options=[
                discord.SelectOption(label=label[:100], value=value, default=value == current)
                for value, label in pace_menu()
            ],
        )
        super().__init__(menu, row=PACE_ROW)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PaceSelect:
        return cls(int(match["table"]))

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.clicks import lobby_menu_pick  # the lobby's module imports this one

        turns = interaction.client.turns  # type: ignore[attr-defined]
        await lobby_menu_pick(
            interaction,
            self.table_id,
            "Pick a pace from the menu.",
            lambda picked: turns.choose_pace(self.table_id, actor_of(interaction), picked),
            lambda table: f"Pace: {pace_text(table)}.",
        )


def add_pace_controls(table: Table, embed: discord.Embed, view: discord.ui.View) -> None:
    """The lobby's pace line and menu (issue 45): called by :func:`cogs.table_ui.lobby_parts`."""
    embed.add_field(name="Pace", value=pace_text(table), inline=False)
    view.add_item(PaceSelect(table.id, menu_value(table)))
