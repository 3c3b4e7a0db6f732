"""When a person has exactly one possible move, the table makes it for them and says so."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.workers.scheduler import Priority
from cogs.presenter import DiscordPresenter
from tests.e2e.games import play_whole_game
from tests.e2e.harness import Parlour
from tests.testgame import GAME

SAID = "had only one possible move, so it was made for them."


class TwoDifferentCards(random.Random):
    """Seeds of deals where the two players' single cards differ: with equal cards nobody takes
    from the pot and the game is over at once, with no one left to choose (1 deal in 13)."""

    def randrange(self, *args: int) -> int:  # type: ignore[override]
        while True:
            seed = super().randrange(*args)
            hands = GAME.new_state(2, seed, {"hand_size": 1}).hands  # type: ignore[attr-defined]
            if hands[0] != hands[1]:
                return seed


@pytest.fixture(autouse=True)
def deals_that_go_on(parlour: Parlour, monkeypatch: pytest.MonkeyPatch) -> None:
    assert parlour.bot is not None
    monkeypatch.setattr(parlour.bot.tables, "_seed_source", TwoDifferentCards(1))


def last_said(parlour: Parlour, table_id: int) -> str:
    """What the table message says now (its last edit, whichever way it was sent)."""
    message_id = parlour.table_message(table_id).id
    edits = [e for e in parlour.server.recorder.events if e.message_id == message_id and e.content is not None]
    return edits[-1].content or ""


async def test_a_single_possible_move_is_made_for_the_person(parlour: Parlour) -> None:
    alice, bob = parlour.server.user("alice"), parlour.server.user("bob")
    table_id = await parlour.start_game(alice, [bob], options={"hand_size": "1"})  # one card each
    await parlour.settle()
    actions = await parlour.bot.store.actions_for(table_id)
    assert [(a.actor, a.user_id) for a in actions[:2]] == [("auto", alice.id), ("auto", bob.id)]
    assert SAID in last_said(parlour, table_id)
    table = parlour.table(table_id)
    for seat in table.waiting_people():  # whoever is left to choose has a real choice
        assert len(table.view(seat).decisions[0].options) > 1 or table.view(seat).decisions[0].max_picks > 1


def slow_start_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Start click's answer (the table message drawn for a click) takes 0.3 s more; the
    presenter's own updates of the table message do not."""
    drawn = DiscordPresenter.table_message

    async def slow_answer(self, table, note=None, priority=Priority.ANSWER):
        if priority == Priority.ANSWER:
            await asyncio.sleep(0.3)
        return await drawn(self, table, note, priority)

    monkeypatch.setattr(DiscordPresenter, "table_message", slow_answer)


async def test_a_slow_start_answer_does_not_hide_the_sentence(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Start click's answer is drawn slowly (a busy machine): the forced moves are made
    meanwhile, and their sentence must still be what the table message says in the end."""
    alice, bob = parlour.server.user("alice"), parlour.server.user("bob")
    slow_start_answer(monkeypatch)
    table_id = await parlour.start_game(alice, [bob], options={"hand_size": "1"})
    await parlour.settle()
    assert SAID in last_said(parlour, table_id)


async def test_a_slow_rematch_answer_does_not_hide_the_sentence(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same for a Rematch: its lobby's Start answer draws the new game into the lobby's message."""
    alice, bob = parlour.server.user("alice"), parlour.server.user("bob")
    table_id = await parlour.start_game(alice, [bob], options={"hand_size": "1"})
    await play_whole_game(parlour, table_id, [alice, bob])
    await parlour.settle()
    slow_start_answer(monkeypatch)
    posted = len(parlour.server.recorder.events)
    recorder = parlour.server.recorder
    rematch, lobby = await parlour.rematch(bob, table_id)
    assert rematch != table_id
    assert (await parlour.press(alice, lobby, "Join"))[0] == "update"
    assert (await parlour.press(bob, lobby, "Start"))[0] == "update"
    await parlour.settle()
    assert SAID in last_said(parlour, rematch)
    new = [e for e in recorder.events[posted:] if e.kind == "message" and not e.ephemeral]
    assert [e.message_id for e in new] == [parlour.table_message(rematch).id], "one message for the new game"
