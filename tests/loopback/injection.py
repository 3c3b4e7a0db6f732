"""Interactions a test injects (slash command, button, select, modal) and handles to await answers.

Slash commands are resolved by name against what the bot synced (guild commands first, then
global), walking subcommand groups and subcommands, and every option is typed and checked the
way Discord's client would before it sends anything: a command the bot never synced, a missing
required option or a value outside its choices raises `InjectionError` in the test.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tests.loopback.models import ChannelSpec, UserSpec
from tests.loopback.recorder import Event, Message

if TYPE_CHECKING:
    from tests.loopback.server import LoopbackDiscord

PING, APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


class InjectionError(Exception):
    """The test asked for something a Discord user could not do."""


@dataclass
class InteractionState:
    """The server's record of one interaction and how it was answered."""

    id: int
    token: str
    type: int
    user: UserSpec
    guild_id: int
    channel_id: int
    created: float
    data: dict
    source_message_id: int | None = None
    callback_type: int | None = None
    callback_event: Event | None = None
    original_message_id: int | None = None
    modal: dict | None = None
    #: Callback requests made, accepted or refused.
    attempts: int = 0
    answered: asyncio.Event = field(default_factory=asyncio.Event)


class InteractionHandle:
    """What a test holds after injecting an interaction: await the bot's answers through it."""

    def __init__(self, server: LoopbackDiscord, state: InteractionState) -> None:
        self._server = server
        self.state = state
        self._cursor = 0

    @property
    def id(self) -> int:
        return self.state.id

    @property
    def events(self) -> list[Event]:
        """Everything the bot did with this interaction's token so far, in order."""
        return self._server.recorder.events_of(interaction_id=self.state.id)

    async def answer(self, timeout: float = 5.0) -> Event:
        """The first answer (the interaction callback)."""
        await asyncio.wait_for(self.state.answered.wait(), timeout)
        assert self.state.callback_event is not None
        return self.state.callback_event

    async def next(self, kind: str | None = None, timeout: float = 5.0) -> Event:
        """The next event for this interaction (optionally of one kind) not returned before."""

        def found() -> Event | None:
            for i, event in enumerate(self.events[self._cursor :], start=self._cursor):
                if kind is None or event.kind == kind:
                    self._cursor = i + 1
                    return event
            return None

        return await self._server.recorder.wait_for(found, timeout)  # type: ignore[return-value]

    async def message(self, timeout: float = 5.0) -> Message:
        """The original response message once it shows something (a deferral resolved)."""
        await self.answer(timeout)

        def ready() -> Message | None:
            message = self._server.recorder.messages.get(self.state.original_message_id or 0)
            return message if message is not None and not message.flags & (1 << 7) else None

        return await self._server.recorder.wait_for(ready, timeout)  # type: ignore[return-value]

    async def modal(self, timeout: float = 5.0) -> dict:
        """The modal the bot opened (callback type 9)."""
        event = await self.answer(timeout)
        if event.callback_type != 9:
            raise AssertionError(f"the bot answered with callback type {event.callback_type}, not a modal")
        return event.data


def find_command(commands: list[dict], path: str) -> tuple[dict, list[str], dict]:
    """(root command, subcommand names, leaf) for a path like "parlour table open"."""
    root_name, *subs = path.split()
    root = next((c for c in commands if c["name"] == root_name and c.get("type", 1) == 1), None)
    if root is None:
        raise InjectionError(f"/{root_name} was never synced by the bot (synced: {[c['name'] for c in commands]})")
    leaf = root
    for name in subs:
        child = next((o for o in leaf.get("options", []) if o["name"] == name and o["type"] in (1, 2)), None)
        if child is None:
            raise InjectionError(f"/{path}: {leaf['name']} has no subcommand {name!r}")
        leaf = child
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in leaf.get("options", [])):
        raise InjectionError(f"/{path} needs a subcommand: {[o['name'] for o in leaf['options']]}")
    return root, subs, leaf


def command_options(
    leaf: dict, subs: list[str], values: dict[str, Any], guild_id: int, resolve: Any
) -> tuple[list[dict], dict]:
    """The nested `options` list and `resolved` object for an application command interaction."""
    resolved: dict[str, dict] = {}
    given: list[dict] = []
    declared = {o["name"]: o for o in leaf.get("options", [])}
    for name in values:
        if name not in declared:
            raise InjectionError(f"option {name!r} does not exist; the command has {list(declared)}")
    for name, spec in declared.items():
        if name not in values or values[name] is None:
            if spec.get("required"):
                raise InjectionError(f"option {name!r} is required")
            continue
        given.append(
            {"name": name, "type": spec["type"], "value": _option_value(spec, values[name], resolved, resolve)}
        )
    options = given
    for sub in reversed(subs):
        parent_type = SUB_COMMAND if options is given else SUB_COMMAND_GROUP
        options = [{"name": sub, "type": parent_type, "options": options}]
    return options, resolved


def _option_value(spec: dict, value: Any, resolved: dict, resolve: Any) -> Any:
    kind, name = spec["type"], spec["name"]
    if kind == STRING:
        if not isinstance(value, str):
            raise InjectionError(f"option {name!r} takes text, not {value!r}")
        if not spec.get("min_length", 0) <= len(value) <= spec.get("max_length", 6000):
            raise InjectionError(f"option {name!r}: {value!r} has a length outside the allowed range")
    elif kind in (INTEGER, NUMBER):
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or (kind == INTEGER and not isinstance(value, int))
        ):
            raise InjectionError(f"option {name!r} takes a number, not {value!r}")
        low, high = spec.get("min_value"), spec.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise InjectionError(f"option {name!r}: {value} is outside {low}..{high}")
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise InjectionError(f"option {name!r} takes True or False, not {value!r}")
    elif kind in (USER, MENTIONABLE) and isinstance(value, UserSpec):
        user = value.user_payload()
        resolved.setdefault("users", {})[str(value.id)] = user
        member = resolve.member(value)
        member.pop("user", None)
        resolved.setdefault("members", {})[str(value.id)] = member
        return str(value.id)
    elif kind == CHANNEL and isinstance(value, ChannelSpec):
        resolved.setdefault("channels", {})[str(value.id)] = resolve.channel_payload(value)
        return str(value.id)
    elif kind == ROLE and isinstance(value, int):
        return str(value)
    else:
        raise InjectionError(f"option {name!r} (type {kind}) cannot take {value!r}")
    choices = spec.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise InjectionError(f"option {name!r}: {value!r} is not one of {[c['value'] for c in choices]}")
    return value


def select_data(message: Message, values: list[str], custom_id: str | None) -> dict:
    """Component data for choosing `values` in a select menu, checked like Discord's client."""
    selects = [c for c in message.items() if c.get("type") in (3, 5, 6, 7, 8)]
    if custom_id is not None:
        selects = [c for c in selects if c.get("custom_id") == custom_id]
    if len(selects) != 1:
        raise InjectionError(f"message {message.id} has {len(selects)} matching select menus; name one by custom_id")
    select = selects[0]
    if select.get("disabled"):
        raise InjectionError(f"select {select['custom_id']!r} is disabled")
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not low <= len(values) <= high:
        raise InjectionError(f"select {select['custom_id']!r} takes {low}..{high} values, not {len(values)}")
    if select["type"] == 3:
        offered = [o["value"] for o in select.get("options", [])]
        unknown = [v for v in values if v not in offered]
        if unknown:
            raise InjectionError(f"select {select['custom_id']!r} offers no {unknown}; it offers {offered}")
    return {"custom_id": select["custom_id"], "component_type": select["type"], "values": list(values)}


def modal_submit_data(modal: dict, values: dict[str, str]) -> dict:
    """Modal submit data: each text input of the modal with the value the user typed."""
    rows = []
    known = set()
    for row in modal.get("components", []):
        inputs = row.get("components") or ([row["component"]] if "component" in row else [])
        filled = []
        for text in inputs:
            known.add(text["custom_id"])
            if text.get("type") == 3:  # a select menu: the value chosen, else the one shown as default
                shown = [o["value"] for o in text.get("options", []) if o.get("default")]
                chosen = values.get(text["custom_id"]) or (shown[0] if shown else "")
                offered = {o["value"] for o in text.get("options", [])}
                if chosen not in offered:
                    raise InjectionError(
                        f"{chosen!r} is not offered by select {text['custom_id']!r}: {sorted(offered)}"
                    )
                filled.append({"type": 3, "custom_id": text["custom_id"], "values": [chosen]})
                continue
            value = values.get(text["custom_id"], text.get("value") or "")
            if text.get("required", True) and not value:
                raise InjectionError(f"text input {text['custom_id']!r} is required")
            filled.append({"type": 4, "custom_id": text["custom_id"], "value": value})
        if row.get("type") == 1:
            rows.append({"type": 1, "components": filled})
        else:
            rows.append({"type": row.get("type"), "component": filled[0]})
    unknown = set(values) - known
    if unknown:
        raise InjectionError(f"the modal has no text inputs {sorted(unknown)}")
    return {"custom_id": modal["custom_id"], "components": rows}
