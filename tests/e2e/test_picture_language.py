"""A server whose language is set (``/settings language``) sees its new tables' pictures drawn with
that language's words (issue 47); a server left alone keeps English. A hand is its reader's: drawn
in the language of the person who asked for it."""

from __future__ import annotations

from bot.i18n import ENGLISH, words
from cogs.words import said
from render import gin_rummy
from tests.e2e.harness import Parlour


def pictures(parlour: Parlour, filename: str) -> list[bytes]:
    """Every picture of that name sent so far."""
    return [f.data for e in parlour.server.recorder.events for f in e.files if f.filename == filename]


async def test_a_japanese_server_sees_its_table_drawn_in_japanese_and_each_hand_in_its_readers_language(
    parlour: Parlour,
) -> None:
    server = parlour.server
    owner = server.user("owner", manage_guild=True)
    alice, bob = server.user("alice"), server.user("bob", locale="ja")
    english = await parlour.start_game(alice, [bob], game="gin_rummy")
    await parlour.show_hand(alice, english)
    table = parlour.table(english)
    seat = table.seat_of(alice.id)
    assert seat is not None
    assert gin_rummy.hand_picture(table.view(seat), names=table.names) in pictures(parlour, "hand.png")

    said = await parlour.sentence(await parlour.slash(owner, "settings", {"language": "ja"}))
    assert "日本語" in said
    japanese = await parlour.start_game(alice, [bob], game="gin_rummy")
    await parlour.show_hand(alice, japanese)
    table = parlour.table(japanese)
    seat = table.seat_of(alice.id)
    assert seat is not None
    hand_ja = gin_rummy.hand_picture(table.view(seat), names=table.names, words=words("ja"))
    hand_en = gin_rummy.hand_picture(table.view(seat), names=table.names)
    assert hand_ja != hand_en
    assert hand_en in pictures(parlour, "hand.png") and hand_ja not in pictures(parlour, "hand.png")  # Alice's
    await parlour.show_hand(bob, japanese)  # Bob's Discord is in Japanese
    seat = table.seat_of(bob.id)
    assert seat is not None
    assert gin_rummy.hand_picture(table.view(seat), names=table.names, words=words("ja")) in pictures(
        parlour, "hand.png"
    )
    table_ja = gin_rummy.table_picture(table.view(None), names=table.names, words=words("ja"))
    assert table_ja in pictures(parlour, "table.png")


async def test_a_japanese_server_reads_the_game_s_own_sentences_in_japanese(parlour: Parlour) -> None:
    server = parlour.server
    owner = server.user("owner", manage_guild=True)
    alice, bob = server.user("alice", locale="ja"), server.user("bob", locale="ja")
    await parlour.sentence(await parlour.slash(owner, "settings", {"language": "ja"}))
    table_id = await parlour.start_game(alice, [bob], game="gin_rummy")
    table = parlour.table(table_id)
    waiting = table.view(None).waiting_on[0]
    await parlour.show_hand(alice if waiting == table.seat_of(alice.id) else bob, table_id)
    contents = [e.content or "" for e in server.recorder.events]
    deal = said("ja", table.view(None).events[0], table.names)  # "Hand 1: … deals; the upcard is …"
    assert deal != said(ENGLISH, table.view(None).events[0], table.names)
    assert any(deal in content for content in contents)
    prompt = said("ja", table.view(waiting).decisions[0].prompt, table.names)
    assert prompt != said(ENGLISH, table.view(waiting).decisions[0].prompt, table.names)
    assert any(prompt in content for content in contents)  # the hand of the one it waits on
