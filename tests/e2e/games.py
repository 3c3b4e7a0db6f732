"""Play whole games through Discord, checking every public message for hidden cards as we go."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter

import pytest

from cogs import table_pictures
from engine import registry
from render import pictures_for
from tests.e2e.harness import Parlour
from tests.loopback.models import UserSpec


def _leaves(value: object, found: set[str]) -> None:
    """Every text a view shows: strings, numbers, card labels (walking dataclasses and tuples)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            _leaves(getattr(value, field.name), found)
    elif isinstance(value, tuple | list):
        for item in value:
            _leaves(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _leaves(item, found)
    if not isinstance(value, dict | list):
        found.add(str(value))
    label = getattr(value, "label", None)
    if isinstance(label, str):
        found.add(label)


def secrets(parlour: Parlour, table_id: int) -> set[str]:
    """Texts of cards only one seat holds now, that the spectator view does not show."""
    table = parlour.table(table_id)
    if table.state is None or table.state.is_over:
        return set()
    public: set[str] = set()
    _leaves(table.state.view(None), public)
    held: Counter[str] = Counter()
    for seat in range(len(table.seats)):
        view = table.state.view(seat)
        texts: set[str] = set()
        for card in getattr(view, "hand", ()):
            texts.add(str(card))
            if isinstance(getattr(card, "label", None), str):
                texts.add(card.label)
        held.update(texts)
    return {text for text, count in held.items() if count == 1 and text not in public and len(text) > 1}


class LeakWatch:
    """Checks every public message the bot sent since the last check against the current secrets."""

    def __init__(self, parlour: Parlour) -> None:
        self.parlour = parlour
        self.seen = 0
        self.checked = 0

    def check(self, table_id: int) -> None:
        events = self.parlour.server.recorder.events
        hidden = secrets(self.parlour, table_id)
        for event in events[self.seen :]:
            if event.ephemeral or event.kind.startswith("delete"):
                continue
            assert not any(f.filename == "hand.png" for f in event.files), "a hand picture went public"
            text = (event.content or "") + " " + str(event.embeds)
            for secret in hidden:
                assert not re.search(rf"(?<![\w-]){re.escape(secret)}(?!\w)", text), f"{secret!r} leaked: {text}"
            self.checked += 1
        self.seen = len(events)


async def play_whole_game(
    parlour: Parlour, table_id: int, people: list[UserSpec], watch: LeakWatch | None = None, limit: int = 3000
) -> int:
    """People play (through their hand messages) until the game ends; return their move count."""
    users = {p.id: p for p in people}
    for moves in range(limit):
        await parlour.settle()
        if watch:
            watch.check(table_id)
        table = parlour.table(table_id)
        if table.status != "playing":
            return moves
        waiting = table.waiting_people()
        assert waiting, f"the game waits on nobody: {table.state.waiting_on()}"
        user = users[table.seats[waiting[0]].user_id]
        kind, hand = await parlour.outcome(await parlour.play(user, table_id))
        assert kind == "update" and hand is not None and hand.ephemeral, kind
    raise AssertionError("the game did not end")


async def whole_game_through_discord(
    parlour: Parlour,
    key: str,
    monkeypatch: pytest.MonkeyPatch,
    people_count: int,
    computers: int,
    options: dict[str, str] | None = None,
) -> None:
    """A whole game: people press the controls of their hand messages (the move is the game's own
    computer choice), computers fill the other seats; every public message is checked for hidden
    cards, and every public table picture must come from the spectator's view."""
    assert any(g.key == key for g in registry.all_games()), f"{key} is not a registered game"
    people = [parlour.server.user(n) for n in ("alice", "bob", "carol", "dave")[:people_count]]

    pictures = pictures_for(key)
    drawn: list[bytes] = []

    class Spy:
        """The game's pictures, as the bot's table UI sees them: the table one must be a spectator's."""

        hand_picture = staticmethod(pictures.hand_picture)

        @staticmethod
        def table_picture(view, *, names):
            assert view.seat is None, "the table picture was given a seat's view"
            picture = pictures.table_picture(view, names=names)
            drawn.append(picture)
            return picture

    monkeypatch.setattr(table_pictures, "pictures_for", lambda game_key: Spy)
    # One deal per game, so a run replays: a random deal can end before a person moves (a computer
    # that knocks at once in a game to 10), and then this test would have nothing to check.
    assert parlour.bot is not None
    monkeypatch.setattr(parlour.bot.tables, "_seed_source", random.Random(key))
    table_id = await parlour.start_game(people[0], people[1:], computers=computers, game=key, options=options)
    watch = LeakWatch(parlour)
    moves = await play_whole_game(parlour, table_id, people, watch)
    await parlour.settle()
    watch.check(table_id)
    assert moves > 0 and watch.checked > 0, (moves, watch.checked, parlour.table(table_id).status)
    table = parlour.table(table_id)
    assert table.status == "finished" and table.outcome is not None
    message = parlour.table_message(table_id)
    assert "Game over" in message.content
    shown = [
        f.data for e in parlour.server.recorder.events if not e.ephemeral for f in e.files if f.filename == "table.png"
    ]
    assert shown and all(picture in drawn for picture in shown)
    results = await parlour.bot.store.results_for(table_id)
    assert len(results) == people_count + computers
