"""Fabricated Discord objects: users, guilds, channels, messages, as the JSON Discord sends.

Everything a discord.py client parses comes from here, so the payload shapes live in one place.
Ids are real snowflakes built from the injectable clock, so discord.py's `created_at` and its
15-minute `Interaction.is_expired()` agree with the server.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import discord

DISCORD_EPOCH_MS = 1_420_070_400_000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

#: What the bot may do in a channel unless a test denies it (discord.py's permission names).
BOT_PERMISSIONS = (
    "view_channel",
    "send_messages",
    "send_messages_in_threads",
    "create_public_threads",
    "create_private_threads",
    "embed_links",
    "attach_files",
    "read_message_history",
    "use_application_commands",
    "manage_threads",
)
#: What every member (@everyone) may do.
EVERYONE_PERMISSIONS = (
    "view_channel",
    "send_messages",
    "send_messages_in_threads",
    "read_message_history",
    "use_application_commands",
    "create_public_threads",
)


def permission_bits(*names: str) -> int:
    """The bit set for discord.py permission names, e.g. ("send_messages", "attach_files")."""
    return discord.Permissions(**dict.fromkeys(names, True)).value


class Clock:
    """Monotonic time plus an offset a test may advance (token expiry, the 3-second answer)."""

    def __init__(self) -> None:
        self._offset = 0.0
        self._start_wall = datetime.now(UTC)
        self._start_mono = time.monotonic()

    def now(self) -> float:
        return time.monotonic() + self._offset

    def advance(self, seconds: float) -> None:
        self._offset += seconds

    def utcnow(self) -> datetime:
        return self._start_wall + timedelta(seconds=self.now() - self._start_mono)

    def iso(self) -> str:
        return self.utcnow().isoformat()


class Snowflakes:
    """Unique, increasing snowflakes stamped with the clock's time."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._counter = itertools.count(1)

    def next(self) -> int:
        ms = int(self._clock.utcnow().timestamp() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)


@dataclass(frozen=True)
class UserSpec:
    """A fabricated person: `manage_guild` gives them a moderator role with Manage Server."""

    id: int
    name: str
    manage_guild: bool = False
    #: The person's Discord language, sent with each of their interactions (``interaction.locale``).
    locale: str = field(default="en-US", compare=False)

    def user_payload(self) -> dict:
        return user_payload(self.id, self.name)


@dataclass
class ChannelSpec:
    """A guild text channel (type 0) or thread (11 public, 12 private)."""

    id: int
    name: str
    type: int = 0
    parent_id: int | None = None
    owner_id: int | None = None
    #: Permission names the bot is denied here (a member overwrite for the bot).
    bot_denied: set[str] = field(default_factory=set)
    #: A thread: archived (no edits until it is unarchived; a new message unarchives it), and
    #: how long it waits without a message before Discord archives it.
    archived: bool = False
    auto_archive_duration: int = 1440


@dataclass
class GuildSpec:
    id: int
    name: str
    channels: list[ChannelSpec]
    members: list[UserSpec]
    owner_id: int = 1
    #: The server's Discord language (``guild.preferred_locale``, an interaction's ``guild_locale``).
    locale: str = "en-US"


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
    }


def role_payloads(guild: GuildSpec, bot_role_id: int, moderator_role_id: int) -> list[dict]:
    def role(role_id: int, name: str, permissions: int, position: int, managed: bool = False) -> dict:
        return {
            "id": str(role_id),
            "name": name,
            "color": 0,
            "hoist": False,
            "position": position,
            "permissions": str(permissions),
            "managed": managed,
            "mentionable": False,
            "flags": 0,
        }

    return [
        role(guild.id, "@everyone", permission_bits(*EVERYONE_PERMISSIONS), 0),
        role(moderator_role_id, "Moderator", permission_bits("manage_guild", "manage_messages"), 1),
        role(bot_role_id, "Parlour", permission_bits(*BOT_PERMISSIONS), 2, managed=True),
    ]


def member_payload(user: dict, roles: list[int], joined_at: str, permissions: int | None = None) -> dict:
    member = {
        "user": user,
        "roles": [str(r) for r in roles],
        "nick": None,
        "joined_at": joined_at,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
    }
    if permissions is not None:
        member["permissions"] = str(permissions)
    return member


def channel_payload(channel: ChannelSpec, guild_id: int, bot_id: int, created: str) -> dict:
    payload: dict = {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(guild_id),
        "name": channel.name,
        "position": 0,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "nsfw": False,
        "topic": None,
        "flags": 0,
    }
    if channel.type in (11, 12):
        payload.update(
            parent_id=str(channel.parent_id),
            owner_id=str(channel.owner_id),
            message_count=0,
            member_count=1,
            thread_metadata={
                "archived": channel.archived,
                "auto_archive_duration": channel.auto_archive_duration,
                "archive_timestamp": created,
                "locked": False,
                "invitable": True,
                "create_timestamp": created,
            },
        )
    else:
        deny = permission_bits(*channel.bot_denied) if channel.bot_denied else 0
        payload["permission_overwrites"] = (
            [{"id": str(bot_id), "type": 1, "allow": "0", "deny": str(deny)}] if deny else []
        )
        payload["parent_id"] = None
    return payload


def message_payload(
    *,
    message_id: int,
    channel_id: int,
    guild_id: int | None,
    author: dict,
    body: dict,
    timestamp: str,
    attachments: list[dict],
    webhook_id: int | None = None,
    interaction_metadata: dict | None = None,
) -> dict:
    """A message object as Discord returns it, built from a request body the bot sent."""
    message = {
        "id": str(message_id),
        "type": 20 if interaction_metadata and interaction_metadata["type"] == 2 else 0,
        "channel_id": str(channel_id),
        "author": author,
        "content": body.get("content") or "",
        "timestamp": timestamp,
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": body.get("embeds") or [],
        "components": body.get("components") or [],
        "pinned": False,
        "flags": body.get("flags") or 0,
    }
    if guild_id is not None:
        message["guild_id"] = str(guild_id)
    if webhook_id is not None:
        message["webhook_id"] = str(webhook_id)
        message["application_id"] = str(webhook_id)
    if interaction_metadata is not None:
        message["interaction_metadata"] = interaction_metadata
    return message
