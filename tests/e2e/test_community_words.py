"""Issue 47 on the community screens: every word the collection, deck, leaderboard, profile, stats,
settings, seasons, /games, /away, /notify, the pace menu, a replay's steps and a tournament's event
say goes through the catalog, in the clicker's language for what only they see and in the server's
for public posts; a reader whose Discord is in Japanese reads Japanese.

A reader (or a server) whose Discord is British English reads the pseudo-language here: every catalog
text comes out marked ⟦like this⟧, so a word outside the marks (:func:`bot.i18n.pseudo.unmarked`) is
English built without the catalog. Pictures are read as they are drawn (:func:`render.text.recording`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import rating_store, seasons
from bot.i18n import PSEUDO, _, n_
from bot.i18n.languages import DISCORD_LOCALES
from bot.i18n.pseudo import screen_texts, unmarked
from bot.replays import seat_names
from cogs.pace_ui import add_pace_controls, pace_menu
from cogs.tournament_events import (
    NO_SERVER,
    TournamentEvents,
    checkin_description,
    event_description,
    event_title,
    round_description,
)
from cogs.turns import DiscordTurnNotifier
from render.text import Drawn, recording
from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out
from tests.e2e.test_turn_based import turn_based_table
from tests.loopback.models import UserSpec
from tests.loopback.recorder import Message
from tests.render.test_picture_words import english_left
from tests.security.world import forged_command

#: The name the highcard test game goes by (a test's game: not one of Parlour's proper names).
HIGH_CARD = "High Card"


@pytest.fixture(autouse=True)
def british_reads_the_pseudo_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """A person (or a server) whose Discord is in British English reads the pseudo-language."""
    monkeypatch.setitem(DISCORD_LOCALES, "en-GB", PSEUDO)


def server_in_pseudo(parlour: Parlour) -> None:
    """The server's Discord language becomes British English (the pseudo-language): its public posts."""
    assert parlour.bot is not None
    guild = parlour.bot.get_guild(parlour.server.guild.id)
    assert guild is not None
    guild.preferred_locale = discord.Locale.british_english
    parlour.server.guild.locale = "en-GB"


def english(message: Message | None, names: Iterable[str] = ()) -> list[str]:
    """The English words a message shows outside the catalog (names allowed)."""
    assert message is not None
    return unmarked(screen_texts(message.payload), allowed=names)


def drawn_english(drawn: list[Drawn], names: Iterable[str] = ()) -> list[str]:
    assert drawn, "no picture was drawn"
    return english_left(drawn, names)


def label(text: str) -> str:
    """A button's label as a pseudo-language reader sees it."""
    return _(PSEUDO, text)


async def finished_game(parlour: Parlour, people: list[UserSpec], game: str = "highcard") -> int:
    """A game the people play to its end (with one computer), in English."""
    table_id = await parlour.start_game(people[0], people[1:], computers=1, game=game)
    await play_out(parlour, table_id, {p.id: p for p in people})
    await parlour.settle()
    return table_id


# -- the leaderboard, the profile, /stats and a replay ------------------------------------------------------------
async def test_standings_and_a_replay_have_no_english_outside_the_catalog(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    zoe, dave = server.user("zoe", locale="en-GB"), server.user("dave")
    table_id = await finished_game(parlour, [alice, bob], game="nin_jan")
    server_in_pseudo(parlour)
    assert parlour.bot is not None
    async with parlour.bot.store.sessions() as session:
        board = await rating_store.leaderboard(session, server.guild.id, "nin_jan", page_size=10)
    names = ["alice", "bob", "zoe", *(row.name for row in board.rows)]

    with recording() as drawn:
        shown = await (await server.slash(zoe, "leaderboard", game="nin_jan")).message()
    assert not shown.ephemeral and drawn_english(drawn, names) == [] and english(shown) == []
    assert label("◀ Previous") in [b["label"] for b in shown.buttons]
    nobody = await (await server.slash(zoe, "leaderboard", game="gin_rummy", period="week")).message()
    assert nobody.ephemeral and english(nobody) == []
    assert nobody.content == _(
        PSEUDO, "No one has finished a game of {game} here in the past 7 days yet.", game="Gin Rummy"
    )

    with recording() as drawn:
        card = await (await parlour.slash(zoe, "profile", {"user": bob})).message()
    assert card.attachments[0].filename == "profile.png" and drawn_english(drawn, names) == []
    refused = await (await parlour.slash(zoe, "profile", {"user": dave})).message()
    assert refused.ephemeral and english(refused, ["dave"]) == []
    stats = await (await parlour.slash(zoe, "stats", {"user": alice})).message()
    assert english(stats, names) == [] and "⟦" in stats.embeds[0]["fields"][0]["value"]
    refused = await (await parlour.slash(zoe, "stats", {"user": dave})).message()
    assert english(refused, ["dave"]) == []

    # The replay: public in the server's language, its steps private in the clicker's.
    seats = seat_names(parlour.table(table_id).seats)
    names += list(seats) if not callable(seats) else []
    handle = await parlour.slash(zoe, "replay", {"table": table_id})
    await handle.answer()
    replay = server.recorder.messages[(await handle.next("followup")).message_id or 0]
    assert english(replay, names) == []
    with recording() as drawn:
        kind, steps = await parlour.press(zoe, replay, label("Step through ▶"))
    assert kind == "message" and steps is not None and steps.ephemeral
    assert english(steps, names) == [] and drawn_english(drawn, names) == []
    menu = next(i for i in steps.items() if i.get("type") == 3)
    assert menu["placeholder"] == label("Jump to a hand or round")
    kind, moved = await parlour.press(zoe, steps, label("Next ▶"))
    assert kind == "update" and english(moved, names) == []
    kind, hands = await parlour.press(zoe, moved, label("Show every hand"))
    assert kind == "update" and english(hands, names) == []
    refused = await (await parlour.slash(zoe, "replay", {"table": table_id + 1000})).message()
    assert refused.ephemeral and english(refused) == []


# -- /collection and /deck ------------------------------------------------------------------------------------------
async def test_collection_and_deck_have_no_english_outside_the_catalog(parlour: Parlour) -> None:
    server = parlour.server
    zoe, bob = server.user("zoe", locale="en-GB"), server.user("bob", locale="en-GB")
    carol = server.user("carol")
    server_in_pseudo(parlour)

    with recording() as drawn:
        shown = await (await server.slash(zoe, "collection", channel=parlour.channel)).message()
    assert not shown.ephemeral and english(shown, ["zoe"]) == [] and drawn_english(drawn, ["zoe"]) == []
    with recording() as drawn:
        kind, page = await parlour.press(bob, shown, label("Next ▶"))
    assert kind == "message" and page is not None and page.ephemeral
    assert english(page, ["zoe"]) == [] and drawn_english(drawn, ["zoe"]) == []
    kind, history = await parlour.press(bob, shown, label("Prizes won and lost"))
    assert kind == "message" and english(history, ["zoe"]) == []
    nobody = await parlour.slash(bob, "collection", {"user": carol})
    assert english((await nobody.message()), ["carol"]) == []

    with recording() as drawn:
        deck = await (await parlour.slash(zoe, "deck", {})).message()
    assert deck.ephemeral and english(deck, ["zoe"]) == [] and drawn_english(drawn, ["zoe"]) == []
    with recording() as drawn:
        kind, building = await parlour.press(zoe, deck, label("Build a new deck"))
    assert kind == "update" and english(building, ["zoe"]) == [] and drawn_english(drawn, ["zoe"]) == []
    assert building is not None and any(
        i.get("type") == 3 for i in building.items()
    )  # the card menu, its labels checked
    kind, picks = await parlour.press(zoe, building, label("See the picks ({count})").format(count=33))
    assert kind == "update" and english(picks, ["zoe"]) == []
    kind, cleared = await parlour.press(zoe, picks, label("Clear"))
    assert kind == "update" and english(cleared, ["zoe"]) == []
    kind, cancelled = await parlour.press(zoe, cleared, label("Cancel"))
    assert kind == "update" and english(cancelled, ["zoe"]) == []
    assert cancelled is not None and _(PSEUDO, "No change: your active deck is as it was.") in cancelled.content
    forged = await parlour.forge(bob, cancelled, cancelled.component(label=label("Build a new deck"))["custom_id"])
    assert unmarked([await parlour.sentence(forged)]) == []


# -- /settings, seasons, /games, /away, /notify, the pace menu, a time-out, a tournament's event ----------------------
async def test_settings_seasons_and_turns_have_no_english_outside_the_catalog(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob = server.user("alice"), server.user("bob")
    owner = server.user("owen", manage_guild=True, locale="en-GB")
    zoe = server.user("zoe", locale="en-GB")
    await finished_game(parlour, [alice, bob])
    server_in_pseudo(parlour)
    assert parlour.bot is not None

    said = await (await parlour.slash(owner, "settings", {})).message()
    assert said.ephemeral and english(said) == []
    said = await (await server.slash(owner, "settings", season_months=1)).message()
    assert english(said) == [] and n_(PSEUDO, "{count} month", "{count} months", 1) in said.content
    forged = [{"name": "idle_minutes", "type": 4, "value": 10**12}]
    refused = await parlour.sentence(await forged_command(parlour, owner, "settings", forged))
    assert unmarked([refused]) == [] and "1,440" in refused  # a Whole, grouped the reader's way
    server.command_grants.setdefault("settings", set()).add(zoe.id)  # a server may grant it to anyone
    refused = await parlour.sentence(await forged_command(parlour, zoe, "settings", []))
    assert "⟦" in refused and unmarked([refused]) == []  # only members with Manage Server

    cog: Any = parlour.bot.get_cog("Seasons")
    now = datetime.now(UTC)
    cog.keeper.clock = lambda: now
    with recording() as drawn:
        board = await (await server.slash(zoe, "season board", game="highcard")).message()
    assert not board.ephemeral and drawn_english(drawn, ["alice", "bob", HIGH_CARD]) == []
    nothing = await (await server.slash(zoe, "season hall-of-fame")).message()
    assert nothing.ephemeral and english(nothing) == []
    cog.keeper.clock = lambda: seasons.season_of(now, 1).end  # seasons of 1 month (set above)
    await cog.announce_ended()
    [ended] = [m for m in server.recorder.messages_in(parlour.channel.id) if "🥇" in m.content]
    assert english(ended, ["alice", "bob", HIGH_CARD]) == []
    famous = await (await server.slash(zoe, "season hall-of-fame")).message()
    assert english(famous, ["alice", "bob", HIGH_CARD]) == []
    with recording() as drawn:
        await (await parlour.slash(zoe, "profile", {"user": alice})).message()
    assert drawn_english(drawn, ["alice", HIGH_CARD]) == []

    asked: list[tuple[str, dict[str, Any]]] = [
        ("games", {}),
        ("away", {"until": "next week"}),
        ("notify", {"time_zone": "Mars/Olympus"}),
        ("notify", {"quiet_from": 22}),
        ("notify", {"quiet_from": 22, "quiet_to": 7}),
        ("notify", {"how": "dm"}),
    ]
    for command, options in asked:  # one after the other, as a person asks
        sentence = await parlour.sentence(await parlour.slash(zoe, command, options))
        assert "⟦" in sentence and unmarked([sentence]) == [], sentence

    # A tournament's Discord event: its words in the server's language, the organiser's refusal in theirs.
    event = [
        event_title(PSEUDO, "Nin Jan", 4),
        event_description(PSEUDO, _(PSEUDO, "Swiss"), 4, "cards"),
        round_description(PSEUDO, 2, "cards"),
        checkin_description(PSEUDO),
    ]
    assert all(text.startswith("⟦") for text in event) and unmarked(event) == []
    nowhere = SimpleNamespace(get_guild=lambda guild_id: None)
    tournament = SimpleNamespace(guild_id=1, id=4)
    made = await TournamentEvents(nowhere).create(tournament, "t", "general", "d", language=PSEUDO)  # type: ignore[arg-type]
    assert made == _(PSEUDO, NO_SERVER) and unmarked([str(made)]) == []


async def test_a_turn_based_table_s_pace_games_and_time_out_have_no_english_outside_the_catalog(
    parlour: Parlour,
) -> None:
    server = parlour.server
    ann, bob = server.user("Ann", locale="en-GB"), server.user("Bob", locale="en-GB")
    table_id = await turn_based_table(parlour, ann, bob)
    server_in_pseudo(parlour)
    table = parlour.table(table_id)

    embed, view = discord.Embed(), discord.ui.View()
    add_pace_controls(table, embed, view, PSEUDO)
    lobby = {"embeds": [embed.to_dict()], "components": view.to_components()}
    assert unmarked(screen_texts(lobby)) == [] and len(pace_menu(PSEUDO)) == 9

    waiting = ann if table.seat_of(ann.id) in table.waiting_people() else bob
    listed = await (await parlour.slash(waiting, "games", {})).message()
    assert english(listed, ["Gin Rummy"]) == [] and _(PSEUDO, "My hand at #{table}", table=table_id) in [
        b["label"] for b in listed.buttons
    ]

    assert parlour.bot is not None
    notifier = DiscordTurnNotifier(parlour.bot)
    seat = table.seat_of(waiting.id)
    assert seat is not None
    await notifier.timed_out(table, seat, parlour.clock.now)
    asked = [m for m in server.recorder.messages_in(table.channel_id) if m.buttons and "⟦" in m.content][-1]
    assert english(asked, ["Ann", "Bob"]) == []


# -- a reader whose Discord is in Japanese -----------------------------------------------------------------------------
def japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


async def test_a_japanese_reader_reads_japanese_while_the_server_stays_english(parlour: Parlour) -> None:
    server = parlour.server
    yuki, alice = server.user("yuki", locale="ja"), server.user("alice")

    deck = await (await parlour.slash(yuki, "deck", {})).message()
    assert deck.content.startswith("**使用中のデッキ**") and japanese(deck.content)
    assert "新しいデッキを作る" in [b["label"] for b in deck.buttons]
    said = await parlour.sentence(await parlour.slash(yuki, "games", {}))
    assert said == "あなたの手番を待っているテーブルはありません。"

    # /collection is public: the server's language (English here), whoever asks.
    shown = await (await server.slash(yuki, "collection", channel=parlour.channel)).message()
    assert shown.content.startswith("**yuki's Gin-jon-tan collection**: 33 cards")
    english_page = await (await server.slash(alice, "collection", channel=parlour.channel)).message()
    assert [b["label"] for b in english_page.buttons][:2] == ["◀ Previous", "Next ▶"]
