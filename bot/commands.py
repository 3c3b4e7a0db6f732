"""Where the slash commands are registered, so that every server shows each command once.

With DEV_GUILD_ID the commands are registered in that test server only (they show at once) and
any global copies an earlier run left are removed; without it they are global, and the test
server's copies an earlier run left (remembered in the database) are removed. Before writing
into the test server the bot checks it is one of its servers, so a wrong id is one sentence
instead of Discord's "403 Missing Access".

``python -m bot commands`` lists what is registered; ``python -m bot commands --clear`` removes
the global commands and the test server's (the bot registers them again at its next start).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

import aiohttp
import discord
from discord.ext import commands
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.discord_address import point_discord_at
from bot.leases import get_state, set_state
from bot.settings import Settings

log = logging.getLogger(__name__)

#: View Channels, Send Messages, Send Messages in Threads, Create Public Threads, Embed Links,
#: Attach Files, Read Message History, Manage Events (a tournament's Discord scheduled event).
INVITE_PERMISSIONS = 317827697664
DEV_GUILD_KEY = "dev_guild_id"
LOGIN_TIMEOUT_S = 30.0
T = TypeVar("T")


class CommandsError(Exception):
    """The commands cannot be registered; ``str(error)`` is one sentence for the operator."""


def invite_link(application_id: int | None) -> str:
    """The link that adds the bot to a server, with its commands and the permissions it needs."""
    client_id = application_id if application_id is not None else "YOUR_APP_ID"
    return (
        f"https://discord.com/oauth2/authorize?client_id={client_id}"
        f"&scope=bot+applications.commands&permissions={INVITE_PERMISSIONS}"
    )


def servers(count: int) -> str:
    """ "1 server", "3 servers"."""
    return f"{count} server" if count == 1 else f"{count} servers"


async def bot_guilds(client: discord.Client) -> list[discord.Guild]:
    """The servers the bot is in, asked of Discord (the gateway has not sent them yet at start)."""
    return [guild async for guild in client.fetch_guilds(limit=None, with_counts=False)]


async def check_dev_guild(client: discord.Client, guild_id: int) -> None:
    """Raise CommandsError unless the bot is in the server DEV_GUILD_ID names."""
    guilds = await bot_guilds(client)
    if any(guild.id == guild_id for guild in guilds):
        return
    link = invite_link(client.application_id)
    if not guilds:
        raise CommandsError(
            f"DEV_GUILD_ID is {guild_id}, but the bot is in no server yet: invite it with {link} "
            "(or leave DEV_GUILD_ID empty)."
        )
    names = ", ".join(f"{guild.name} ({guild.id})" for guild in guilds[:5])
    raise CommandsError(
        f"DEV_GUILD_ID {guild_id} is not one of the bot's servers ({names}{', …' if len(guilds) > 5 else ''}): "
        "copy the id of one of them (right-click the server icon → Copy Server ID, not a channel), "
        f"or invite the bot there with {link}."
    )


async def sync_commands(bot: commands.Bot, dev_guild_id: int | None, engine: AsyncEngine) -> None:
    """Register the commands where the settings say, and remove the copies an earlier run left elsewhere."""
    application_id = bot.application_id
    assert application_id is not None
    if dev_guild_id:
        await check_dev_guild(bot, dev_guild_id)
        guild = discord.Object(id=dev_guild_id)
        bot.tree.copy_global_to(guild=guild)
        try:
            synced = await bot.tree.sync(guild=guild)
        except discord.Forbidden:
            raise CommandsError(
                f"Discord does not let the bot add commands to the server DEV_GUILD_ID names ({dev_guild_id}): "
                f"invite it again with the applications.commands scope, {invite_link(application_id)}."
            ) from None
        log.info("Synced %d commands to the development server %s", len(synced), dev_guild_id)
        await set_state(engine, DEV_GUILD_KEY, str(dev_guild_id))
        if await bot.http.get_global_commands(application_id):
            await bot.http.bulk_upsert_global_commands(application_id, [])
            log.info("Removed the global commands: with DEV_GUILD_ID set they are the test server's only")
        return
    synced = await bot.tree.sync()
    log.info("Synced %d global commands (they may take up to an hour to appear)", len(synced))
    earlier = await get_state(engine, DEV_GUILD_KEY)
    if earlier is not None:
        try:
            await bot.http.bulk_upsert_guild_commands(application_id, int(earlier), [])
            log.info("Removed the commands of the former development server %s (DEV_GUILD_ID is empty now)", earlier)
        except (discord.Forbidden, discord.NotFound):
            log.info("The former development server %s is no longer the bot's: nothing to remove there", earlier)
        await set_state(engine, DEV_GUILD_KEY, None)


async def clear_commands(client: discord.Client, guild_ids: Sequence[int]) -> str:
    """Remove the global commands and those of ``guild_ids``; return what was done, one sentence."""
    application_id = client.application_id
    assert application_id is not None
    removed = [f"{len(await client.http.get_global_commands(application_id))} global commands"]
    await client.http.bulk_upsert_global_commands(application_id, [])
    for guild_id in dict.fromkeys(guild_ids):
        try:
            count = len(await client.http.get_guild_commands(application_id, guild_id))
            await client.http.bulk_upsert_guild_commands(application_id, guild_id, [])
        except (discord.Forbidden, discord.NotFound):
            removed.append(f"none in server {guild_id} (the bot is not in it)")
            continue
        removed.append(f"{count} in server {guild_id}")
    return f"Removed {', '.join(removed)}; the bot registers its commands again when it next starts."


async def list_commands(client: discord.Client, guild_ids: Sequence[int]) -> str:
    """What is registered: global commands and those of ``guild_ids``, one sentence."""
    application_id = client.application_id
    assert application_id is not None
    found = [f"{len(await client.http.get_global_commands(application_id))} global commands"]
    for guild_id in dict.fromkeys(guild_ids):
        try:
            found.append(f"{len(await client.http.get_guild_commands(application_id, guild_id))} in server {guild_id}")
        except (discord.Forbidden, discord.NotFound):
            found.append(f"none in server {guild_id} (the bot is not in it)")
    return f"Registered: {', '.join(found)}."


async def with_discord(settings: Settings, action: Callable[[discord.Client], Awaitable[T]]) -> T:
    """Log in over REST only (no gateway), run ``action``, log out; Discord's refusals become one sentence."""
    point_discord_at(settings.discord_api_url, settings.discord_gateway_url)
    client = discord.Client(intents=discord.Intents.none())
    try:
        try:
            await asyncio.wait_for(client.login(settings.discord_token), LOGIN_TIMEOUT_S)
        except discord.LoginFailure:
            raise CommandsError(
                "DISCORD_TOKEN was refused by Discord: reset it in the Developer Portal (Bot → Reset Token) "
                "and paste the new token into .env."
            ) from None
        return await action(client)
    except (OSError, TimeoutError, aiohttp.ClientError, discord.HTTPException) as error:
        raise CommandsError(
            f"Discord could not be asked ({error or type(error).__name__}): check the network, or DISCORD_API_URL "
            "if you set it."
        ) from None
    finally:
        await client.close()


async def remembered_dev_guild(database_url: str) -> int | None:
    """The test server an earlier run registered its commands in, if the database can tell."""
    from bot.db import DatabaseError, open_read_only

    try:
        engine = await open_read_only(database_url)
    except DatabaseError:
        return None
    try:
        value = await get_state(engine, DEV_GUILD_KEY)
    except Exception:
        return None
    finally:
        await engine.dispose()
    return int(value) if value and value.isdigit() else None


async def run_commands_command(settings: Settings, clear: bool, guild_ids: Sequence[int]) -> str:
    """``python -m bot commands [--clear]``: the global commands and the test servers' (DEV_GUILD_ID,
    the one an earlier run used, and ``--guild``)."""
    guilds = [g for g in (settings.dev_guild_id, await remembered_dev_guild(settings.database_url)) if g]
    guilds += list(guild_ids)
    if clear:
        return await with_discord(settings, lambda client: clear_commands(client, guilds))
    return await with_discord(settings, lambda client: list_commands(client, guilds))
