"""Start the bot: open and migrate the database, then log in and serve until stopped."""

from __future__ import annotations

import discord

from bot.client import ParlourBot
from bot.db import DatabaseError, open_database
from bot.settings import Settings


class StartupError(Exception):
    """The bot cannot start; the message is one sentence for the operator."""


async def run_bot(settings: Settings) -> None:
    try:
        database = await open_database(settings.database_url)
    except DatabaseError as error:
        raise StartupError(str(error)) from None
    bot = ParlourBot(settings, database, edit_interval=1.0)
    try:
        async with bot:
            await bot.start(settings.discord_token)
    except discord.LoginFailure:
        raise StartupError(
            "DISCORD_TOKEN was refused by Discord: reset it in the Developer Portal (Bot → Reset Token) "
            "and paste the new token into .env."
        ) from None
    except (OSError, discord.GatewayNotFound) as error:
        raise StartupError(
            f"Discord could not be reached ({error}): check the network, or DISCORD_API_URL and "
            "DISCORD_GATEWAY_URL if you set them."
        ) from None
    finally:
        await database.close()
