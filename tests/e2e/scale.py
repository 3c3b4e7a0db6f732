"""Steps of the tournament tests at scale (a field of a hundred and more): a round's announcement
read across the several messages a big round takes, the tables' own posts counted, the bracket
pictures measured, and a field mostly of computers signed up through the commands."""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Sequence

from PIL import Image

from tests.e2e.harness import Parlour
from tests.e2e.tournaments import TABLE_LINE, SeenRound
from tests.loopback.models import UserSpec
from tests.loopback.recorder import Message

#: A tournament table's own first message names it in bold: "**High Card tournament #1 · round 2 · table 7**".
TABLE_POST = re.compile(r"\*\*(.+? tournament #\d+ · round (\d+) · table (\d+))\*\*")

#: Starting a field of a hundred seats dozens of tables before the organiser's deferred answer comes
#: (Discord keeps a deferred answer open for 15 minutes); on a loaded machine that is more than the
#: loopback's usual five seconds.
SEATING_A_ROUND = 120.0


async def add_computers(parlour: Parlour, moderator: UserSpec, count: int) -> None:
    """The organiser fills the field with /tournament computer, one at a time."""
    for _ in range(count):
        handle = await parlour.server.slash(moderator, "tournament computer")
        assert await parlour.sentence(handle) == "A computer player has signed up."


def channel_messages(parlour: Parlour) -> list[Message]:
    return parlour.server.recorder.messages_in(parlour.channel.id)


def announced_round(parlour: Parlour, number: int) -> tuple[SeenRound, str]:
    """Round ``number`` as the channel shows it, with its whole text: a big round comes in several
    messages (Discord's 2,000 characters), the first with the heading, the rest only table lines."""
    messages = channel_messages(parlour)
    heading = f"**Round {number}** of tournament"
    starts = [i for i, m in enumerate(messages) if heading in m.content]
    assert len(starts) == 1, f"round {number} announced {len(starts)} times"
    parts = [messages[starts[0]].content]
    for message in messages[starts[0] + 1 :]:
        if "**Round " in message.content and " of tournament" in message.content:
            break
        lines = message.content.splitlines()
        if lines and all(_announcement_line(line) for line in lines):
            parts.append(message.content)
    text = "\n".join(parts)
    tables = {int(n): (int(t), [w.strip() for w in who.split(",")]) for n, t, who in TABLE_LINE.findall(text)}
    bye = re.search(r"^Bye: (.+)$", text, re.MULTILINE)
    return SeenRound(number, tables, [w.strip() for w in bye[1].split(",")] if bye else []), text


def _announcement_line(line: str) -> bool:
    return bool(TABLE_LINE.match(line)) or line.startswith(("Bye: ", "Dropped for not checking in: ", "The round ends"))


def table_posts(parlour: Parlour) -> Counter[tuple[int, int]]:
    """How many times each tournament table (round, table) was posted in the channel: the messages
    as sent (a table's message is drawn over afterwards)."""
    found: Counter[tuple[int, int]] = Counter()
    for event in parlour.server.recorder.events_of("message"):
        if event.channel_id == parlour.channel.id:
            for _, round_number, table_number in TABLE_POST.findall(event.content or ""):
                found[int(round_number), int(table_number)] += 1
    return found


def picture_sizes(messages: Sequence[Message], filename: str) -> list[tuple[int, int]]:
    """The pixel size of every picture called ``filename`` among the messages (as last edited)."""
    sizes = []
    for message in messages:
        for attachment in message.attachments:
            if attachment.filename == filename:
                with Image.open(io.BytesIO(attachment.data)) as image:
                    sizes.append(image.size)
    return sizes
