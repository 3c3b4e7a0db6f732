"""When a person has exactly one possible move, the table makes it for them and says so."""

from __future__ import annotations

from tests.e2e.harness import Parlour


async def test_a_single_possible_move_is_made_for_the_person(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob], options={"hand_size": "1"})  # one card each
    await parlour.settle()
    actions = await parlour.bot.store.actions_for(table_id)
    assert [(a.actor, a.user_id) for a in actions[:2]] == [("auto", alice.id), ("auto", bob.id)]
    # The table message says so. (The Start click's own answer can land after that edit and show
    # the same moment without the sentence: a known race, in the issue note, so every edit is read.)
    message_id = parlour.table_message(table_id).id
    said = [e.content or "" for e in server.recorder.events if e.message_id == message_id]
    assert any("had only one possible move, so it was made for them." in content for content in said)
    table = parlour.table(table_id)
    for seat in table.waiting_people():  # whoever is left to choose has a real choice
        assert len(table.view(seat).decisions[0].options) > 1 or table.view(seat).decisions[0].max_picks > 1
