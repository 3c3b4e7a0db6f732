"""Whole games of Gin-jon-tan through the loopback Discord, 4 people and 2 computers: once with the
common deck (no card of any collection moves), once with personal decks and prizes (the cards move
exactly as the game's transfers say, and the players see it in /collection)."""

from __future__ import annotations

from bot import collections as gjt
from cogs.words import prizes_line
from engine.core import Move
from engine.gin_jon_tan import GAME
from render.text import recording
from tests.e2e.games import LeakWatch
from tests.e2e.harness import Parlour
from tests.loopback.models import UserSpec
from tests.loopback.recorder import Message


def screen_part(hand: Message, action: str) -> dict | None:
    """A control of the choice screen (``pd:<table>:<version>:<action>:<kind>:<page>``), if shown."""
    return next(
        (
            i
            for i in hand.items()
            if i.get("custom_id", "").split(":")[:1] + i.get("custom_id", "").split(":")[3:4] == ["pd", action]
        ),
        None,
    )


async def make_move(parlour: Parlour, user: UserSpec, table_id: int) -> None:
    """A person makes the game's computer choice for their seat with their hand's controls, building
    a selection page by page on the choice screen when the decision needs it."""
    server = parlour.server
    table = parlour.table(table_id)
    seat = table.seat_of(user.id)
    assert seat is not None and table.state is not None
    move = table.game.computer_player(table.version).choose(table.state.view(seat))
    hand = await parlour.show_hand(user, table_id)
    menu = screen_part(hand, "d")
    if menu is not None and move.kind in {o["value"] for o in menu["options"]}:
        picked = next(o["value"] for o in menu["options"] if o.get("default"))
        if picked != move.kind:
            await parlour.outcome(await server.select(user, hand, [move.kind], custom_id=menu["custom_id"]))
            hand = server.recorder.messages[hand.id]
    pick = screen_part(hand, "s")
    if pick is None or pick["custom_id"].split(":")[4] != move.kind:
        hand = await page_to(parlour, user, hand, move)
        kind, shown = await parlour.outcome(await parlour.choose(user, hand, move))
        assert kind == "update" and shown is not None, kind
        return
    while True:
        offered = [o["value"] for o in pick["options"]]
        wanted = [p for p in move.picks if p in offered]
        already = [o["value"] for o in pick["options"] if o.get("default")]
        if sorted(wanted) != sorted(already):
            await parlour.outcome(await server.select(user, hand, wanted, custom_id=pick["custom_id"]))
            hand = server.recorder.messages[hand.id]
        ahead = next((b for b in hand.buttons if b["custom_id"].startswith("pl:p:") and "▶" in b["label"]), None)
        if ahead is None or ahead.get("disabled"):
            break
        await (await server.click(user, hand, custom_id=ahead["custom_id"])).answer()
        hand = server.recorder.messages[hand.id]
        pick = screen_part(hand, "s")
        assert pick is not None
    confirm = screen_part(hand, "c")
    assert confirm is not None and not confirm.get("disabled"), hand.content
    kind, shown = await parlour.outcome(await server.click(user, hand, custom_id=confirm["custom_id"]))
    assert kind == "update" and shown is not None, kind


def next_page(hand: Message, kind: str) -> dict | None:
    """The Next button of a decision's pages (``pl:p:<table>:<version>:<kind>:<page>``)."""
    return next(
        (
            b
            for b in hand.buttons
            if b["custom_id"].startswith("pl:p:") and b["custom_id"].split(":")[4] == kind and "▶" in b["label"]
        ),
        None,
    )


async def page_to(parlour: Parlour, user: UserSpec, hand: Message, move: Move) -> Message:
    """Turn a single select's pages until the move's picks are offered (Universal's 26 symbols take two)."""
    for _ in range(10):
        selects = [i for i in hand.items() if i.get("type") == 3 and move.kind in i["custom_id"].split(":")]
        if not selects or any(set(move.picks) <= {o["value"] for o in s["options"]} for s in selects):
            return hand
        ahead = next_page(hand, move.kind)
        assert ahead is not None and not ahead.get("disabled"), f"{move} is on no page"
        await (await parlour.server.click(user, hand, custom_id=ahead["custom_id"])).answer()
        hand = parlour.server.recorder.messages[hand.id]
    raise AssertionError(f"{move} is on no page")


async def play_whole_game(parlour: Parlour, table_id: int, people: list[UserSpec], watch: LeakWatch) -> int:
    """People play through their hand messages until the game ends; returns their move count."""
    users = {p.id: p for p in people}
    for moves in range(5000):
        await parlour.settle()
        watch.check(table_id)
        table = parlour.table(table_id)
        if table.status != "playing":
            return moves
        waiting = table.waiting_people()
        assert waiting, "the game waits on nobody"
        await make_move(parlour, users[table.seats[waiting[0]].user_id], table_id)
    raise AssertionError("the game did not end")


async def holdings(parlour: Parlour) -> dict[int | None, set[int]]:
    """Every Gin-jon-tan item of the server by owner (None: the house)."""
    owners: dict[int | None, set[int]] = {}
    for row in await parlour.bot.store.game_items(parlour.server.guild.id, gjt.GAME_KEY):
        assert row.id is not None
        owners.setdefault(row.user_id, set()).add(row.id)
    return owners


async def play(parlour: Parlour, options: dict[str, str]) -> tuple[int, dict, dict]:
    """Everyone looks at their collection, then a whole game; returns the table and the holdings before and after."""
    server = parlour.server
    people = [server.user(name) for name in ("alice", "bob", "carol", "dave")]
    for person in people:  # first use: each gets 33 cards
        await (await server.slash(person, "collection", channel=parlour.channel)).message()
    before = await holdings(parlour)
    assert all(len(before[p.id]) == 33 for p in people)
    table_id = await parlour.start_game(people[0], people[1:], computers=2, game=GAME.key, options=options)
    assert await holdings(parlour) == before  # dealing takes nothing
    watch = LeakWatch(parlour)
    assert await play_whole_game(parlour, table_id, people, watch) > 0
    await parlour.settle()
    table = parlour.table(table_id)
    assert table.status == "finished" and "Game over" in parlour.table_message(table_id).content
    return table_id, before, await holdings(parlour)


async def test_a_common_deck_game_moves_no_collection_card(parlour: Parlour) -> None:
    table_id, before, after = await play(parlour, {"rounds": "3"})
    assert after == before and await parlour.bot.store.transfers_for(table_id) == []


async def test_a_personal_deck_game_with_prizes_moves_cards_exactly(parlour: Parlour) -> None:
    table_id, before, after = await play(parlour, {"rounds": "3", "deck": "personal", "prizes": "on"})
    table = parlour.table(table_id)
    outcome = table.outcome
    assert outcome is not None and outcome.transfers
    lines = await parlour.bot.store.transfers_for(table_id)
    assert [(t.item, t.moved) for t in lines] == [
        (t.item, t.from_user_id is not None or t.to_user_id is not None) for t in lines
    ]
    assert [line.item for line in lines] == [t.item for t in outcome.transfers]
    # Replay the log on the holdings before the game: it gives exactly the holdings after.
    expected = {owner: set(ids) for owner, ids in before.items()}
    for line in lines:
        if not line.moved:
            continue
        assert line.owned_item_id is not None
        if line.from_user_id is not None:
            expected[line.from_user_id].remove(line.owned_item_id)
        expected.setdefault(line.to_user_id, set()).add(line.owned_item_id)
    assert after == expected
    # The table announces what moved, as saved: every transfer, taker by taker.
    assert [(p.from_seat, p.to_seat, p.moved) for p in table.prizes] == [
        (t.from_seat, t.to_seat, line.moved) for t, line in zip(outcome.transfers, lines, strict=True)
    ]
    assert prizes_line(table.prizes, table.names) in parlour.table_message(table_id).content
    seats = [seat.user_id for seat in table.seats]
    for seat, user in enumerate(seats):
        if user is None:
            continue
        lost = sum(1 for t in outcome.transfers if t.from_seat == seat)
        won = sum(1 for t in outcome.transfers if t.to_seat == seat)
        assert len(after[user]) == 33 - lost + won

    # A loser's collection is topped up the next time they look; the history lists their prizes.
    loser = next(
        s
        for s in range(len(seats))
        if seats[s] is not None
        and outcome.places[s] == max(outcome.places[i] for i in range(len(seats)) if seats[i] is not None)
    )
    person = next(p for p in parlour.server.guild.members if p.id == seats[loser])
    shown = await (await parlour.server.slash(person, "collection", channel=parlour.channel)).message()
    assert f"{max(33, len(after[person.id]))} cards" in shown.content
    assert len(after[person.id]) < 33  # the last person lost cards: the look tops them up, and says so
    assert f"{33 - len(after[person.id])} new cards were added to reach 33." in shown.content
    with recording():
        kind, history = await parlour.press(person, shown, "Prizes won and lost")
    assert kind == "message" and history is not None
    mine = [t for t in lines if t.moved and person.id in (t.from_user_id, t.to_user_id)]
    assert f"({len(mine)} in all)" in history.content
    assert history.content.count("\nLost ") == sum(1 for t in mine[:10] if t.from_user_id == person.id)

    # Rematch asks: the one who clicks is seated alone with the computers; the others are asked, not dealt.
    asker = next(p for p in parlour.server.guild.members if p.id == seats[0])
    rematch, lobby = await parlour.rematch(asker, table_id)
    again = parlour.table(rematch)
    assert lobby.embeds[0]["footer"]["text"] == f"Rematch of table #{table_id}: press Join to play again."
    assert again.status == "lobby" and [s.user_id for s in again.seats if not s.computer] == [asker.id]
    assert sum(1 for s in again.seats if s.computer) == 2 and again.options == table.options
    said = await parlour.sentence(await parlour.forge(person, parlour.table_message(table_id), f"pl:x:{table_id}"))
    assert said == f"This game's rematch is already open at table #{rematch}; join it there."
    guild = parlour.server.guild.id
    assert all([await parlour.bot.store.staked_at(guild, p, gjt.GAME_KEY) is None for p in seats if p is not None])
