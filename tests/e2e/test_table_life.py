"""A table's life through Discord: restart mid-game, simultaneous choices, idle players,
abandoned tables, replacing a player, concurrency and coalesced edits."""

from __future__ import annotations

import asyncio
import re
from collections import Counter

from bot.models import TableStatus
from cogs.table_ui import table_text
from render import pictures_for
from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out


async def test_restart_mid_game_and_finish_with_the_old_buttons(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    people = {alice.id: alice, bob.id: bob}
    table_id = await parlour.start_game(alice, [bob], computers=1)
    await parlour.outcome(await parlour.play(alice, table_id))
    await parlour.outcome(await parlour.play(bob, table_id))
    await parlour.settle()
    old_table_message = parlour.table_message(table_id)
    table = parlour.table(table_id)
    mover = people[table.seats[table.waiting_people()[0]].user_id]  # a round's winner takes alone
    old_hand = await parlour.show_hand(mover, table_id)
    before = parlour.snapshot(table_id)

    await parlour.restart()
    assert parlour.snapshot(table_id) == before
    move = old_hand.buttons[0]["custom_id"] if old_hand.buttons else None
    if move is None:  # the mover won a round and must take from the pot: use the select menu
        select = old_hand.items()[0]
        handle = await server.select(mover, old_hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    else:
        handle = await server.click(mover, old_hand, custom_id=move)
    kind, shown = await parlour.outcome(handle)
    assert kind == "update" and shown is not None and shown.id == old_hand.id
    await parlour.settle()  # a computer may move right after: find the click in the action log
    table = parlour.table(table_id)
    actions = {a.version: a for a in await parlour.bot.store.actions_for(table_id)}
    clicked = actions[before[0] + 1]
    assert (clicked.seat, clicked.actor, clicked.user_id) == (table.seat_of(mover.id), "player", mover.id)
    hand = await (await server.click(bob, old_table_message, label="Show my hand")).message()
    assert hand.ephemeral and hand.attachments[0].filename == "hand.png"
    await play_out(parlour, table_id, people)
    await parlour.settle()
    assert "Game over" in server.recorder.messages[old_table_message.id].content
    results = await parlour.bot.store.results_for(table_id)
    assert [r.name for r in results] == ["alice", "bob", "Computer 1 (normal)"]  # a computer's level shows


async def test_simultaneous_choices_show_who_never_what(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob, carol = (server.user(n) for n in ("alice", "bob", "carol"))
    table_id = await parlour.start_game(alice, [bob, carol])
    table = parlour.table(table_id)
    names = table.names
    await parlour.outcome(await parlour.play(alice, table_id))
    await parlour.settle()
    message = parlour.table_message(table_id)
    assert "already chosen: alice" in message.content
    assert message.content == table_text(table)  # built from the spectator's view only
    spectator = pictures_for("highcard").table_picture(table.state.view(None), names=names)
    assert message.attachments[0].data == spectator
    assert table.state.view(None).last_reveal == (None, None, None)
    chosen = table.state.chosen[0]
    words = re.sub(r"<@\d+>|#\d+", "", message.content)
    assert "Revealed" not in words and str(chosen) not in words

    await parlour.outcome(await parlour.play(bob, table_id))
    await parlour.outcome(await parlour.play(carol, table_id))
    await parlour.settle()
    message = parlour.table_message(table_id)
    assert f"Revealed: seat 1 {chosen}" in message.content


async def test_idle_player_is_reminded_then_played_for(parlour: Parlour) -> None:
    server = parlour.server
    owner = next(m for m in server.guild.members if m.manage_guild)
    await (await server.slash(owner, "settings", idle_minutes=1)).answer()
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    await parlour.outcome(await parlour.play(alice, table_id))
    await parlour.settle()
    service = parlour.bot.tables

    parlour.clock.advance(seconds=50)
    await service.sweep_idle()
    assert not [m for m in server.recorder.messages_in(parlour.channel.id) if "your move" in m.content]
    parlour.clock.advance(seconds=15)
    await service.sweep_idle()
    reminders = [m for m in server.recorder.messages_in(parlour.channel.id) if "your move" in m.content]
    assert len(reminders) == 1 and f"<@{bob.id}>" in reminders[0].content
    assert f"<@{alice.id}>" not in reminders[0].content
    await service.sweep_idle()  # reminded once only
    assert len([m for m in server.recorder.messages_in(parlour.channel.id) if "your move" in m.content]) == 1

    version = parlour.table(table_id).version
    parlour.clock.advance(seconds=60)
    await service.sweep_idle()
    await parlour.settle()
    assert parlour.table(table_id).version == version + 1
    assert "bob was away too long, so the computer played their move." in parlour.table_message(table_id).content
    actions = await parlour.bot.store.actions_for(table_id)
    assert actions[-1].actor == "idle" and actions[-1].user_id == bob.id


async def test_a_table_without_action_for_24_hours_closes_without_results(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    playing = await parlour.start_game(alice, [bob])
    lobby = await parlour.open_table(alice)
    lobby_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    await parlour.bot.store_adapter.update_settings(server.guild.id, idle_minutes=1440)  # only the 24 h rule here
    parlour.clock.advance(hours=23, minutes=59)
    await parlour.bot.tables.sweep_idle()
    assert set(parlour.tables()) == {playing, lobby_id}
    parlour.clock.advance(minutes=2)
    await parlour.bot.tables.sweep_idle()
    await parlour.settle()
    assert parlour.tables() == {}
    for table_id in (playing, lobby_id):
        row = await parlour.bot.store.load_table(table_id)
        assert row.status == TableStatus.CLOSED
        assert await parlour.bot.store.results_for(table_id) == []
    message = server.recorder.messages[lobby.id]
    assert "closed after 24 hours" in str(message.embeds) + message.content and message.buttons == []
    table_message = [m for m in server.recorder.messages_in(parlour.channel.id) if f"#{playing}" in m.content][-1]
    assert "closed after 24 hours" in table_message.content and table_message.buttons == []


async def test_host_replaces_an_absent_player_with_a_computer(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    await parlour.outcome(await parlour.play(alice, table_id))
    said = await parlour.sentence(await parlour.slash(alice, "table replace", {"table": table_id, "player": bob}))
    assert "computer now plays for bob" in said
    await parlour.settle()
    table = parlour.table(table_id)
    assert table.seats[1].computer and table.seats[1].name == "bob (computer)"
    assert "bob's seat is now played by the computer." in parlour.table_message(table_id).content or table.version > 1
    await play_out(parlour, table_id, {alice.id: alice})
    assert parlour.table(table_id).status == "finished"


async def test_clicks_on_one_table_apply_one_at_a_time_and_tables_run_at_once(parlour: Parlour) -> None:
    server = parlour.server
    people = [server.user(n) for n in ("alice", "bob", "carol", "dave")]
    table_id = await parlour.start_game(people[0], people[1:])
    store = parlour.bot.store_adapter
    inside, most = Counter(), Counter()
    save = store.save_action

    async def counting(table, *args, **kwargs):
        inside[table.id] += 1
        most[table.id] = max(most[table.id], inside[table.id])
        try:
            await asyncio.sleep(0.01)
            return await save(table, *args, **kwargs)
        finally:
            inside[table.id] -= 1

    store.save_action = counting
    hands = [await parlour.show_hand(p, table_id) for p in people]
    clicks = [await server.click(p, h, custom_id=h.buttons[0]["custom_id"]) for p, h in zip(people, hands, strict=True)]
    answers = await asyncio.gather(*(parlour.outcome(c) for c in clicks))
    assert [kind for kind, _ in answers] == ["update"] * 4
    await parlour.settle()
    assert parlour.table(table_id).version == 4 and most[table_id] == 1  # all four applied, one at a time

    users = {p.id: p for p in people}
    others = [await parlour.start_game(people[i % 4], computers=1 + i % 3) for i in range(6)]
    await asyncio.gather(*(play_out(parlour, t, users) for t in [table_id, *others]))
    assert all(parlour.table(t).status == "finished" for t in [table_id, *others])
    assert sum(most.values()) == len(most)  # never two saves of one table at once


async def test_a_burst_of_changes_is_coalesced_into_fewer_edits(parlour: Parlour) -> None:
    server = parlour.server
    alice = server.user("alice")
    table_id = await parlour.start_game(alice, computers=3, options={"hand_size": "6"})
    parlour.bot.presenter.edit_interval = 0.05
    message_id = parlour.table(table_id).message_id
    start_version = parlour.table(table_id).version
    edits_before = len([e for e in server.recorder.events_of("edit_message") if e.message_id == message_id])
    await play_out(parlour, table_id, {alice.id: alice})
    await parlour.settle()
    changes = parlour.table(table_id).version - start_version
    edits = len([e for e in server.recorder.events_of("edit_message") if e.message_id == message_id]) - edits_before
    assert 0 < edits < changes, (edits, changes)
    assert "Game over" in parlour.table_message(table_id).content
