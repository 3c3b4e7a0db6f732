"""Where discord.py talks to: Discord itself, or a Discord-compatible server (the tests' loopback)."""

from __future__ import annotations

import discord
import yarl


def point_discord_at(api_url: str, gateway_url: str) -> None:
    """Send discord.py's REST calls and gateway connection to these addresses.

    Discord's own by default; a Discord-compatible server or the loopback Discord
    of the tests otherwise. discord.py keeps both as class attributes (a plain
    Client connects straight to DEFAULT_GATEWAY), and interaction webhooks go
    through the same REST base.
    """
    discord.http.Route.BASE = api_url.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
