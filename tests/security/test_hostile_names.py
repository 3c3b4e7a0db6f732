"""Names are shown as written and never ping: people named ``@everyone``, ``@here``, a role's
mention, another person's mention or zalgo play, rematch, idle, are replaced, end tables, sign up
for a tournament that runs to its end, and look at stats and collections. Every message the bot
sent on the way pings nobody but the players it means, by id, and no name in it forms a mention."""

from __future__ import annotations

import json

from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out
from tests.e2e.tournaments import cog, play_round, round_announcement, settle, sign_up
from tests.loopback.server import LoopbackDiscord
from tests.security.test_zalgo import ZALGO

#: Kinds of requests that carry a message's words.
SAYING = {"callback", "followup", "edit_original", "edit_followup", "message", "edit_message"}
ROLE = "<@&123456789012345678>"


def check_every_message(server: LoopbackDiscord, may_ping: set[int], never: list[str]) -> int:
    """Every message the bot sent or edited: no mention may be parsed (users are pinged by id, and
    only those in ``may_ping``), and none of the texts in ``never`` stands in its words."""
    checked = 0
    for event in server.recorder.events_of():
        data = event.data
        if event.kind not in SAYING or not (data.get("content") or data.get("embeds")):
            continue
        checked += 1
        mentions = data.get("allowed_mentions")
        assert mentions is not None, (event.kind, data.get("content"))
        assert mentions.get("parse") == [], (event.kind, data.get("content"), mentions)
        assert not mentions.get("roles"), mentions
        assert {int(u) for u in mentions.get("users", [])} <= may_ping, mentions
        words = (data.get("content") or "") + json.dumps(data.get("embeds") or [], ensure_ascii=False)
        for hostile in never:
            assert hostile not in words, (hostile, words)
    return checked


async def test_hostile_names_at_tables(parlour: Parlour) -> None:
    server = parlour.server
    assert parlour.bot is not None
    victim = server.user("victim")
    everyone, role, here = server.user("@everyone"), server.user(ROLE), server.user("@here")
    posing, zalgo = server.user(f"<@{victim.id}>"), server.user(ZALGO)
    owner = next(m for m in server.guild.members if m.manage_guild)

    # A game played to its end, then a rematch.
    table_id = await parlour.start_game(everyone, [role, zalgo])
    await play_out(parlour, table_id, {u.id: u for u in (everyone, role, zalgo)})
    await parlour.settle()
    rematch, lobby = await parlour.rematch(role, table_id)
    for person in (everyone, zalgo):  # the others join the rematch's lobby by their own click
        assert (await parlour.press(person, lobby, "Join"))[0] == "update"
    assert (await parlour.press(role, lobby, "Start"))[0] == "update"
    await parlour.settle()
    # Idle people reminded, then played for.
    await (await server.slash(owner, "settings", idle_minutes=1)).answer()
    for _ in range(3):
        parlour.clock.advance(seconds=61)
        await parlour.bot.tables.sweep_idle()
        await parlour.settle()
    # A seat replaced by the computer, a table ended by its host.
    other = await parlour.start_game(here, [posing, everyone])
    said = await parlour.sentence(await parlour.slash(here, "table replace", {"table": other, "player": posing}))
    assert "A computer now plays for <\u200b@" in said
    await parlour.settle()
    assert "Ended" not in parlour.table_message(other).content
    await parlour.sentence(await parlour.slash(here, "table end", {"table": other}))
    await parlour.settle()
    # Stats and a collection.
    await (await parlour.slash(role, "stats", {"user": everyone})).answer()
    await (await server.slash(everyone, "collection", channel=parlour.channel)).message()

    players = {everyone.id, role.id, here.id, posing.id, zalgo.id}
    never = ["@everyone", "@here", ROLE, f"<@{victim.id}>"]
    assert check_every_message(server, players, never) > 20
    texts = " ".join(m.content for m in server.recorder.messages.values())
    assert "@\u200beveryone" in texts and "<\u200b@&123456789012345678>" in texts  # shown as written
    assert f"<@{role.id}>" in texts  # the players themselves are mentioned by id
    assert parlour.table(rematch).id == rematch


async def test_hostile_names_in_a_tournament(parlour: Parlour) -> None:
    server = parlour.server
    mod = server.user("mod", manage_guild=True)
    people = [server.user("@everyone"), server.user(ROLE), server.user("@here"), server.user(ZALGO)]
    cog(parlour).post_spacing = 0
    signup = await (await server.slash(mod, "tournament create", game="highcard", rounds=1)).message()
    await sign_up(parlour, signup, people)
    started = await server.slash(mod, "tournament start")
    await started.answer()
    await started.next("followup")
    await settle(parlour)
    seen = round_announcement(parlour, 1)
    await play_round(parlour, [t for t, _ in seen.tables.values()], people)
    await settle(parlour)
    [final] = [m for m in server.recorder.messages_in(parlour.channel.id) if "is over" in m.content]
    assert "Congratulations, " in final.content
    check_every_message(server, {p.id for p in people}, ["@everyone", "@here", ROLE])
    final_event = next(e for e in server.recorder.events_of("message") if e.message_id == final.id)
    assert final_event.body["allowed_mentions"] == {"parse": []}  # the end pings nobody
