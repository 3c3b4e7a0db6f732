"""Every bad input gets one ephemeral sentence and leaves the game exactly as it was."""

from __future__ import annotations

import copy

import pytest

from tests.e2e.harness import Parlour
from tests.loopback.injection import InjectionError


async def test_every_bad_click_is_refused_and_changes_nothing(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob, carol, dave = (server.user(n) for n in ("alice", "bob", "carol", "dave"))
    table_id = await parlour.start_game(alice, [bob, carol])
    table_message = parlour.table_message(table_id)

    async def refused(handle, words: str) -> None:
        before = parlour.snapshot(table_id)
        sentence = await parlour.sentence(handle)
        assert words in sentence, sentence
        assert sentence.endswith("."), sentence
        await parlour.settle()
        assert parlour.snapshot(table_id) == before

    # Not seated: Show my hand, and a move button copied from someone else (onto a private message of his).
    shown = await server.click(dave, table_message, label="Show my hand")
    await refused(shown, "not seated")
    private_note = await shown.message()
    await refused(await parlour.forge(dave, private_note, f"pl:m:{table_id}:0:play:5"), "not seated")
    # A hand's button copied onto the public table message is refused, and the message is not edited.
    public = copy.deepcopy(table_message.payload)
    await refused(await parlour.forge(dave, table_message, f"pl:m:{table_id}:0:play:5"), "private hand")
    assert server.recorder.messages[table_message.id].payload == public

    a_hand = await parlour.show_hand(alice, table_id)
    b_hand = await parlour.show_hand(bob, table_id)
    first = a_hand.buttons[0]["custom_id"] if a_hand.buttons else None
    assert first is not None and first.startswith(f"pl:m:{table_id}:0:play:")
    pressed = await server.click(alice, a_hand, custom_id=first)
    again = await parlour.forge(alice, a_hand, first)  # a double click: the same button at once
    kind, shown = await parlour.outcome(pressed)
    assert kind == "update" and shown is not None and shown.id == a_hand.id
    assert "You have chosen" in shown.content and shown.buttons == []  # her hand, edited in place
    await refused(again, "earlier moment")
    assert parlour.table(table_id).version == 1

    # Out of turn: alice has chosen, so a current-version button of hers is refused.
    card = parlour.table(table_id).state.hands[0][0]
    await refused(await parlour.forge(alice, a_hand, f"pl:m:{table_id}:1:play:{card}"), "not your turn")

    # Bob's hand was opened before alice chose; his decision is unchanged, so it still works.
    kind, shown = await parlour.outcome(await server.click(bob, b_hand, custom_id=b_hand.buttons[0]["custom_id"]))
    assert kind == "update" and shown is not None and shown.id == b_hand.id
    await parlour.settle()

    # Forged custom_ids, on carol's own hand.
    c_hand = await parlour.show_hand(carol, table_id)
    version = parlour.table(table_id).version
    low, high = sorted(set(parlour.table(table_id).state.hands[2]))[:2]
    await refused(await parlour.forge(carol, c_hand, f"pl:m:{table_id}:{version}:play:99"), "not available")
    await refused(
        await parlour.forge(carol, c_hand, f"pl:m:{table_id}:{version}:explode:1"),
        "You can't do that now: Pick a card in secret.",
    )
    await refused(await parlour.forge(carol, c_hand, f"pl:m:{table_id}:{version}:play:{low},{high}"), "exactly 1")
    await refused(
        await parlour.forge(carol, c_hand, f"pv:{table_id}:{version}:play:0", [str(low), str(high)]), "exactly 1"
    )
    await refused(await parlour.forge(carol, c_hand, f"pl:m:{table_id}:{version + 5}:play:1"), "not a valid button")
    await refused(await parlour.forge(carol, c_hand, "pl:m:987654:0:play:1"), "closed")
    # A button's custom_id sent as a select menu's (which has no label or style) is read all the same.
    await refused(
        await parlour.forge(carol, c_hand, f"pl:m:{table_id}:{version + 5}:play:1", ["1"]), "not a valid button"
    )
    for garbage in ("pl:zzz", "pl:m:1:x:play:1", "pv:1:2", "hack", "pl:" + "9" * 90):
        await refused(await parlour.forge(carol, table_message, garbage), "can't read that button")

    # Carol finishes the round; now alice's and bob's old buttons are from an earlier moment.
    await parlour.outcome(await parlour.play(carol, table_id))
    await parlour.settle()
    await refused(await parlour.forge(alice, a_hand, first), "earlier moment")

    # /table end by someone who is neither host nor moderator; /table replace by a non-host.
    await refused(await server.slash(bob, "table end", table=table_id), "host or a server moderator")
    await refused(await parlour.slash(bob, "table replace", {"table": table_id, "player": carol}), "Only the host")
    await refused(await parlour.slash(alice, "table replace", {"table": table_id, "player": dave}), "not seated")

    # Lobby buttons after the start.
    await refused(await parlour.forge(dave, table_message, f"pl:j:{table_id}"), "already started")


async def test_settings_need_manage_server(parlour: Parlour) -> None:
    server = parlour.server
    bob = server.user("bob")
    owner = next(m for m in server.guild.members if m.manage_guild)
    assert "settings" in server.visible_commands(owner)
    assert "settings" not in server.visible_commands(bob) and "play" in server.visible_commands(bob)
    with pytest.raises(InjectionError, match="cannot see /settings"):
        await server.slash(bob, "settings", idle_minutes=1)
    # A server may allow the command to anyone (Integrations settings): the bot still checks.
    server.command_grants["settings"] = {bob.id}
    sentence = await parlour.sentence(await server.slash(bob, "settings", idle_minutes=1))
    assert "Manage Server" in sentence
    assert (await parlour.bot.store.get_settings(server.guild.id)).idle_minutes == 5
    said = await parlour.sentence(await server.slash(owner, "settings", idle_minutes=2))
    assert "2 min" in said
    assert (await parlour.bot.store.get_settings(server.guild.id)).idle_minutes == 2


async def test_play_where_the_bot_may_not_post(parlour: Parlour) -> None:
    server = parlour.server
    quiet = server.channel("quiet")
    await server.deny_bot(quiet, "send_messages", "attach_files")
    alice = server.user("alice")
    handle = await server.slash(alice, "play", channel=quiet, game="highcard")
    sentence = await parlour.sentence(handle)
    assert "can't run a table in this channel" in sentence and "Send Messages" in sentence
    assert parlour.tables() == {}
    assert server.recorder.messages_in(quiet.id) == []
