"""Tournament sentences (issue 44, item 5): refusals of /tournament commands only the asker sees; and
(issue 47) a person whose Discord is in another language meets no English in a tournament."""

from __future__ import annotations

import pytest

from bot.i18n import PSEUDO, _
from bot.i18n.languages import DISCORD_LOCALES
from render.text import recording
from tests.e2e.harness import Parlour
from tests.e2e.test_community_words import drawn_english, english, label, server_in_pseudo
from tests.e2e.tournaments import cog, mention, settle


async def test_a_refused_tournament_start_is_seen_only_by_the_moderator(parlour: Parlour) -> None:
    server = parlour.server
    mod, bob = server.user("Дмитрий", manage_guild=True), server.user("bob")
    said = await parlour.sentence(await server.slash(mod, "tournament start"))  # asserts only mod sees it
    assert "no tournament going on here" in said
    assert server.recorder.messages_in(parlour.channel.id) == [] and not server.recorder.ephemeral_for(bob)


async def test_a_refused_standings_request_is_seen_only_by_the_asker(parlour: Parlour) -> None:
    server = parlour.server
    alice = server.user("alice")
    said = await parlour.sentence(await server.slash(alice, "tournament standings", tournament=99))
    assert "no tournament #99" in said


async def test_a_person_whose_discord_is_in_the_pseudo_language_meets_no_english_in_a_tournament(
    parlour: Parlour, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 47: zoe (British English: the pseudo-language) at a server in it signs up, checks in and
    reads the standings; every word she sees came through the catalog, her refusal included."""
    monkeypatch.setitem(DISCORD_LOCALES, "en-GB", PSEUDO)
    server, recorder = parlour.server, parlour.server.recorder
    mod = server.user("mod", manage_guild=True)
    zoe, bob = server.user("zoe", locale="en-GB"), server.user("bob", locale="en-GB")
    cog(parlour).post_spacing = 0
    server_in_pseudo(parlour)
    names = ["zoe", "bob", "Gin Rummy"]

    signup = await (await server.slash(mod, "tournament create", game="gin_rummy", rounds=1, checkin=30)).message()
    assert english(signup, names) == [] and "⟦" in signup.content
    for person in (zoe, bob):
        kind, shown = await parlour.press(person, signup, label("Join"))
        assert kind == "update" and english(shown, names) == []
    _kind, refused = await parlour.press(zoe, signup, label("Join"))  # twice: a sentence only she sees
    assert refused is not None and refused.ephemeral
    assert refused.content == _(PSEUDO, "You are already signed up.") and english(refused) == []

    assert await parlour.sentence(await server.slash(mod, "tournament checkin")) == "Check-in is open."  # mod: English
    signup = recorder.messages[signup.id]
    assert english(signup, names) == []
    for person in (zoe, bob):
        kind, shown = await parlour.press(person, signup, label("Check in"))
        assert kind == "update" and english(shown, names) == []
    opened = [m for m in recorder.messages_in(parlour.channel.id) if "#1" in m.content and m.id != signup.id]
    assert opened and all(english(m, names) == [] for m in opened)

    started = await server.slash(mod, "tournament start")
    await started.answer()
    await started.next("followup")
    await settle(parlour)
    posts = [m for m in recorder.messages_in(parlour.channel.id) if m.id != signup.id]
    seated = [
        m
        for m in posts
        if _(PSEUDO, "Table {number} (#{table}): {names}", number=1, table=0, names="")[:4] in m.content
    ]
    assert seated and all(english(m, [*names, mention(zoe), mention(bob)]) == [] for m in seated)

    with recording() as drawn:
        standings = await (await server.slash(zoe, "tournament standings")).message()
    assert not standings.ephemeral and drawn_english(drawn, names) == []
