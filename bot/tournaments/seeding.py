"""Seeds from the server's ratings for the game, read when a tournament starts.

A person's seed is their shown rating in the game on this server (openskill's conservative
ordinal, bot/ratings.py): it grows only as the model grows sure of them, so a newcomer with one
lucky win does not outrank a proven player. A computer is seeded by the computer's own rating in
the game (one per strength), so it sits where its play has put it. Someone who has never played
the game here has no rating yet: they keep the seed they signed up with (none: 0), below every
rated player, in sign-up order — the usual place for unknowns in a seeded bracket.

>>> seed_value(Rating(mu=30.0, sigma=2.0)), seed_value(None, signed_up=0.0)
(1660.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.rating_models import PlayerRating
from bot.ratings import Rating, computer_key, person_key, shown
from bot.tournaments.models import Entrant


def seed_value(rating: Rating | None, signed_up: float = 0.0) -> float:
    """The seed of one entrant: their shown rating, or what they signed up with when unrated."""
    if rating is None:
        return signed_up
    return float(shown(rating))


def rating_key(entrant: Entrant, game_key: str) -> str:
    """Whose rating seeds this entrant: the person's, or the game's computer's."""
    if entrant.computer or entrant.user_id is None:
        return computer_key(game_key)
    return person_key(entrant.user_id)


async def seeds(session: AsyncSession, guild_id: int, game_key: str, entrants: Sequence[Entrant]) -> dict[int, float]:
    """Each entrant's seed (by entrant id) from the ratings stored for this server and game."""
    keys = {entrant.id or 0: rating_key(entrant, game_key) for entrant in entrants}
    found = await session.exec(
        select(PlayerRating).where(
            PlayerRating.guild_id == guild_id,
            PlayerRating.game_key == game_key,
            col(PlayerRating.player).in_(set(keys.values())),
        )
    )
    ratings: Mapping[str, Rating] = {
        row.player: Rating(row.mu, row.sigma, row.games, row.wins) for row in found.all() if row.games > 0
    }
    return {entrant.id or 0: seed_value(ratings.get(keys[entrant.id or 0]), entrant.rating) for entrant in entrants}
