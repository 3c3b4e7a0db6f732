"""A table message over an hour old is posted afresh at the bottom; the old one points to it."""

from tests.e2e.harness import Parlour


async def test_an_hour_old_table_message_is_posted_again(parlour: Parlour) -> None:
    server = parlour.server
    alice = server.user("alice")
    table_id = await parlour.start_game(alice, computers=1)
    first = parlour.table_message(table_id)

    await parlour.outcome(await parlour.play(alice, table_id))
    await parlour.settle()
    assert parlour.table_message(table_id).id == first.id  # young: edited in place

    parlour.clock.advance(minutes=61)
    await parlour.outcome(await parlour.play(alice, table_id))
    await parlour.settle()
    fresh = parlour.table_message(table_id)
    assert fresh.id != first.id
    assert server.recorder.latest(fresh.channel_id).id == fresh.id  # at the bottom of the channel
    assert any(b["label"] == "Show my hand" for b in fresh.buttons)
    old = server.recorder.messages[first.id]
    assert "moved" in old.content and not old.buttons and not old.attachments
    hand = await parlour.show_hand(alice, table_id)  # the fresh message's buttons work
    assert hand.ephemeral
