"""The custom_id grammar of every Parlour button and select menu.

A custom_id carries all a click needs, so buttons keep working after a restart:
``pl:<action>:<table id>[:<state version>[:<rest>]]``. Moves carry the move's own
text form (``pl:m:12:7:discard:Kh``); selects carry the decision kind and page, and
the picked option ids arrive as the select's values. Anything that does not parse
is a broken or forged id, answered with one sentence and otherwise ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Discord's limit on a custom_id.
MAX_CUSTOM_ID = 100

#: Lobby and table actions that need only the table id.
TABLE_ACTIONS = {
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
_CODES = {name: code for code, name in TABLE_ACTIONS.items()}

BUTTON_TEMPLATE = re.compile(r"pl:(?P<rest>.+)")
SELECT_TEMPLATE = re.compile(r"pv:(?P<rest>.+)")
_TABLE = re.compile(r"(?P<code>[jlaroschx]):(?P<table>\d{1,18})")
_MOVE = re.compile(r"m:(?P<table>\d{1,18}):(?P<version>\d{1,9}):(?P<move>[a-z_0-9]+:[^:]*)")
_PAGE = re.compile(r"p:(?P<table>\d{1,18}):(?P<version>\d{1,9}):(?P<kind>[a-z_0-9]+):(?P<page>\d{1,3})")
_SELECT = re.compile(r"(?P<table>\d{1,18}):(?P<version>\d{1,9}):(?P<kind>[a-z_0-9]+):(?P<page>\d{1,3})")


@dataclass(frozen=True)
class Click:
    """What a button or select asks for."""

    action: str
    table_id: int
    version: int | None = None
    #: A move's text form (for "move"), or a decision kind (for "page" and "select").
    payload: str = ""
    page: int = 0


def table_button(action: str, table_id: int) -> str:
    return f"pl:{_CODES[action]}:{table_id}"


def move_button(table_id: int, version: int, move_text: str) -> str:
    return _checked(f"pl:m:{table_id}:{version}:{move_text}")


def page_button(table_id: int, version: int, kind: str, page: int) -> str:
    return _checked(f"pl:p:{table_id}:{version}:{kind}:{page}")


def decision_select(table_id: int, version: int, kind: str, page: int) -> str:
    return _checked(f"pv:{table_id}:{version}:{kind}:{page}")


def parse_button(rest: str) -> Click | None:
    """The click a button's custom_id (after ``pl:``) asks for, or None if it is not one of ours."""
    if match := _TABLE.fullmatch(rest):
        return Click(TABLE_ACTIONS[match["code"]], int(match["table"]))
    if match := _MOVE.fullmatch(rest):
        return Click("move", int(match["table"]), int(match["version"]), match["move"])
    if match := _PAGE.fullmatch(rest):
        return Click("page", int(match["table"]), int(match["version"]), match["kind"], int(match["page"]))
    return None


def parse_select(rest: str) -> Click | None:
    if match := _SELECT.fullmatch(rest):
        return Click("select", int(match["table"]), int(match["version"]), match["kind"], int(match["page"]))
    return None


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id too long for Discord: {custom_id!r}")
    return custom_id
