"""Who is acting: the one thing every service entry checks against the object it touches.

A cog builds an :class:`Actor` once per interaction (:func:`cogs.acting.actor_of`) and hands it
to the service; the service decides. A table, tournament or replay of another server does not
exist for that person, and only the permissions carried here count (never a cog's own check).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Actor:
    """A person acting in one server, with the permissions they hold there."""

    user_id: int
    #: The server the interaction came from (0 outside any server: nothing belongs to it).
    guild_id: int
    #: Manage Server: settings and tournaments.
    manage_guild: bool = False
    #: Manage Server or Manage Messages: may end any table of the server.
    moderator: bool = False

    @classmethod
    def host_of(cls, guild_id: int, user_id: int) -> Actor:
        """The bot acting for a table's host on its own (a tournament's round timer, its tables)."""
        return cls(user_id=user_id, guild_id=guild_id, manage_guild=True, moderator=True)

    def owns(self, guild_id: int) -> bool:
        """Does an object of server ``guild_id`` exist for this actor?"""
        return self.guild_id != 0 and self.guild_id == guild_id
