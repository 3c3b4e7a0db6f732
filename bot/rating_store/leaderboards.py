"""Leaderboards: one page of a server's board of a game, by rating, points or wins, over a period."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Literal

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot import levels
from bot.models import utcnow
from bot.rating_models import PlayerRating, RatingHistory
from bot.ratings import Rating, is_provisional, shown

__all__ = ["PERIODS", "Board", "BoardRow", "By", "Period", "leaderboard"]

By = Literal["rating", "points", "wins"]
Period = Literal["all", "month", "week"]
#: How far back each period looks (rolling, so a week's board never starts empty on a Monday).
PERIODS: dict[str, timedelta | None] = {"all": None, "month": timedelta(days=30), "week": timedelta(days=7)}


@dataclass(frozen=True)
class BoardRow:
    """One line of a leaderboard."""

    rank: int
    player: str
    user_id: int | None
    name: str
    computer: bool
    rating: int
    provisional: bool
    games: int
    wins: int
    points: int
    level: int


@dataclass(frozen=True)
class Board:
    """One page of a leaderboard, and the asking player's own row when it is not on the page."""

    game_key: str
    by: str
    period: str
    rows: list[BoardRow]
    page: int  # 0-based
    pages: int  # at least 1
    players: int  # ranked players in all pages
    own: BoardRow | None


async def leaderboard(
    session: AsyncSession,
    guild_id: int,
    game_key: str,
    *,
    by: By = "rating",
    period: Period = "all",
    page: int = 0,
    page_size: int = 10,
    asking_user_id: int | None = None,
    now: datetime | None = None,
) -> Board:
    """One page of the server's board of a game.

    ``by`` ranks by the shown rating (computers included, so people see where the computer
    stands), by points (lifetime level points) or by wins (people only for both). A period
    counts only the games finished in it (its players are those who played in it), while the
    rating and the level are always the current ones. Equal figures share a rank.
    """
    if by not in ("rating", "points", "wins") or period not in PERIODS:
        raise ValueError(f"unknown leaderboard {by!r} / {period!r}")
    if page < 0 or page_size < 1:
        raise ValueError("page must be >= 0 and page_size >= 1")
    query = select(PlayerRating).where(PlayerRating.guild_id == guild_id, PlayerRating.game_key == game_key)
    ratings = {row.player: row for row in (await session.exec(query)).all()}
    figures: dict[str, tuple[int, int, int]] = {key: (row.games, row.wins, row.points) for key, row in ratings.items()}
    span = PERIODS[period]
    if span is not None:
        since = (now or utcnow()) - span
        recent = select(RatingHistory).where(
            RatingHistory.guild_id == guild_id,
            RatingHistory.game_key == game_key,
            col(RatingHistory.finished_at) >= since,
        )
        figures = _period_figures((await session.exec(recent)).all())
    rows = [
        _board_row(ratings[key], *counts)
        for key, counts in figures.items()
        if key in ratings and (by == "rating" or not ratings[key].computer)
    ]
    ranked = _ranked(rows, by)
    pages = max(1, -(-len(ranked) // page_size))
    shown_rows = ranked[page * page_size : (page + 1) * page_size]
    own = None
    if asking_user_id is not None and all(row.user_id != asking_user_id for row in shown_rows):
        own = next((row for row in ranked if row.user_id == asking_user_id and not row.computer), None)
    return Board(game_key, by, period, shown_rows, page, pages, len(ranked), own)


def _period_figures(history: Iterable[RatingHistory]) -> dict[str, tuple[int, int, int]]:
    games: dict[str, int] = defaultdict(int)
    wins: dict[str, int] = defaultdict(int)
    points: dict[str, int] = defaultdict(int)
    for line in history:
        games[line.player] += 1
        wins[line.player] += 1 if line.place == 1 else 0
        points[line.player] += levels.lifetime_points([line.points])
    return {key: (games[key], wins[key], points[key]) for key in games}


def _board_row(row: PlayerRating, games: int, wins: int, points: int) -> BoardRow:
    rating = Rating(row.mu, row.sigma, row.games, row.wins)
    return BoardRow(
        rank=0,
        player=row.player,
        user_id=row.user_id,
        name=row.name,
        computer=row.computer,
        rating=shown(rating),
        provisional=is_provisional(rating),
        games=games,
        wins=wins,
        points=points,
        level=levels.level(row.game_key, row.points, row.games),
    )


def _ranked(rows: list[BoardRow], by: str) -> list[BoardRow]:
    """Sorted best first, each with its competition rank (equal main figures share a rank)."""

    def main(row: BoardRow) -> int:
        return {"rating": row.rating, "points": row.points, "wins": row.wins}[by]

    def order(row: BoardRow) -> tuple[int, int, int, int, str]:
        return (-main(row), -row.rating, -row.wins, -row.games, row.player)

    ordered = sorted(rows, key=order)
    ranked: list[BoardRow] = []
    for index, row in enumerate(ordered):
        tied = index > 0 and main(ordered[index - 1]) == main(row)
        rank = ranked[-1].rank if tied else index + 1
        ranked.append(replace(row, rank=rank))
    return ranked
