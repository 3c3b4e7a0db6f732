"""/collection and /deck as a person uses them, through the loopback Discord (a restart in the middle)."""

from __future__ import annotations

import json

from bot import collections as gjt
from bot.profiles import person_profile
from render.text import recording
from tests.e2e.harness import Parlour
from tests.loopback.recorder import Message


def select_values(message: Message) -> tuple[list[str], list[str]]:
    """The values of the one select menu of a message, and those shown as picked."""
    [select] = [c for c in message.items() if c.get("type") == 3]
    options = select["options"]
    return [o["value"] for o in options], [o["value"] for o in options if o.get("default")]


async def test_collection_pages_sorts_and_history(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob, carol = server.user("alice"), server.user("bob"), server.user("carol")

    with recording() as drawn:
        shown = await (await server.slash(alice, "collection", channel=parlour.channel)).message()
    assert not shown.ephemeral and shown.attachments[0].filename == "collection.png"
    assert "33 cards, 33 in the active deck" in shown.content
    texts = [line.content for line in drawn]
    assert "alice's collection" in texts and "33 cards · by value · page 1 of 2" in texts
    assert sum(1 for t in texts if t.startswith("#")) == 20  # twenty cards on the first page

    with recording() as drawn:
        kind, page_two = await parlour.press(alice, shown, "Next ▶")  # a private copy: nobody else's page turns
    assert kind == "message" and page_two is not None and page_two.ephemeral and page_two.id != shown.id
    assert "33 cards · by value · page 2 of 2" in [line.content for line in drawn]
    assert server.recorder.messages[shown.id].payload == shown.payload  # the public page stays as it was
    with recording() as drawn:
        kind, again = await parlour.press(alice, page_two, "◀ Previous")  # on the private copy: it moves on
    assert kind == "update" and again is not None and again.id == page_two.id
    assert "33 cards · by value · page 1 of 2" in [line.content for line in drawn]
    with recording() as drawn:
        kind, bobs = await parlour.press(bob, shown, "By colour")  # bob's sort is his own, privately
    assert kind == "message" and bobs is not None and bobs.visible_only_to == bob.id
    assert "33 cards · by colour · page 1 of 2" in [line.content for line in drawn]

    with recording() as drawn:
        theirs = await (await parlour.slash(bob, "collection", {"user": alice, "sort": "symbol"})).message()
    assert "alice's collection" in [line.content for line in drawn] and not theirs.ephemeral
    nobody = await parlour.slash(bob, "collection", {"user": carol})
    assert await parlour.sentence(nobody) == "carol has no Gin-jon-tan collection here yet."

    kind, history = await parlour.press(bob, theirs, "Prizes won and lost")
    assert kind == "message" and history is not None and history.ephemeral
    assert "Prizes alice won and lost** (0 in all)" in history.content and "None yet" in history.content


async def test_building_a_deck_across_pages_survives_a_restart(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    guild = server.guild.id
    screen = await (await server.slash(alice, "deck", channel=parlour.channel)).message()
    assert screen.ephemeral and "**Your active deck**: 33 cards of the 33 in your collection." in screen.content
    store = parlour.bot.store
    won = await store.grant_items(guild, alice.id, gjt.GAME_KEY, ["SnV33", "BhV33", "UnV33"] + ["WaW1"] * 7)
    won_ids = {row.item for row in won}

    kind, screen = await parlour.press(alice, screen, "Build a new deck")
    assert kind == "update" and "33 of 33 picked" in screen.content  # a new deck starts as the active one
    kind, screen = await parlour.press(alice, screen, "Clear")
    assert "0 of 33 picked" in screen.content
    confirm = screen.component(label="Confirm")
    assert confirm.get("disabled")

    # Page 1 (by value: the three won Violet cards come first): take all twenty.
    values, picked = select_values(screen)
    assert (
        len(values) == 20
        and picked == []
        and {"SnV33", "BhV33", "UnV33"} <= {row.kind for row in won if row.item in values}
    )
    kind, screen = await parlour.outcome(await server.select(alice, screen, values))
    assert kind == "update" and "20 of 33 picked" in screen.content
    kind, screen = await parlour.press(alice, screen, "▶")
    second, picked = select_values(screen)
    assert picked == [] and not set(second) & set(values)
    kind, screen = await parlour.outcome(await server.select(alice, screen, second[:13]))
    assert "33 of 33 picked" in screen.content and not screen.component(label="Confirm").get("disabled")

    # The bot restarts: the same private message's buttons still work, and the picks are kept.
    await parlour.restart()
    kind, picks = await parlour.press(alice, screen, "See the picks (33)")
    assert kind == "update" and "33 of 33 picked" in picks.content
    page_picks, picked = select_values(picks)
    assert page_picks == picked and len(page_picks) == 20
    kind, picks = await parlour.outcome(await server.select(alice, picks, page_picks[1:]))  # unpick one
    assert "32 of 33 picked" in picks.content and picks.component(label="Confirm").get("disabled")

    # Someone else cannot use her screen (were it shown to them).
    forged = await parlour.forge(bob, picks, picks.component(label="Clear")["custom_id"])
    assert "someone else's" in await parlour.sentence(forged)

    kind, screen = await parlour.press(alice, picks, "Back to the collection")
    kind, screen = await parlour.press(alice, screen, "▶")
    kind, screen = await parlour.press(alice, screen, "▶")
    last_page, picked = select_values(screen)
    assert len(last_page) == 3 and picked == []
    kind, screen = await parlour.outcome(await server.select(alice, screen, last_page[:1]))
    assert "33 of 33 picked" in screen.content
    kind, screen = await parlour.press(alice, screen, "Confirm")
    assert kind == "update" and "Your new deck is saved" in screen.content

    owner = await store.item_owner(guild, alice.id, gjt.GAME_KEY)
    chosen = json.loads(owner.chosen_json)
    assert owner.draft_json is None and len(chosen) == len(set(chosen)) == 33
    assert page_picks[0] not in chosen and last_page[0] in chosen and won_ids & set(chosen)
    profile = await person_profile(store, gjt.GAME_KEY, guild, alice.id)
    assert [entry["item"] for entry in profile["deck"]] == chosen  # the next game deals from it
