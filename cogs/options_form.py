"""A game's host options as people read them: the Options form, and the lobby's list of them.

Each option has a short label (Discord cuts a form field's label at 45 characters) with its
whole description beneath it (100 characters), and each choice says what it means. A select
menu offers a few values; a text field takes a number from a wide range. The words are the game's
catalog texts, said in the reader's language (the values stay as a host types them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.i18n import ENGLISH, _
from engine.core import Game, GameOption

#: The custom_id of a table's options form is OPTIONS_FORM + table id; its fields, OPTION_FIELD + option name.
OPTIONS_FORM = "po:"
OPTION_FIELD = "option:"
#: Discord's limits: a modal's title and a field's label, a description, a select's options, a form's fields.
MAX_TITLE = 45
MAX_LABEL = 45
MAX_DESCRIPTION = 100
MAX_SELECT_OPTIONS = 25
MAX_FIELDS = 5


def options_form(game: Game, table_id: int, current: Mapping[str, Any], language: str = ENGLISH) -> discord.ui.Modal:
    """The host's options form, in the host's ``language``. Its custom_id carries the table: it is
    answered statelessly (cogs.tables), so a form opened before a restart of the bot still works."""
    title = _(language, "{game} options", game=game.name)[:MAX_TITLE]
    form = discord.ui.Modal(title=title, custom_id=f"{OPTIONS_FORM}{table_id}")
    for option in game.options[:MAX_FIELDS]:
        value = current.get(option.name, option.default)
        custom_id = f"{OPTION_FIELD}{option.name}"[:100]
        values = option_values(option)
        field: discord.ui.Select[discord.ui.Modal] | discord.ui.TextInput[discord.ui.Modal]
        if values is not None:
            field = discord.ui.Select(
                custom_id=custom_id,
                options=[
                    discord.SelectOption(
                        label=str(v),
                        value=str(v),
                        description=_said(language, option.meaning(v))[:MAX_DESCRIPTION] or None,
                        default=v == value,
                    )
                    for v in values
                ],
            )
        else:
            field = discord.ui.TextInput(default=str(value), max_length=40, custom_id=custom_id)
        label = _(language, option.title)[:MAX_LABEL]
        form.add_item(discord.ui.Label(text=label, description=described(option, language), component=field))
    return form


def _said(language: str, text: str) -> str:
    """A catalog text in ``language`` ("" stays "": gettext would answer the catalog's header)."""
    return _(language, text) if text else ""


def described(option: GameOption, language: str = ENGLISH) -> str:
    """The line under an option's label: its description, and the range a number may take."""
    text = _said(language, option.description).rstrip(".。")
    if not option.choices and option.minimum is not None and option.maximum is not None:
        low, high = option.minimum, option.maximum
        text += " " + _(language, "(a whole number from {minimum} to {maximum})", minimum=low, maximum=high)
    if len(text) > MAX_DESCRIPTION:  # never cut a word: the label and the choices' meanings say the rest
        text = text[: MAX_DESCRIPTION - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return text


def option_values(option: GameOption) -> list[Any] | None:
    """The values a select menu offers for an option, or None when a text field fits better."""
    if option.choices:
        return list(option.choices)[:MAX_SELECT_OPTIONS]
    if (
        option.minimum is not None
        and option.maximum is not None
        and option.maximum - option.minimum < MAX_SELECT_OPTIONS
    ):
        return list(range(option.minimum, option.maximum + 1))
    return None


def option_lines(game: Game, chosen: Mapping[str, Any], language: str = ENGLISH) -> str:
    """The lobby's list of the options chosen: "Deck: **personal** (each player's own deck)"."""
    known = {o.name: o for o in game.options}
    lines = []
    for name, value in chosen.items():
        option = known.get(name)
        if option is None:
            continue
        meaning = _said(language, option.meaning(value))
        lines.append(f"{_(language, option.title)}: **{value}**" + (f" ({meaning})" if meaning else ""))
    return "\n".join(lines)
