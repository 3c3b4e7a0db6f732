"""Issue 10: the bot stops after saving a move but before editing the table message. At the next
start every table whose message shows an older moment is drawn again, the end of a game too;
and Show my hand on a finished game shows the final hand, never "This table is closed"."""

from __future__ import annotations

import pytest

from tests.e2e.harness import Parlour


async def test_the_end_saved_before_a_stop_is_shown_after_the_restart(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = parlour.server
    alice = server.user("alice")
    table_id = await parlour.start_game(alice, computers=1)
    message = parlour.table_message(table_id)
    assert parlour.bot is not None
    presenter = parlour.bot.presenter

    async def stopped_before_the_edit(table, note=None):  # type: ignore[no-untyped-def]
        """The table message is never edited again in this run (as if the bot died after each save)."""

    monkeypatch.setattr(presenter, "table_changed", stopped_before_the_edit)
    while parlour.table(table_id).status == "playing":
        await parlour.outcome(await parlour.play(alice, table_id))
        await parlour.settle()
    assert "Waiting on" in message.content and "Show my hand" in [b["label"] for b in message.buttons]

    # Before the restart, Show my hand on the message that has not caught up shows the final hand.
    hand = await parlour.show_hand(alice, table_id)
    assert "The game is over." in hand.content and hand.attachments

    await parlour.restart()
    await parlour.settle()
    message = server.recorder.messages[message.id]
    assert [b["label"] for b in message.buttons] == ["Rematch"], message.content
    assert "Waiting on" not in message.content
    finished = parlour.table(table_id)
    assert finished.message_version == finished.version

    # A finished table the bot no longer holds is read back for Show my hand.
    parlour.bot.tables.finished.clear()  # type: ignore[union-attr]
    shown = await (await parlour.forge(alice, message, f"pl:h:{table_id}")).message()
    assert shown.ephemeral and "The game is over." in shown.content and shown.attachments


async def test_a_message_left_behind_in_play_is_redrawn_at_start(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    table_id = await parlour.start_game(alice, [bob])
    message = parlour.table_message(table_id)
    assert parlour.bot is not None

    async def stopped_before_the_edit(table, note=None):  # type: ignore[no-untyped-def]
        pass

    monkeypatch.setattr(parlour.bot.presenter, "table_changed", stopped_before_the_edit)
    await parlour.outcome(await parlour.play(alice, table_id))
    await parlour.settle()
    assert f"<@{alice.id}>" in message.content  # still waiting on alice, as far as the message says

    await parlour.restart()
    await parlour.settle()
    message = server.recorder.messages[message.id]
    waiting = next(line for line in message.content.splitlines() if line.startswith("Waiting on"))
    assert f"<@{alice.id}>" not in waiting.split("(")[0] and f"<@{bob.id}>" in waiting
    table = parlour.table(table_id)
    assert table.message_version == table.version
