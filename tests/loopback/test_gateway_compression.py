"""The loopback gateway's transport compression (zstd-stream, zlib-stream) as discord.py reads it."""

from __future__ import annotations

import json

import aiohttp
import discord
import pytest

from tests.loopback.gateway import HEARTBEAT, HEARTBEAT_ACK, HELLO, IDENTIFY, discord_decompression_context
from tests.loopback.server import LoopbackDiscord
from tests.loopback.testbot import start_test_bot, stop_test_bot

COMPRESSIONS = ["zstd-stream", "zlib-stream"]


@pytest.mark.parametrize("compress", COMPRESSIONS)
async def test_every_frame_decodes_to_its_one_payload(loopback: LoopbackDiscord, compress: str) -> None:
    """Each binary frame, fed in turn to discord.py's own decompression context, gives one whole payload."""
    context = discord_decompression_context(compress)()
    url = f"{loopback.gateway_url}?v=10&encoding=json&compress={compress}"
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:

        async def receive() -> dict:
            frame = await ws.receive(timeout=5)
            assert frame.type is aiohttp.WSMsgType.BINARY
            text = context.decompress(frame.data)
            assert text is not None, "a frame that is not a whole payload"
            return json.loads(text)

        assert (await receive())["op"] == HELLO
        await ws.send_json({"op": IDENTIFY, "d": {"token": loopback.token, "shard": [0, 1]}})
        received = [await receive(), await receive()]
        for _ in range(3):
            await ws.send_json({"op": HEARTBEAT, "d": None})
            assert (await receive())["op"] == HEARTBEAT_ACK
        await loopback.deny_bot(loopback.channel("general"), "send_messages")
        await loopback.allow_bot(loopback.channel("general"), "send_messages")
        received += [await receive(), await receive()]

    [session] = loopback.gateway.sessions.values()
    assert [p["t"] for p in received] == ["READY", "GUILD_CREATE", "CHANNEL_UPDATE", "CHANNEL_UPDATE"]
    assert received == session.sent


async def test_unknown_compression_gets_plain_text(loopback: LoopbackDiscord) -> None:
    async with aiohttp.ClientSession() as http, http.ws_connect(f"{loopback.gateway_url}?compress=brotli") as ws:
        frame = await ws.receive(timeout=5)
    assert frame.type is aiohttp.WSMsgType.TEXT and json.loads(frame.data)["op"] == HELLO


@pytest.mark.parametrize("compress", COMPRESSIONS)
async def test_discord_py_bot_works_over_compression(
    loopback: LoopbackDiscord, compress: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unmodified discord.py client asking for `compress` logs in, sees events and answers a button."""
    monkeypatch.setattr(discord.utils, "_ActiveDecompressionContext", discord_decompression_context(compress))
    bot, task = await start_test_bot(loopback)
    try:
        [session] = loopback.gateway.sessions.values()
        assert session.socket is not None and session.socket.compress == compress
        guild = bot.get_guild(loopback.guild.id)
        assert guild is not None and guild.name == "Loopback Guild"
        quiet = guild.get_channel(loopback.channel("quiet").id)
        await loopback.deny_bot(loopback.channel("quiet"), "send_messages")
        await loopback.recorder.wait_for(lambda: not quiet.permissions_for(guild.me).send_messages)

        message = await (await loopback.slash(loopback.user("alice"), "ping")).message()
        assert message.content == "pong"
        for name in ("bob", "carol", "dave"):
            await (await loopback.click(loopback.user(name), message, label="Again")).answer()
            assert loopback.recorder.messages[message.id].content == f"pressed by {name}"
    finally:
        await stop_test_bot(bot, task)
