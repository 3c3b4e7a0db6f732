"""The custom_id grammar of every table control, and nothing else.

A custom_id carries all a click needs, so buttons keep working after a restart. The screens
write custom_ids with these functions; the dynamic items of :mod:`cogs.clicks` read them back
with these templates (their named groups are the grammar). The grammar is the one Parlour has
always posted, so buttons already on Discord keep working after an upgrade:

- ``pl:<code>:<table>`` a lobby or table action (join, start, Show my hand, rematch…);
- ``pl:m:<table>:<version>:<move text>`` a move (``pl:m:12:7:discard:Kh``);
- ``pl:p:<table>:<version>:<kind>:<page>`` turn the page of a decision's choices;
- ``pv:<table>:<version>:<kind>:<page>`` a select menu whose values are the move's picks;
- ``pd:<table>:<version>:<action>:<kind>:<page>`` the choice screen: pick on a page (``s``),
  confirm (``c``), clear (``x``), show a decision (``d``, a select of decision kinds);
- ``pt:<table>`` a team game's lobby: the host's choice of partner;
- ``pc:<table>`` the lobby's menu to add a computer of a level (the value: easy, normal, strong);
- ``pp:<table>`` the lobby's pace menu (the value: a pace, bot.pace).
"""

from __future__ import annotations

#: Discord's limit on a custom_id.
MAX_CUSTOM_ID = 100

TABLE = r"(?P<table>\d{1,18})"
VERSION = r"(?P<version>\d{1,9})"
KIND = r"(?P<kind>[a-z_0-9]+)"
PAGE = r"(?P<page>\d{1,3})"

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

ACTION_TEMPLATE = rf"pl:(?P<code>[jlaroschx]):{TABLE}"
MOVE_TEMPLATE = rf"pl:m:{TABLE}:{VERSION}:(?P<move>[a-z_0-9]+:[^:]*)"
PAGE_TEMPLATE = rf"pl:p:{TABLE}:{VERSION}:{KIND}:{PAGE}"
SELECT_TEMPLATE = rf"pv:{TABLE}:{VERSION}:{KIND}:{PAGE}"
DRAFT_TEMPLATE = rf"pd:{TABLE}:{VERSION}:(?P<action>[scxd]):{KIND}:{PAGE}"
PARTNER_TEMPLATE = rf"pt:{TABLE}"
LEVEL_TEMPLATE = rf"pc:{TABLE}"
PACE_TEMPLATE = rf"pp:{TABLE}"


def checked(custom_id: str) -> str:
    """The custom_id, refused when Discord would refuse it (too long)."""
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id too long for Discord: {custom_id!r}")
    return custom_id


def action_id(action: str, table_id: int) -> str:
    return f"pl:{CODES[action]}:{table_id}"


def move_id(table_id: int, version: int, move: str) -> str:
    return checked(f"pl:m:{table_id}:{version}:{move}")


def page_id(table_id: int, version: int, kind: str, page: int) -> str:
    return checked(f"pl:p:{table_id}:{version}:{kind}:{page}")


def select_id(table_id: int, version: int, kind: str, page: int) -> str:
    return checked(f"pv:{table_id}:{version}:{kind}:{page}")


def draft_id(table_id: int, version: int, action: str, kind: str, page: int = 0) -> str:
    return checked(f"pd:{table_id}:{version}:{action}:{kind}:{page}")


def partner_id(table_id: int) -> str:
    return checked(f"pt:{table_id}")


def level_id(table_id: int) -> str:
    return checked(f"pc:{table_id}")


def pace_id(table_id: int) -> str:
    return checked(f"pp:{table_id}")
