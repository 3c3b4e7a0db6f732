"""Issue 47 at the table: a person whose Discord is in another language than their server's plays a
whole game of each of the five games and reads every word of their hand messages, refusals and
answers in their own language, while the public table message stays in the server's.

The person reads the pseudo-language here (their Discord is British English, which this test maps to
``en_XA``): every catalog text comes out marked ⟦like this⟧, so a word outside the marks
(:func:`bot.i18n.pseudo.unmarked`) is English built without the catalog. The server is English.
"""

from __future__ import annotations

import random

import discord
import pytest

from bot.i18n import PSEUDO, _, words
from bot.i18n.languages import DISCORD_LOCALES
from bot.i18n.pseudo import screen_texts, unmarked
from render import pictures_for
from tests.e2e.harness import Parlour
from tests.e2e.test_gin_jon_tan_prizes_discord import make_move
from tests.loopback.models import UserSpec

#: Each game, the options that keep it short, and the computers that fill its table.
GAMES = [
    ("gin_rummy", {"target_score": "10"}, 1),
    ("nin_jan", None, 1),
    ("tet_gow", None, 2),
    ("gin_go", {"hand_limit": "2"}, 1),
    ("gin_jon_tan", {"rounds": "3"}, 1),
]


@pytest.fixture(autouse=True)
def british_reads_the_pseudo_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """A person whose Discord is in British English reads the pseudo-language."""
    monkeypatch.setitem(DISCORD_LOCALES, "en-GB", PSEUDO)


def english_seen_by(parlour: Parlour, user: UserSpec, since: int = 0) -> list[tuple[str, list[str]]]:
    """Every private text ``user`` was shown (answers, hands and their edits) with the English words in it."""
    found = []
    for event in parlour.server.recorder.events[since:]:
        if event.visible_only_to != user.id or event.kind.startswith("delete"):
            continue
        texts = screen_texts(event.data)
        left = unmarked(texts, allowed=[user.name])
        if left:
            found.append((" | ".join(texts)[:300], left))
    return found


@pytest.mark.parametrize(("game", "options", "computers"), GAMES, ids=[g for g, _o, _c in GAMES])
async def test_a_reader_in_another_language_plays_a_whole_game_at_an_english_table(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch, game: str, options: dict[str, str] | None, computers: int
) -> None:
    server = parlour.server
    zoe, watcher = server.user("zoe", locale="en-GB"), server.user("watcher", locale="en-GB")
    assert parlour.bot is not None
    monkeypatch.setattr(parlour.bot.tables, "_seed_source", random.Random(game))  # a run replays
    table_id = await parlour.start_game(zoe, [], computers=computers, game=game, options=options)
    since = len(server.recorder.events)

    moves = 0
    for moves in range(3000):  # noqa: B007 (the count is checked below)
        await parlour.settle()
        table = parlour.table(table_id)
        if table.status != "playing":
            break
        assert table.waiting_people() == [0], "the game waits on nobody"
        await make_move(parlour, zoe, table_id)
    await parlour.settle()
    table = parlour.table(table_id)
    assert table.status == "finished" and moves > 0

    # Zoe's hands, from the first to the last ("The game is over."), said every word in her language.
    private = [e for e in server.recorder.events[since:] if e.visible_only_to == zoe.id]
    hands = [e for e in private if any(f.filename == "hand.png" for f in e.files)]
    assert hands, "no hand was shown"
    assert english_seen_by(parlour, zoe, since) == []
    last = parlour.server.recorder.messages[hands[-1].message_id or 0]
    assert _(PSEUDO, "The game is over.") in last.content

    # The public table message is the server's: English, with the computers' English names.
    message = parlour.table_message(table_id)
    assert "Game over" in message.content and "⟦" not in message.content
    assert [b["label"] for b in message.buttons] == ["Rematch"]

    # A refusal says why in the reader's language: a click on another table's message, not seated.
    other = await parlour.start_game(server.user("alice"), [], computers=computers, game=game, options=options)
    since = len(server.recorder.events)
    refused = await parlour.show_hand(watcher, other)
    assert refused.ephemeral and refused.content == _(
        PSEUDO, "You are not seated at this table; you can watch, and join the next one."
    )
    assert english_seen_by(parlour, watcher, since) == []
    assert "⟦" not in parlour.table_message(other).content


async def test_a_japanese_hand_at_an_english_table_is_japanese_and_the_table_stays_english(parlour: Parlour) -> None:
    server = parlour.server
    kenji, alice = server.user("kenji", locale="ja"), server.user("alice")
    table_id = await parlour.start_game(alice, [kenji], game="gin_rummy", options={"target_score": "10"})
    hand = await parlour.show_hand(kenji, table_id)
    table = parlour.table(table_id)
    seat = table.seat_of(kenji.id)
    assert seat is not None
    assert hand.content.startswith(_("ja", "**{game}** · table #{table} · your hand", game="Gin Rummy", table=table_id))
    drawn = pictures_for("gin_rummy").hand_picture(table.view(seat), names=table.names_in("ja"), words=words("ja"))
    assert hand.attachments[0].data == drawn  # the picture in Japanese too
    english = await parlour.show_hand(alice, table_id)
    assert english.content.startswith(f"**Gin Rummy** · table #{table_id} · your hand")
    message = parlour.table_message(table_id)
    assert message.content.startswith(f"**Gin Rummy** · table #{table_id}") and "Show my hand" in [
        b["label"] for b in message.buttons
    ]
    assert discord.utils.find(lambda a: a.filename == "table.png", message.attachments) is not None
