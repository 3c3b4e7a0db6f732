"""Issue 46 through Discord: a Swiss with check-in and late entry. The organiser opens check-in,
people press Check in on the sign-up message, the one who does not is dropped with a sentence at
the start; a latecomer joins during round 1 and is seated in round 2."""

from __future__ import annotations

from tests.e2e.harness import Parlour
from tests.e2e.tournaments import cog, mention, play_round, round_announcement, settle, sign_up
from tests.loopback.recorder import Message


async def test_a_swiss_with_check_in_drops_the_no_show_and_takes_a_late_entry(parlour: Parlour) -> None:
    server = parlour.server
    recorder = server.recorder
    mod = server.user("mod", manage_guild=True)
    people = [server.user(f"player{n}") for n in range(1, 6)]
    latecomer = server.user("latecomer")
    cog(parlour).post_spacing = 0

    refused = await server.slash(mod, "tournament create", game="gin_rummy", format="elimination", late_entry=2)
    assert await parlour.sentence(refused) == "Late entry is for Swiss tournaments."
    created = await server.slash(
        mod, "tournament create", game="gin_rummy", rounds=2, checkin=30, late_entry=2, options="target_score=0"
    )
    signup = await created.message()
    assert "Check-in opens 30 minutes before the start." in signup.content
    signup = await sign_up(parlour, signup, people)
    assert not _has(signup, "Check in")  # not before check-in opens
    assert await parlour.sentence(await server.slash(mod, "tournament checkin")) == "Check-in is open."
    assert any("Check-in for tournament #2 is open" in m.content for m in recorder.messages_in(parlour.channel.id))
    signup = recorder.messages[signup.id]
    assert _has(signup, "Check in")
    for person in people[:4]:
        kind, shown = await parlour.press(person, signup, "Check in")
        assert kind == "update" and shown is not None
    assert "Checked in: **4**" in recorder.messages[signup.id].content

    started = await server.slash(mod, "tournament start")
    await started.answer()
    await started.next("followup")
    await settle(parlour)
    first = round_announcement(parlour, 1)
    text = next(m.content for m in recorder.messages_in(parlour.channel.id) if "**Round 1** of" in m.content)
    assert f"Dropped for not checking in: {mention(people[4])}." in text
    seated = sorted(w for _, names in first.tables.values() for w in names)
    assert seated == sorted(mention(p) for p in people[:4])

    signup = recorder.messages[signup.id]
    assert "Late entry is open until round 2" in signup.content
    kind, shown = await parlour.press(latecomer, signup, "Join")
    assert kind == "update" and shown is not None
    await play_round(parlour, [t for t, _ in first.tables.values()], [*people, latecomer])
    await settle(parlour)
    second = round_announcement(parlour, 2)
    everyone = [w for _, names in second.tables.values() for w in names] + second.byes
    assert mention(latecomer) in everyone and mention(people[4]) not in everyone
    assert not _has(recorder.messages[signup.id], "Join")  # late entry closed with round 2


def _has(message: Message, label: str) -> bool:
    return any(button.get("label") == label for row in message.components for button in row.get("components", []))
