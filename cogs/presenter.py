"""Keeps Discord in step with the tables: the table message and the players' open hands.

Edits of a table message are coalesced: at most one edit per table is in flight,
changes that arrive meanwhile are folded into the next one, and edits of one table
are spaced by ``edit_interval`` seconds, which keeps a busy table inside Discord's
rate limits (more widely spaced while pictures queue, and while the bot is behind). A
click whose answer draws the table message (Start, Rematch) takes its turn among those
edits (:meth:`DiscordPresenter.answering`). A table message over an hour old is replaced
by a fresh one at the bottom of the channel. Each player's private hand message
(ephemeral) is refreshed in place while its interaction token is young enough to edit it.

This is delivery: it draws the pictures (each once per moment, :class:`cogs.table_pictures.TablePictures`),
has the screens (:mod:`cogs.table_ui`, :mod:`cogs.hand_ui`) build the message parts from them, and
sends or edits the messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Protocol

import discord

from bot.futures import start_keyed
from bot.i18n import ENGLISH, N_, _
from bot.i18n.choose import server_language
from bot.i18n.told import told
from bot.models import TableStatus
from bot.tables import Table
from bot.workers import scheduler
from bot.workers.scheduler import Priority
from cogs import hand_expiry
from cogs.answers import pace_of, tell_pending
from cogs.hand_ui import hand_parts
from cogs.let_go import let_go_view
from cogs.mentions import only, plain_all
from cogs.message_parts import MessageParts
from cogs.open_hands import OpenHand, Show, hand_editor
from cogs.table_pictures import TablePictures
from cogs.table_ui import closed_lobby_parts, table_parts
from cogs.words import StandingChange, standings_after

if TYPE_CHECKING:
    from discord.abc import PartialMessageableChannel

    from bot.client import ParlourBot
    from bot.store import Store
    from bot.tables import Change

log = logging.getLogger(__name__)

#: A table message older than this is posted afresh at the bottom of the channel.
REPOST_AFTER = timedelta(hours=1)
#: Interaction tokens live 15 minutes; stop editing a hand message a little before (and say so on it).
HAND_TOKEN_LIFE = hand_expiry.NOTICE_AFTER
#: Tries of one table message update that fails (a Discord error, a dropped connection).
MAX_TRIES = 3
#: While pictures queue for the workers, table messages are edited this many times less often:
#: the answers people wait for go first, and the table message still shows every move, later.
BUSY_SPACING = 3
#: A table message to be edited while its computers are still to move waits this share of the edit
#: interval first, so that one edit shows a person's move and the computers' replies: with no
#: computer pause they come within milliseconds, and a picture each was a table message in two.
COMPUTERS_SETTLE = 0.2
#: While the bot is behind (most answers lately were not ready in time, :class:`cogs.answers.Pace`),
#: table messages are edited this many times less often: each edit draws a picture, and what the
#: machine has left goes to the people's own answers. The table message lags; no move is lost.
BEHIND_SPACING = 8


class Standings(Protocol):
    """Where a finished table's rating changes are read (bot.store.Store)."""

    async def table_standing_changes(self, table_id: int) -> Sequence[StandingChange]: ...


class DiscordPresenter:
    """The table service's window on Discord (implements bot.ports.Presenter)."""

    def __init__(
        self,
        client: discord.Client,
        save_message: Callable[[Table], Awaitable[object]],
        *,
        save_shown: Callable[[Table, int], Awaitable[object]] | None = None,
        standings: Standings | None = None,
        clicks: Store | None = None,
        edit_interval: float = 1.0,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.client = client
        self.save_message = save_message
        self.save_shown = save_shown
        #: A finished table's message says what it did to ratings and levels (none without it).
        self.standings = standings
        #: Where the clicks the last run could not answer are written down (told at start).
        self.clicks = clicks
        self.edit_interval = edit_interval
        self.clock = clock
        #: The tables' pictures, each drawn once per moment and shared by its messages.
        self.pictures = TablePictures(self.language_of)
        #: The open hand messages, by table and seat (a table's hands are found without looking
        #: through every other table's: each edit of a table message refreshes them).
        self.hands: dict[int, dict[int, OpenHand]] = {}
        #: One lock per (table, seat): edits of one hand message never overlap, so the last
        #: one Discord applies is the last one drawn, and each draws the table as it is then.
        self._hand_locks: dict[tuple[int, int], asyncio.Lock] = {}
        self._notes: dict[int, str | None] = {}
        self._dirty: dict[int, Table] = {}
        #: The latest move of each table whose message is still to show it (:meth:`moved`).
        self._changes: dict[int, Change] = {}
        self._updaters: dict[int, asyncio.Task[None]] = {}
        #: Hand refreshes under way (each its own task, so a slow hand never holds up the table message).
        self._refreshing: set[asyncio.Task[None]] = set()
        #: The hands a refresh is bringing up to date now (one refresh per hand at a time).
        self._refreshing_hands: set[tuple[int, int]] = set()
        #: Last words being written on hand messages (superseded, expired, ended: :mod:`cogs.hand_expiry`).
        self._farewells: set[asyncio.Task[None]] = set()
        #: The one task that looks for open hands whose 15 minutes are nearly over (started with the first hand).
        self._expiry: asyncio.Task[None] | None = None
        #: Saves of the versions table messages show, under way (see :meth:`shown`).
        self._saving: set[asyncio.Task[None]] = set()
        #: One lock per table message: the presenter's edits and a click's answer that shows the
        #: table (Start, Rematch) land one after the other, in the order they were drawn.
        self._message_locks: dict[int, asyncio.Lock] = {}

    async def started(self) -> None:
        """At start, once the tables are restored: tell each person whose click the last run could
        not answer what became of it."""
        if self.clicks is not None:
            told = await tell_pending(self.client, self.clicks)
            if told:
                log.info("Told %d people about clicks the last run could not answer", told)

    # -- drawing ---------------------------------------------------------------
    def language_of(self, table: Table) -> str:
        """The language of a table's public messages and pictures: its server's ``/settings language``,
        else the server's Discord language (a hand is in its reader's: :meth:`show_hand`; a hand drawn
        ahead has no click to tell its reader's, and is drawn in this one)."""
        guild = self.client.get_guild(table.guild_id) if self.client is not None else None
        return server_language(table.language, guild.preferred_locale if guild is not None else None)

    async def hand(
        self,
        table: Table,
        seat: int,
        pages: dict[str, int] | None = None,
        priority: Priority = Priority.ANSWER,
        language: str | None = None,
    ) -> MessageParts:
        """``seat``'s private hand as the table is now, in its reader's ``language`` (by default the
        table's): its picture drawn (or shared), then its parts."""
        language = language or self.language_of(table)
        picture = await self.pictures.latest(table, "hand", seat, priority, language=language)
        return hand_parts(table, seat, picture, pages, language)

    async def table_message(
        self, table: Table, note: str | None = None, priority: Priority = Priority.ANSWER
    ) -> MessageParts:
        """The public table message as the table is now (with the results picture at the end).

        The hands of the people it waits on are drawn ahead meanwhile: Show my hand is what they
        press next."""
        self.pictures.draw_hands_ahead(table)
        picture = await self.pictures.latest(table, "table", None, priority)
        results = None
        if picture.view.outcome is not None:
            results = await self.pictures.latest(table, "results", None, priority)
        return table_parts(table, picture, results, note, self.language_of(table))

    # -- a move ------------------------------------------------------------------
    async def moved(
        self,
        change: Change,
        interaction: discord.Interaction | None = None,
        show: Show | None = None,
        *,
        note: str | None = None,
        language: str | None = None,
    ) -> None:
        """A move is saved (a person's, a computer's, one made for a person, or a seat handed to the
        computer), delivered from its Change: the table message follows with ``note`` (coalesced,
        after a moment's wait while ``change.computers_to_move``, so that their replies join the
        edit); the open hands of the seats whose choices it changed (``change.changed_seats``: their
        old controls no longer work) are brought up to date at once, not after the table message's
        next edit; and a person's move (its ``interaction``) is answered with ``show``, the clicked
        hand message edited, in the mover's ``language`` (by default the table's)."""
        table = change.table
        self._changes[table.id] = change  # what the table message's next edit draws from
        await self.table_changed(table, note)
        answered = change.seat if interaction is not None else None
        for seat in change.changed_seats:
            if seat != answered and self._open_hand((table.id, seat)):
                self._bring_hand_on(table, seat)
        if interaction is not None:
            assert show is not None and change.seat is not None, "a person's move is answered on their hand"
            await self.show_hand(table, change.seat, interaction, show, language=language)

    # -- hands ---------------------------------------------------------------
    async def show_hand(
        self,
        table: Table,
        seat: int,
        interaction: discord.Interaction,
        show: Show,
        pages: dict[str, int] | None = None,
        *,
        language: str | None = None,
    ) -> None:
        """Draw ``seat``'s hand as the table is now, show it with ``show`` and keep the message open.

        It is in ``language``, its reader's (who clicked; by default the table's), and so are its
        refreshes and last words.

        The drawing waits for no other edit of this hand (an answer must not queue behind a
        refresh's picture); showing it is serialised with them. If the table moved on meanwhile,
        the hand is refreshed again at once (latest wins, nothing is left behind).
        """
        key = (table.id, seat)
        language = language or self.language_of(table)
        parts = await self.hand(table, seat, pages or {}, language=language)
        assert parts.version is not None
        async with self._hand_lock(key):
            shown = await show(parts)
            message_id = shown if isinstance(shown, int) else None
            old = self._open_hand(key)
            title = hand_expiry.header(table.game.name, table.id, language)
            editor = hand_editor(self.client, interaction)
            hand = OpenHand(editor, self.clock(), parts.version, dict(pages or {}), message_id, title, language)
            self.hands.setdefault(table.id, {})[seat] = hand
        if old is not None and None not in (old.message_id, message_id) and old.message_id != message_id:
            self._farewell(key, old, _(old.language, hand_expiry.SUPERSEDED))  # a newer message shows this hand now
        self._watch_expiry()
        if table.version != parts.version:  # in a task of delivery's own, as every refresh: waited for on shutdown
            self._refresh_hand_soon(table, seat)

    # -- last words of hand messages (cogs.hand_expiry) -------------------------
    def _farewell(self, key: tuple[int, int], hand: OpenHand, sentence: str) -> None:
        """Say on a hand message, no longer kept up to date, why (in its own task; its controls go)."""
        task = asyncio.get_running_loop().create_task(self._say_farewell(key, hand, sentence))
        self._farewells.add(task)
        task.add_done_callback(self._farewells.discard)

    async def _say_farewell(self, key: tuple[int, int], hand: OpenHand, sentence: str) -> None:
        if self.clock() - hand.at >= hand_expiry.NOTICE_AFTER + timedelta(minutes=1):
            return  # its token is gone: Discord would refuse the edit
        async with self._hand_lock(key):
            live = self._open_hand(key)
            if live is not None and live is not hand and None is not hand.message_id == live.message_id:
                return  # a click on this message made it the open hand again: it is not left behind
            try:
                await hand.edit(hand_expiry.last_words(hand.title, sentence))
            except discord.HTTPException as error:
                log.info("Could not write the last words of a hand at table %s: %s", key[0], error)

    def _watch_expiry(self) -> None:
        """Make sure the sweep for expiring hands runs while any hand is open (one task per bot)."""
        if self._expiry is None or self._expiry.done():
            self._expiry = asyncio.get_running_loop().create_task(self._expiry_loop())

    async def _expiry_loop(self) -> None:
        """Every :data:`cogs.hand_expiry.CHECK_EVERY` seconds, while hands are open: expire the old ones."""
        while self.hands:
            await asyncio.sleep(hand_expiry.CHECK_EVERY)
            self.expire_hands()

    def expire_hands(self) -> None:
        """Each open hand shown :data:`HAND_TOKEN_LIFE` ago or more stops following the game and says so."""
        now = self.clock()
        for table_id, seats in list(self.hands.items()):
            for seat, hand in list(seats.items()):
                if now - hand.at >= HAND_TOKEN_LIFE:
                    self._close_hand((table_id, seat))
                    self._farewell((table_id, seat), hand, _(hand.language, hand_expiry.EXPIRED))

    def end_hands(self, table: Table, reason: str | None) -> None:
        """The table ended without results: every open hand of it says so, and stops following it."""
        for seat, hand in list(self.hands.pop(table.id, {}).items()):
            self._farewell((table.id, seat), hand, hand_expiry.ended(reason, hand.language))

    def _open_hand(self, key: tuple[int, int]) -> OpenHand | None:
        table_id, seat = key
        return self.hands.get(table_id, {}).get(seat)

    def _close_hand(self, key: tuple[int, int]) -> None:
        """Stop refreshing this hand message (its token is old, its table is over, or it is gone)."""
        table_id, seat = key
        seats = self.hands.get(table_id, {})
        seats.pop(seat, None)
        if not seats:
            self.hands.pop(table_id, None)

    def _hand_lock(self, key: tuple[int, int]) -> asyncio.Lock:
        return self._hand_locks.setdefault(key, asyncio.Lock())

    def _refresh_hands(self, table: Table) -> None:
        """Start bringing every open hand of the table up to date (each in its own task)."""
        for seat in list(self.hands.get(table.id, ())):
            self._bring_hand_on(table, seat)

    def _bring_hand_on(self, table: Table, seat: int) -> None:
        """Start bringing one open hand up to date; a seat the host gave to the computer is not its
        person's any more: their hand says so, and stops following the game."""
        hand = self._open_hand((table.id, seat))
        if hand is not None and table.seats[seat].computer:
            self._close_hand((table.id, seat))
            self._farewell((table.id, seat), hand, _(hand.language, hand_expiry.REPLACED))
            return
        self._refresh_hand_soon(table, seat)

    def _refresh_hand_soon(self, table: Table, seat: int) -> None:
        """Bring one open hand up to date in a task of its own (a slow hand holds up nothing else)."""
        task = asyncio.get_running_loop().create_task(self._refresh_hand(table, seat))
        self._refreshing.add(task)
        task.add_done_callback(self._refreshing.discard)

    async def _refresh_hand(self, table: Table, seat: int) -> None:
        """Bring one open hand up to the table's version (until it shows the latest one).

        One refresh per hand at a time (a second one finds it under way: it follows the live
        table to its latest version). The picture is drawn outside the hand's lock, and an edit
        is sent only if nothing newer was shown meanwhile (a move's answer, say).
        """
        key = (table.id, seat)
        if key in self._refreshing_hands:
            return
        self._refreshing_hands.add(key)
        try:
            while (hand := self._open_hand(key)) is not None and hand.version != table.version:
                if table.status not in (TableStatus.PLAYING, TableStatus.FINISHED):
                    return  # ended without results: end_hands says so
                if self.clock() - hand.at >= HAND_TOKEN_LIFE:
                    self._close_hand(key)
                    self._farewell(key, hand, _(hand.language, hand_expiry.EXPIRED))
                    return
                parts = await self.hand(table, seat, hand.pages, Priority.UPDATE, hand.language)
                assert parts.version is not None
                async with self._hand_lock(key):
                    hand = self._open_hand(key)
                    if hand is None or hand.version >= parts.version:
                        let_go_view(parts.view)
                        continue  # shown meanwhile (or closed): look again
                    try:
                        await hand.edit(parts)
                    except discord.HTTPException as error:
                        log.info("Could not refresh a hand at table %s: %s", table.id, error)
                        self._close_hand(key)
                        return
                    hand.version = parts.version
            if hand is not None and table.status != TableStatus.PLAYING:  # the final hand is shown: nothing changes it
                self._close_hand(key)
                self._hand_locks.pop(key, None)
        except Exception:
            log.exception("Could not refresh a hand at table %s", table.id)
        finally:
            self._refreshing_hands.discard(key)

    # -- the table message ---------------------------------------------------
    async def table_changed(self, table: Table, note: str | None = None) -> None:
        """Schedule an update of the table message (coalesced) and of open hands."""
        self._dirty[table.id] = table
        if note:
            self._notes[table.id] = note
        task = self._updaters.get(table.id)
        if task is None or task.done():
            start_keyed(self._updaters, table.id, self._update_loop(table.id))

    def _spacing(self) -> float:
        """How many edit intervals a table message waits before its next edit."""
        if pace_of(self.client).behind():
            return BEHIND_SPACING
        return BUSY_SPACING if scheduler.waiting() else 1

    @contextlib.asynccontextmanager
    async def answering(self, table: Table) -> AsyncIterator[None]:
        """A click's answer draws the table message (Start, Rematch): the presenter's own edits wait
        until it has landed. Entered as soon as the click's change is made (before anything can yield
        to a computer's move), so a newer moment, and what it says ("had only one possible move"), is
        drawn after the answer and never overwritten by it."""
        async with self._message_lock(table.id):
            yield

    def _message_lock(self, table_id: int) -> asyncio.Lock:
        return self._message_locks.setdefault(table_id, asyncio.Lock())

    async def _update_loop(self, table_id: int) -> None:
        """Edit the table message until it shows the table's latest version (one edit at a time)."""
        failures = 0
        table: Table | None = None
        while table_id in self._dirty:
            latest = self._changes.get(table_id)
            if latest is not None and latest.computers_to_move and self.edit_interval:
                await asyncio.sleep(self.edit_interval * COMPUTERS_SETTLE)  # their replies join this edit
            table = self._dirty.pop(table_id)
            note = self._notes.pop(table_id, None)
            change = self._changes.pop(table_id, None)
            try:
                async with self._message_lock(table_id):
                    shown = await self._update_table_message(table, note, change)
                if table.status in (TableStatus.PLAYING, TableStatus.FINISHED):
                    self._refresh_hands(table)
                else:
                    self.end_hands(table, note)
                failures = 0
                if shown is not None and table.message_behind and table_id not in self._dirty:
                    self._dirty[table_id] = table  # it moved on while drawn, with nobody saying so
            except Exception:
                log.exception("Could not update the message of table %s", table_id)
                failures += 1
                if failures < MAX_TRIES and table_id not in self._dirty:  # try again: it must not stay behind
                    self._dirty[table_id] = table
                    if note:
                        self._notes.setdefault(table_id, note)
                    if change is not None:
                        self._changes.setdefault(table_id, change)
            if self.edit_interval:
                await asyncio.sleep(self.edit_interval * self._spacing())
        if table is not None and table.status != TableStatus.PLAYING:
            self.pictures.forget(table_id)  # out of play: a finished hand asked for again is drawn again
            lock = self._message_locks.get(table_id)
            if lock is not None and not lock.locked():
                del self._message_locks[table_id]  # ended: a Rematch click makes a new one

    async def shown(self, table: Table, version: int) -> None:
        """The table message shows state ``version`` now: remember it (a restart redraws a message left behind).

        The save is not waited for: it rides with the next batch of moves, and under load that can
        take seconds, which the table message's next edit would wait too. If the bot stops first,
        the restart only draws the message once more."""
        if table.message_version is not None and table.message_version >= version:
            return
        table.message_version = version
        if self.save_shown is not None:
            task = asyncio.get_running_loop().create_task(self._save_shown(self.save_shown, table, version))
            self._saving.add(task)
            task.add_done_callback(self._saving.discard)

    @staticmethod
    async def _save_shown(save: Callable[[Table, int], Awaitable[object]], table: Table, version: int) -> None:
        try:
            await save(table, version)
        except Exception:
            log.exception("Could not save the version table %s's message shows", table.id)

    async def _update_table_message(self, table: Table, note: str | None, change: Change | None = None) -> int | None:
        """Draw the table message as the table is now; the state version it shows, once it shows it.

        ``change`` is the latest move it shows, if a move brought it here: a move that ended the game
        adds what the game did to ratings and levels."""
        channel = await self._channel(table.channel_id)
        if channel is None:
            return None
        language = self.language_of(table)
        if not table.started:  # a lobby: only its closing is presented from here
            if table.status != TableStatus.LOBBY and table.message_id:
                parts = closed_lobby_parts(table, note or N_("This table is closed."), language)
                with contextlib.suppress(discord.HTTPException):
                    await channel.get_partial_message(table.message_id).edit(**parts.edit_kwargs())
            return None
        note = told(language, note or "")  # a Text (or a catalog text) from the service, said once
        if change is not None and change.outcome is not None:
            note = "\n".join(filter(None, [note, await self._standings_note(table, language)]))
        parts = await self.table_message(table, note, Priority.TABLE)
        try:
            return await self._post_table_message(channel, table, parts)
        finally:
            let_go_view(parts.view)

    async def _post_table_message(self, channel: PartialMessageableChannel, table: Table, parts: MessageParts) -> int:
        """Edit the table message into ``parts`` (or post it anew, when it is old or gone)."""
        version = parts.version
        assert version is not None
        # A closed or finished table is edited where it is; a live one moves down when old.
        stale = table.status == TableStatus.PLAYING and (
            table.message_posted_at is None or self.clock() - table.message_posted_at > REPOST_AFTER
        )
        if table.message_id and not stale:
            try:
                await channel.get_partial_message(table.message_id).edit(**parts.edit_kwargs())
                await self.shown(table, version)
                return version
            except discord.NotFound:
                pass
        old = table.message_id
        message = await channel.send(**parts.send_kwargs())
        await self.message_posted(table, message.id)
        await self.shown(table, version)
        if old:
            with contextlib.suppress(discord.HTTPException):
                moved = _(self.language_of(table), "Table #{table} moved to a newer message below.", table=table.id)
                await channel.get_partial_message(old).edit(content=moved, attachments=[], view=None)
        return version

    async def _standings_note(self, table: Table, language: str = ENGLISH) -> str:
        """Ratings changed and levels reached by a finished game (read from the database)."""
        if self.standings is None:
            return ""
        try:
            changes = await self.standings.table_standing_changes(table.id)
        except Exception:  # the results stand without the announcement
            log.exception("Could not read the standings of table %s", table.id)
            return ""
        return standings_after(changes, plain_all(table.names_in(language)), table.game.name, language)

    async def message_posted(self, table: Table, message_id: int) -> None:
        """The table's public message is now ``message_id`` (posted just now): keep it, and save it."""
        table.message_id, table.message_posted_at = message_id, self.clock()
        await self.save_message(table)

    async def remind(self, table: Table, seats: Sequence[int]) -> None:
        channel = await self._channel(table.channel_id)
        if channel is None:
            return
        people = [table.seats[s].user_id for s in seats]
        mentions = ", ".join(f"<@{u}>" for u in people)
        said = _(
            self.language_of(table),
            "{people}: your move at {game} table #{table}. "
            "Press **Show my hand** on the table message, or the computer will play for you soon.",
            people=mentions,
            game=table.game.name,
            table=table.id,
        )
        await channel.send(said, allowed_mentions=only(people))

    async def _channel(self, channel_id: int) -> PartialMessageableChannel | None:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("Channel %s is gone", channel_id)
                return None
        return channel  # type: ignore[return-value]

    async def close(self) -> None:
        for task in [*self._updaters.values(), *self._refreshing, *self._farewells, *filter(None, [self._expiry])]:
            task.cancel()
        if self._saving:  # a graceful stop keeps what the messages show (else they are drawn again)
            await asyncio.wait(list(self._saving), timeout=5)


def delivery_of(bot: ParlourBot) -> DiscordPresenter:
    """The bot's delivery: the presenter the ``cogs.tables`` extension gave it when loaded."""
    presenter = bot.presenter
    if not isinstance(presenter, DiscordPresenter):
        raise RuntimeError("The cogs.tables extension is not loaded: the bot has no Discord delivery.")
    return presenter
