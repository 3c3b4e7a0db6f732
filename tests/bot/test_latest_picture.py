"""A picture shows the table as it is when a worker takes it, not as it was when it was asked for.

Under load a drawing waits its turn; the moves made meanwhile (a computer's reply) are in it, and
the open hand is not edited a second time to show them.
"""

from __future__ import annotations

import asyncio
import time
from functools import partial
from typing import Any

import pytest

import cogs.presenter
from bot.i18n import words
from bot.table import Seat, Table
from bot.workers import scheduler as pictures
from bot.workers.scheduler import Priority
from cogs.message_parts import MessageParts
from cogs.presenter import DiscordPresenter
from cogs.table_pictures import TablePictures, pictures_for
from engine import registry

GAME = registry.get("gin_rummy")
PERSON = 0


def _slow(seconds: float) -> bytes:
    """Keeps a worker busy (drawn in the worker process, so a module function)."""
    time.sleep(seconds)
    return b"busy"


def keep_the_worker_busy(seconds: float = 0.5) -> list[pictures.Drawing]:
    """Drawings that take every place in the only worker for a while (the next ones queue)."""
    return [pictures.start(partial(_slow, seconds), Priority.UPDATE) for _ in range(pictures.DRAWINGS_PER_WORKER)]


def playing_table() -> Table:
    seats = [Seat(user_id=11, name="José Ñúñez"), Seat(user_id=None, name="王小明", computer=True)]
    state = GAME.new_state(2, 7)
    table = Table(1, 1, 1, GAME, 11, {}, seats, status="playing", state=state, version=1)
    computer_replies(table)
    return table


def play(table: Table, seat: int) -> None:
    """``seat`` makes the move the computer player would make, as the table service would adopt it."""
    assert table.state is not None
    table.state.act(seat, GAME.computer_player(seat).choose(table.view(seat)))
    table.version += 1


def person_moves(table: Table) -> None:
    """The person plays their turn (a draw and a discard)."""
    while table.waiting_on == (PERSON,):
        play(table, PERSON)


def computer_replies(table: Table) -> None:
    """The computer plays until it is the person's turn again."""
    while table.waiting_on != (PERSON,):
        play(table, table.waiting_on[0])


def hand_drawn(table: Table, seat: int) -> bytes:
    return pictures_for(GAME.key).hand_picture(table.view(seat), names=table.names)


@pytest.fixture
def one_worker() -> Any:
    pictures.start_picture_workers(1)
    yield
    pictures.stop_picture_workers()


async def test_a_picture_that_waits_for_a_worker_shows_the_moves_made_meanwhile(one_worker: None) -> None:
    table, kept = playing_table(), TablePictures()
    busy = keep_the_worker_busy()
    await asyncio.sleep(0)
    asked_at = table.version
    answer = asyncio.create_task(kept.latest(table, "hand", PERSON))
    await asyncio.sleep(0.05)  # queued behind the busy worker
    person_moves(table)
    computer_replies(table)  # before a worker is free

    picture = await answer
    assert picture.version == table.version > asked_at
    assert picture.png == hand_drawn(table, PERSON)
    assert picture.view.decisions == table.view(PERSON).decisions  # the controls show the same moment
    again = await kept.latest(table, "hand", PERSON, Priority.UPDATE)  # the refresh after the reply
    assert again.png is picture.png  # shared, not drawn again
    await asyncio.gather(*(d.task for d in busy))


async def test_a_picture_asked_for_after_a_move_is_never_an_older_one(one_worker: None) -> None:
    table, kept = playing_table(), TablePictures()
    first = await kept.latest(table, "table", None)
    play(table, PERSON)
    second = await kept.latest(table, "table", None)
    assert (first.version, second.version) == (table.version - 1, table.version)
    assert second.png != first.png


async def test_a_resting_tables_picture_is_not_drawn_again_and_its_controls_show_its_moment(one_worker: None) -> None:
    table, kept = playing_table(), TablePictures()
    first = await kept.latest(table, "hand", PERSON)
    table.rest()  # nothing happened for a while: the moment's views are let go
    again = await kept.latest(table, "hand", PERSON)
    assert again.png is first.png and again.version == first.version  # not drawn again
    assert again.view == first.view  # its controls show the moment the picture shows
    person_moves(table)
    after = await kept.latest(table, "hand", PERSON)
    assert after.version == table.version and after.png == hand_drawn(table, PERSON) != first.png


class HandMessage:
    """The person's private hand message: the pictures it showed, in order."""

    def __init__(self) -> None:
        self.shown: list[bytes] = []

    async def show(self, parts: MessageParts) -> None:  # the answer to a click
        self.shown.append(parts.files[0].fp.read())

    async def edit(self, parts: MessageParts) -> None:  # a refresh of the open hand
        self.shown.append(parts.files[0].fp.read())


async def test_under_load_a_moves_answer_shows_the_computers_reply_and_the_hand_is_edited_once(
    one_worker: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cogs.presenter, "hand_editor", lambda client, hand: hand.edit)
    presenter = DiscordPresenter(None, save_message=lambda table: asyncio.sleep(0))  # type: ignore[arg-type]
    table = playing_table()
    hand = HandMessage()
    await presenter.show_hand(table, PERSON, hand, hand.show)  # type: ignore[arg-type]
    assert hand.shown == [hand_drawn(table, PERSON)]

    busy = keep_the_worker_busy()
    await asyncio.sleep(0)
    person_moves(table)  # its answer waits for a worker
    answer = asyncio.create_task(presenter.show_hand(table, PERSON, hand, hand.show))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    computer_replies(table)  # at once; the table message's update then refreshes open hands
    presenter._refresh_hands(table)
    await answer
    await asyncio.gather(*presenter._refreshing, *(d.task for d in busy))

    assert len(hand.shown) == 2  # one answer, no second edit for the reply
    assert hand.shown[-1] == hand_drawn(table, PERSON)  # and it shows the reply
    assert presenter.hands[table.id][PERSON].version == table.version


async def test_a_hand_in_its_readers_language_leaves_the_tables_picture_in_the_servers(one_worker: None) -> None:
    """A Japanese player's hand at an English table: both pictures are kept, side by side; asking for
    the hand never throws away the table picture, which the next table message edit then shares."""
    table, kept = playing_table(), TablePictures()  # the server's language: English
    english = await kept.latest(table, "table", None)
    hand = await kept.latest(table, "hand", PERSON, language="ja")
    assert hand.png == pictures_for(GAME.key).hand_picture(
        table.view(PERSON), names=table.names_in("ja"), words=words("ja")
    )
    assert hand.png != hand_drawn(table, PERSON)  # in Japanese, not the server's English
    again = await kept.latest(table, "table", None)
    assert again.png is english.png  # kept: not drawn again
    assert (await kept.latest(table, "hand", PERSON, language="ja")).png is hand.png
