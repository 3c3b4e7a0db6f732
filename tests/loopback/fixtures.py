"""pytest fixtures: `loopback` (a running LoopbackDiscord) and `loopback_bot` (LoopbackBot logged in).

Register with `pytest_plugins = ["tests.loopback.fixtures"]` in tests/conftest.py.
At teardown the test fails if the server refused a request the test did not take with
`server.recorder.take_errors()`, if the bot hit a route the server does not know, or if an
interaction was never answered.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import discord
import pytest
import yarl

from tests.loopback.server import LoopbackDiscord
from tests.loopback.testbot import LoopbackBot, start_test_bot, stop_test_bot


@pytest.fixture
async def loopback() -> AsyncIterator[LoopbackDiscord]:
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    server = LoopbackDiscord()
    await server.start()
    try:
        yield server
        problems = await _problems(server)
    finally:
        await server.close()
        discord.http.Route.BASE = saved[0]
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(saved[1])
    if problems:
        pytest.fail("loopback Discord:\n  " + "\n  ".join(problems), pytrace=False)


async def _problems(server: LoopbackDiscord) -> list[str]:
    for state in server.unanswered():
        remaining = server.answer_deadline - (server.clock.now() - state.created)
        if remaining > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(state.answered.wait(), remaining)
    problems = [f"refused: {error}" for error in server.recorder.errors]
    problems += [f"unknown route: {route}" for route in server.unknown_routes]
    problems += [
        f"interaction {s.id} ({s.data.get('name') or s.data.get('custom_id')}) by {s.user.name} was never answered"
        for s in server.unanswered()
    ]
    return problems


@pytest.fixture
async def loopback_bot(loopback: LoopbackDiscord) -> AsyncIterator[LoopbackBot]:
    bot, task = await start_test_bot(loopback)
    try:
        yield bot
    finally:
        await stop_test_bot(bot, task)
