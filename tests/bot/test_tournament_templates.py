"""Templates: a tournament's settings saved per server under a name, replaced, listed, deleted."""

from __future__ import annotations

import pytest

from bot.actor import Actor
from bot.db import Database
from bot.tournaments.checkin import CheckIns
from bot.tournaments.service import TournamentError, TournamentService
from bot.tournaments.templates import MAX_TEMPLATES, Templates
from tests.bot.test_tournament_service import FakeOpener


async def test_a_template_keeps_what_makes_the_next_tournament_the_same(database: Database) -> None:
    service = TournamentService(database.sessions, FakeOpener())
    templates = Templates(database.sessions)
    first = await service.create(
        Actor(3, 1, manage_guild=True),
        channel_id=2,
        game_key="gin_rummy",
        format="double_elimination",
        round_minutes=30,
        options={"target_score": 50},
    )
    await CheckIns(service).configure(first.id or 0, checkin_minutes=20)
    first = await service.get(first.id or 0)
    assert await templates.save(1, "  Friday   Night ", first, 3) == "friday night"
    saved = await templates.get(1, "FRIDAY NIGHT")
    assert (saved.game_key, saved.format, saved.round_minutes, saved.checkin_minutes) == (
        "gin_rummy",
        "double_elimination",
        30,
        20,
    )
    assert saved.options["target_score"] == 50
    second = await service.create(
        Actor(3, 1, manage_guild=True),
        channel_id=2,
        game_key=saved.game_key,
        format=saved.format,
        rounds=saved.rounds,
        table_size=saved.table_size,
        scoring=saved.scoring,
        round_minutes=saved.round_minutes,
        options=saved.options,
    )
    assert (second.format, second.options, second.round_minutes) == (first.format, first.options, first.round_minutes)

    swiss = await service.create(Actor(3, 1, manage_guild=True), channel_id=2, game_key="nin_jan", rounds=5)
    await templates.save(1, "friday night", swiss, 4)  # saved again: replaced
    assert [(name, s.game_key, s.rounds) for name, s in await templates.saved(1)] == [("friday night", "nin_jan", 5)]
    assert await templates.saved(2) == []  # another server's templates do not exist here
    with pytest.raises(TournamentError, match="no template called 'friday night'"):
        await templates.get(2, "friday night")
    with pytest.raises(TournamentError, match="in this server"):
        await templates.save(2, "stolen", swiss, 9)
    await templates.delete(1, "Friday Night")
    with pytest.raises(TournamentError, match="no template"):
        await templates.delete(1, "friday night")
    for n in range(MAX_TEMPLATES):
        await templates.save(1, f"t{n}", swiss, 3)
    with pytest.raises(TournamentError, match="at most"):
        await templates.save(1, "one more", swiss, 3)
