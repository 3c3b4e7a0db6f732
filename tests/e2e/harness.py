"""Drive the real Parlour bot, in this process, through the loopback Discord.

``Parlour`` starts a ParlourBot against a LoopbackDiscord with a fresh SQLite file,
can restart it (same database, same Discord: old buttons must keep working), and
offers the few steps tests repeat: open a table, press a button, read the table.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord

from bot.client import ParlourBot
from bot.db import Database, open_database
from bot.settings import Settings
from bot.tables import Table
from cogs.custom_ids import CODES
from cogs.presenter import delivery_of
from engine.core import Move
from tests.loopback.injection import (
    APPLICATION_COMMAND,
    COMPONENT,
    InteractionHandle,
    command_options,
    find_command,
)
from tests.loopback.models import ChannelSpec, UserSpec
from tests.loopback.recorder import Message
from tests.loopback.server import LoopbackDiscord

#: The lobby's and table message's buttons, by their English label: the action their custom_id carries.
TABLE_BUTTONS = {
    "Join": "join",
    "Leave": "leave",
    "Add computer": "add_computer",
    "Remove computer": "remove_computer",
    "Options": "options",
    "Start": "start",
    "Cancel": "cancel",
    "Show my hand": "hand",
    "Rematch": "rematch",
}


class FakeClock:
    """A clock the tests move by hand (idle timers, message age)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


class Parlour:
    """A running Parlour bot and the loopback Discord it talks to."""

    def __init__(self, server: LoopbackDiscord, db_path: Path) -> None:
        self.server = server
        self.settings = Settings(
            discord_token=server.token,
            database_url=f"sqlite+aiosqlite:///{db_path}",
            discord_api_url=server.api_url,
            discord_gateway_url=server.gateway_url,
            computer_pause_ms=0,
            idle_check_seconds=3600,
        )
        self.clock = FakeClock()
        self.bot: ParlourBot | None = None
        self.database: Database | None = None
        self._task: asyncio.Task | None = None
        self.channel = server.channel("general")

    async def start(self) -> ParlourBot:
        self.database = await open_database(self.settings.database_url)
        bot = ParlourBot(self.settings, self.database, edit_interval=0, clock=self.clock, guild_ready_timeout=0.05)
        self.bot = bot
        await bot.login(self.settings.discord_token)
        self._task = asyncio.create_task(bot.connect(reconnect=False))
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        for guild in self.server.guilds if hasattr(self.server, "guilds") else [self.server.guild]:
            await bot.store_adapter.update_settings(guild.id, computer_pause_ms=0, use_threads=False)
        return bot

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            await asyncio.wait_for(asyncio.gather(self._task, return_exceptions=True), 10)
        if self.database is not None:
            await self.database.close()
        self.bot = self.database = self._task = None

    async def restart(self) -> ParlourBot:
        await self.stop()
        return await self.start()

    # -- steps -------------------------------------------------------------
    async def open_table(self, host: UserSpec, game: str = "highcard", channel: ChannelSpec | None = None) -> Message:
        """Run /play (in ``channel``, default #general of the first server) and return the lobby message."""
        channel = channel or self.channel
        handle = await self.server.slash(host, "play", channel=channel, game=game)
        answer = await handle.message()
        said = "is open" if host.locale == "en-US" else "#"  # the answer is in the host's own language
        assert said in answer.content, answer.content
        lobby = await self.server.recorder.wait_for(lambda: self._lobby(channel))
        assert isinstance(lobby, Message)
        return lobby

    def _lobby(self, channel: ChannelSpec) -> Message | None:
        for message in reversed(self.server.recorder.messages_in(channel.id)):
            if any(b.get("custom_id", "").startswith(f"pl:{CODES['join']}:") for b in message.buttons):
                return message
        return None

    async def press(self, user: UserSpec, message: Message, label: str) -> tuple[str, Message | None]:
        """Press a button; return what the user saw and the message it showed or edited.

        "update": the pressed message was edited (at once, or after a deferred update);
        "message": a new message; "refused": an ephemeral sentence; "modal": a form opened.
        """
        return await self.outcome(await self.server.click(user, message, **self.button(message, label)))

    @staticmethod
    def button(message: Message, label: str) -> dict[str, str]:
        """How to find a button: a lobby's or table's by its action (its label is in the server's
        language: "Join" is "参加" on a Japanese server), any other by its label."""
        action = TABLE_BUTTONS.get(label)
        if action is None:
            return {"label": label}
        code = f"pl:{CODES[action]}:"
        found = next((b for b in message.buttons if b.get("custom_id", "").startswith(code)), None)
        return {"custom_id": found["custom_id"]} if found is not None else {"label": label}

    async def outcome(self, handle: InteractionHandle) -> tuple[str, Message | None]:
        """What an interaction came to, once the bot has finished answering it (see ``press``)."""
        event = await handle.answer()
        messages = self.server.recorder.messages
        if event.callback_type != 6:
            return _kind(event.callback_type), messages.get(event.message_id or 0)
        # A deferred update: the user sees the message edited, or a sentence only they can see.
        while True:
            later = await handle.next()
            if later.kind == "edit_original":
                return "update", messages.get(later.message_id or 0)
            if later.kind == "followup":
                return ("refused" if later.ephemeral else "message"), messages.get(later.message_id or 0)

    def tables(self) -> dict:
        assert self.bot is not None
        return self.bot.tables.tables

    def table(self, table_id: int) -> Table:
        """The table as the bot holds it (open or just finished)."""
        assert self.bot is not None
        service = self.bot.tables
        table = service.tables.get(table_id) or service.finished.get(table_id)
        assert table is not None, f"the bot holds no table {table_id}"
        return table

    def snapshot(self, table_id: int) -> tuple[int, str | None, str]:
        """What must not change when a bad input is refused: version, state JSON, status."""
        table = self.table(table_id)
        return table.version, table.state.to_json() if table.state else None, table.status

    def table_message(self, table_id: int) -> Message:
        table = self.table(table_id)
        message = self.server.recorder.messages.get(table.message_id or 0)
        assert message is not None, f"table {table_id} has no message"
        return message

    async def start_game(
        self,
        host: UserSpec,
        people: Sequence[UserSpec] = (),
        computers: int = 0,
        game: str = "highcard",
        options: dict[str, str] | None = None,
        channel: ChannelSpec | None = None,
    ) -> int:
        """/play, join, add computers, set options, Start; return the table id."""
        lobby = await self.open_table(host, game, channel)
        for person in people:
            assert (await self.press(person, lobby, "Join"))[0] == "update"
        for _ in range(computers):
            assert (await self.press(host, lobby, "Add computer"))[0] == "update"
        if options:
            opened = await self.server.click(host, lobby, **self.button(lobby, "Options"))
            modal = await opened.modal()
            fields = {_input_id(modal, name): value for name, value in options.items()}
            kind, _ = await self.outcome(await self.server.submit_modal(host, opened, fields))
            assert kind == "update", kind
        table_id = lobby_id(lobby)
        kind, _ = await self.press(host, lobby, "Start")
        assert kind == "update"
        await self.settle()
        return table_id

    async def rematch(self, user: UserSpec, table_id: int) -> tuple[int, Message]:
        """Press Rematch on a finished table's message; return the new lobby's id and message (the
        click answers first, by taking the button off the old message, then posts the lobby)."""
        finished = self.table_message(table_id)
        kind, _ = await self.press(user, finished, "Rematch")
        assert kind == "update", kind
        channel = self.server.channel(finished.channel_id)

        def lobby() -> Message | None:
            found = self._lobby(channel)
            return found if found is not None and lobby_id(found) != table_id else None

        message = await self.server.recorder.wait_for(lobby)
        assert isinstance(message, Message)
        return lobby_id(message), message

    async def forge(
        self, user: UserSpec, message: Message, custom_id: str, values: list[str] | None = None
    ) -> InteractionHandle:
        """A click with a custom_id the bot may never have sent (a modified client can do this)."""
        data: dict = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
        if values is not None:
            data["values"] = values
        return await self.server._inject(COMPONENT, user, self.server.channel(message.channel_id), data, message)

    async def slash(
        self, user: UserSpec, command: str, options: dict, channel: ChannelSpec | None = None
    ) -> InteractionHandle:
        """A slash command whose options may be called ``user`` or ``channel`` (the loopback's
        own ``slash`` takes those names as keywords), in ``channel`` (default: #general of the
        first server)."""
        server = self.server
        channel = channel or self.channel
        guild_id = server.guild_of(channel.id).id
        scope = guild_id if server.commands.get(guild_id) else None
        root, subs, leaf = find_command(server.commands.get(scope, []), command)
        nested, resolved = command_options(leaf, subs, options, guild_id, server)
        data: dict = {"id": root["id"], "name": root["name"], "type": 1, "options": nested}
        if resolved:
            data["resolved"] = resolved
        return await server._inject(APPLICATION_COMMAND, user, channel, data)

    async def sentence(self, handle: InteractionHandle) -> str:
        """The ephemeral sentence the bot answered with (asserting it is one)."""
        event = await handle.answer()
        if event.callback_type == 4:
            assert event.ephemeral, event.body
            return event.content or ""
        followup = await handle.next("followup")
        # The message as people see it: the first follow-up of a public "thinking…" stays public.
        shown = self.server.recorder.messages[followup.message_id or 0]
        assert shown.ephemeral and shown.visible_only_to is not None, followup.body
        return followup.content or ""

    async def show_hand(self, user: UserSpec, table_id: int) -> Message:
        """Press Show my hand on the table message; return the ephemeral answer."""
        message = self.table_message(table_id)
        handle = await self.server.click(user, message, **self.button(message, "Show my hand"))
        return await handle.message()

    async def play(self, user: UserSpec, table_id: int, move: Move | None = None) -> InteractionHandle:
        """Open the hand and make ``move`` (default: the game's computer choice) with its controls."""
        table = self.table(table_id)
        seat = table.seat_of(user.id)
        assert seat is not None and table.state is not None
        if move is None:
            move = table.game.computer_player(table.version).choose(table.state.view(seat))
        hand = await self.show_hand(user, table_id)
        return await self.choose(user, hand, move)

    async def choose(self, user: UserSpec, hand: Message, move: Move) -> InteractionHandle:
        """Make ``move`` with the buttons and select menus of a hand message (paging if needed),
        or with the choice screen when the hand shows one (see ``build_selection``)."""
        server = self.server
        hand = await self._show_decision(user, hand, move.kind)
        if any(i.get("custom_id", "").startswith(f"pd:{self._table_of(hand)}:") for i in hand.items()) and any(
            _draft_part(i, "s", move.kind) or _draft_part(i, "c", move.kind) for i in hand.items()
        ):
            return await self.build_selection(user, hand, move)
        for _ in range(10):
            for item in hand.items():
                custom_id = item.get("custom_id", "")
                if item.get("type") == 2 and custom_id.startswith("pl:m:") and custom_id.endswith(":" + move.text()):
                    return await server.click(user, hand, custom_id=custom_id)
            for item in hand.items():
                custom_id = item.get("custom_id", "")
                if item.get("type") == 3 and custom_id.split(":")[3] == move.kind:
                    offered = {o["value"] for o in item["options"]}
                    if set(move.picks) <= offered:
                        return await server.select(user, hand, list(move.picks), custom_id=custom_id)
                    pager = next(
                        (
                            b
                            for b in hand.buttons
                            if b["custom_id"].startswith("pl:p:")
                            and b["custom_id"].split(":")[4] == move.kind
                            and "▶" in b["label"]
                        ),
                        None,
                    )
                    assert pager is not None and not pager.get("disabled"), f"{move} is not on any page"
                    await (await server.click(user, hand, custom_id=pager["custom_id"])).answer()
                    hand = server.recorder.messages[hand.id]
                    break
            else:
                raise AssertionError(f"no control for {move} in {[i.get('custom_id') for i in hand.items()]}")
        raise AssertionError(f"could not find {move}")

    @staticmethod
    def _table_of(hand: Message) -> str:
        found = next(
            (i["custom_id"].split(":")[1] for i in hand.items() if i.get("custom_id", "")[:3] in ("pd:", "pv:")), ""
        )
        return found or next(
            (i["custom_id"].split(":")[2] for i in hand.items() if i.get("custom_id", "")[:3] == "pl:"), ""
        )

    async def _show_decision(self, user: UserSpec, hand: Message, kind: str) -> Message:
        """On a choice screen listing several decisions, show the one of ``kind``."""
        chooser = next((i for i in hand.items() if _draft_part(i, "d", None)), None)
        if chooser is None or not any(o["value"] == kind for o in chooser.get("options", [])):
            return hand
        if any(_draft_part(i, "s", kind) or _draft_part(i, "c", kind) for i in hand.items()):
            return hand
        await (await self.server.select(user, hand, [kind], custom_id=chooser["custom_id"])).answer()
        return self.server.recorder.messages[hand.id]

    async def build_selection(self, user: UserSpec, hand: Message, move: Move) -> InteractionHandle:
        """The choice screen as a person uses it: clear, pick each page's share (in order for
        ordered picks), page on, confirm."""
        server = self.server

        async def press(item: dict) -> Message:
            await (await server.click(user, hand, custom_id=item["custom_id"])).answer()
            return server.recorder.messages[hand.id]

        clear = next((i for i in hand.items() if _draft_part(i, "x", move.kind)), None)
        if clear is not None and not clear.get("disabled"):
            hand = await press(clear)
        wanted = list(move.picks)
        for _ in range(40):
            menu = next((i for i in hand.items() if _draft_part(i, "s", move.kind)), None)
            if menu is not None:
                here = [p for p in wanted if p in {o["value"] for o in menu["options"]}]
                ordered = menu.get("max_values", 1) == 1 and len(wanted) > 1
                for chunk in [[p] for p in here] if ordered else [here] if here else []:
                    await (await server.select(user, hand, chunk, custom_id=menu["custom_id"])).answer()
                    hand = server.recorder.messages[hand.id]
                    menu = next(i for i in hand.items() if _draft_part(i, "s", move.kind))
                wanted = [p for p in wanted if p not in here]
            if not wanted:
                break
            pager = next((b for b in hand.buttons if b["custom_id"].startswith("pl:p:") and "▶" in b["label"]), None)
            assert pager is not None and not pager.get("disabled"), f"{move}: {wanted} are on no page"
            hand = await press(pager)
        confirm = next(i for i in hand.items() if _draft_part(i, "c", move.kind))
        return await server.click(user, hand, custom_id=confirm["custom_id"])

    async def settle(self) -> None:
        """Let computer moves and message updates finish."""
        assert self.bot is not None
        for _ in range(200):
            presenter = delivery_of(self.bot)
            busy = [t for t in self.bot.tables._computer_tasks.values() if not t.done()]
            busy += [t for t in presenter._updaters.values() if not t.done()]
            busy += [t for t in presenter._refreshing if not t.done()]
            busy += [t for t in presenter._farewells if not t.done()]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)
        raise AssertionError("the bot never settled")


def _draft_part(item: dict, action: str, kind: str | None) -> bool:
    """Is this control the choice screen's ``action`` (s pick, c confirm, x clear, d decisions) for ``kind``?"""
    parts = item.get("custom_id", "").split(":")
    return len(parts) == 6 and parts[0] == "pd" and parts[3] == action and (kind is None or parts[4] == kind)


def _input_id(modal: dict, option: str) -> str:
    """The custom_id of the modal's text input for a game option (its label starts with the description)."""
    inputs = [c for row in modal["components"] for c in row.get("components") or [row.get("component", {})]]
    for text in inputs:
        if text["custom_id"].endswith(option) or option in text["custom_id"]:
            return text["custom_id"]
    raise KeyError(f"no input for {option!r}: {[t['custom_id'] for t in inputs]}")


def _kind(callback_type: int | None) -> str:
    return {4: "message", 5: "deferred", 7: "update", 9: "modal"}.get(callback_type or 0, "?")


__all__ = ["FakeClock", "Parlour", "discord"]


def lobby_id(lobby: Message) -> int:
    """The table number a lobby message shows ("High Card: table #12")."""
    return int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
