"""What a replay's steps say and offer besides Start, Back, Next and End (``/replay``, cogs.standings).

- the seats' names at each step: a person whose seat the host gave to the computer is shown as
  themselves until the move the computer took over (:func:`seat_names`);
- a menu to jump to the start of a hand or round (``rpj:<table>:<hands>``, a persistent select
  whose value is the step; its clicks: :class:`cogs.standings.JumpMenu`);
- why a table cannot be replayed, in words true to what became of it (:func:`bot.replays.not_replayable`);
- what kind of move a step was, in the reader's language (:func:`move_word`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import discord

from bot.i18n import ENGLISH, _, number, p_

JUMP_TEMPLATE = re.compile(r"rpj:(?P<table>\d{1,18}):(?P<hands>[01])")
#: Discord's limit on a select menu's options.
MAX_OPTIONS = 25
#: The shipped games' kinds of move, each in the reader's language (the catalog's context: a word in
#: brackets after who moved, "Ann (discard)"; written out in each call, for the extractor).
MOVE_WORDS: dict[str, Callable[[str], str]] = {
    "arrange_suits": lambda language: p_(language, "a kind of move in a replay", "arrange suits"),
    "ask": lambda language: p_(language, "a kind of move in a replay", "ask"),
    "big_gin": lambda language: p_(language, "a kind of move in a replay", "big gin"),
    "capture_joker": lambda language: p_(language, "a kind of move in a replay", "capture joker"),
    "clash": lambda language: p_(language, "a kind of move in a replay", "clash"),
    "declare": lambda language: p_(language, "a kind of move in a replay", "declare"),
    "discard": lambda language: p_(language, "a kind of move in a replay", "discard"),
    "draw": lambda language: p_(language, "a kind of move in a replay", "draw"),
    "exchange": lambda language: p_(language, "a kind of move in a replay", "exchange"),
    "follow": lambda language: p_(language, "a kind of move in a replay", "follow"),
    "gin": lambda language: p_(language, "a kind of move in a replay", "gin"),
    "give": lambda language: p_(language, "a kind of move in a replay", "give"),
    "hit": lambda language: p_(language, "a kind of move in a replay", "hit"),
    "kat_oh": lambda language: p_(language, "a kind of move in a replay", "kat oh"),
    "knock": lambda language: p_(language, "a kind of move in a replay", "knock"),
    "lead": lambda language: p_(language, "a kind of move in a replay", "lead"),
    "meld": lambda language: p_(language, "a kind of move in a replay", "meld"),
    "name_joker": lambda language: p_(language, "a kind of move in a replay", "name joker"),
    "pass": lambda language: p_(language, "a kind of move in a replay", "pass"),
    "place": lambda language: p_(language, "a kind of move in a replay", "place"),
    "play": lambda language: p_(language, "a kind of move in a replay", "play"),
    "reveal": lambda language: p_(language, "a kind of move in a replay", "reveal"),
    "set_active": lambda language: p_(language, "a kind of move in a replay", "set active"),
    "setup_mode": lambda language: p_(language, "a kind of move in a replay", "setup mode"),
    "sign": lambda language: p_(language, "a kind of move in a replay", "sign"),
    "swap": lambda language: p_(language, "a kind of move in a replay", "swap"),
    "take": lambda language: p_(language, "a kind of move in a replay", "take"),
    "trim": lambda language: p_(language, "a kind of move in a replay", "trim"),
    "undo": lambda language: p_(language, "a kind of move in a replay", "undo"),
    "upcard": lambda language: p_(language, "a kind of move in a replay", "upcard"),
}


def move_word(language: str, move: str) -> str:
    """The kind of a logged move (``discard:Kh`` -> ``discard``) in ``language``; a game added
    elsewhere keeps its own word."""
    kind = move.split(":")[0]
    said = MOVE_WORDS.get(kind)
    return said(language) if said else kind.replace("_", " ")


def jump_id(table_id: int, hands: bool) -> str:
    return f"rpj:{table_id}:{int(hands)}"


def jump_menu(
    table_id: int, hands: bool, chapters: Sequence[tuple[int, str]], step: int, language: str = ENGLISH
) -> discord.ui.Select[discord.ui.View] | None:
    """The menu of a replay's hands or rounds (the one ``step`` is in shown as chosen), or None
    when the game has only one. Over 25, an even spread of them, always the first and the last.
    ``chapters`` are named in ``language`` already (render.replay.chapters with its words)."""
    if len(chapters) < 2:
        return None
    shown = list(chapters)
    if len(shown) > MAX_OPTIONS:
        picks = sorted({round(i * (len(shown) - 1) / (MAX_OPTIONS - 1)) for i in range(MAX_OPTIONS)})
        shown = [shown[i] for i in picks]
    current = max((s for s, _ in chapters if s <= step), default=chapters[0][0])
    options = [
        discord.SelectOption(
            label=name[:100],
            value=str(start),
            description=_(language, "From move {number}", number=number(language, start)),
            default=start == current,
        )
        for start, name in shown
    ]
    placeholder = _(language, "Jump to a hand or round")
    return discord.ui.Select(custom_id=jump_id(table_id, hands), placeholder=placeholder, options=options)
