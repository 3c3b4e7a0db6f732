"""Who acts in an interaction, built once and handed to the services (which decide; cogs do not)."""

from __future__ import annotations

import discord

from bot.actor import Actor


def actor_of(interaction: discord.Interaction) -> Actor:
    """The clicking or commanding person, their server (0 outside one) and what they may do there."""
    permissions = interaction.permissions
    in_guild = interaction.guild_id is not None
    manage_guild = in_guild and permissions.manage_guild
    return Actor(
        user_id=interaction.user.id,
        guild_id=interaction.guild_id or 0,
        manage_guild=manage_guild,
        moderator=manage_guild or (in_guild and permissions.manage_messages),
    )
