"""Scripted people who act only on what Discord shows them, while the bot is killed under them.

A person watches their table's public message: when its "Waiting on" line mentions them (or the
hand message the bot keeps up to date for them shows a move), they press Show my hand and get a
fresh hand message. They keep every hand message they were ever
shown, and prefer to play with an OLD one: a control on an old message whose controls are the
same as the fresh message's (same labels, option values, kinds), shown after their last move
that reached the game, is a move that is still legal, and clicking it on the old message must be
accepted. If the old message is refused, the same control is clicked on the fresh message: if
that one is accepted, a valid button was refused.

Nothing here reads a custom_id's format or the bot's memory: controls are found by what they
show, and custom_ids are only passed back as Discord's client does. What reached the game is
read from the database's action log (``Ledger``).

People also watch for a stall (issue 10, item 4): the table message says it is their turn while
their open hand message (the one the bot keeps up to date) still shows no controls, for longer
than ``PATIENCE`` seconds; and for a table message that says nothing for a while although their
fresh hand holds a move.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from dataclasses import dataclass, field

from engine.core import Game
from tests.e2e.killer import BotProcess, Killer, Ledger, Watch
from tests.loopback.injection import COMPONENT, InjectionError, InteractionHandle, InteractionState
from tests.loopback.models import UserSpec
from tests.loopback.recorder import Event, Message
from tests.loopback.server import LoopbackDiscord

#: Seconds a person waits for their open hand to follow the table message before calling it a stall.
PATIENCE = 4.0
#: Seconds without any change after which a person looks at their hand anyway.
LOOK_AGAIN = 3.0
#: Seconds a person waits, once the bot is back, for a late answer to a click the kill cut off.
LATE = 2.0
#: A person who sees nothing new for this long gives up (the test fails).
STUCK_AFTER = 60.0
PAGING = ("◀", "Next ▶")


def table_number(text: str) -> int | None:
    found = re.search(r"table #(\d+)", text)
    return int(found[1]) if found else None


def move_controls(message: Message) -> list[dict]:
    """The controls of a hand message that make a move (not page turners, not disabled ones)."""
    return [
        c
        for c in message.items()
        if not c.get("disabled") and not (c.get("type") == 2 and str(c.get("label", "")).startswith(PAGING))
    ]


#: Labels of controls that answer a decision without risking anything: a person falls back on them
#: when their own combinations keep being refused.
PLAIN_ANSWER = re.compile(r"\b(none|pass|skip|keep|undo|no|done|stop|back)\b", re.IGNORECASE)
#: A button that takes a step back (Gin-Go's Undo after a draw from the pile): a sensible person
#: presses it when stuck, not as one choice among many (a person undoing at random every other
#: turn made one Gin-Go hand last 230 moves, longer than a round may take).
STEP_BACK = re.compile(r"\bundo\b", re.IGNORECASE)
#: The stock's button: where a person who just took a step back draws instead.
STOCK = re.compile(r"\bstock\b", re.IGNORECASE)
#: The choice screen's line about the selection being built: "**Picked so far** (2 of 3–5): …".
PICKED = re.compile(r"Picked so far\*\* \((\d+) of (\d+)(?:–(\d+))?\)")
#: Clicks a person makes on one hand message before looking at the table again.
CLICKS_PER_LOOK = 8
#: What the restarted bot tells a person whose move it saved but could not answer (cogs/answers.py).
SAVED_BEFORE_RESTART = "was saved just before the bot restarted"


def is_confirm(control: dict) -> bool:
    return control.get("type") == 2 and str(control.get("label", "")).startswith("Confirm")


def is_clear(control: dict) -> bool:
    return control.get("type") == 2 and control.get("label") == "Clear"


def is_menu(control: dict) -> bool:
    """The choice screen's menu of the decisions a person holds (it shows one; choosing makes no move)."""
    return control.get("type") == 3 and control.get("placeholder") == "Choose what to do"


def picker_of(message: Message) -> dict | None:
    """The choice screen's select menu that picks (not the menu of decisions)."""
    return next((c for c in move_controls(message) if c.get("type") == 3 and not is_menu(c)), None)


def confirm_count(message: Message) -> int:
    """How many are picked, from the choice screen's "Confirm (2 picked)" button."""
    label = next((str(c.get("label")) for c in message.items() if is_confirm(c)), "")
    found = re.search(r"\((\d+) picked\)", label)
    return int(found[1]) if found else 0


def picked_so_far(message: Message) -> tuple[int, int, int] | None:
    """(picked, fewest, most) from the choice screen's "Picked so far" line, when there is one."""
    found = PICKED.search(message.content)
    if found is None:
        return None
    low = int(found[2])
    return int(found[1]), low, int(found[3] or low)


def control_key(control: dict) -> tuple:
    """What a person sees of a control: its kind and label, or a menu's prompt, options and pick counts."""
    if control.get("type") == 2:
        return (2, control.get("label"), control.get("style"))
    options = tuple((o.get("label"), o.get("value")) for o in control.get("options", []))
    return (
        control.get("type"),
        control.get("placeholder"),
        options,
        control.get("min_values", 1),
        control.get("max_values", 1),
    )


def same_controls(a: Message, b: Message) -> bool:
    keys_a, keys_b = (
        sorted(map(repr, map(control_key, move_controls(a)))),
        sorted(map(repr, map(control_key, move_controls(b)))),
    )
    return bool(keys_a) and keys_a == keys_b


@dataclass
class Click:
    """One interaction a person made, and what came of it."""

    person: str
    user_id: int
    table: int
    what: str  # "move", "hand", or "pick" (the choice screen: a selection built, or another decision shown)
    handle: InteractionHandle
    message_id: int | None  # the message clicked
    generation: int
    injected_at: float
    #: Moves of this person in the action log just before the click (moves only).
    moves_before: int = 0
    #: Clicked on an older hand message than the fresh one; shown before the bot's last restart.
    old: bool = False
    across_restart: bool = False
    #: accepted, refused, message, unacknowledged (the kill came first), unanswered (acknowledged, then killed)
    outcome: str = "pending"
    sentence: str = ""
    #: seq when the person knew what came of it (its answer, or the bot back after a kill).
    resolved_seq: int = 0
    armed: bool = False


@dataclass
class Finding:
    """Something a person noticed that a user would call a defect."""

    kind: str
    person: str
    table: int
    detail: str


@dataclass
class World:
    """What all people share: the loopback, the watch, the bot, the killer, the database, the records."""

    server: LoopbackDiscord
    watch: Watch
    bot: BotProcess
    killer: Killer | None
    ledger: Ledger
    clicks: list[Click] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def history(self, message_id: int, last: int = 4) -> list[str]:
        """The latest events that touched a message (for a finding's detail)."""
        events = [e for e in self.server.recorder.events if e.message_id == message_id][-last:]
        now = time.monotonic()
        return [
            f"#{e.seq} {now - self.watch.times[e.seq]:.2f} s ago {e.kind} (interaction {e.interaction_id}): "
            f"{str(e.content)[-90:]!r}"
            for e in events
        ]

    def table_message(self, number: int) -> Message | None:
        """The table's public message: the latest one that names the table and has buttons or says it is over."""
        found = None
        for message in self.server.recorder.messages.values():
            if message.deleted or message.ephemeral or message.visible_only_to is not None:
                continue
            title = " ".join(str(e.get("title", "")) for e in message.embeds)
            if table_number(message.content) == number or table_number(title) == number:
                found = message
        return found

    async def inject_click(
        self, user: UserSpec, message: Message, control: dict, values: list[str] | None
    ) -> InteractionHandle:
        if control.get("type") == 2:
            return await self.server.click(user, message, custom_id=control["custom_id"])
        return await self.server.select(user, message, values or [], custom_id=control["custom_id"])

    async def outcome(self, click: Click) -> None:
        """Wait for what the click came to (across a kill and restart) and record it."""
        handle, generation, bot, watch = click.handle, click.generation, self.bot, self.watch
        state = handle.state

        def dead() -> bool:
            return bot.generation != generation or not bot.up.is_set()

        def final() -> Event | None:
            if state.callback_type in (4, 7, 9):
                return state.callback_event
            return next((e for e in handle.events if e.kind in ("edit_original", "followup")), None)

        deadline = self.server.answer_deadline + 2
        try:
            await watch.until(lambda: final() or dead() or (state.attempts and state.callback_type is None), deadline)
        except TimeoutError:
            if state.callback_type is None:  # a live bot never acknowledged it: Discord said it failed
                gateway = self.server.gateway
                self.findings.append(
                    Finding(
                        "unanswered by a live bot",
                        click.person,
                        click.table,
                        f"{click.what} click in generation {generation} (now {bot.generation}, up "
                        f"{bot.up.is_set()}, process exit {bot.process and bot.process.returncode}); gateway "
                        f"sessions with a socket {sum(s.socket is not None for s in gateway.sessions.values())}, "
                        f"connections {len(gateway.connections)}",
                    )
                )
                click.outcome, click.resolved_seq = "unacknowledged", watch.seq
                return
            await watch.until(lambda: final() or dead(), STUCK_AFTER)
        if final() is None and dead():
            await bot.running()
            try:  # the restarted bot may still answer it (its token lives 15 minutes)
                await watch.until(final, LATE)
            except TimeoutError:
                click.outcome = "unacknowledged" if state.callback_type is None else "unanswered"
                click.resolved_seq = watch.seq
                return
        event = final()
        if event is None:
            click.outcome = "refused by Discord"
            click.resolved_seq = watch.seq
            return
        click.resolved_seq = event.seq
        shown = self.server.recorder.messages.get(event.message_id or 0)
        if (event.kind == "edit_original" and state.callback_type == 6) or event.callback_type == 7:
            click.outcome = "accepted" if event.message_id == click.message_id else "other"
        elif shown is not None and shown.ephemeral and not shown.attachments and not shown.components:
            # After a restart the bot tells a person whose click it saved but never answered that it was saved.
            saved = SAVED_BEFORE_RESTART in (shown.content or "")
            click.outcome, click.sentence = ("saved" if saved else "refused"), shown.content
        else:
            click.outcome = "message"


class Person:
    """One scripted person at one table."""

    def __init__(self, world: World, user: UserSpec, number: int, game: Game, has_computers: bool, seed: int) -> None:
        self.world, self.user, self.number, self.game = world, user, number, game
        self.has_computers = has_computers
        self.rng = random.Random(seed)
        self.mention = f"<@{user.id}>"
        #: Every hand message shown to this person (ids), oldest first, with the generation that showed it.
        self.held: dict[int, int] = {}
        #: The hand message the bot keeps up to date for them, in this generation of the bot.
        self.open_hand: tuple[int, int] | None = None
        self.clicks: list[Click] = []
        self.finished = False
        #: Choices refused since my last accepted move, how many, and decisions looked at meanwhile.
        self.refused: set[tuple] = set()
        self.failures = 0
        #: My last accepted move was a step back (Undo): this time I draw from the stock.
        self.stepped_back = False
        self.tried_decisions: set[str] = set()

    # -- reading Discord ------------------------------------------------------------------------
    def my_turn(self, table: Message) -> bool:
        for line in table.content.splitlines():
            if "waiting on" in line.lower():
                return self.mention in re.split(r"\(already", line, maxsplit=1)[0]
        return False

    @staticmethod
    def over(table: Message) -> bool:
        labels = {b.get("label") for b in table.buttons}
        return "Show my hand" not in labels and ("Rematch" in labels or "over" in table.content.lower())

    # -- playing --------------------------------------------------------------------------------
    async def play(self) -> None:
        """Until the table message shows the end: act when it says it is my turn, or when my open
        hand shows me a move; look when it is quiet."""
        world, watch = self.world, self.world.watch
        handled: tuple[int, int] | None = None
        hand_handled: tuple[int, int, int] | None = None
        changed_at = acted_at = time.monotonic()
        while not self.finished:
            await world.bot.running()
            table = world.table_message(self.number)
            assert table is not None, f"table #{self.number} has no message"
            if self.over(table):
                self.finished = True
                return
            key = (world.bot.generation, watch.shown_at.get(table.id, 0))
            now = time.monotonic()
            if key != handled:
                handled, changed_at = key, now
                if self.my_turn(table):
                    await self.check_open_hand()
                    if not await self.take_turn(looked=False, table_quiet_for=0):
                        handled = None  # refused or cut off by a kill: look again (after a breath)
                        await asyncio.sleep(0.3)
                    acted_at = time.monotonic()
                continue
            hand_key = self.hand_shows_a_move()
            if hand_key is not None and hand_key != hand_handled:
                hand_handled = hand_key  # my open hand was refreshed and holds a move: no need to wait
                if not await self.take_turn(looked=False, table_quiet_for=0):
                    hand_handled = None
                    await asyncio.sleep(0.3)
                acted_at = time.monotonic()
                continue
            if now - changed_at > STUCK_AFTER:
                raise AssertionError(f"{self.user.name} at table #{self.number}: nothing moved for {STUCK_AFTER} s")
            quiet = now - max(changed_at, acted_at)
            if quiet < LOOK_AGAIN:
                await watch.changed(LOOK_AGAIN - quiet)
                continue
            await self.take_turn(looked=True, table_quiet_for=now - changed_at)
            acted_at = time.monotonic()

    def hand_shows_a_move(self) -> tuple[int, int, int] | None:
        """(generation, message, when it last changed) of my open hand, when it shows a move."""
        world = self.world
        if self.open_hand is None or self.open_hand[1] != world.bot.generation:
            return None
        message = world.server.recorder.messages[self.open_hand[0]]
        if not move_controls(message):
            return None
        return world.bot.generation, message.id, world.watch.shown_at.get(message.id, 0)

    async def check_open_hand(self) -> None:
        """Issue 10, item 4: the table says it is my turn; my open hand must follow within PATIENCE."""
        world = self.world
        if self.open_hand is None or self.open_hand[1] != world.bot.generation:
            return
        hand_id, generation = self.open_hand
        messages = world.server.recorder.messages

        def settled() -> bool:
            table = world.table_message(self.number)
            return (
                world.bot.generation != generation
                or not world.bot.up.is_set()  # killed: nothing is edited until the restart
                or bool(move_controls(messages[hand_id]))
                or table is None
                or not self.my_turn(table)
                or self.over(table)
            )

        if settled():
            return
        started = time.monotonic()
        try:
            await world.watch.until(settled, PATIENCE)
        except TimeoutError:
            table = world.table_message(self.number)
            saved = world.ledger.waiting_on(self.number)
            world.findings.append(
                Finding(
                    # The hand lags behind the saved state (item 4), or the table message does.
                    "stall" if self.user.name in saved else "stale table message",
                    self.user.name,
                    self.number,
                    f"for {time.monotonic() - started:.1f} s (bot generation {generation}, up for "
                    f"{started - world.bot.up_at.get(generation, started):.1f} s when it began) "
                    f"the table message said {table and table.content!r} "
                    f"but the open hand message said {messages[hand_id].content!r}; the database (version "
                    f"{world.ledger.table(self.number)['version']}) waits on {world.ledger.waiting_on(self.number)}; "
                    f"the hand's last events: {world.history(hand_id)}; "
                    f"the table's: {world.history(table.id if table else 0)}",
                )
            )

    async def take_turn(self, *, looked: bool, table_quiet_for: float) -> bool:
        """Show my hand, then click until a move is accepted (on an old message when one shows the same)."""
        world = self.world
        table = world.table_message(self.number)
        assert table is not None
        fresh = await self.show_hand(table)
        if fresh is None or not move_controls(fresh):
            return False
        if looked and table_quiet_for >= PATIENCE and not self.my_turn(world.table_message(self.number) or table):
            world.findings.append(
                Finding(
                    "stale table message",
                    self.user.name,
                    self.number,
                    f"the table message said {table.content!r} for {table_quiet_for:.1f} s, "
                    f"but the hand holds a move: {fresh.content!r}",
                )
            )
        for _ in range(CLICKS_PER_LOOK):
            fresh = world.server.recorder.messages[fresh.id]  # as it stands now: the bot keeps it up to date
            if not move_controls(fresh):
                return False
            if any(is_confirm(c) for c in fresh.items()):
                done = await self.work_screen(fresh)
            else:
                done = await self.plain_move(fresh)
            if done is not None:
                return done
        return False

    # -- choosing like a sensible person --------------------------------------------------------
    def signature(self, control: dict, values: list[str] | None) -> tuple:
        """A choice as the person remembers it: the control and what was picked in it."""
        return (control_key(control), tuple(sorted(values or ())))

    def refuse(self, signature: tuple) -> None:
        """That choice was refused: not again (until the game moves on), and fall back sooner."""
        self.refused.add(signature)
        self.failures += 1

    def accepted(self) -> None:
        self.refused.clear()
        self.tried_decisions.clear()
        self.failures = 0

    def choose(self, message: Message) -> tuple[dict, list[str] | None]:
        """A control of the hand and its picks: never a choice already refused; once random
        combinations keep failing, a plain answer (a button such as "none", "pass" or "undo",
        or a single pick), or another of my decisions."""
        controls = move_controls(message)
        menu = next((c for c in controls if is_menu(c)), None)
        candidates: list[tuple[dict, list[str] | None]] = []
        for control in controls:
            if is_menu(control) or is_clear(control) or is_confirm(control):
                continue
            if control.get("type") == 2:
                if self.signature(control, None) not in self.refused:
                    candidates.append((control, None))
            elif (values := self.sample(control)) is not None:
                candidates.append((control, values))
        if self.failures >= 2:
            plain = [(c, v) for c, v in candidates if c.get("type") == 2 and PLAIN_ANSWER.search(str(c.get("label")))]
            single = [(c, v) for c, v in candidates if c.get("type") == 2 or c.get("max_values", 1) == 1]
            other = self.other_decision(menu) if self.failures >= 3 else None
            if plain:
                return self.rng.choice(plain)
            if other is not None and (not single or self.rng.random() < 0.5):
                return other
            if single:
                return self.rng.choice(single)
        forward = [(c, v) for c, v in candidates if not STEP_BACK.search(str(c.get("label")))]
        stock = [(c, v) for c, v in forward if STOCK.search(str(c.get("label")))]
        if self.stepped_back and stock:
            return self.rng.choice(stock)
        if forward or candidates:
            return self.rng.choice(forward or candidates)
        other = self.other_decision(menu)
        if other is not None:
            return other
        self.refused.clear()  # everything was refused once: the game may have moved on since
        control = self.rng.choice([c for c in controls if not is_clear(c)])
        return control, self.sample(control) if control.get("type") == 3 else None

    def other_decision(self, menu: dict | None) -> tuple[dict, list[str]] | None:
        """Another of my decisions, from the choice screen's menu (one not looked at since my last move)."""
        if menu is None:
            return None
        shown = [o["value"] for o in menu.get("options", []) if o.get("default")]
        self.tried_decisions.update(shown)
        others = [o["value"] for o in menu.get("options", []) if o["value"] not in self.tried_decisions]
        if not others:
            return None
        return menu, [self.rng.choice(others)]

    def sample(self, select: dict) -> list[str] | None:
        """Picks for a select menu that were not refused before (few, mostly), or None."""
        values = [o["value"] for o in select.get("options", [])]
        low = max(1, select.get("min_values", 1))
        high = min(len(values), select.get("max_values", 1))
        if low > high:
            return None
        for _ in range(40):
            count = low if self.rng.random() < 0.6 else self.rng.randint(low, min(high, low + 3))
            picks = self.rng.sample(values, count)
            if self.signature(select, picks) not in self.refused:
                return picks
        return None

    async def plain_move(self, fresh: Message) -> bool | None:
        """One click on the hand's buttons and menus; True: a move was accepted, None: refused (choose
        again), False: cut off (look at the table again)."""
        world = self.world
        target = self.choose_message(fresh)
        control, values = self.choose(target)
        if is_menu(control):  # shows another decision: no move
            return None if await self.click_pick(fresh, control, values) else False
        if self.rng.random() < 0.2:  # a person sometimes thinks before clicking (a kill may come meanwhile)
            await asyncio.sleep(self.rng.uniform(0, 0.5))
            await world.bot.running()
        click = await self.click_move(target, control, values, fresh)
        if click is None:
            return False
        if click.outcome == "accepted":
            return True
        if click.outcome != "refused":
            return False
        if target.id == fresh.id:
            self.refuse(self.signature(control, values))
            return None
        # The old message was refused: is the same control on the fresh message accepted?
        fresh = world.server.recorder.messages[fresh.id]
        retry_control = next((c for c in move_controls(fresh) if control_key(c) == control_key(control)), None)
        if retry_control is None:
            return None
        retry = await self.click_move(fresh, retry_control, values, fresh)
        if retry is not None and retry.outcome == "accepted":
            world.findings.append(
                Finding(
                    "valid button refused",
                    self.user.name,
                    self.number,
                    f"{control_key(control)[:2]} on a hand message shown in bot generation {self.held[target.id]} "
                    f"(now {world.bot.generation}) was refused with {click.sentence!r}; the same control "
                    f"on a fresh hand message was accepted",
                )
            )
            return True
        if retry is not None and retry.outcome == "refused":
            self.refuse(self.signature(control, values))
            return None
        return False

    async def work_screen(self, message: Message) -> bool | None:
        """The choice screen: clear what is picked, pick a selection not refused before, Confirm."""
        world = self.world
        messages = world.server.recorder.messages
        controls = move_controls(message)
        menu = next((c for c in controls if is_menu(c)), None)
        picker = picker_of(message)
        if picker is None:
            return await self.plain_move(message)
        # How many to pick, as the screen says; when it does not, any number (Confirm tells).
        counts = picked_so_far(message) or (confirm_count(message), 1, len(picker.get("options", [])))
        if self.failures >= 3 and (other := self.other_decision(menu)) is not None and self.rng.random() < 0.5:
            return None if await self.click_pick(message, *other) else False
        picked, low, high = counts
        if picked:  # start from nothing
            clear = next((c for c in controls if is_clear(c)), None)
            if clear is None or not await self.click_pick(message, clear, None):
                return False
            message = messages[message.id]
            picker = picker_of(message)
            if picker is None:
                return None
        ordered = picker.get("max_values", 1) == 1
        values = [o["value"] for o in picker.get("options", [])]
        if len(values) < low:  # over several pages: not something these people do
            return None
        choice: list[str] | None = None
        for _ in range(40):
            count = low if self.rng.random() < 0.6 else self.rng.randint(low, min(high, low + 3, len(values)))
            sample = self.rng.sample(values, count)
            key = ("screen", control_key(picker)[:2], tuple(sample) if ordered else tuple(sorted(sample)))
            if key not in self.refused:
                choice = sample
                break
        if choice is None:
            self.refused.clear()
            return None
        for step in [[v] for v in choice] if ordered else [choice]:
            picker = picker_of(messages[message.id])
            if picker is None or not await self.click_pick(messages[message.id], picker, step):
                return False
        message = messages[message.id]
        confirm = next((c for c in move_controls(message) if is_confirm(c)), None)
        if confirm is None:  # not a selection Confirm takes, or the screen changed under us: another one
            self.refuse(key)
            return None
        click = await self.click_move(message, confirm, None, message)
        if click is None:
            return False
        if click.outcome == "refused":
            self.refuse(key)
            return None
        return click.outcome == "accepted"

    async def show_hand(self, table: Message) -> Message | None:
        world = self.world
        try:
            handle = await world.server.click(self.user, table, label="Show my hand")
        except KeyError:  # the table message changed under us (the game is over)
            return None
        click = Click(
            self.user.name, self.user.id, self.number, "hand", handle, table.id, world.bot.generation, time.monotonic()
        )
        self.clicks.append(click)
        world.clicks.append(click)
        await world.outcome(click)
        if click.outcome == "refused" and world.ledger.table(self.number)["status"] == "finished":
            world.findings.append(
                Finding(
                    "end never shown",
                    self.user.name,
                    self.number,
                    f"the game is over in the database but the table message still says {table.content!r}; "
                    f"Show my hand answers {click.sentence!r}",
                )
            )
            self.finished = True
        if click.outcome != "message":
            return None
        event = handle.state.callback_event
        message_id = handle.state.original_message_id if event is not None else None
        fresh = world.server.recorder.messages.get(message_id or 0)
        if fresh is None or not fresh.ephemeral:
            return None
        self.held[fresh.id] = click.generation
        self.open_hand = (fresh.id, click.generation)
        return fresh

    def choose_message(self, fresh: Message) -> Message:
        """An old hand message that shows the same move as the fresh one, when there is one."""
        world = self.world
        moves_now = world.ledger.player_moves(self.number, self.user.id)
        boundary = 0  # seq after which a hand message reflects my last move that reached the game
        moves = [c for c in self.clicks if c.what == "move"]
        for i in range(len(moves) - 1, -1, -1):
            after = moves[i + 1].moves_before if i + 1 < len(moves) else moves_now
            if after > moves[i].moves_before:
                boundary = moves[i].resolved_seq
                break
        messages = world.server.recorder.messages
        candidates = [
            messages[m]
            for m in self.held
            if m != fresh.id and world.watch.shown_at.get(m, 0) > boundary and same_controls(messages[m], fresh)
        ]
        if candidates and self.rng.random() < 0.9:
            oldest = min(self.held[m.id] for m in candidates)
            return self.rng.choice([m for m in candidates if self.held[m.id] == oldest])
        return fresh

    async def click_move(
        self, target: Message, control: dict, values: list[str] | None, fresh: Message
    ) -> Click | None:
        world = self.world
        await world.bot.running()
        moves_before = world.ledger.player_moves(self.number, self.user.id)
        user_id, target_id = self.user.id, target.id

        def this_click(state: InteractionState) -> bool:
            return state.type == COMPONENT and state.user.id == user_id and state.source_message_id == target_id

        armed = world.killer is not None and world.killer.ack_kill_wanted(this_click)
        try:
            handle = await world.inject_click(self.user, target, control, values)
        except (KeyError, InjectionError):  # the message changed since the person looked at it
            if armed and world.killer is not None:
                world.killer.disarm()
            return None
        click = Click(
            self.user.name,
            self.user.id,
            self.number,
            "move",
            handle,
            target.id,
            world.bot.generation,
            time.monotonic(),
            moves_before=moves_before,
            old=target.id != fresh.id,
            across_restart=self.held[target.id] != world.bot.generation,
            armed=armed,
        )
        self.clicks.append(click)
        world.clicks.append(click)
        await world.outcome(click)
        if click.outcome == "accepted":
            self.accepted()
            self.stepped_back = bool(STEP_BACK.search(str(control.get("label"))))
            self.open_hand = (target.id, click.generation)
            if world.killer is not None:
                world.killer.after_move(self.number, self.has_computers)
        return click

    async def click_pick(self, message: Message, control: dict, values: list[str] | None) -> bool:
        """A click on the choice screen that makes no move (pick, clear, another decision): True if shown."""
        world = self.world
        await world.bot.running()
        try:
            handle = await world.inject_click(self.user, message, control, values)
        except (KeyError, InjectionError):  # the message changed since the person looked at it
            return False
        generation, now = world.bot.generation, time.monotonic()
        click = Click(self.user.name, self.user.id, self.number, "pick", handle, message.id, generation, now)
        self.clicks.append(click)
        world.clicks.append(click)
        await world.outcome(click)
        return click.outcome == "accepted"
