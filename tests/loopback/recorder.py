"""What the bot sent, in order, and the messages as users now see them.

`Recorder.events` is the log (one `Event` per accepted request that changes something);
`Recorder.messages` is the current state of every message (edits applied, deletions marked),
with who may see it: an ephemeral message is visible only to the user of its interaction.
`Recorder.errors` lists every request the server refused; the pytest fixture fails the test on
any that the test did not take with `take_errors()`.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

from tests.loopback.models import EPHEMERAL


@dataclass
class Attachment:
    """An uploaded file; `data` holds the bytes the bot sent."""

    id: int
    filename: str
    data: bytes
    description: str | None = None

    def payload(self, base_url: str) -> dict:
        url = f"{base_url}/attachments/{self.id}/{self.filename}"
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": "image/png" if self.filename.endswith(".png") else "application/octet-stream",
            "description": self.description,
        }


@dataclass
class Message:
    """A message as it stands now (`payload` is the Discord message object)."""

    id: int
    channel_id: int
    payload: dict
    attachments: list[Attachment] = field(default_factory=list)
    #: The only user who sees it (ephemeral), or None for everyone in the channel.
    visible_only_to: int | None = None
    interaction_id: int | None = None
    deleted: bool = False

    @property
    def content(self) -> str:
        return self.payload.get("content", "")

    @property
    def embeds(self) -> list[dict]:
        return self.payload.get("embeds", [])

    @property
    def components(self) -> list[dict]:
        return self.payload.get("components", [])

    @property
    def flags(self) -> int:
        return self.payload.get("flags", 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def visible_to(self, user_id: int) -> bool:
        return not self.deleted and self.visible_only_to in (None, user_id)

    def items(self) -> list[dict]:
        """Every interactive component (buttons, selects), row by row."""
        return [c for row in self.components for c in row.get("components", [])]

    @property
    def buttons(self) -> list[dict]:
        return [c for c in self.items() if c.get("type") == 2]

    def component(self, *, custom_id: str | None = None, label: str | None = None) -> dict:
        """The component with this custom_id or label; KeyError names what is there instead."""
        for item in self.items():
            if (custom_id is not None and item.get("custom_id") == custom_id) or (
                label is not None and item.get("label") == label
            ):
                return item
        present = [(c.get("label"), c.get("custom_id")) for c in self.items()]
        raise KeyError(f"no component {custom_id or label!r} on message {self.id}; it has {present}")


@dataclass
class Event:
    """One accepted request from the bot that created or changed something."""

    seq: int
    #: "callback", "followup", "edit_original", "edit_followup", "delete_original",
    #: "delete_followup", "message", "edit_message", "delete_message", "thread".
    kind: str
    body: dict = field(default_factory=dict)
    interaction_id: int | None = None
    callback_type: int | None = None
    channel_id: int | None = None
    message_id: int | None = None
    files: list[Attachment] = field(default_factory=list)
    visible_only_to: int | None = None

    @property
    def data(self) -> dict:
        """The message (or modal) fields: `data` of a callback, else the body itself."""
        return (self.body.get("data") or {}) if self.kind == "callback" else self.body

    @property
    def content(self) -> str | None:
        return self.data.get("content")

    @property
    def embeds(self) -> list[dict]:
        return self.data.get("embeds") or []

    @property
    def components(self) -> list[dict]:
        return self.data.get("components") or []

    @property
    def flags(self) -> int:
        return self.data.get("flags") or 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL) or self.visible_only_to is not None


@dataclass
class Rejection:
    """A request the server refused, with the answer it gave."""

    method: str
    path: str
    status: int
    code: int
    message: str
    errors: dict = field(default_factory=dict)

    def __str__(self) -> str:
        detail = f" {self.errors}" if self.errors else ""
        return f"{self.method} {self.path} -> {self.status} {self.message} (code {self.code}){detail}"


class Recorder:
    def __init__(self) -> None:
        self.events: list[Event] = []
        self.messages: dict[int, Message] = {}
        self.errors: list[Rejection] = []
        self._seq = itertools.count(1)
        self._changed = asyncio.Event()

    # -- writing (server side) -------------------------------------------------------------
    def record(self, kind: str, **fields) -> Event:
        event = Event(seq=next(self._seq), kind=kind, **fields)
        self.events.append(event)
        self.notify()
        return event

    def reject(self, rejection: Rejection) -> None:
        self.errors.append(rejection)
        self.notify()

    def notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    # -- reading (tests) -------------------------------------------------------------------
    def take_errors(self) -> list[Rejection]:
        """The refused requests so far, which the test now owns (the fixture won't fail on them)."""
        errors, self.errors = self.errors, []
        return errors

    def events_of(self, kind: str | None = None, *, interaction_id: int | None = None) -> list[Event]:
        return [
            e
            for e in self.events
            if (kind is None or e.kind == kind) and (interaction_id is None or e.interaction_id == interaction_id)
        ]

    def messages_in(self, channel_id: int, *, visible_to: int | None = None) -> list[Message]:
        """Live messages in a channel, oldest first; with `visible_to`, as that user sees them
        (public messages plus their own ephemeral ones); without it, public messages only."""
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id
            and not m.deleted
            and (m.visible_only_to is None or m.visible_only_to == visible_to)
        ]

    def latest(self, channel_id: int, *, visible_to: int | None = None) -> Message | None:
        messages = self.messages_in(channel_id, visible_to=visible_to)
        return messages[-1] if messages else None

    def ephemeral_for(self, user_id: int) -> list[Message]:
        return [m for m in self.messages.values() if m.visible_only_to == user_id and not m.deleted]

    @property
    def threads(self) -> list[Event]:
        return self.events_of("thread")

    async def wait_for(self, predicate: Callable[[], object], timeout: float = 5.0) -> object:
        """Wait until predicate() is truthy; return it. It is re-checked after every recorded change
        and every 10 ms (so it may also watch the bot's own state, e.g. its permissions)."""
        async with asyncio.timeout(timeout):
            while True:
                changed = self._changed
                result = predicate()
                if result:
                    return result
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), 0.01)
