"""Stepping through a replay as Discord shows it (issue 44, item 7): jump to a round with a menu, and a
seat the host gave to the computer shown as its person until the computer took over."""

from __future__ import annotations

from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out


async def test_jump_to_a_round_and_the_replaced_seat_is_its_person_until_then(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("Дмитрий")
    table_id = await parlour.start_game(alice, [bob], computers=1, game="nin_jan")
    await parlour.outcome(await parlour.play(alice, table_id))
    await parlour.outcome(await parlour.play(bob, table_id))
    await parlour.settle()
    taken_at = parlour.table(table_id).version
    await parlour.sentence(await parlour.slash(alice, "table replace", {"table": table_id, "player": bob}))
    await parlour.settle()
    await play_out(parlour, table_id, {alice.id: alice})
    await parlour.settle()

    handle = await parlour.slash(alice, "replay", {"table": table_id})
    await handle.answer()
    replay = server.recorder.messages[(await handle.next("followup")).message_id or 0]
    kind, steps = await parlour.press(alice, replay, "Step through ▶")
    assert kind == "message" and steps is not None
    menu = next(i for i in steps.items() if i.get("placeholder") == "Jump to a hand or round")
    rounds = {o["label"]: int(o["value"]) for o in menu["options"]}
    assert list(rounds)[:2] == ["Round 1", "Round 2"] and rounds["Round 1"] == 0
    chosen = await server.select(alice, steps, [str(rounds["Round 2"])], custom_id=menu["custom_id"])
    kind, jumped = await parlour.outcome(chosen)
    assert kind == "update" and jumped is not None and f"Move {rounds['Round 2']} of" in jumped.content

    # Дмитрий's own moves are his, by name; the computer's come after it took over.
    actions = await parlour.bot.store.actions_for(table_id)
    his = next(i + 1 for i, a in enumerate(actions) if a.seat == 1 and i + 1 <= taken_at)
    later = next(i + 1 for i, a in enumerate(actions) if a.seat == 1 and i + 1 > taken_at)
    kind, shown = await parlour.press(alice, jumped, "⏮ Start")
    seen: dict[int, str] = {}
    for step in range(1, later + 1):
        assert shown is not None
        kind, shown = await parlour.press(alice, shown, "Next ▶")
        assert kind == "update" and shown is not None
        seen[step] = shown.content
    assert f"Move {his} of" in seen[his] and ": Дмитрий (" in seen[his]
    assert f"Move {later} of" in seen[later] and ": Дмитрий (computer, normal) (" in seen[later]
