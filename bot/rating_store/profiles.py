"""A person's standing: their profile (each game's rating, level and chart, their last results) and their levels."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot import levels
from bot.rating_models import PlayerRating, RatingHistory
from bot.ratings import Rating, is_provisional, person_key, shown

__all__ = ["CHART_POINTS", "GameStanding", "Profile", "RecentResult", "level_of", "levels_of", "profile"]

#: How many points of rating history a profile's chart gets per game.
CHART_POINTS = 60


@dataclass(frozen=True)
class GameStanding:
    """A player's standing in one game, for their profile card."""

    game_key: str
    rating: int
    provisional: bool
    level: int
    progress: levels.Progress
    games: int
    wins: int
    best: int
    points: int
    #: The shown rating before the first game, then after each game (the last CHART_POINTS).
    chart: tuple[int, ...]


@dataclass(frozen=True)
class RecentResult:
    game_key: str
    table_id: int
    place: int
    players: int
    points: int
    change: int  # shown rating after minus before
    finished_at: datetime


@dataclass(frozen=True)
class Profile:
    user_id: int
    name: str
    games: list[GameStanding]
    recent: list[RecentResult]


async def profile(session: AsyncSession, guild_id: int, user_id: int, *, recent: int = 5) -> Profile | None:
    """A person's standing in every game they played on this server, and their last results."""
    key = person_key(user_id)
    query = select(PlayerRating).where(PlayerRating.guild_id == guild_id, PlayerRating.player == key)
    rows = sorted((await session.exec(query)).all(), key=lambda row: row.game_key)
    if not rows:
        return None
    lines = (
        await session.exec(
            select(RatingHistory)
            .where(RatingHistory.guild_id == guild_id, RatingHistory.player == key)
            .order_by(col(RatingHistory.finished_at), col(RatingHistory.id))
        )
    ).all()
    by_game: dict[str, list[RatingHistory]] = defaultdict(list)
    for line in lines:
        by_game[line.game_key].append(line)
    standings = []
    for row in rows:
        game_lines = by_game[row.game_key]
        chart = [game_lines[0].shown_before] if game_lines else []
        chart += [line.shown_after for line in game_lines]
        rating = Rating(row.mu, row.sigma, row.games, row.wins)
        standings.append(
            GameStanding(
                game_key=row.game_key,
                rating=shown(rating),
                provisional=is_provisional(rating),
                level=levels.level(row.game_key, row.points, row.games),
                progress=levels.progress(row.game_key, row.points, row.games),
                games=row.games,
                wins=row.wins,
                best=row.best if row.best is not None else 0,
                points=row.points,
                chart=tuple(chart[-CHART_POINTS:]),
            )
        )
    latest = max(rows, key=lambda row: row.updated_at)
    last = [
        RecentResult(
            line.game_key,
            line.table_id,
            line.place,
            line.players,
            line.points,
            line.shown_after - line.shown_before,
            line.finished_at,
        )
        for line in reversed(lines[-recent:])
    ]
    return Profile(user_id=user_id, name=latest.name, games=standings, recent=last)


async def level_of(session: AsyncSession, guild_id: int, game_key: str, user_id: int) -> int:
    """A person's level in a game (1 before their first game): for names in tables."""
    row = await session.get(PlayerRating, (guild_id, game_key, person_key(user_id)))
    return levels.level(game_key, row.points, row.games) if row is not None else 1


async def levels_of(session: AsyncSession, guild_id: int, game_key: str, user_ids: Iterable[int]) -> dict[int, int]:
    """Several people's levels in a game at once (1 before their first game)."""
    wanted = {person_key(user_id): user_id for user_id in user_ids}
    query = select(PlayerRating).where(
        PlayerRating.guild_id == guild_id, PlayerRating.game_key == game_key, col(PlayerRating.player).in_(wanted)
    )
    found = {row.player: levels.level(game_key, row.points, row.games) for row in (await session.exec(query)).all()}
    return {user_id: found.get(key, 1) for key, user_id in wanted.items()}
