"""The choice screen: every decision reachable, a selection built across pages that survives a
restart, ordered picks kept in the player's order; and buttons posted by an older release."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.actor import Actor
from engine import registry
from tests.e2e.harness import Parlour
from tests.e2e.pickgame import GAME as PICK_GAME
from tests.loopback.recorder import Message


@pytest.fixture(autouse=True)
def pick_game() -> Iterator[None]:
    """The test game is registered for these tests only (registry-wide tests elsewhere play every game)."""
    registry.register(PICK_GAME)
    yield
    registry.unregister(PICK_GAME.key)


async def _start(parlour: Parlour) -> tuple[int, object]:
    """/pickgame play (the game's own command group, generated from its declaration), a computer, Start."""
    alice = parlour.server.user("alice")
    answer = await (await parlour.server.slash(alice, "pickgame play", channel=parlour.channel)).message()
    assert "Pick Game table" in answer.content
    lobby = await parlour.server.recorder.wait_for(lambda: parlour._lobby(parlour.channel))
    table_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    assert (await parlour.press(alice, lobby, "Add computer"))[0] == "update"
    assert (await parlour.press(alice, lobby, "Start"))[0] == "update"
    await parlour.settle()
    return table_id, alice


def _select(message: Message, action: str) -> dict:
    return next(i for i in message.items() if i.get("type") == 3 and i["custom_id"].split(":")[3] == action)


def _button(message: Message, label: str) -> dict:
    return next(b for b in message.buttons if b["label"].startswith(label))


async def test_seven_decisions_at_once_are_all_reachable(parlour: Parlour) -> None:
    server = parlour.server
    table_id, alice = await _start(parlour)
    hand = await parlour.show_hand(alice, table_id)
    menu = _select(hand, "d")
    assert [o["value"] for o in menu["options"]] == [f"door{i}" for i in range(7)]
    for i in range(7):
        kind, shown = await parlour.outcome(await server.select(alice, hand, [f"door{i}"], custom_id=menu["custom_id"]))
        assert kind == "update" and shown is not None and shown.id == hand.id
        moves = [b["custom_id"] for b in shown.buttons if b["custom_id"].startswith("pl:m:")]
        assert moves == [f"pl:m:{table_id}:0:door{i}:yes", f"pl:m:{table_id}:0:door{i}:no"]
        menu = _select(shown, "d")
    kind, _ = await parlour.outcome(await server.click(alice, hand, custom_id=moves[0]))
    assert kind == "update"
    assert parlour.table(table_id).state.opened == "door6"


async def test_a_30_pick_selection_over_two_pages_survives_a_restart(parlour: Parlour) -> None:
    server = parlour.server
    table_id, alice = await _start(parlour)
    hand = await parlour.show_hand(alice, table_id)
    await parlour.outcome(await server.click(alice, hand, custom_id=f"pl:m:{table_id}:0:door0:yes"))
    hand = server.recorder.messages[hand.id]

    async def pick(values: list[str]) -> Message:
        kind, shown = await parlour.outcome(
            await server.select(alice, hand, values, custom_id=_select(hand, "s")["custom_id"])
        )
        assert kind == "update" and shown is not None
        return shown

    assert _button(hand, "Confirm").get("disabled")
    hand = await pick([f"c{n}" for n in range(20)])  # page 1: 20 picks
    assert "20 of 30" in hand.content
    await parlour.outcome(await server.click(alice, hand, custom_id=_button(hand, "Next")["custom_id"]))
    hand = server.recorder.messages[hand.id]
    assert _select(hand, "s")["options"][0]["value"] == "c25"
    hand = await pick([f"c{n}" for n in range(25, 35)])  # page 2: 10 more
    assert "30 of 30" in hand.content and not _button(hand, "Confirm").get("disabled")
    await parlour.outcome(await server.click(alice, hand, custom_id=_button(hand, "◀ Previous")["custom_id"]))
    hand = server.recorder.messages[hand.id]
    assert sum(1 for o in _select(hand, "s")["options"] if o.get("default")) == 20  # page 1 shows its picks
    hand = await pick([f"c{n}" for n in range(18)])  # unpick c18 and c19
    assert "28 of 30" in hand.content and _button(hand, "Confirm").get("disabled")
    assert parlour.table(table_id).version == 1  # a draft is not a move

    await parlour.restart()
    hand = await parlour.show_hand(alice, table_id)  # a new hand message finds the draft
    assert "28 of 30" in hand.content and "Card 19" not in hand.content
    await parlour.outcome(await server.click(alice, hand, custom_id=_button(hand, "Next")["custom_id"]))
    hand = server.recorder.messages[hand.id]
    hand = await pick([f"c{n}" for n in range(25, 37)])  # page 2 now holds 12
    assert "30 of 30" in hand.content
    kind, shown = await parlour.outcome(
        await server.click(alice, hand, custom_id=_button(hand, "Confirm")["custom_id"])
    )
    assert kind == "update" and shown is not None
    taken = parlour.table(table_id).state.taken
    assert taken == [f"c{n}" for n in [*range(18), *range(25, 37)]]
    # Only alice's hand ever showed the draft: the table message never did.
    assert "Picked so far" not in parlour.table_message(table_id).content


async def test_ordered_picks_keep_the_players_order(parlour: Parlour) -> None:
    server = parlour.server
    table_id, alice = await _start(parlour)
    state = parlour.table(table_id)
    hand = await parlour.show_hand(alice, table_id)
    await parlour.outcome(await server.click(alice, hand, custom_id=f"pl:m:{table_id}:0:door0:yes"))
    await parlour.bot.tables.act(
        table_id, Actor(alice.id, parlour.server.guild.id), 1, "collect:" + ",".join(f"c{n}" for n in range(30))
    )
    await parlour.settle()
    hand = await parlour.show_hand(alice, table_id)
    for suit in ("spades", "hearts", "clubs", "diamonds", "hearts", "hearts"):  # hearts: unpicked, picked again
        kind, hand = await parlour.outcome(
            await server.select(alice, hand, [suit], custom_id=_select(hand, "s")["custom_id"])
        )
        assert kind == "update"
    assert "1. Spades, 2. Clubs, 3. Diamonds, 4. Hearts" in hand.content
    await parlour.outcome(await server.click(alice, hand, custom_id=_button(hand, "Confirm")["custom_id"]))
    await parlour.settle()
    assert state.state.ranking == ["spades", "clubs", "diamonds", "hearts"] and state.status == "finished"


@pytest.mark.parametrize("custom_id", ["pl:j:{table}", "pl:a:{table}"])
async def test_buttons_posted_by_the_previous_release_still_work(parlour: Parlour, custom_id: str) -> None:
    """The previous release wrote these custom_ids (cogs/ids.py); the typed clicks read the same grammar."""
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    lobby = await parlour.open_table(alice)
    table_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    old = server._new_message(
        parlour.channel.id,
        {
            "content": "old lobby",
            "components": [
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 1, "label": "Old", "custom_id": custom_id.format(table=table_id)}
                    ],
                }
            ],
        },
        [],
    )
    parlour.table(table_id).message_id = old.id  # the lobby message that release posted, as it saved it
    user = bob if custom_id.startswith("pl:j") else alice
    kind, _ = await parlour.outcome(await server.click(user, old.id, label="Old"))
    assert kind == "update"
    assert len(parlour.table(table_id).seats) == 2
