"""The load benchmark's people: one scripted person per table, who acts only on what Discord shows.

A person watches their table's public message. When it says it waits on them, they think, press
Show my hand, think again and press one of the controls their private hand offers (a random
button, or random values of a select menu within its min and max), then go on with the hand the
bot answers with until it offers nothing more. They keep that hand open: when the bot refreshes
it with controls again (their turn came back), they think and play on from it, as a person who
watches their hand would, without waiting for the table message (and when the table message
calls them first, they play from the open hand if it has been brought up to date by the time
they have thought, rather than press Show my hand again). A refused pick (a sentence
instead of a hand) is followed by another. At the end of a game the host presses Rematch while
the run lasts, and Start in the rematch's lobby (its computers come along; people join by their
own click, and here there are none).

Nothing here reads a custom_id's format, the bot's memory or its database: any game, and any
revision of the bot, is played the same way.
"""

from __future__ import annotations

import asyncio
import random
import re

from benchmarks.load_world import TABLE_NUMBER, Timings, World, now
from tests.loopback.injection import InjectionError, InteractionHandle
from tests.loopback.models import ChannelSpec, UserSpec
from tests.loopback.recorder import Event, Message

#: A person who sees nothing new for this long gives up: their table is stalled.
STUCK_AFTER = 30.0
#: Labels of controls that make no move (paging, the table's own buttons).
NOT_MOVES = ("◀", "Next ▶", "Show my hand", "Rematch")
#: Picks refused in a row before a person looks at their hand afresh.
REFUSALS_BEFORE_LOOKING_AGAIN = 3


def move_controls(message: Message) -> list[dict]:
    """The controls of a hand message that make or build a move."""
    return [
        c
        for c in message.items()
        if c.get("custom_id") and not c.get("disabled") and not str(c.get("label", "")).startswith(NOT_MOVES)
    ]


class Failed(Exception):
    """Discord told the person "This interaction failed": no answer within its 3 seconds."""


class Stalled(Exception):
    """Nothing the person waits for came within STUCK_AFTER seconds (the reason is the message)."""


async def timed(world: World, timings: Timings, kind: str, inject) -> tuple[InteractionHandle, Event]:
    """Inject, then time the first answer and the moment the user sees the result."""
    started = now()
    handle: InteractionHandle = await inject
    try:  # a little past the deadline: the loopback refuses a later answer, and the person sees a failure
        first = await handle.answer(timeout=world.server.answer_deadline + 1.0)
    except TimeoutError:
        timings.failed += 1
        raise Failed from None
    timings.answers[kind].append(1000 * (now() - started))
    final = first
    if first.callback_type in (5, 6):  # deferred: the user sees the result with the edit or a sentence
        try:
            final = await world.outcome(handle.id, STUCK_AFTER)
        except TimeoutError:
            raise Stalled(f"a deferred {kind} click was not answered in {STUCK_AFTER:.0f} s") from None
    timings.seen.append(1000 * (now() - started))
    timings.at.append(started)
    return handle, final


class _Done(Exception):
    """A person played the games they came for."""


class Person:
    """One scripted player (the host) of one table."""

    def __init__(
        self,
        world: World,
        user: UserSpec,
        table: int,
        timings: Timings,
        think: float,
        seed: int,
        max_games: int | None = None,
    ) -> None:
        self.world, self.server = world, world.server
        #: Games to play before stopping (None: rematch until the run is over).
        self.max_games = max_games
        self.user, self.table, self.timings, self.think = user, table, timings, think
        self.rng = random.Random(seed)
        self.mention = f"<@{user.id}>"
        #: The table message's change we last looked at (seq): look again only after a newer one.
        self.handled = 0
        #: The private hand left open, and its change last looked at (seq).
        self.hand_id: int | None = None
        self.hand_seen = 0
        self.moves = 0
        self.games = 0
        self.stalled: str | None = None
        #: Clicks injected and not yet seen through (the run waits for them before it ends).
        self.clicking = 0
        #: When the last click of their turn was made (perf_counter; None: their turn is seen again).
        self.moved_at: float | None = None

    @property
    def message_id(self) -> int:
        return self.world.table_messages[self.table]

    def table_message(self) -> Message:
        return self.server.recorder.messages[self.message_id]

    @staticmethod
    def finished(message: Message) -> bool:
        labels = {b.get("label") for b in message.buttons}
        return "Rematch" in labels or ("Show my hand" not in labels and "Game over" in message.content)

    def my_turn(self, message: Message) -> bool:
        for line in message.content.splitlines():
            if line.lower().startswith("waiting on"):
                return self.mention in line.split("(already", 1)[0]
        return False

    async def pause(self) -> None:
        if self.think:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)

    async def play(self, until: float) -> None:
        """Play (and rematch) until ``until`` (perf_counter); a table that stops moving is stalled."""
        if self.think:
            await asyncio.sleep(self.rng.uniform(0, self.think))
        try:
            while now() < until:
                try:
                    await self._step(until)
                except Failed:  # as a person would: look at the table again, and click again
                    self.handled = 0
        except _Done:
            pass
        except Stalled as error:
            self.stalled = f"table #{self.table}: {error}"
        except TimeoutError:
            message = self.server.recorder.messages.get(self.world.table_messages.get(self.table, 0))
            last = message.content.splitlines()[-1] if message is not None and message.content else ""
            self.stalled = f"table #{self.table}: its message did not change for {STUCK_AFTER:.0f} s ({last!r})"
        except (InjectionError, KeyError) as error:
            self.stalled = f"table #{self.table}: {error!r}"

    async def _step(self, until: float) -> None:
        world = self.world
        table_id, hand_id = self.message_id, self.hand_id

        def news() -> tuple[int, int] | None:
            table_seq = world.changed_at.get(table_id, 0)
            hand_seq = world.changed_at.get(hand_id, 0) if hand_id else 0
            return (table_seq, hand_seq) if table_seq > self.handled or hand_seq > self.hand_seen else None

        keys = (table_id, hand_id) if hand_id else (table_id,)
        seq, hand_seq = await world.until(keys, news, timeout=STUCK_AFTER)
        if hand_id and hand_seq > self.hand_seen:
            self.hand_seen = hand_seq
            if move_controls(self.server.recorder.messages[hand_id]):
                self._turn_seen()
            if await self._play_on(hand_id, until):
                return
        if seq <= self.handled:
            return
        self.handled = seq
        table = self.table_message()
        if "Start" in {b.get("label") for b in table.buttons}:  # a rematch's lobby, its Start not through yet
            await self._start()
            return
        if self.finished(table):
            self.moved_at = None
            self.games += 1
            if self.max_games is not None and self.games >= self.max_games:
                raise _Done
            await self.pause()
            if now() < until:
                await self._rematch()
            return
        if not self.my_turn(table):
            return
        self._turn_seen()
        await self.pause()  # while they think, the table may change: they look again before clicking
        table = self.table_message()
        if self.finished(table) or not self.my_turn(table) or now() >= until:
            return
        if hand_id and move_controls(self.server.recorder.messages[hand_id]):
            # Their open hand was brought up to date meanwhile (the table message is edited first):
            # they play from it, as a person who sees it would, instead of asking for it again.
            self.hand_seen = world.changed_at.get(hand_id, 0)
            await self._decide(self.server.recorder.messages[hand_id], until)
            return
        hand = await self._show_hand(table)
        if hand is not None:
            await self._decide(hand, until)

    def _turn_seen(self) -> None:
        """They see it is their turn again: how long after their last click (once a turn)."""
        if self.moved_at is not None:
            self.timings.turn_back.append(1000 * (now() - self.moved_at))
            self.moved_at = None

    async def _play_on(self, hand_id: int, until: float) -> bool:
        """The open hand was refreshed: if it offers moves again, think and play from it."""
        messages = self.server.recorder.messages
        if not move_controls(messages[hand_id]):
            return False
        await self.pause()
        hand = messages[hand_id]
        if not move_controls(hand) or now() >= until:
            return False
        await self._decide(hand, until)
        return True

    async def _show_hand(self, table: Message) -> Message | None:
        _, shown = await self._timed("hand", self.server.click(self.user, table, label="Show my hand"))
        hand = self.server.recorder.messages.get(shown.message_id or 0)
        return hand if hand is not None and hand.ephemeral else None

    async def _decide(self, hand: Message, until: float) -> None:
        """Click controls on the hand until it offers none (the move is made and it is not my turn)."""
        messages = self.server.recorder.messages
        refusals = 0
        while (controls := move_controls(hand)) and now() < until:
            await self.pause()
            hand = messages[hand.id]
            controls = move_controls(hand) or controls
            control = self.rng.choice(controls)
            clicked = now()
            try:  # the hand may have changed under the person's finger (the bot refreshed it)
                if control["type"] == 2:
                    click = self.server.click(self.user, hand, custom_id=control["custom_id"])
                else:
                    values = [o["value"] for o in control.get("options", [])]
                    low = max(1, control.get("min_values", 1))
                    high = max(low, min(len(values), control.get("max_values", 1)))
                    picked = self.rng.sample(values, min(len(values), self.rng.randint(low, high)))
                    click = self.server.select(self.user, hand, picked, custom_id=control["custom_id"])
                _, final = await self._timed("move", click)
            except (KeyError, InjectionError):
                hand = messages[hand.id]
                continue
            shown = messages.get(final.message_id or 0)
            if shown is not None and shown.id != hand.id and not shown.attachments and not shown.components:
                self.timings.refused += 1
                refusals += 1
                if refusals % REFUSALS_BEFORE_LOOKING_AGAIN == 0:
                    table = self.table_message()
                    if self.finished(table) or not self.my_turn(table):
                        return
                    fresh = await self._show_hand(table)
                    if fresh is None:
                        return
                    hand = fresh
                continue
            self.moves += 1
            self.timings.moves_made.append((self.message_id, clicked))
            self.moved_at = clicked
            # A new private hand (an older bot answered a move with a new message), or this one edited.
            hand = shown if shown is not None and shown.ephemeral and shown.id != hand.id else messages[hand.id]
        self.hand_id, self.hand_seen = hand.id, self.world.changed_at.get(hand.id, 0)  # left open, watched

    async def _timed(self, kind: str, inject) -> tuple[InteractionHandle, Event]:
        self.clicking += 1
        try:
            return await timed(self.world, self.timings, kind, inject)
        finally:
            self.clicking -= 1

    async def _rematch(self) -> None:
        table = self.table_message()
        if "Rematch" not in {b.get("label") for b in table.buttons}:
            return
        await self._timed("rematch", self.server.click(self.user, table, label="Rematch"))
        messages, old = self.server.recorder.messages, self.table

        said = f"Rematch of table #{old}:"

        def new_lobby() -> int | None:
            """The rematch is a new lobby (a new number), posted where the old table was, that says
            which table it plays again (with --one-channel, many tables share the channel)."""
            for number, message_id in self.world.table_messages.items():
                message = messages[message_id]
                footer = " ".join(str((e.get("footer") or {}).get("text") or "") for e in message.embeds)
                if number > old and message.channel_id == table.channel_id and said in footer:
                    return number
            return None

        self.table = await self.world.until(0, new_lobby, timeout=STUCK_AFTER)
        self.handled, self.hand_id = 0, None
        await self._start()

    async def _start(self) -> None:
        """The host starts the rematch's lobby (its computers came along; nobody else joins here)."""
        lobby = self.table_message()
        if "Start" in {b.get("label") for b in lobby.buttons}:
            await self._timed("lobby", self.server.click(self.user, lobby, label="Start"))


async def open_table(
    world: World, host: UserSpec, game: str, players: int, timings: Timings, channel: ChannelSpec | None = None
) -> int:
    """/play (in ``channel``, the first guild's general by default), Add computer until the game has
    enough players, Start: as the host would. A click that failed is made again, as a person would."""
    server = world.server
    for _ in range(5):
        try:
            _, answer = await timed(world, timings, "play", server.slash(host, "play", channel=channel, game=game))
            break
        except Failed:
            continue
    else:
        raise Failed
    found = TABLE_NUMBER.search(answer.content or "")
    if not found:
        message = server.recorder.messages.get(answer.message_id or 0)
        found = TABLE_NUMBER.search(message.content if message else "")
    assert found, f"/play {game} was answered with {answer.content!r}"
    table = int(found[1])
    message_id = await world.until(0, lambda: world.table_messages.get(table), timeout=STUCK_AFTER)
    for _ in range(4 * players + 10):
        lobby = server.recorder.messages[message_id]
        labels = {b.get("label") for b in lobby.buttons}
        if "Start" not in labels:  # started (a late answer to an earlier Start)
            return table
        seated = SEATED.search(" ".join(str(e.get("description") or "") for e in lobby.embeds))
        label = "Add computer" if seated and int(seated[1]) < players else "Start"
        try:
            await timed(world, timings, "lobby", server.click(host, lobby, label=label))
        except Failed:
            await asyncio.sleep(1.0)  # the lobby may still change with the late answer
    raise Failed


#: The lobby's count of seats taken ("Seats (2/4, 2 needed)").
SEATED = re.compile(r"Seats \((\d+)/")
