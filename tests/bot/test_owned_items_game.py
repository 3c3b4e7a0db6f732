"""A game with owned items added from outside the project (tests/games: Marbles): its declaration
names its item rules, and the bot gives, stakes and moves its items with nothing else changed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import profiles
from bot.actor import Actor
from bot.store import Store
from bot.table_store import TableStoreAdapter
from bot.tables import TableService
from engine import registry
from render import pictures_for
from tests.games.engine.marbles import GAME as MARBLES
from tests.games.items.marbles import POUCH, RULES

GUILD = 7
ALICE, BOB = 100, 200
USERS = (ALICE, BOB)


@pytest.fixture(autouse=True)
def marbles_game() -> Iterator[None]:
    """What PARLOUR_EXTRA_GAMES=tests.games.engine.marbles does in a bot process, for these tests."""
    registry.register(MARBLES)
    yield
    registry.unregister(MARBLES.key)


def test_the_declaration_finds_the_item_rules_and_the_pictures() -> None:
    assert profiles.item_rules("marbles") is RULES
    assert pictures_for("marbles").__name__ == "tests.games.render.marbles"


async def play_one(service: TableService, store: Store) -> tuple[list[int], list[int], tuple[int, ...]]:
    """One table of alice and bob, each standing at once: the pouches dealt in, those after, the winners."""
    table = await service.open(GUILD, 1, "marbles", ALICE, "alice")
    await service.join(table.id, Actor(BOB, GUILD), "bob")
    await service.start(table.id, Actor(ALICE, GUILD))
    assert table.state is not None
    dealt = []
    for seat, user in enumerate(USERS):  # the person's pouch is what the seat brings in
        owned = [row.item for row in await store.owned_items(GUILD, user, "marbles")]
        assert [entry["item"] for entry in table.state.profiles[seat]["items"]] == owned
        dealt.append(len(owned))
    while not table.state.is_over:
        [seat] = table.state.waiting_on()
        await service.act(table.id, Actor(USERS[seat], GUILD), table.version, "choose:stand")
    outcome = table.state.outcome()
    assert outcome is not None
    if len(outcome.winners) == 1:
        assert [t.to_seat for t in outcome.transfers] == [outcome.winners[0]]
    else:  # a tie moves nothing
        assert outcome.transfers == ()
    after = [len(await store.owned_items(GUILD, user, "marbles")) for user in USERS]
    return dealt, after, outcome.winners


async def test_pouches_are_given_topped_up_and_the_winner_takes_a_marble(store: Store) -> None:
    service = TableService(TableStoreAdapter(store))
    lost, before = False, [0, 0]
    for _ in range(12):
        dealt, after, winners = await play_one(service, store)
        assert dealt == [max(POUCH, n) for n in before]  # a first pouch; a pouch under three topped up
        before = after
        if len(winners) == 1:
            winner = winners[0]
            assert after[winner] == dealt[winner] + 1 and after[1 - winner] == dealt[1 - winner] - 1
            if lost:
                return
            lost = True
        else:
            assert after == dealt
    raise AssertionError("twelve tables in a row were tied")
