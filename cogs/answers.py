"""Answering a click: save first, then one response that already shows the result.

A click is answered only once what it asked for is saved, so an acknowledged click cannot
vanish in a restart. Discord wants a first answer within 3 seconds: when a save takes longer
than :data:`DEFER_AFTER`, the click is deferred and answered by an edit once saved, and a move
is written down meanwhile (:class:`PendingMove`) so that, should the bot stop before it
answers, the person is told at the next start what became of their click. A bot that is behind
(the click reached it late, most answers lately came late, or pictures are queued, so the
answer's picture will wait its turn) defers at once and writes the note just after: the person
sees the click taken now, not when a busy database has taken the note.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Protocol, TypeVar

import discord

from bot.i18n import ENGLISH
from bot.i18n.choose import reader_language
from bot.i18n.told import told
from bot.store import ClickNote
from bot.workers import scheduler
from cogs.let_go import let_go_view
from cogs.message_parts import MessageParts
from engine.words import Text

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

T = TypeVar("T")

#: How long saving and drawing may take before the click is deferred. Most answers are ready well
#: within it (one response carries the result); a slower one is acknowledged now, so the person
#: never waits on a spinning button (1.5 s before: benchmarks/load.py at 1,000 tables, first
#: answer p99 1.7 s → 0.7 s, with no more REST calls per move).
DEFER_AFTER = 0.25
#: How long a deferral waits for its click's note to be written first (then the note follows it).
NOTE_WAIT = 0.1
#: A click that reaches its callback this many seconds after it was made found the bot behind
#: (its event loop, or the gateway, queued it): it is deferred at once, not after DEFER_AFTER,
#: for the same delay is likely to hold up the deferral too (and its note follows the deferral).
LATE_ARRIVAL = 0.5
#: Interaction tokens live 15 minutes: older pending clicks cannot be answered any more.
TOKEN_LIFE = timedelta(minutes=15)


class Pace:
    """How the last answers went: an exponential average of whether each was ready within
    :data:`DEFER_AFTER` of its click. When most were not (the bot is overloaded), the next click
    is deferred at once: it would be deferred anyway, and its person sees the click taken now
    instead of a moment later. Answers sent after a deferral still count, so the bot notices when
    it has caught up."""

    def __init__(self) -> None:
        self.late_share = 0.0

    def answered(self, seconds: float) -> None:
        self.late_share = 0.9 * self.late_share + 0.1 * (seconds > DEFER_AFTER)

    def behind(self) -> bool:
        return self.late_share > 0.5


#: One pace per bot (a process may run several: tests, shards).
_paces: weakref.WeakKeyDictionary[discord.Client, Pace] = weakref.WeakKeyDictionary()


def pace_of(client: discord.Client) -> Pace:
    return _paces.setdefault(client, Pace())


class Notes(Protocol):
    """Where notes of deferred clicks are written (bot.table_store.TableStoreAdapter: with the moves)."""

    async def add_pending_click(self, click: ClickNote) -> int: ...
    async def drop_pending_click(self, click_id: int) -> None: ...


class PendingMove:
    """A click that had to be deferred, written down (before the deferral, time allowing) until it is
    answered: a move, or Show my hand (``move`` empty)."""

    def __init__(self, store: Notes, table_id: int, user_id: int, version: int, move: str) -> None:
        self.store = store
        self.table_id, self.user_id, self.version, self.move = table_id, user_id, version, move
        self.row_id: int | None = None
        self._answered = False

    async def deferred(self, interaction: discord.Interaction) -> None:
        try:
            row_id = await self.store.add_pending_click(
                ClickNote(
                    table_id=self.table_id,
                    user_id=self.user_id,
                    version=self.version,
                    move=self.move,
                    application_id=interaction.application_id,
                    token=interaction.token,
                    language=reader_language(interaction),
                )
            )
        except Exception:  # the move itself matters more than the note about it
            log.exception("Could not write down a deferred click at table %s", self.table_id)
            return
        if self._answered:  # the answer went out while the note was being written: no note is needed
            await self.store.drop_pending_click(row_id)
        else:
            self.row_id = row_id

    async def answered(self) -> None:
        self._answered = True
        if self.row_id is not None:
            row_id, self.row_id = self.row_id, None
            await self.store.drop_pending_click(row_id)


@dataclass
class _Watch:
    """One click being answered: its answer is sent once, and deferred if it is not sent in time."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None
    #: The answer will be a new private message (not an edit of the clicked one): a deferral says
    #: "thinking…" privately, and the answer then replaces it.
    private_reply: bool = False


_watches: dict[int, _Watch] = {}


def _watch(interaction: discord.Interaction) -> _Watch:
    return _watches.setdefault(interaction.id, _Watch())


def watch(interaction: discord.Interaction, pending: PendingMove | None = None, *, private_reply: bool = False) -> None:
    """Defer the click if no answer is sent within :data:`DEFER_AFTER` (saving, then drawing, took long).

    ``private_reply``: the answer will be a new private message (Show my hand), not an edit of the
    clicked message."""
    watch = _watch(interaction)
    watch.private_reply = watch.private_reply or private_reply
    if watch.timer is None:
        watch.timer = asyncio.get_running_loop().create_task(_defer_later(interaction, watch, pending))


async def _defer(interaction: discord.Interaction, watch: _Watch) -> bool:
    """Acknowledge the click now (under the watch's lock); False if it was answered already."""
    if interaction.response.is_done():
        return False
    if watch.private_reply:  # "thinking…" only the clicker sees, replaced by the answer
        await interaction.response.defer(ephemeral=True, thinking=True)
    else:
        await interaction.response.defer()
    return True


async def _defer_later(interaction: discord.Interaction, watch: _Watch, pending: PendingMove | None) -> None:
    try:
        # Discord's clock started when the click was made: under load it waited in queues before it got here.
        waited = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        behind = waited >= LATE_ARRIVAL or pace_of(interaction.client).behind() or scheduler.waiting() > 0
        await asyncio.sleep(0.0 if behind else DEFER_AFTER - waited)
        async with watch.lock:
            if interaction.response.is_done():
                return
            if pending is not None:  # written down (first, unless behind): should the bot stop, they are told
                await _write_down(pending, interaction, wait=not behind)
            await _defer(interaction, watch)
    finally:
        _watches.pop(interaction.id, None)


async def _write_down(pending: PendingMove, interaction: discord.Interaction, *, wait: bool) -> None:
    """Write the deferred click down before the deferral (``wait``), unless that takes longer than
    :data:`NOTE_WAIT`: then the deferral goes first and the note follows (a busy database must not
    hold up the click). Without ``wait`` (a bot behind) the note always follows."""
    note = asyncio.ensure_future(pending.deferred(interaction))
    _notes.add(note)
    note.add_done_callback(_notes.discard)
    if wait:
        await asyncio.wait({note}, timeout=NOTE_WAIT)


#: Notes of deferred clicks still being written (kept so that their tasks are not collected).
_notes: set[asyncio.Future[None]] = set()


async def saved(
    interaction: discord.Interaction,
    work: Awaitable[T],
    pending: PendingMove | None = None,
    *,
    private_reply: bool = False,
) -> T:
    """Await ``work`` (a save) while the click is watched: an answer sent later shows the result
    at once, unless saving and drawing take longer than :data:`DEFER_AFTER` (then it is deferred)."""
    watch(interaction, pending, private_reply=private_reply)
    try:
        return await work
    except Exception:  # a refusal is answered with its sentence (a cancel, at shutdown, is not)
        if pending is not None:
            await pending.answered()
        raise


async def _answer(
    interaction: discord.Interaction,
    first: Callable[[], Awaitable[T]],
    later: Callable[[], Awaitable[T]],
) -> T:
    """Send the answer as the response, or after the deferral; then the click needs no watching."""
    watch = _watch(interaction)
    try:
        async with watch.lock:
            result = await (later if interaction.response.is_done() else first)()
        pace_of(interaction.client).answered((discord.utils.utcnow() - interaction.created_at).total_seconds())
        return result
    finally:  # answered, or it never will be: either way the click needs no more watching
        # The watch lets go of its timer: a cancelled timer's frame holds the watch, and that loop
        # would wait for the garbage collector's full collections (a pause of the event loop).
        timer, watch.timer = watch.timer, None
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        _watches.pop(interaction.id, None)


async def update(interaction: discord.Interaction, parts: MessageParts, *, keep_content: bool = False) -> int | None:
    """Edit the clicked message: as the interaction's response, or after a deferral. Returns the
    id of the message shown (the clicked one)."""
    kwargs = {"view": parts.view} if keep_content else parts.edit_kwargs()
    try:
        await _answer(
            interaction,
            lambda: interaction.response.edit_message(**kwargs),
            lambda: interaction.edit_original_response(**kwargs),
        )
    finally:
        let_go_view(parts.view)
    return interaction.message.id if interaction.message is not None else None


def _thinking(interaction: discord.Interaction) -> bool:
    """Was the click deferred with a private "thinking…" message (which the answer then replaces)?"""
    return interaction.response.type == discord.InteractionResponseType.deferred_channel_message


async def reply_privately(interaction: discord.Interaction, parts: MessageParts) -> int | None:
    """A new message only the clicker sees (after a deferral: the "thinking…" message becomes it,
    so that the interaction's original response is the hand, and later edits go to it). Returns the
    new message's id (when Discord said it)."""

    async def later() -> int | None:
        if _thinking(interaction):
            return (await interaction.edit_original_response(**parts.edit_kwargs())).id
        return (await interaction.followup.send(ephemeral=True, wait=True, **parts.send_kwargs())).id

    async def first() -> int | None:
        return (await interaction.response.send_message(ephemeral=True, **parts.send_kwargs())).message_id

    try:
        return await _answer(interaction, first, later)
    finally:
        if parts.view is not None:
            # discord.py keeps a private message's view listening for 15 minutes; its clicks reach
            # the bot through the dynamic items, so the view and its items are let go at once.
            parts.view.stop()
            let_go_view(parts.view)


async def tell(interaction: discord.Interaction, sentence: str) -> None:
    """Answer with one ephemeral sentence, whether or not the interaction was answered yet."""

    async def later() -> None:
        if _thinking(interaction):
            await interaction.edit_original_response(content=sentence, attachments=[], view=None)
        else:
            await interaction.followup.send(sentence, ephemeral=True)

    await _answer(interaction, lambda: interaction.response.send_message(sentence, ephemeral=True), later)


async def tell_clicker(interaction: discord.Interaction, sentence: str | Exception) -> None:
    """:func:`tell` ``sentence`` in the clicker's language: a service's refusal (an error whose sentence
    is a :class:`~engine.words.Text`), a Text, or a catalog text (:func:`bot.i18n.told.told`)."""
    if isinstance(sentence, Exception):
        sentence = sentence.args[0] if sentence.args and isinstance(sentence.args[0], str) else str(sentence)
    await tell(interaction, told(reader_language(interaction), sentence))


async def tell_pending(client: discord.Client, store: Store, now: datetime | None = None) -> int:
    """At start: tell each person whose deferred click was never answered what became of it."""
    now = now or datetime.now(UTC)
    answered = 0
    for click in await store.take_pending_clicks():
        if now - click.at > TOKEN_LIFE:
            continue
        if not click.move:  # Show my hand
            sentence = Text(
                "The bot restarted before it could show your hand at table #{table}; "
                "press Show my hand on the table message again.",
                table=click.table_id,
            )
        else:
            actions = [a for a in await store.actions_for(click.table_id) if a.version > click.version]
            made = any(a.user_id == click.user_id and a.move == click.move and a.actor == "player" for a in actions)
            sentence = (
                Text(
                    "Your move at table #{table} was saved just before the bot restarted; "
                    "press Show my hand on the table message to go on.",
                    table=click.table_id,
                )
                if made
                else Text(
                    "Your last click at table #{table} was not saved: the bot restarted before it could. "
                    "Press Show my hand on the table message and choose again.",
                    table=click.table_id,
                )
            )
        # The interaction's own follow-up webhook, as discord.py builds it for Interaction.followup.
        data = {"id": click.application_id, "type": 3, "token": click.token}
        webhook = discord.Webhook.from_state(data, client._connection)  # type: ignore[arg-type]
        try:
            await webhook.send(told(click.language or ENGLISH, sentence), ephemeral=True)
            answered += 1
        except discord.HTTPException as error:
            log.info("Could not tell %s about a click at table %s: %s", click.user_id, click.table_id, error)
    return answered
