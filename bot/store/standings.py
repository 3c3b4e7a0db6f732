"""Standings: leaderboards and /stats from the result rows, and the ratings and levels kept beside them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from bot import rating_store
from bot.models import Result
from bot.store.base import StoreBase


@dataclass(frozen=True)
class Standing:
    """One player's figures in one game: a leaderboard row or a line of /stats."""

    user_id: int
    name: str  # the name they had in their latest game
    game_key: str
    games: int
    wins: int  # games finished in first place
    points: int  # total, exact
    best: int  # best single-game score, exact


@dataclass(frozen=True)
class LeaderboardPage:
    rows: list[Standing]
    page: int  # 0-based
    page_size: int
    pages: int  # at least 1
    players: int  # ranked players in all pages

    @property
    def first_rank(self) -> int:
        """Rank of ``rows[0]`` (1-based), for numbering the rows."""
        return self.page * self.page_size + 1


class StandingsStore(StoreBase):
    """Reads over the ``results`` rows and the ratings of :mod:`bot.rating_store`."""

    async def ensure_ratings(self) -> bool:
        """Derive ratings from the stored results when a database from before ratings has none yet.

        Returns True if it rebuilt them. Two processes starting at once may both try: the second
        one's insert collides with the first's rows and is dropped, which leaves the same ratings.
        """
        try:
            async with self._writing() as session:
                if not await rating_store.needs_rebuild(session):
                    return False
                await rating_store.rebuild(session)
        except IntegrityError:
            return False
        return True

    async def levels(self, guild_id: int, game_key: str, user_ids: Sequence[int]) -> dict[int, int]:
        """People's levels in a game, shown beside their names in a lobby."""
        async with self.sessions() as session:
            return await rating_store.levels_of(session, guild_id, game_key, user_ids)

    async def table_standing_changes(self, table_id: int) -> list[rating_store.SeatChange]:
        """What a finished table did to its players' ratings and levels (for the announcement):
        as its save computed it, when that was this process's save not long ago (the first ask
        takes it), otherwise read back from its history rows."""
        changes = self._game_ends.pop(table_id, None)
        if changes is not None:
            return changes
        async with self.sessions() as session:
            return await rating_store.table_changes(session, table_id)

    async def leaderboard(
        self,
        guild_id: int,
        game_key: str,
        page: int = 0,
        page_size: int = 10,
    ) -> LeaderboardPage:
        """People ranked by wins, then total points (computers are not ranked). ``page`` is 0-based.

        Points are summed in Python: they are exact integers of any size.
        """
        if page < 0 or page_size < 1:
            raise ValueError("page must be >= 0 and page_size >= 1")
        query = select(Result).where(
            Result.guild_id == guild_id, Result.game_key == game_key, col(Result.user_id).is_not(None)
        )
        ranked = sorted(await self._standings(query), key=_rank_key)
        pages = max(1, -(-len(ranked) // page_size))
        rows = ranked[page * page_size : (page + 1) * page_size]
        return LeaderboardPage(rows=rows, page=page, page_size=page_size, pages=pages, players=len(ranked))

    async def stats(self, guild_id: int, user_id: int) -> list[Standing]:
        """One person's figures in this server, one Standing per game they played, by game key."""
        query = select(Result).where(Result.guild_id == guild_id, Result.user_id == user_id)
        return sorted(await self._standings(query), key=lambda s: s.game_key)

    async def _standings(self, query: Any) -> list[Standing]:
        async with self.sessions() as session:
            results = (await session.exec(query.order_by(col(Result.finished_at), col(Result.id)))).all()
        groups: dict[tuple[int, str], list[Result]] = defaultdict(list)
        for result in results:
            assert result.user_id is not None
            groups[(result.user_id, result.game_key)].append(result)
        return [
            Standing(
                user_id=user_id,
                name=rows[-1].name,
                game_key=game_key,
                games=len(rows),
                wins=sum(1 for r in rows if r.place == 1),
                points=sum(r.points for r in rows),
                best=max(r.points for r in rows),
            )
            for (user_id, game_key), rows in groups.items()
        ]


def _rank_key(standing: Standing) -> tuple[int, int, int, int]:
    """More wins first, then more points; fewer games (a better record) breaks ties, then the id."""
    return (-standing.wins, -standing.points, standing.games, standing.user_id)
