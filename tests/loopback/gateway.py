"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatch.

discord.py asks for transport compression in the URL (`compress=zlib-stream`, or `zstd-stream`
when a zstd module is installed). zlib-stream is honoured (one zlib stream per connection, each
message flushed with Z_SYNC_FLUSH, as Discord does); for anything else the server sends plain
text frames, which discord.py reads as-is (it only decompresses binary frames).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

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
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._lock = asyncio.Lock()

    async def send(self, payload: dict) -> None:
        text = json.dumps(payload)
        async with self._lock:
            if self.ws.closed:
                return
            if self._zlib is not None:
                data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
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
        op, data = payload.get("op"), payload.get("d")
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
            old = self.sessions.get(data.get("session_id"))
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
