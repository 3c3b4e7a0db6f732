"""LoopbackDiscord: a fake Discord on 127.0.0.1 that an unmodified discord.py client logs into.

Point discord.py at it with `configure_discord_py(server)` (or the two assignments it makes);
inject interactions with `slash`, `click`, `select`, `submit_modal`; read what the bot sent from
`server.recorder`. Every refused request is recorded in `recorder.errors` with the answer real
Discord gives, and the pytest fixture fails the test on it.
"""

from __future__ import annotations

import json
import logging
import secrets
from datetime import UTC, datetime
from typing import Any

import discord
import yarl
from aiohttp import web

from tests.loopback import multipart
from tests.loopback.gateway import Gateway
from tests.loopback.injection import (
    APPLICATION_COMMAND,
    COMPONENT,
    MODAL_SUBMIT,
    InjectionError,
    InteractionHandle,
    InteractionState,
    command_options,
    find_command,
    modal_submit_data,
    select_data,
)
from tests.loopback.limits import DEFAULT_MAX_FILE_SIZE, DiscordError, check_autocomplete, check_message, check_modal
from tests.loopback.models import (
    BOT_PERMISSIONS,
    EPHEMERAL,
    EVERYONE_PERMISSIONS,
    LOADING,
    ChannelSpec,
    Clock,
    GuildSpec,
    Snowflakes,
    UserSpec,
    channel_payload,
    member_payload,
    message_payload,
    permission_bits,
    role_payloads,
    user_payload,
)
from tests.loopback.recorder import Attachment, Message, Recorder, Rejection

log = logging.getLogger(__name__)

UNKNOWN_INTERACTION = DiscordError(404, 10062, "Unknown interaction")
ALREADY_ACKNOWLEDGED = DiscordError(400, 40060, "Interaction has already been acknowledged.")
UNKNOWN_WEBHOOK = DiscordError(404, 10015, "Unknown Webhook")
INVALID_WEBHOOK_TOKEN = DiscordError(401, 50027, "Invalid Webhook Token")
UNKNOWN_MESSAGE = DiscordError(404, 10008, "Unknown Message")
UNKNOWN_CHANNEL = DiscordError(404, 10003, "Unknown Channel")
CANNOT_DM = DiscordError(403, 50007, "Cannot send messages to this user")
THREAD_ARCHIVED = DiscordError(400, 50083, "Thread is archived")
MISSING_PERMISSIONS = DiscordError(403, 50013, "Missing Permissions")
#: What Discord answers a bot that writes commands into a server it is not in (or a channel id).
MISSING_ACCESS = DiscordError(403, 50001, "Missing Access")
UNKNOWN_EVENT = DiscordError(404, 10070, "Unknown Guild Scheduled Event")
#: Scheduled event statuses, and the changes Discord allows (scheduled -> active or cancelled, active -> completed).
EVENT_SCHEDULED, EVENT_ACTIVE, EVENT_COMPLETED, EVENT_CANCELLED = 1, 2, 3, 4
EVENT_MOVES = {EVENT_SCHEDULED: {EVENT_ACTIVE, EVENT_CANCELLED}, EVENT_ACTIVE: {EVENT_COMPLETED}}
#: Callback types allowed for each interaction type (Discord: "Interaction Response Types").
ALLOWED_CALLBACKS = {1: {1}, 2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}


def _json(data: Any, *, status: int = 200) -> web.Response:
    """A JSON answer with Discord's exact content type (discord.py compares it verbatim)."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def configure_discord_py(server: LoopbackDiscord) -> None:
    """What a bot must set before login to talk to this server instead of discord.com.

    REST (including interaction webhooks, which build their URLs from the same `Route.BASE`)
    goes to `api_url`; a non-sharded Client connects to `DiscordWebSocket.DEFAULT_GATEWAY`
    (AutoShardedClient asks GET /gateway/bot instead, which answers the same URL).
    """
    discord.http.Route.BASE = server.api_url
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(server.gateway_url)


def shard_of(guild_id: int, shard_count: int) -> int:
    """The gateway shard that receives a guild's events (Discord's formula)."""
    return (guild_id >> 22) % shard_count


class LoopbackDiscord:
    def __init__(
        self,
        *,
        answer_deadline: float = 3.0,
        token_lifetime: float = 15 * 60,
        max_file_size: int = DEFAULT_MAX_FILE_SIZE,
        token: str = "loopback-token",
    ) -> None:
        self.answer_deadline = answer_deadline
        self.token_lifetime = token_lifetime
        self.max_file_size = max_file_size
        self.token = token
        self.clock = Clock()
        self.ids = Snowflakes(self.clock)
        self.recorder = Recorder()
        self.bot = UserSpec(self.ids.next(), "Parlour")
        self.application_id = self.bot.id
        self.bot_role_id, self.moderator_role_id = self.ids.next(), self.ids.next()
        owner = UserSpec(self.ids.next(), "Owner", manage_guild=True)
        guild_id = self.ids.next()
        self.guild = GuildSpec(
            id=guild_id,
            name="Loopback Guild",
            channels=[ChannelSpec(self.ids.next(), "general"), ChannelSpec(self.ids.next(), "quiet")],
            members=[owner],
            owner_id=owner.id,
        )
        #: Every guild the bot is in; ``guild`` is the first (most tests need no other).
        self.guilds: list[GuildSpec] = [self.guild]
        #: How many gateway shards GET /gateway/bot recommends (a sharded bot may choose its own).
        self.shard_count = 1
        self.commands: dict[int | None, list[dict]] = {}
        #: Per command name, members a server admin allowed it to (Server Settings → Integrations).
        self.command_grants: dict[str, set[int]] = {}
        self.interactions: dict[int, InteractionState] = {}
        self.unknown_routes: list[str] = []
        #: Guild scheduled events by id (their payloads), who marked each interested, and the bot's
        #: guild permissions a test took away (e.g. "manage_events").
        self.scheduled_events: dict[int, dict] = {}
        self.event_interested: dict[int, list[UserSpec]] = {}
        self.bot_guild_denied: set[str] = set()
        #: Direct-message channels the bot opened, by id (type 1; ``parent_id`` holds the person).
        self.dm_channels: dict[int, ChannelSpec] = {}
        #: People who take no direct messages from the bot (a DM gets 403, code 50007).
        self.dms_closed: set[int] = set()
        self.gateway = Gateway(self._ready_payloads, self._members, lambda: self.gateway_url)
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle -----------------------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[self._errors_middleware])
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", "/api/v10/{path:.*}", self._dispatch_route)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def close(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- the world -----------------------------------------------------------------------------
    def add_guild(self, name: str) -> GuildSpec:
        """Another server with the bot in it (channels "general" and "quiet"), sent to the shard that owns it."""
        owner = UserSpec(self.ids.next(), f"Owner of {name}", manage_guild=True)
        guild = GuildSpec(
            id=self.ids.next(),
            name=name,
            channels=[ChannelSpec(self.ids.next(), "general"), ChannelSpec(self.ids.next(), "quiet")],
            members=[owner],
            owner_id=owner.id,
        )
        self.guilds.append(guild)
        return guild

    def guild_of(self, channel_id: int) -> GuildSpec:
        """The guild a channel (or thread) belongs to."""
        for guild in self.guilds:
            if any(c.id == channel_id for c in guild.channels):
                return guild
        raise UNKNOWN_CHANNEL

    def user(
        self,
        name: str,
        *,
        manage_guild: bool = False,
        id: int | None = None,
        guild: GuildSpec | None = None,
        locale: str = "en-US",
    ) -> UserSpec:
        """A guild member to act as (of the first guild unless told); the same name gives the same user.

        ``locale`` is their Discord language (given when they are first made)."""
        guild = guild or self.guild
        for member in guild.members:
            if member.name == name:
                return member
        spec = UserSpec(id or self.ids.next(), name, manage_guild, locale)
        guild.members.append(spec)
        return spec

    def channel(self, name_or_id: str | int, guild: GuildSpec | None = None) -> ChannelSpec:
        """A channel by id (in any guild), or by name (in ``guild``, the first guild by default)."""
        for place in [guild] if guild else self.guilds:
            for channel in place.channels:
                if name_or_id == channel.id or (name_or_id == channel.name and (guild or place is self.guild)):
                    return channel
        raise KeyError(f"no channel {name_or_id!r}")

    def _find_channel(self, channel_id: int) -> ChannelSpec:
        if channel_id in self.dm_channels:
            return self.dm_channels[channel_id]
        try:
            return self.channel(channel_id)
        except KeyError:
            raise UNKNOWN_CHANNEL from None

    def dms_with(self, user: UserSpec) -> list[Message]:
        """The direct messages the bot sent this person."""
        return [m for c in self.dm_channels.values() if c.parent_id == user.id for m in self.recorder.messages_in(c.id)]

    async def archive_thread(self, thread: ChannelSpec | int) -> None:
        """Discord archives a thread (no message for its auto-archive time, or a moderator did)."""
        thread = self._find_channel(thread if isinstance(thread, int) else thread.id)
        thread.archived = True
        await self.gateway.dispatch("THREAD_UPDATE", self.channel_payload(thread))

    async def delete_channel(self, channel: ChannelSpec | int) -> None:
        """Someone deletes a channel or thread."""
        channel = self._find_channel(channel if isinstance(channel, int) else channel.id)
        payload = self.channel_payload(channel)
        self.guild_of(channel.id).channels.remove(channel)
        await self.gateway.dispatch("THREAD_DELETE" if channel.type in (11, 12) else "CHANNEL_DELETE", payload)

    async def deny_bot(self, channel: ChannelSpec | int, *permissions: str) -> None:
        """Deny the bot permissions in a channel (e.g. "create_public_threads", "send_messages")."""
        channel = self._find_channel(channel if isinstance(channel, int) else channel.id)
        channel.bot_denied.update(permissions)
        await self.gateway.dispatch("CHANNEL_UPDATE", self.channel_payload(channel))

    async def allow_bot(self, channel: ChannelSpec | int, *permissions: str) -> None:
        channel = self._find_channel(channel if isinstance(channel, int) else channel.id)
        channel.bot_denied.difference_update(permissions)
        await self.gateway.dispatch("CHANNEL_UPDATE", self.channel_payload(channel))

    def bot_permissions(self, channel: ChannelSpec) -> int:
        base = channel if channel.parent_id is None else self.channel(channel.parent_id)
        allowed = permission_bits(*BOT_PERMISSIONS) | permission_bits(*EVERYONE_PERMISSIONS)
        return allowed & ~permission_bits(*base.bot_denied) if base.bot_denied else allowed

    def _require(self, channel: ChannelSpec, *names: str) -> None:
        if any(not self.bot_permissions(channel) & permission_bits(n) for n in names):
            raise MISSING_PERMISSIONS

    def channel_payload(self, channel: ChannelSpec) -> dict:
        return channel_payload(channel, self.guild_of(channel.id).id, self.bot.id, self.clock.iso())

    def member(self, user: UserSpec) -> dict:
        roles = [self.moderator_role_id] if user.manage_guild else []
        return member_payload(user.user_payload(), roles, self.clock.iso())

    def _members(self, guild_id: int) -> list[dict]:
        bot = member_payload(user_payload(self.bot.id, self.bot.name, bot=True), [self.bot_role_id], self.clock.iso())
        guild = next((g for g in self.guilds if g.id == guild_id), self.guild)
        return [bot, *(self.member(m) for m in guild.members)]

    def _ready_payloads(self, shard: list[int]) -> tuple[dict, list[dict]]:
        """READY and one GUILD_CREATE per guild of this shard (Discord's rule: (guild_id >> 22) % shard_count)."""
        mine = [g for g in self.guilds if shard_of(g.id, shard[1]) == shard[0]]
        ready = {
            "v": 10,
            "user": {**user_payload(self.bot.id, self.bot.name, bot=True), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in mine],
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        return ready, [self._guild_payload(g) for g in mine]

    def _guild_payload(self, spec: GuildSpec) -> dict:
        members = self._members(spec.id)
        return {
            "id": str(spec.id),
            "name": spec.name,
            "icon": None,
            "owner_id": str(spec.owner_id),
            "roles": role_payloads(spec, self.bot_role_id, self.moderator_role_id),
            "channels": [self.channel_payload(c) for c in spec.channels if c.type == 0],
            "threads": [self.channel_payload(c) for c in spec.channels if c.type in (11, 12)],
            "members": members,
            "member_count": len(members),
            "emojis": [],
            "stickers": [],
            "features": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "joined_at": self.clock.iso(),
            "preferred_locale": spec.locale,
            "premium_tier": 0,
            "system_channel_id": None,
        }

    # -- routing -------------------------------------------------------------------------------
    @web.middleware
    async def _errors_middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        try:
            return await handler(request)
        except DiscordError as error:
            path = request.path.removeprefix("/api/v10")
            self.recorder.reject(Rejection(request.method, path, error.status, error.code, error.message, error.errors))
            log.error("loopback Discord refused %s %s: %s", request.method, path, error)
            return _json(error.body(), status=error.status)

    async def _dispatch_route(self, request: web.Request) -> web.StreamResponse:
        parts = request.match_info["path"].strip("/").split("/")
        method = request.method
        for route_method, pattern, handler in self._routes():
            if route_method != method or len(pattern) != len(parts):
                continue
            args = []
            for want, got in zip(pattern, parts, strict=True):
                if want == "*":
                    args.append(got)
                elif want != got:
                    break
            else:
                return await handler(request, *args)
        self.unknown_routes.append(f"{method} /{'/'.join(parts)}")
        log.error("loopback Discord has no route %s /%s", method, "/".join(parts))
        raise DiscordError(404, 0, f"404: Not Found (loopback has no route {method} /{'/'.join(parts)})")

    def _routes(self) -> list[tuple[str, list[str], Any]]:
        table = [
            ("GET", "users/@me", self._get_me),
            ("GET", "users/@me/guilds", self._get_my_guilds),
            ("GET", "gateway/bot", self._get_gateway_bot),
            ("GET", "gateway", self._get_gateway_bot),
            ("GET", "oauth2/applications/@me", self._get_application),
            ("GET", "applications/@me", self._get_application),
            ("GET", "applications/*/commands", self._get_commands),
            ("PUT", "applications/*/commands", self._put_commands),
            ("GET", "applications/*/guilds/*/commands", self._get_commands),
            ("PUT", "applications/*/guilds/*/commands", self._put_commands),
            ("POST", "interactions/*/*/callback", self._callback),
            ("POST", "webhooks/*/*", self._followup),
            ("GET", "webhooks/*/*/messages/*", self._webhook_message),
            ("PATCH", "webhooks/*/*/messages/*", self._webhook_message),
            ("DELETE", "webhooks/*/*/messages/*", self._webhook_message),
            ("GET", "channels/*", self._get_channel),
            ("PATCH", "channels/*", self._edit_channel),
            ("POST", "users/@me/channels", self._open_dm),
            ("GET", "users/*", self._get_user),
            ("GET", "channels/*/messages", self._get_messages),
            ("POST", "channels/*/messages", self._post_message),
            ("GET", "channels/*/messages/*", self._channel_message),
            ("PATCH", "channels/*/messages/*", self._channel_message),
            ("DELETE", "channels/*/messages/*", self._channel_message),
            ("POST", "channels/*/threads", self._create_thread),
            ("POST", "channels/*/messages/*/threads", self._create_thread),
            ("PUT", "channels/*/thread-members/*", self._no_content),
            ("POST", "channels/*/typing", self._no_content),
            ("GET", "guilds/*/members/*", self._get_member),
            ("POST", "guilds/*/scheduled-events", self._create_event),
            ("GET", "guilds/*/scheduled-events/*", self._event),
            ("PATCH", "guilds/*/scheduled-events/*", self._event),
            ("GET", "guilds/*/scheduled-events/*/users", self._event_users),
        ]
        return [(m, p.split("/"), h) for m, p, h in table]

    # -- login and commands ------------------------------------------------------------------------
    async def _get_me(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise DiscordError(401, 0, "401: Unauthorized")
        return _json({**user_payload(self.bot.id, self.bot.name, bot=True), "verified": True})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return _json({"url": self.gateway_url, "shards": self.shard_count, "session_start_limit": limit})

    async def _get_application(self, request: web.Request) -> web.Response:
        owner = user_payload(self.guild.owner_id, "Owner")
        return _json(
            {
                "id": str(self.application_id),
                "name": self.bot.name,
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": owner,
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "interactions_endpoint_url": None,
            }
        )

    async def _get_my_guilds(self, request: web.Request) -> web.Response:
        """The servers the bot is in, by id, with Discord's before/after/limit paging."""
        before, after = int(request.query.get("before", 2**64)), int(request.query.get("after", 0))
        limit = int(request.query.get("limit", 200))
        found = sorted((g for g in self.guilds if after < g.id < before), key=lambda g: g.id)
        found = found[-limit:] if "before" in request.query and "after" not in request.query else found[:limit]
        return _json(
            [
                {"id": str(g.id), "name": g.name, "icon": None, "owner": False, "permissions": "0", "features": []}
                for g in found
            ]
        )

    def _command_scope(self, guild_id: str | None) -> int | None:
        if guild_id is None:
            return None
        if not any(g.id == int(guild_id) for g in self.guilds):
            raise MISSING_ACCESS
        return int(guild_id)

    async def _get_commands(self, request: web.Request, app_id: str, guild_id: str | None = None) -> web.Response:
        return _json(self.commands.get(self._command_scope(guild_id), []))

    async def _put_commands(self, request: web.Request, app_id: str, guild_id: str | None = None) -> web.Response:
        scope = self._command_scope(guild_id)
        old = {c["name"]: c["id"] for c in self.commands.get(scope, [])}
        synced = []
        for command in await request.json():
            command = {
                **command,
                "id": old.get(command["name"]) or str(self.ids.next()),
                "application_id": str(self.application_id),
                "version": str(self.ids.next()),
                "type": command.get("type", 1),
            }
            if scope is not None:
                command["guild_id"] = str(scope)
            synced.append(command)
        self.commands[scope] = synced
        self.recorder.notify()
        return _json(synced)

    # -- reading request bodies ------------------------------------------------------------------
    async def _read_body(self, request: web.Request) -> tuple[dict, list[Attachment]]:
        """JSON body, or multipart `payload_json` plus `files[n]` uploads (as discord.py sends).

        The form is split here (:func:`tests.loopback.multipart.form_parts`): aiohttp's reader
        parses every part's headers through the standard library's e-mail package, which was
        two fifths of the loopback's CPU in the load benchmark, on the cores the bot is measured on."""
        boundary = multipart.boundary_of(request.headers.get("Content-Type", ""))
        if boundary is None:
            return (await request.json() if request.can_read_body else {}), []
        body: dict = {}
        uploads: dict[int, Attachment] = {}
        for name, filename, data in multipart.form_parts(await request.read(), boundary):
            if name == "payload_json":
                body = json.loads(data)
            elif name.startswith("files["):
                uploads[int(name[6:-1])] = Attachment(self.ids.next(), filename or "file", data)
        meta = {str(a.get("id")): a for a in body.get("attachments") or []}
        for index, upload in uploads.items():
            upload.description = meta.get(str(index), {}).get("description")
            upload.filename = meta.get(str(index), {}).get("filename") or upload.filename
        return body, [uploads[i] for i in sorted(uploads)]

    def _check(self, body: dict, files: list[Attachment]) -> None:
        check_message(body, [f.data for f in files], max_file_size=self.max_file_size)

    # -- messages ----------------------------------------------------------------------------------
    def _new_message(
        self,
        channel_id: int,
        body: dict,
        files: list[Attachment],
        *,
        interaction: InteractionState | None = None,
        visible_only_to: int | None = None,
    ) -> Message:
        metadata = None
        guild_id = 0 if channel_id in self.dm_channels else self.guild_of(channel_id).id
        if interaction is not None:
            metadata = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.user_payload(),
                "authorizing_integration_owners": {"0": str(guild_id)},
            }
        message_id = self.ids.next()
        payload = message_payload(
            message_id=message_id,
            channel_id=channel_id,
            guild_id=guild_id,
            author=user_payload(self.bot.id, self.bot.name, bot=True),
            body=body,
            timestamp=self.clock.iso(),
            attachments=[f.payload(self.api_url) for f in files],
            webhook_id=self.application_id if interaction else None,
            interaction_metadata=metadata,
        )
        message = Message(
            message_id, channel_id, payload, list(files), visible_only_to, interaction.id if interaction else None
        )
        self.recorder.messages[message_id] = message
        return message

    def _apply_edit(self, message: Message, body: dict, files: list[Attachment]) -> None:
        """PATCH semantics: given fields replace; `attachments` lists which files to keep."""
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                value = body[key]
                if key == "flags":  # whether it is ephemeral is set when it is made, never by an edit
                    value = ((value or 0) & ~EPHEMERAL) | (message.flags & EPHEMERAL)
                message.payload[key] = value if value is not None else ([] if key != "content" else "")
        if "attachments" in body:
            keep = {str(a["id"]) for a in body["attachments"] or []}
            message.attachments = [a for a in message.attachments if str(a.id) in keep]
        message.attachments += files
        message.payload["attachments"] = [a.payload(self.api_url) for a in message.attachments]
        message.payload["flags"] = message.flags & ~LOADING
        message.payload["edited_timestamp"] = self.clock.iso()

    async def _announce(self, event: str, message: Message) -> None:
        """Gateway MESSAGE_CREATE/UPDATE/DELETE for messages everyone sees (not ephemeral ones)."""
        if message.visible_only_to is not None:
            return
        if event == "MESSAGE_DELETE":
            guild_id = self.guild_of(message.channel_id).id
            data = {"id": str(message.id), "channel_id": str(message.channel_id), "guild_id": str(guild_id)}
            await self.gateway.dispatch(event, data)
        else:
            await self.gateway.dispatch(event, message.payload)

    def _message(self, message_id: int, channel_id: int | None = None) -> Message:
        message = self.recorder.messages.get(message_id)
        if message is None or message.deleted or (channel_id is not None and message.channel_id != channel_id):
            raise UNKNOWN_MESSAGE
        return message

    async def _get_channel(self, request: web.Request, channel_id: str) -> web.Response:
        return _json(self.channel_payload(self._find_channel(int(channel_id))))

    async def _get_messages(self, request: web.Request, channel_id: str) -> web.Response:
        self._find_channel(int(channel_id))
        limit = int(request.query.get("limit", 50))
        messages = self.recorder.messages_in(int(channel_id))[-limit:]
        return _json([m.payload for m in reversed(messages)])

    async def _edit_channel(self, request: web.Request, channel_id: str) -> web.Response:
        """Only what the bot does to a thread: unarchive it."""
        channel = self._find_channel(int(channel_id))
        body = await request.json()
        if "archived" in body and channel.type in (11, 12):
            channel.archived = bool(body["archived"])
            self.recorder.record("edit_channel", body=body, channel_id=channel.id)
            await self.gateway.dispatch("THREAD_UPDATE", self.channel_payload(channel))
        return _json(self.channel_payload(channel))

    async def _open_dm(self, request: web.Request) -> web.Response:
        body = await request.json()
        user_id = int(body["recipient_id"])
        person = next((m for g in self.guilds for m in g.members if m.id == user_id), None)
        channel = self.dm_channel(person or UserSpec(user_id, "someone"))
        return _json(self._dm_payload(channel))

    def _dm_payload(self, channel: ChannelSpec) -> dict:
        person = next((m for g in self.guilds for m in g.members if m.id == channel.parent_id), None)
        name = person.name if person else "someone"
        return {
            "id": str(channel.id),
            "type": 1,
            "last_message_id": None,
            "recipients": [user_payload(channel.parent_id or 0, name)],
        }

    async def _get_user(self, request: web.Request, user_id: str) -> web.Response:
        person = next((m for g in self.guilds for m in g.members if m.id == int(user_id)), None)
        if person is None:
            raise DiscordError(404, 10013, "Unknown User")
        return _json(person.user_payload())

    async def _post_message(self, request: web.Request, channel_id: str) -> web.Response:
        channel = self._find_channel(int(channel_id))
        body, files = await self._read_body(request)
        if channel.type == 1:
            if channel.parent_id in self.dms_closed:
                raise CANNOT_DM
            self._check(body, files)
            message = self._new_message(channel.id, body, files)
            self.recorder.record("message", body=body, channel_id=channel.id, message_id=message.id, files=files)
            return _json(message.payload)
        self._require(channel, "view_channel", "send_messages_in_threads" if channel.type else "send_messages")
        if channel.archived:  # a new message unarchives a thread (one that is not locked)
            channel.archived = False
            await self.gateway.dispatch("THREAD_UPDATE", self.channel_payload(channel))
        if files:
            self._require(channel, "attach_files")
        self._check(body, files)
        message = self._new_message(channel.id, body, files)
        self.recorder.record("message", body=body, channel_id=channel.id, message_id=message.id, files=files)
        await self._announce("MESSAGE_CREATE", message)
        return _json(message.payload)

    async def _channel_message(self, request: web.Request, channel_id: str, message_id: str) -> web.StreamResponse:
        message = self._message(int(message_id), int(channel_id))
        if request.method == "GET":
            return _json(message.payload)
        if message.payload["author"]["id"] != str(self.bot.id):
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        if request.method == "DELETE":
            message.deleted = True
            self.recorder.record("delete_message", channel_id=message.channel_id, message_id=message.id)
            await self._announce("MESSAGE_DELETE", message)
            return web.Response(status=204)
        if self._find_channel(message.channel_id).archived:
            raise THREAD_ARCHIVED
        body, files = await self._read_body(request)
        self._check(body, files)
        self._apply_edit(message, body, files)
        self.recorder.record(
            "edit_message", body=body, channel_id=message.channel_id, message_id=message.id, files=files
        )
        await self._announce("MESSAGE_UPDATE", message)
        return _json(message.payload)

    async def _create_thread(
        self, request: web.Request, channel_id: str, message_id: str | None = None
    ) -> web.Response:
        parent = self._find_channel(int(channel_id))
        if parent.type != 0:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        body = await request.json()
        kind = 11 if message_id else body.get("type", 12)
        self._require(parent, "view_channel", "create_public_threads" if kind == 11 else "create_private_threads")
        if message_id is not None:
            self._message(int(message_id), parent.id)
        name = body.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise DiscordError(
                400, 50035, "Invalid Form Body", {"name": {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH"}]}}
            )
        thread_id = int(message_id) if message_id else self.ids.next()
        thread = ChannelSpec(thread_id, name, kind, parent_id=parent.id, owner_id=self.bot.id)
        thread.auto_archive_duration = int(body.get("auto_archive_duration") or 1440)
        self.guild_of(parent.id).channels.append(thread)
        payload = self.channel_payload(thread)
        self.recorder.record("thread", body=body, channel_id=thread.id, message_id=int(message_id or 0) or None)
        await self.gateway.dispatch("THREAD_CREATE", {**payload, "newly_created": True})
        return _json(payload, status=201)

    async def _no_content(self, request: web.Request, *args: str) -> web.Response:
        return web.Response(status=204)

    async def _get_member(self, request: web.Request, guild_id: str, user_id: str) -> web.Response:
        for member in self._members(int(guild_id)):
            if member["user"]["id"] == user_id:
                return _json(member)
        raise DiscordError(404, 10007, "Unknown Member")

    # -- guild scheduled events -----------------------------------------------------------------------
    async def _create_event(self, request: web.Request, guild_id: str) -> web.Response:
        """Discord's rules that matter here: Manage Events, a name of 1-100, an external event's location
        (1-100) and end time, a start in the future, guild-only privacy."""
        if "manage_events" in self.bot_guild_denied:
            raise MISSING_PERMISSIONS
        body = await request.json()
        errors = {}
        if not 1 <= len(body.get("name") or "") <= 100:
            errors["name"] = {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH"}]}
        if body.get("privacy_level") != 2:
            errors["privacy_level"] = {"_errors": [{"code": "BASE_TYPE_CHOICES"}]}
        if body.get("entity_type") == 3:
            location = (body.get("entity_metadata") or {}).get("location") or ""
            if not 1 <= len(location) <= 100:
                errors["entity_metadata"] = {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH"}]}
            if not body.get("scheduled_end_time"):
                errors["scheduled_end_time"] = {"_errors": [{"code": "BASE_TYPE_REQUIRED"}]}
        start = datetime.fromisoformat(body.get("scheduled_start_time") or "2000-01-01T00:00:00+00:00")
        if start <= datetime.now(UTC):
            errors["scheduled_start_time"] = {"_errors": [{"code": "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST"}]}
        if len(body.get("description") or "") > 1000:
            errors["description"] = {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH"}]}
        if errors:
            raise DiscordError(400, 50035, "Invalid Form Body", errors)
        event_id = self.ids.next()
        payload = {
            **body,
            "id": str(event_id),
            "guild_id": guild_id,
            "creator_id": str(self.bot.id),
            "status": EVENT_SCHEDULED,
            "entity_id": None,
            "channel_id": body.get("channel_id"),
            "user_count": 0,
        }
        self.scheduled_events[event_id] = payload
        self.recorder.record("scheduled_event", body=payload)
        return _json(payload)

    async def _event(self, request: web.Request, guild_id: str, event_id: str) -> web.Response:
        payload = self.scheduled_events.get(int(event_id))
        if payload is None or payload["guild_id"] != guild_id:
            raise UNKNOWN_EVENT
        if request.method == "PATCH":
            if "manage_events" in self.bot_guild_denied:
                raise MISSING_PERMISSIONS
            body = await request.json()
            status = body.get("status")
            if (
                status is not None
                and status != payload["status"]
                and status not in EVENT_MOVES.get(payload["status"], ())
            ):
                raise DiscordError(400, 180000, "Cannot update event status", {})
            if payload["status"] in (EVENT_COMPLETED, EVENT_CANCELLED):
                raise DiscordError(400, 180000, "Cannot update a finished event", {})
            payload.update(body)
            self.recorder.record("scheduled_event", body=dict(payload))
        payload["user_count"] = len(self.event_interested.get(int(event_id), []))
        return _json(payload)

    async def _event_users(self, request: web.Request, guild_id: str, event_id: str) -> web.Response:
        if int(event_id) not in self.scheduled_events:
            raise UNKNOWN_EVENT
        users = self.event_interested.get(int(event_id), [])
        return _json([{"guild_scheduled_event_id": event_id, "user": u.user_payload()} for u in users])

    # -- interactions: callbacks and webhooks -------------------------------------------------------
    async def _callback(self, request: web.Request, interaction_id: str, token: str) -> web.Response:
        state = self.interactions.get(int(interaction_id))
        if state is None or state.token != token:
            raise UNKNOWN_INTERACTION
        state.attempts += 1
        if self.clock.now() - state.created > self.answer_deadline:
            raise UNKNOWN_INTERACTION  # what Discord answers after the 3 seconds
        if state.callback_type is not None:
            raise ALREADY_ACKNOWLEDGED
        body, files = await self._read_body(request)
        kind, data = body.get("type"), body.get("data") or {}
        if kind not in ALLOWED_CALLBACKS.get(state.type, set()):
            raise DiscordError(400, 50035, "Invalid Form Body", {"type": {"_errors": [{"code": "INTERACTION_TYPE"}]}})
        ephemeral_to = state.user.id if data.get("flags", 0) & EPHEMERAL else None
        message: Message | None = None
        if kind in (4, 7):
            self._check(data, files)
        if kind == 4:
            message = self._new_message(state.channel_id, data, files, interaction=state, visible_only_to=ephemeral_to)
        elif kind == 5:
            loading = {"flags": LOADING | (data.get("flags", 0) & EPHEMERAL)}
            message = self._new_message(state.channel_id, loading, [], interaction=state, visible_only_to=ephemeral_to)
        elif kind in (6, 7):
            message = self._message(state.source_message_id or 0)
            if kind == 7:
                self._apply_edit(message, data, files)
        elif kind == 9:
            check_modal(data)
            state.modal = data
        elif kind == 8:
            check_autocomplete(data)
        state.callback_type = kind
        state.original_message_id = message.id if message else None
        state.callback_event = self.recorder.record(
            "callback",
            body=body,
            interaction_id=state.id,
            callback_type=kind,
            channel_id=state.channel_id,
            message_id=state.original_message_id,
            files=files,
            visible_only_to=message.visible_only_to if message else None,
        )
        state.answered.set()
        if message is not None and kind in (4, 5):
            await self._announce("MESSAGE_CREATE", message)
        elif message is not None and kind == 7:
            await self._announce("MESSAGE_UPDATE", message)
        if request.query.get("with_response") not in ("1", "true"):
            return web.Response(status=204)
        answer: dict = {"interaction": {"id": str(state.id), "type": state.type}}
        if message is not None:
            answer["interaction"].update(
                response_message_id=str(message.id),
                response_message_loading=bool(message.flags & LOADING),
                response_message_ephemeral=message.ephemeral,
            )
        answer["resource"] = {"type": kind, **({"message": message.payload} if message and kind != 6 else {})}
        return _json(answer)

    def _token_state(self, app_id: str, token: str) -> InteractionState:
        state = next((s for s in self.interactions.values() if s.token == token), None)
        if state is None or app_id != str(self.application_id):
            raise UNKNOWN_WEBHOOK
        if self.clock.now() - state.created > self.token_lifetime:
            raise INVALID_WEBHOOK_TOKEN
        if state.callback_type is None:
            raise UNKNOWN_WEBHOOK  # no follow-up before the interaction is acknowledged
        return state

    async def _followup(self, request: web.Request, app_id: str, token: str) -> web.Response:
        state = self._token_state(app_id, token)
        body, files = await self._read_body(request)
        self._check(body, files)
        original = self.recorder.messages.get(state.original_message_id or 0)
        if state.callback_type == 5 and original is not None and original.flags & LOADING:
            # Discord: the first follow-up after a deferred message replaces the "thinking" message.
            self._apply_edit(original, body, files)
            message, event = original, "MESSAGE_UPDATE"
        else:
            ephemeral_to = state.user.id if body.get("flags", 0) & EPHEMERAL else None
            message = self._new_message(state.channel_id, body, files, interaction=state, visible_only_to=ephemeral_to)
            event = "MESSAGE_CREATE"
        self.recorder.record(
            "followup",
            body=body,
            interaction_id=state.id,
            channel_id=message.channel_id,
            message_id=message.id,
            files=files,
            visible_only_to=message.visible_only_to,
        )
        await self._announce(event, message)
        return _json(message.payload)

    async def _webhook_message(self, request: web.Request, app_id: str, token: str, which: str) -> web.StreamResponse:
        state = self._token_state(app_id, token)
        if which == "@original":
            message = self._message(state.original_message_id or 0)
        else:
            message = self._message(int(which))
            if message.interaction_id != state.id:
                raise UNKNOWN_MESSAGE
        suffix = "original" if which == "@original" else "followup"
        if request.method == "GET":
            return _json(message.payload)
        if request.method == "DELETE":
            message.deleted = True
            self.recorder.record(f"delete_{suffix}", interaction_id=state.id, message_id=message.id)
            await self._announce("MESSAGE_DELETE", message)
            return web.Response(status=204)
        body, files = await self._read_body(request)
        self._check(body, files)
        self._apply_edit(message, body, files)
        self.recorder.record(
            f"edit_{suffix}",
            body=body,
            interaction_id=state.id,
            channel_id=message.channel_id,
            message_id=message.id,
            files=files,
            visible_only_to=message.visible_only_to,
        )
        await self._announce("MESSAGE_UPDATE", message)
        return _json(message.payload)

    # -- injection (tests) -------------------------------------------------------------------------
    async def slash(
        self, user: UserSpec, command: str, *, channel: ChannelSpec | None = None, **options: Any
    ) -> InteractionHandle:
        """A user runs a slash command, e.g. `await server.slash(alice, "parlour table open", seats=3)`."""
        channel = channel or self.channel("general")
        guild_id = self.guild_of(channel.id).id
        scope = guild_id if any(c["name"] == command.split()[0] for c in self.commands.get(guild_id, [])) else None
        root, subs, leaf = find_command(self.commands.get(scope, []), command)
        nested, resolved = command_options(leaf, subs, options, guild_id, self)
        data: dict = {"id": root["id"], "name": root["name"], "type": 1, "options": nested}
        if resolved:
            data["resolved"] = resolved
        if scope is not None:
            data["guild_id"] = str(scope)
        return await self._inject(APPLICATION_COMMAND, user, channel, data)

    async def click(
        self, user: UserSpec, message: Message | int, *, custom_id: str | None = None, label: str | None = None
    ) -> InteractionHandle:
        """A user presses a button (found by custom_id or label) on a message they can see."""
        message = self._visible_message(user, message)
        button = message.component(custom_id=custom_id, label=label)
        if button.get("type") != 2 or button.get("disabled") or button.get("style") in (5, 6):
            raise InjectionError(f"{button.get('label')!r} cannot be pressed (disabled, a link, or not a button)")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._inject(COMPONENT, user, self._find_channel(message.channel_id), data, message)

    async def select(
        self, user: UserSpec, message: Message | int, values: list[str], *, custom_id: str | None = None
    ) -> InteractionHandle:
        """A user chooses `values` in a select menu of a message they can see."""
        message = self._visible_message(user, message)
        data = select_data(message, values, custom_id)
        return await self._inject(COMPONENT, user, self._find_channel(message.channel_id), data, message)

    async def submit_modal(
        self, user: UserSpec, opened: InteractionHandle, values: dict[str, str]
    ) -> InteractionHandle:
        """The user fills in and submits the modal the bot opened in answer to `opened`."""
        modal = opened.state.modal
        if modal is None:
            raise InjectionError("the bot did not open a modal for that interaction")
        source = self.recorder.messages.get(opened.state.source_message_id or 0)
        channel = self.channel(opened.state.channel_id)
        return await self._inject(MODAL_SUBMIT, user, channel, modal_submit_data(modal, values), source)

    def _visible_message(self, user: UserSpec, message: Message | int) -> Message:
        found = self.recorder.messages.get(message if isinstance(message, int) else message.id)
        if found is None or not found.visible_to(user.id):
            raise InjectionError(f"{user.name} cannot see message {getattr(message, 'id', message)}")
        return found

    def member_permissions(self, user: UserSpec) -> int:
        """A member's permission bits in the guild (everyone's, plus Manage Server for moderators)."""
        return permission_bits(*EVERYONE_PERMISSIONS) | (permission_bits("manage_guild") if user.manage_guild else 0)

    def visible_commands(self, user: UserSpec, guild: GuildSpec | None = None) -> list[str]:
        """The names of the top-level commands ``user`` sees in Discord's command picker.

        Discord hides a command whose ``default_member_permissions`` the member lacks (it
        applies them to top-level commands only; subcommands inherit their root's).
        """
        held = self.member_permissions(user)
        seen = []
        for command in self.commands.get((guild or self.guild).id, []) + self.commands.get(None, []):
            needed = command.get("default_member_permissions")
            granted = user.id in self.command_grants.get(command["name"], set())
            if granted or needed is None or (int(needed) & held) == int(needed):
                seen.append(command["name"])
        return seen

    def dm_channel(self, user: UserSpec) -> ChannelSpec:
        """The person's direct-message channel with the bot (opened if it was not)."""
        channel = next((c for c in self.dm_channels.values() if c.parent_id == user.id), None)
        if channel is None:
            channel = ChannelSpec(self.ids.next(), "", 1, parent_id=user.id)
            self.dm_channels[channel.id] = channel
        return channel

    async def slash_in_dm(self, user: UserSpec, command: str, **options: Any) -> InteractionHandle:
        """A user runs a global slash command in their DMs with the bot (no server around)."""
        root, subs, leaf = find_command(self.commands.get(None, []), command)
        nested, resolved = command_options(leaf, subs, options, 0, self)
        data: dict = {"id": root["id"], "name": root["name"], "type": 1, "options": nested}
        if resolved:
            data["resolved"] = resolved
        return await self._inject(APPLICATION_COMMAND, user, self.dm_channel(user), data)

    async def _inject(
        self, kind: int, user: UserSpec, channel: ChannelSpec, data: dict, message: Message | None = None
    ) -> InteractionHandle:
        if channel.type == 1:
            return await self._inject_in_dm(kind, user, channel, data, message)
        guild = self.guild_of(channel.id)
        if user not in guild.members:
            guild.members.append(user)
        visible = self.visible_commands(user, guild)
        if kind == APPLICATION_COMMAND and data.get("type", 1) == 1 and data["name"] not in visible:
            raise InjectionError(f"{user.name} cannot see /{data['name']}: it needs permissions they lack")
        state = InteractionState(
            id=self.ids.next(),
            token=f"tok-{secrets.token_hex(24)}",
            type=kind,
            user=user,
            guild_id=guild.id,
            channel_id=channel.id,
            created=self.clock.now(),
            data=data,
            source_message_id=message.id if message else None,
        )
        self.interactions[state.id] = state
        member = self.member(user)
        member["permissions"] = str(self.member_permissions(user))
        payload: dict = {
            "id": str(state.id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "channel_id": str(channel.id),
            "channel": self.channel_payload(channel),
            "member": member,
            "token": state.token,
            "version": 1,
            "app_permissions": str(self.bot_permissions(channel)),
            "locale": user.locale,
            "guild_locale": guild.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": self.max_file_size,
        }
        if message is not None:
            payload["message"] = message.payload
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return InteractionHandle(self, state)

    async def _inject_in_dm(
        self, kind: int, user: UserSpec, channel: ChannelSpec, data: dict, message: Message | None
    ) -> InteractionHandle:
        """An interaction in the person's DMs with the bot: a user, no server, no member."""
        state = InteractionState(
            id=self.ids.next(),
            token=f"tok-{secrets.token_hex(24)}",
            type=kind,
            user=user,
            guild_id=0,
            channel_id=channel.id,
            created=self.clock.now(),
            data=data,
            source_message_id=message.id if message else None,
        )
        self.interactions[state.id] = state
        payload: dict = {
            "id": str(state.id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": self._dm_payload(channel),
            "user": user.user_payload(),
            "token": state.token,
            "version": 1,
            "app_permissions": "0",
            "locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": "0"},
            "context": 1,
            "attachment_size_limit": self.max_file_size,
        }
        if message is not None:
            payload["message"] = message.payload
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return InteractionHandle(self, state)

    def unanswered(self) -> list[InteractionState]:
        """Interactions the bot never tried to answer (the user saw "This interaction failed");
        a refused answer is already in `recorder.errors`."""
        return [s for s in self.interactions.values() if s.callback_type is None and not s.attempts]
