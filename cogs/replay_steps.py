"""What a replay's steps say and offer besides Start, Back, Next and End (``/replay``, cogs.standings).

- the seats' names at each step: a person whose seat the host gave to the computer is shown as
  themselves until the move the computer took over (:func:`seat_names`);
- a menu to jump to the start of a hand or round (``rpj:<table>:<hands>``, a persistent select
  whose value is the step; its clicks: :class:`cogs.standings.JumpMenu`);
- why a table cannot be replayed, in words true to what became of it (:func:`not_replayable`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import discord

JUMP_TEMPLATE = re.compile(r"rpj:(?P<table>\d{1,18}):(?P<hands>[01])")
#: Discord's limit on a select menu's options.
MAX_OPTIONS = 25


def jump_id(table_id: int, hands: bool) -> str:
    return f"rpj:{table_id}:{int(hands)}"


def jump_menu(
    table_id: int, hands: bool, chapters: Sequence[tuple[int, str]], step: int
) -> discord.ui.Select[discord.ui.View] | None:
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
    return discord.ui.Select(custom_id=jump_id(table_id, hands), placeholder="Jump to a hand or round", options=options)
