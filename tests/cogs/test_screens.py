"""The screens are pure builders: from a table, a seat and a picture already drawn, the message a
person sees, built without Discord or a picture worker. Every control they put on a message is
one a click decodes back (cogs.clicks), into the same table, version and move."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
import pytest

from bot.table import Seat, Table
from cogs.clicks import CLICKS, PaceSelect
from cogs.hand_ui import hand_parts
from cogs.message_parts import Controls, MessageParts
from cogs.table_pictures import Picture
from cogs.table_ui import lobby_parts, table_parts
from engine import registry

GAME = registry.get("gin_rummy")


def playing(version: int = 4) -> Table:
    seats = [Seat(11, "Ann"), Seat(12, "Bob")]
    table = Table(9, 1, 1, GAME, 11, GAME.validate_options({}), seats, status="playing", version=version)
    table.state = GAME.new_state(2, 3, table.options)
    table.fresh_from = {0: 0, 1: 0}
    return table


def drawn(table: Table, seat: int | None) -> Picture:
    """A picture as delivery hands it to a screen (its bytes do not matter to the screen)."""
    return Picture(table.version, table.view(seat), b"a picture")


def components(parts: MessageParts) -> list[discord.ui.Item[Any]]:
    assert isinstance(parts.view, Controls)  # sent, it keeps no listener: clicks come through CLICKS
    return list(parts.view.children)


def labels(parts: MessageParts) -> list[str]:
    return [str(item.label) for item in components(parts) if isinstance(item, discord.ui.Button)]


async def decoded(item: discord.ui.Item[Any]) -> discord.ui.DynamicItem[Any]:
    """The click a component makes, decoded as the bot decodes it (exactly one kind matches)."""
    custom_id = str(getattr(item, "custom_id", ""))
    kinds = [kind for kind in (*CLICKS, PaceSelect) if kind.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert len(kinds) == 1, f"{custom_id!r} matches {kinds}"
    match = kinds[0].__discord_ui_compiled_template__.fullmatch(custom_id)
    assert isinstance(match, re.Match)
    return await kinds[0].from_custom_id(None, item, match)  # type: ignore[arg-type]


def test_the_table_message_shows_whose_turn_it_is_and_show_my_hand() -> None:
    table = playing()
    parts = table_parts(table, drawn(table, None), note="The cards are dealt.")
    assert labels(parts) == ["Show my hand"]
    (waited,) = table.waiting_on
    person = table.seats[waited].user_id
    assert "The cards are dealt." in parts.content and f"Waiting on: <@{person}>" in parts.content
    assert [f.filename for f in parts.files] == ["table.png"] and parts.version == table.version
    assert parts.mentions.everyone is False
    assert [user.id for user in parts.mentions.users] == [person]  # pings the person waited on, nobody else


def test_a_finished_table_offers_rematch_with_the_results_picture_first() -> None:
    table = playing()
    state = table.state
    assert state is not None
    while state.outcome() is None:
        seat = state.waiting_on()[0]
        state.act(seat, GAME.computer_player(seat).choose(state.view(seat)))
    table.status, table.version = "finished", 40
    parts = table_parts(table, drawn(table, None), drawn(table, None))
    assert labels(parts) == ["Rematch"]
    assert [f.filename for f in parts.files] == ["results.png", "table.png"]
    table.rematch_id = 10  # once opened, its lobby is the way on
    assert labels(table_parts(table, drawn(table, None), drawn(table, None))) == []


async def test_every_lobby_control_decodes_to_its_table() -> None:
    table = Table(12, 1, 1, GAME, 11, GAME.validate_options({}), [Seat(11, "Ann")])
    parts = lobby_parts(table)
    assert labels(parts) == ["Join", "Leave", "Add computer", "Remove computer", "Options", "Start", "Cancel"]
    clicks = [await decoded(item) for item in components(parts)]
    assert {click.table_id for click in clicks} == {12}  # type: ignore[attr-defined]
    assert [click.action for click in clicks if hasattr(click, "action")][:2] == ["join", "leave"]


async def test_a_hands_controls_carry_the_moment_its_picture_shows_and_decode_to_its_moves() -> None:
    table = playing()
    seat = table.waiting_on[0]
    picture = drawn(table, seat)
    table.version += 1  # the table moved on after the picture was drawn: the controls follow the picture
    parts = hand_parts(table, seat, picture)
    assert parts.version == picture.version == table.version - 1
    assert parts.content.startswith("**Gin Rummy** · table #9 · your hand")
    moves = set()
    for item in components(parts):
        click = await decoded(item)
        assert (click.table_id, click.version) == (9, picture.version)  # type: ignore[attr-defined]
        moves.add(getattr(click, "move", None) or getattr(click, "kind", None))
    offered = {f"{d.kind}:{o.id}" for d in picture.view.decisions for o in d.options}
    assert moves <= offered | {d.kind for d in picture.view.decisions} and moves


def test_the_screens_need_no_event_loop() -> None:
    """Pure builders: no running loop, no worker, no Discord (asyncio.run is never entered here)."""
    with pytest.raises(RuntimeError):
        asyncio.get_running_loop()
    table = playing()
    assert hand_parts(table, 1, drawn(table, 1)).view is not None
    assert table_parts(table, drawn(table, None)).content
