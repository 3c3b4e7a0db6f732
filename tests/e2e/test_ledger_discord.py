"""Cards in play, through the loopback Discord: a person whose cards are staked at a prize table is
told which table holds them when they try to sit down elsewhere with them or make them a new deck,
and nothing changes."""

from __future__ import annotations

from bot import collections as gjt
from engine.gin_jon_tan import GAME
from tests.e2e.harness import Parlour, _input_id, lobby_id

PRIZES = {"rounds": "3", "deck": "personal", "prizes": "on"}


async def test_cards_in_play_are_refused_elsewhere_with_the_table_that_holds_them(parlour: Parlour) -> None:
    server, store, guild = parlour.server, parlour.bot.store, parlour.server.guild.id
    alice, bob, carol = server.user("alice"), server.user("bob"), server.user("carol")
    table_id = await parlour.start_game(alice, [bob], game=GAME.key, options=PRIZES)
    held = f"Your cards are in play at table #{table_id}; finish that game first."
    cards = {p.id: {row.id for row in await store.owned_items(guild, p.id, gjt.GAME_KEY)} for p in (alice, bob)}

    # Another prize table: Bob cannot sit down at it.
    lobby = await parlour.open_table(carol, GAME.key)
    other = lobby_id(lobby)
    opened = await server.click(carol, lobby, label="Options")
    modal = await opened.modal()
    fields = {_input_id(modal, name): value for name, value in PRIZES.items()}
    assert (await parlour.outcome(await server.submit_modal(carol, opened, fields)))[0] == "update"
    assert await parlour.sentence(await server.click(bob, lobby, label="Join")) == held
    assert [s.user_id for s in parlour.table(other).seats] == [carol.id]

    # Nor make a new deck of cards in play.
    screen = await (await server.slash(bob, "deck", channel=parlour.channel)).message()
    kind, screen = await parlour.press(bob, screen, "Build a new deck")
    assert kind == "update" and "33 of 33 picked" in screen.content
    kind, screen = await parlour.press(bob, screen, "Confirm")
    assert kind == "update" and held in screen.content
    owner = await store.item_owner(guild, bob.id, gjt.GAME_KEY)
    assert owner is not None and owner.chosen_json is None  # the deck is as it was

    # The cards themselves did not move.
    for person in (alice, bob):
        assert {row.id for row in await store.owned_items(guild, person.id, gjt.GAME_KEY)} == cards[person.id]
