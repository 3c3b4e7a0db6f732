"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatch.

discord.py asks for transport compression in the URL (`compress=zstd-stream` when a zstd module
is installed, as zstandard is for Parlour, else `zlib-stream`). Both are honoured as Discord does:
one compression stream per connection, every payload sent as one binary frame holding that
payload's compressed bytes, flushed so the client decodes it at once (zlib: Z_SYNC_FLUSH; zstd:
a block flush, the frame never ended). For any other value the server sends plain text frames,
which discord.py reads as-is (it only decompresses binary frames).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib.util
import json
import secrets
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord.utils
import zstandard
from aiohttp import WSMsgType, web

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0,
    1,
    2,
    6,
    7,
    8,
    9,
    10,
    11,
)
HEARTBEAT_INTERVAL_MS = 41_250


@functools.cache
def discord_decompression_context(compress: str) -> type:
    """The class discord.py decodes a `compress` ("zlib-stream" or "zstd-stream") connection with.

    discord.py defines only the one it asks for (zstd's when a zstd module is installed); zlib's
    is then taken from a private copy of discord/utils.py imported with the zstd modules hidden.
    """
    active = discord.utils._ActiveDecompressionContext
    if compress == active.COMPRESSION_TYPE:
        return active
    if compress != "zlib-stream":
        raise ValueError(f"discord.py has no decompression context for {compress!r} here")
    hidden: dict[str, Any] = {"zstandard": None, "compression.zstd": None}
    saved = {name: sys.modules.get(name) for name in hidden}
    spec = importlib.util.spec_from_file_location("discord._utils_without_zstd", discord.utils.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.update(hidden)  # None in sys.modules makes `import zstandard` raise ImportError
    try:
        spec.loader.exec_module(module)
    finally:
        for name, was in saved.items():
            if was is None:
                del sys.modules[name]
            else:
                sys.modules[name] = was
    return module._ZlibDecompressionContext


@dataclass
class Session:
    """A gateway session: survives a dropped socket so the client can RESUME it."""

    id: str
    shard: list[int]
    seq: int = 0
    sent: list[dict] = field(default_factory=list)
    socket: Connection | None = None


class Connection:
    """One websocket connection from a client."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        #: The transport compression in use: "zlib-stream", "zstd-stream", or None (plain text).
        self.compress: str | None = None
        self._compressor: zlib._Compress | zstandard.ZstdCompressionObj | None = None
        self._flush = 0  # ends each payload so the client can decode it whole
        if compress == "zlib-stream":
            self.compress, self._compressor, self._flush = compress, zlib.compressobj(), zlib.Z_SYNC_FLUSH
        elif compress == "zstd-stream":
            stream = zstandard.ZstdCompressor().compressobj()
            self.compress, self._compressor, self._flush = compress, stream, zstandard.COMPRESSOBJ_FLUSH_BLOCK
        self._lock = asyncio.Lock()

    async def send(self, payload: dict) -> None:
        """Send one payload; to a client going away (closed, or killed while it is sent) nothing is
        sent, as Discord does: a dispatch stays in its session for a RESUME, and the user's click
        is not refused for it (it simply goes unanswered)."""
        text = json.dumps(payload)
        async with self._lock:
            if self.ws.closed:
                return
            with contextlib.suppress(ConnectionResetError):  # aiohttp's "Cannot write to closing transport"
                if self._compressor is not None:
                    data = self._compressor.compress(text.encode()) + self._compressor.flush(self._flush)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(text)


class Gateway:
    """Serves /gateway. `ready_payloads(shard)` gives READY's data and the GUILD_CREATE list."""

    def __init__(
        self,
        ready_payloads: Callable[[list[int]], tuple[dict, list[dict]]],
        members: Callable[[int], list[dict]],
        url: Callable[[], str],
    ) -> None:
        self._ready_payloads = ready_payloads
        self._members = members
        self._url = url
        self.sessions: dict[str, Session] = {}
        self.connections: set[web.WebSocketResponse] = set()
        self.identify_count = 0

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.connections.add(ws)
        conn = Connection(ws, request.query.get("compress"))
        session: Session | None = None
        try:
            await conn.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None})
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                session = await self._on_message(conn, session, payload) or session
        finally:
            self.connections.discard(ws)
            if session is not None and session.socket is conn:
                session.socket = None
        return ws

    async def _on_message(self, conn: Connection, session: Session | None, payload: dict) -> Session | None:
        op = payload.get("op")
        data: dict[str, Any] = payload.get("d") or {}
        if op == HEARTBEAT:
            await conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            self.identify_count += 1
            session = Session(id=secrets.token_hex(16), shard=data.get("shard") or [0, 1])
            self.sessions[session.id] = session
            session.socket = conn
            ready, guilds = self._ready_payloads(session.shard)
            ready.update(session_id=session.id, resume_gateway_url=self._url(), shard=session.shard)
            await self.send(session, "READY", ready)
            for guild in guilds:
                await self.send(session, "GUILD_CREATE", guild)
            return session
        elif op == RESUME:
            old = self.sessions.get(str(data.get("session_id")))
            if old is None:
                await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
                return None
            old.socket = conn
            for missed in [p for p in old.sent if p["s"] > (data.get("seq") or 0)]:
                await conn.send(missed)
            await self.send(old, "RESUMED", {})
            return old
        elif op == REQUEST_MEMBERS and session is not None:
            guild_id = int(data["guild_id"])
            chunk = {"guild_id": str(guild_id), "members": self._members(guild_id), "chunk_index": 0, "chunk_count": 1}
            if data.get("nonce"):
                chunk["nonce"] = data["nonce"]
            await self.send(session, "GUILD_MEMBERS_CHUNK", chunk)
        return None

    async def send(self, session: Session, event: str, data: dict) -> None:
        session.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.sent.append(payload)
        if session.socket is not None:
            await session.socket.send(payload)

    async def dispatch(self, event: str, data: dict) -> None:
        """Send an event to every live session whose shard owns its guild, as Discord does
        (every session for an event of no guild)."""
        guild_id = data.get("guild_id")
        for session in list(self.sessions.values()):
            if session.socket is None:
                continue
            shard_id, shard_count = session.shard
            if guild_id is None or (int(guild_id) >> 22) % shard_count == shard_id:
                await self.send(session, event, data)

    async def close_all(self) -> None:
        for ws in list(self.connections):
            await ws.close()
