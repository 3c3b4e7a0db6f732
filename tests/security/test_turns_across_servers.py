"""Turn-based play's clicks and commands (issue 45) keep the trust rules: /games's hand button and
the lobby's pace menu forged onto a message that does not carry them are refused with nothing done;
a hand is shown only to a person seated at its table; another server's tournament has no pace to
set here."""

from __future__ import annotations

from functools import partial

import pytest

from bot.actor import Actor
from bot.tables import TableError
from tests.e2e.harness import Parlour
from tests.security.test_tournaments_across_servers import signup
from tests.security.world import attacker, away, public_message, unchanged


async def test_the_games_hand_button_shows_a_hand_only_to_its_seated_person(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob, eve = server.user("alice"), server.user("bob"), server.user("eve")
    table_id = await parlour.start_game(alice, [bob])
    # Forged onto the public table message, or onto private messages of a bystander and of another
    # server's moderator: none of them carries it, so it is refused and nothing changes.
    public = parlour.table_message(table_id)
    await unchanged(parlour, partial(parlour.forge, alice, public, f"pg:{table_id}"), "button")
    private = await (await server.slash(eve, "help")).message()
    await unchanged(parlour, partial(parlour.forge, eve, private, f"pg:{table_id}"), "button")
    mallory = attacker(parlour)
    theirs = await (await server.slash(mallory, "help", channel=server.channel("general", away(parlour)))).message()
    await unchanged(parlour, partial(parlour.forge, mallory, theirs, f"pg:{table_id}"), "button")
    # The service behind it shows a hand to a person seated at the table only, from any server.
    assert parlour.bot is not None
    tables = parlour.bot.tables
    for outsider in (eve, mallory):
        with pytest.raises(TableError, match="not seated"):
            await tables.own_hand_view(table_id, outsider.id)
    table, seat = await tables.own_hand_view(table_id, alice.id)
    assert table.id == table_id and table.seats[seat].user_id == alice.id
    with pytest.raises(TableError, match="no table"):  # the ordinary way, from another server
        await tables.hand_view(table_id, Actor(alice.id, away(parlour).id))


async def test_the_pace_menu_works_on_its_own_lobby_only(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    running = await parlour.start_game(alice, [bob])
    lobby = await parlour.open_table(alice)
    lobby_id = int(lobby.embeds[0]["title"].rsplit("#", 1)[1])
    forged = partial(parlour.forge, alice, parlour.table_message(running), f"pp:{lobby_id}", ["1h"])
    await unchanged(parlour, forged, "button")
    # Another server's moderator, on a message of their own server.
    mallory = attacker(parlour)
    carrier = await public_message(parlour, mallory)
    await unchanged(parlour, partial(parlour.forge, mallory, carrier, f"pp:{lobby_id}", ["1h"]), "button")


async def test_another_servers_tournament_has_no_pace_here(parlour: Parlour) -> None:
    tournament = await signup(parlour)
    mallory = attacker(parlour)
    channel = parlour.server.channel("general", away(parlour))
    command = partial(
        parlour.slash, mallory, "pace tournament", {"tournament": tournament, "pace": "1h"}, channel=channel
    )
    await unchanged(parlour, command, f"There is no tournament #{tournament} in this server.")


async def test_only_its_host_sets_a_tournament_s_pace(parlour: Parlour) -> None:
    tournament = await signup(parlour)
    alice = parlour.server.user("alice")  # signed up, but not the host
    command = partial(parlour.slash, alice, "pace tournament", {"tournament": tournament, "pace": "1h"})
    await unchanged(parlour, command, "Only the tournament's host")
