"""The load benchmark's Discord: the loopback, made cheap to run at scale, and what players watch.

The loopback Discord is a test fixture built for clarity: it keeps every event and every
uploaded picture, and scans its interactions on every webhook call. Under a load of thousands
of tables that cost would land on the benchmark's own process and hide the bot's figures, so
:class:`LoadLoopback` indexes what it scans, forgets pictures once checked and counts the REST
calls the bot makes (the figure "REST calls per move").
"""

from __future__ import annotations

import asyncio
import bisect
import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.loopback.gateway import IDENTIFY
from tests.loopback.injection import InteractionState
from tests.loopback.recorder import Event, Message
from tests.loopback.server import INVALID_WEBHOOK_TOKEN, UNKNOWN_WEBHOOK, LoopbackDiscord

#: Discord's GUILD_MESSAGES intent: MESSAGE_CREATE, MESSAGE_UPDATE and MESSAGE_DELETE in servers.
GUILD_MESSAGES = 1 << 9
TABLE_NUMBER = re.compile(r"table #(\d+)")
#: Discord's "Unknown interaction": the answer came after the 3-second deadline.
UNKNOWN_INTERACTION = 10062


class _Interactions(dict[int, InteractionState]):
    """The loopback's interactions, also indexed by token (it scans them all on every webhook call)."""

    def __init__(self) -> None:
        super().__init__()
        self.by_token: dict[str, InteractionState] = {}

    def __setitem__(self, key: int, state: InteractionState) -> None:
        super().__setitem__(key, state)
        self.by_token[state.token] = state


def rest_kind(method: str, path: str, content_type: str) -> str:
    """What a REST call does, in a few words ("+ picture" when it uploads a file).

    >>> rest_kind("POST", "/api/v10/interactions/1/tok/callback", "multipart/form-data")
    'click answer + picture'
    >>> rest_kind("PATCH", "/api/v10/channels/5/messages/9", "application/json")
    'message edit'
    """
    if path.endswith("/callback"):
        kind = "click answer"
    elif path.startswith("/api/v10/webhooks/"):
        kind = "click edit" if method == "PATCH" else "click follow-up" if method == "POST" else f"webhook {method}"
    elif "/messages" in path and path.startswith("/api/v10/channels/"):
        kind = {"POST": "message post", "PATCH": "message edit"}.get(method, f"message {method}")
    else:
        kind = f"{method} other"
    return kind + (" + picture" if content_type.startswith("multipart/") else "")


class LoadLoopback(LoopbackDiscord):
    """The loopback Discord with an index where it scans, no picture kept, and REST calls counted."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        #: The base class's interactions, also indexed by token (the same dict, typed as the index).
        self.indexed = self.interactions = _Interactions()
        #: The intents the bot identified with: like Discord, send message events only if asked.
        self.intents = GUILD_MESSAGES
        #: REST calls the bot made (every route, interaction callbacks included).
        self.rest_calls = 0
        #: The same, by kind (:func:`rest_kind`).
        self.rest_kinds: Counter[str] = Counter()
        on_message = self.gateway._on_message

        async def identify(conn, session, payload: dict):
            if payload.get("op") == IDENTIFY:
                self.intents = int(payload["d"].get("intents", GUILD_MESSAGES))
            return await on_message(conn, session, payload)

        self.gateway._on_message = identify  # type: ignore[method-assign]

    async def _dispatch_route(self, request: web.Request) -> web.StreamResponse:
        self.rest_calls += 1
        self.rest_kinds[rest_kind(request.method, request.path, request.content_type)] += 1
        return await super()._dispatch_route(request)

    async def _announce(self, event: str, message: Message) -> None:
        if self.intents & GUILD_MESSAGES:
            await super()._announce(event, message)

    def _token_state(self, app_id: str, token: str) -> InteractionState:
        state = self.indexed.by_token.get(token)
        if state is None or app_id != str(self.application_id):
            raise UNKNOWN_WEBHOOK
        if self.clock.now() - state.created > self.token_lifetime:
            raise INVALID_WEBHOOK_TOKEN
        if state.callback_type is None:
            raise UNKNOWN_WEBHOOK
        return state

    def late_answers(self) -> int:
        """Answers Discord refused because they came after its 3-second deadline."""
        return sum(1 for e in self.recorder.errors if e.code == UNKNOWN_INTERACTION)


class World:
    """What the players watch, indexed as the loopback records it, so nobody polls or rescans.

    Events are not kept (the recorder's list would hold every picture of the run); each is
    indexed as it arrives and dropped.
    """

    def __init__(self, server: LoopbackDiscord) -> None:
        self.server = server
        #: Table number -> its latest public message (the lobby, the table message, a rematch).
        self.table_messages: dict[int, int] = {}
        #: Message id -> the seq of its latest creation or edit.
        self.changed_at: dict[int, int] = {}
        #: Public message id -> when (perf_counter) each of its creations and edits arrived, in order.
        self.public_changes: dict[int, list[float]] = defaultdict(list)
        self.outcomes: dict[int, Event] = {}
        self._watchers: dict[int, list[asyncio.Event]] = defaultdict(list)
        recorder = server.recorder
        seq = iter(range(1, 1 << 62))

        def recording(kind: str, **fields: Any) -> Event:
            for upload in fields.get("files") or ():
                upload.data = b""  # checked already; kept, it would fill this process's memory
            event = Event(seq=next(seq), kind=kind, **fields)
            message_id = event.message_id
            if kind == "message" and message_id is not None and not event.ephemeral:
                title = " ".join(str(e.get("title") or "") for e in event.embeds)
                first_line = (event.content or "").split("\n", 1)[0]
                found = TABLE_NUMBER.search(title) or TABLE_NUMBER.search(first_line)
                if found and "your move" not in first_line:
                    self.table_messages[int(found[1])] = message_id
                    self._wake(0)
            if event.interaction_id is not None and kind in ("edit_original", "followup"):
                self.outcomes.setdefault(event.interaction_id, event)
                self._wake(-event.interaction_id)
            if message_id is not None:
                self.changed_at[message_id] = event.seq
                if not event.ephemeral:
                    self.public_changes[message_id].append(now())
                self._wake(message_id)
            recorder.notify()
            return event

        recorder.record = recording  # type: ignore[method-assign]

    def _wake(self, key: int) -> None:
        for woken in self._watchers.get(key, ()):
            woken.set()

    async def until(self, key: int | tuple[int, ...], ready, timeout: float):
        """Wait until ``ready()`` is truthy, woken when ``key`` changes (a message id; 0: a new
        table message; -id: interaction id's outcome), or any of several keys."""
        keys = key if isinstance(key, tuple) else (key,)
        woken = asyncio.Event()
        for watched in keys:
            self._watchers[watched].append(woken)
        try:
            async with asyncio.timeout(timeout):
                while not (result := ready()):
                    woken.clear()
                    await woken.wait()
                return result
        finally:
            for watched in keys:
                self._watchers[watched].remove(woken)
                if not self._watchers[watched]:
                    del self._watchers[watched]

    async def outcome(self, interaction_id: int, timeout: float) -> Event:
        """The edit or follow-up that completes a deferred interaction."""
        return await self.until(-interaction_id, lambda: self.outcomes.get(interaction_id), timeout)


@dataclass
class Timings:
    """Milliseconds from injection to the first answer (by kind of click), and until the user sees it."""

    answers: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    seen: list[float] = field(default_factory=list)
    #: Clicks answered with a sentence instead of the new hand (a stale or illegal pick).
    refused: int = 0
    #: Clicks that got no answer within Discord's deadline ("This interaction failed"; the person clicks again).
    failed: int = 0
    #: Injection times (perf_counter) of the clicks answered, for the rate over the play window.
    at: list[float] = field(default_factory=list)
    #: Each person's move (a click the bot took): its table message's id and when it was clicked (perf_counter).
    moves_made: list[tuple[int, float]] = field(default_factory=list)
    #: Milliseconds from a person's last click of a turn (their hand offered nothing more) until they
    #: see that it is their turn again (their open hand offers moves, or the table message waits on
    #: them): the computers' replies and the drawings that show them, which no click's answer times.
    turn_back: list[float] = field(default_factory=list)

    def all_answers(self) -> list[float]:
        return [t for values in self.answers.values() for t in values]


def table_lag(world: World, timings: Timings, made_before: float) -> tuple[list[float], int]:
    """How long after each person's move its table message was edited next (ms), for the moves made
    before ``made_before`` (perf_counter); and how many of those it was never edited after.

    The next edit after the click shows the move, for a picture shows the table as it is when a
    worker takes the drawing, and a move is saved within milliseconds of its click. Under load an
    edit that was under way may land just after a click without it: then the move is shown later
    than this says, by the table message's spacing at most. A click that builds a choice in private
    (Gin-Go's secret suit row, a page of picks) changes nothing public: the table message is next
    edited after the choice is made, or never, and such clicks are counted with the moves here."""
    lags, unshown = [], 0
    for message_id, clicked in timings.moves_made:
        if clicked >= made_before:
            continue
        changes = world.public_changes.get(message_id, [])
        after = bisect.bisect_right(changes, clicked)
        if after < len(changes):
            lags.append(1000 * (changes[after] - clicked))
        else:
            unshown += 1
    return lags, unshown


def now() -> float:
    return time.perf_counter()
