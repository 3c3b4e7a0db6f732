"""What a replay's steps say and offer besides Start, Back, Next and End (``/replay``, cogs.standings).

- the seats' names at each step: a person whose seat the host gave to the computer is shown as
  themselves until the move the computer took over (:func:`seat_names`);
- a menu to jump to the start of a hand or round (``rpj:<table>:<hands>``, a persistent select
  whose value is the step);
- why a table cannot be replayed, in words true to what became of it (:func:`not_replayable`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from cogs.let_go import lets_go

JUMP_TEMPLATE = re.compile(r"rpj:(?P<table>\d{1,18}):(?P<hands>[01])")
#: Discord's limit on a select menu's options.
MAX_OPTIONS = 25


class JumpMenu(discord.ui.DynamicItem[discord.ui.Select], template=JUMP_TEMPLATE):
    """Jump to the start of a hand or round of a replay (its value: the step)."""

    def __init__(self, table_id: int, hands: bool, options: list[discord.SelectOption] | None = None) -> None:
        self.table_id, self.hands = table_id, hands
        menu: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=f"rpj:{table_id}:{int(hands)}",
            placeholder="Jump to a hand or round",
            options=options or [discord.SelectOption(label="-")],
        )
        super().__init__(menu, row=1)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JumpMenu:
        return cls(int(match["table"]), match["hands"] == "1")

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, Any] = interaction.data or {}
        values = [str(v) for v in data.get("values", [])]
        cog = interaction.client.get_cog("Standings")  # type: ignore[attr-defined]
        if not values or not values[0].isdigit() or cog is None:
            await interaction.response.send_message("That menu is broken; ask for /replay again.", ephemeral=True)
            return
        await cog.show_step(interaction, self.table_id, int(values[0]), self.hands)


def jump_menu(table_id: int, hands: bool, chapters: Sequence[tuple[int, str]], step: int) -> JumpMenu | None:
    """The menu of a replay's hands or rounds (the one ``step`` is in shown as chosen), or None
    when the game has only one. Over 25, an even spread of them, always the first and the last."""
    if len(chapters) < 2:
        return None
    shown = list(chapters)
    if len(shown) > MAX_OPTIONS:
        picks = sorted({round(i * (len(shown) - 1) / (MAX_OPTIONS - 1)) for i in range(MAX_OPTIONS)})
        shown = [shown[i] for i in picks]
    current = max((s for s, _ in chapters if s <= step), default=chapters[0][0])
    options = [
        discord.SelectOption(
            label=name[:100], value=str(start), description=f"From move {start}", default=start == current
        )
        for start, name in shown
    ]
    return JumpMenu(table_id, hands, options)
