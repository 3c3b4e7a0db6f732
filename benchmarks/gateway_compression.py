"""``python -m benchmarks.gateway_compression``: discord.py decoding the gateway's zlib-stream and zstd-stream.

``PAYLOADS`` INTERACTION_CREATE dispatches, button clicks by various people on ``TABLES`` table
messages (content, an embed with the table's picture, four rows of buttons), are made by the
loopback Discord's own code and sent through its gateway connections, one per method, as it sends
them to a bot (one compression stream per connection, each payload flushed into one frame). Then
discord.py's own decompression contexts decode each stream, the methods alternating, ``REPEAT``
rounds. Printed per method: the median CPU µs per payload (``time.process_time``) and the
compressed bytes per payload (and the JSON's bytes per payload).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time

from tests.loopback.gateway import Connection, Session, discord_decompression_context
from tests.loopback.recorder import Attachment, Message
from tests.loopback.server import LoopbackDiscord

PAYLOADS = 2000
TABLES = 40
REPEAT = 5
METHODS = ("zlib-stream", "zstd-stream")
CARDS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "♠♥♦♣"


class _Frames:
    """Stands in for the bot's websocket: keeps the frames the loopback gateway sends."""

    closed = False

    def __init__(self) -> None:
        self.frames: list[bytes | str] = []

    async def send_bytes(self, data: bytes) -> None:
        self.frames.append(data)

    async def send_str(self, data: str) -> None:
        self.frames.append(data)


def _button(label: str, custom_id: str, style: int = 2, emoji: str | None = None) -> dict:
    button = {"type": 2, "style": style, "label": label, "custom_id": custom_id, "disabled": False}
    if emoji:
        button["emoji"] = {"name": emoji}
    return button


def _table_body(table_id: int, rng: random.Random) -> dict:
    """A game table's message as Parlour posts it: who plays, the picture, the table's buttons."""
    players = rng.sample(["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi"], 4)
    hand = [f"{rng.choice(CARDS)}{rng.choice(SUITS)}" for _ in range(10)]
    rows = [
        {"type": 1, "components": [_button(card, f"pl:h:{table_id}:{i}", 1) for i, card in enumerate(hand[:5])]},
        {"type": 1, "components": [_button(card, f"pl:h:{table_id}:{i + 5}", 1) for i, card in enumerate(hand[5:])]},
        {
            "type": 1,
            "components": [
                _button("Draw", f"pl:a:{table_id}:draw", 3, "🂠"),
                _button("Take discard", f"pl:a:{table_id}:take", 2, "♻"),
                _button("Knock", f"pl:a:{table_id}:knock", 4),
                _button("Show my hand", f"pl:s:{table_id}", 1, "🃏"),
            ],
        },
        {
            "type": 1,
            "components": [_button("Rules", f"pl:r:{table_id}"), _button("Leave table", f"pl:l:{table_id}", 4)],
        },
    ]
    embed = {
        "type": "rich",
        "title": f"Gin Rummy — table {table_id}",
        "description": f"Round {rng.randint(1, 9)} · {players[0]} to play · stock {rng.randint(5, 31)} cards",
        "color": 0x2E7D32,
        "fields": [
            {"name": name, "value": f"{rng.randint(0, 120)} points · {rng.randint(1, 10)} cards", "inline": True}
            for name in players
        ],
        "image": {"url": "attachment://table.png"},
        "footer": {"text": "Parlour · press Show my hand to see your cards"},
    }
    return {"content": f"**{players[0]}**, it is your turn.", "embeds": [embed], "components": rows}


async def _streams() -> tuple[list[str], dict[str, list[bytes]]]:
    """The dispatches' JSON as sent in plain text, and each method's frames."""
    server = LoopbackDiscord()
    rng = random.Random(7)
    general = server.channel("general")
    tables: list[Message] = []
    for table_id in range(1, TABLES + 1):
        picture = Attachment(server.ids.next(), "table.png", bytes(rng.randint(40_000, 90_000)), "the table")
        tables.append(server._new_message(general.id, _table_body(table_id, rng), [picture]))
    people = [server.user(f"player{i}") for i in range(60)]
    sockets: dict[str | None, _Frames] = {}
    for method in (None, *METHODS):
        sockets[method] = _Frames()
        session = Session(id=str(method), shard=[0, 1], socket=Connection(sockets[method], method))  # type: ignore[arg-type]
        server.gateway.sessions[session.id] = session
    for _ in range(PAYLOADS):
        message = rng.choice(tables)
        button = rng.choice(message.buttons)
        await server.click(rng.choice(people), message, custom_id=button["custom_id"])
    plain = [str(f) for f in sockets[None].frames]
    return plain, {m: [bytes(f) for f in sockets[m].frames if isinstance(f, bytes)] for m in METHODS}


def _decode(method: str, frames: list[bytes]) -> tuple[float, list[str | None]]:
    context = discord_decompression_context(method)()
    decompress = context.decompress
    start = time.process_time()
    texts = [decompress(frame) for frame in frames]
    return time.process_time() - start, texts


def main() -> None:
    plain, streams = asyncio.run(_streams())
    for method, frames in streams.items():
        if _decode(method, frames)[1] != plain:
            raise SystemExit(f"{method}: discord.py did not decode the stream to the payloads sent")
    timings: dict[str, list[float]] = {m: [] for m in METHODS}
    for round_ in range(REPEAT):
        for method in METHODS if round_ % 2 == 0 else METHODS[::-1]:
            seconds, _ = _decode(method, streams[method])
            timings[method].append(seconds / len(plain) * 1e6)
    json_bytes = sum(len(t.encode()) for t in plain) / len(plain)
    print(f"{len(plain)} INTERACTION_CREATE dispatches, {json_bytes:.0f} bytes of JSON each; {REPEAT} rounds")
    print(f"{'method':<12} {'CPU µs/payload':>15} {'bytes/payload':>14}")
    for method in METHODS:
        size = sum(map(len, streams[method])) / len(plain)
        print(f"{method:<12} {statistics.median(timings[method]):>15.2f} {size:>14.0f}")


if __name__ == "__main__":
    main()
