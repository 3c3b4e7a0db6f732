"""Seasons: per server and game, a stretch of months with its own leaderboard, a podium at its end,
trophies on the profile, and a hall of fame of past seasons. All-time boards stay as they are.

A season is worked out from the date alone: with seasons of ``months`` (3 by default: quarters),
the calendar is cut into blocks of that many months from January, so a season starts on the 1st
at 00:00 UTC (2026 Q4 is 1 October to 1 January). Changing the length re-cuts the calendar from
then on; past seasons keep the row written when they ended.

A season's board ranks the people who finished rated games in it by the rating they gained in it
(the sum of their changes: not today's rating) or by the points they scored in it (levels'
lifetime points, negative scores as 0). Its end is acted on exactly once: a row per server, game
and season start (``uq_season_ends``), written with the podium before the end is announced; the
announcement is marked done after it is sent (at least once, like a tournament's end).

>>> season_of(datetime(2026, 11, 28, tzinfo=UTC), 3).label
'2026 Q4'
>>> season_of(datetime(2026, 11, 28, tzinfo=UTC), 1).start.isoformat()
'2026-11-01T00:00:00+00:00'

A season's name is saved in English (``SeasonEnd.label``); :func:`season_name` says it in a
reader's language from its dates (``2026 Q4``, ``2026年 第4四半期``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot import levels
from bot.i18n import ENGLISH, _
from bot.i18n.told import month_name
from bot.models import GameTable, utcnow
from bot.rating_models import PlayerRating, RatingHistory
from bot.season_models import DEFAULT_MONTHS, SeasonSettings
from bot.season_models import SeasonEnd as SeasonEnd  # re-exported: cogs/seasons.py reads it here

log = logging.getLogger(__name__)

#: The season lengths a server may choose (months).
MONTH_CHOICES = (1, 2, 3, 4, 6, 12)
#: Places on a season's podium (and trophies).
PODIUM = 3
SeasonBy = Literal["rating", "points"]


# -- the calendar (pure) --------------------------------------------------------------------------
@dataclass(frozen=True)
class Season:
    start: datetime
    end: datetime  # exclusive
    label: str


def season_of(when: datetime, months: int = DEFAULT_MONTHS) -> Season:
    """The season ``when`` falls in, with seasons of ``months`` counted from January."""
    if months not in MONTH_CHOICES:
        raise ValueError(f"a season is {', '.join(map(str, MONTH_CHOICES))} months")
    when = when.astimezone(UTC)
    index = (when.month - 1) // months
    start = datetime(when.year, index * months + 1, 1, tzinfo=UTC)
    end_month = index * months + months
    end = datetime(when.year + end_month // 12, end_month % 12 + 1, 1, tzinfo=UTC)
    return Season(start, end, _label(start, months, index))


def previous_season(season: Season, months: int = DEFAULT_MONTHS) -> Season:
    """The season that ended when ``season`` began.

    >>> previous_season(season_of(datetime(2026, 2, 3, tzinfo=UTC))).label
    '2025 Q4'
    """
    return season_of(season.start - timedelta(days=1), months)


def _label(start: datetime, months: int, index: int) -> str:
    """The season's name, in English (as saved).

    >>> _label(datetime(2026, 7, 1, tzinfo=UTC), 6, 1), _label(datetime(2026, 3, 1, tzinfo=UTC), 2, 1)
    ('2026 H2', 'Mar–Apr 2026')
    """
    return _named(ENGLISH, start, months, index)


def _named(language: str, start: datetime, months: int, index: int) -> str:
    if months == 12:
        return str(start.year)
    if months == 6:
        return _(language, "{year} H{half}", year=start.year, half=index + 1)
    if months == 3:
        return _(language, "{year} Q{quarter}", year=start.year, quarter=index + 1)
    if months == 1:
        return month_name(language, start, year=True)
    last = datetime(start.year, start.month + months - 1, 1, tzinfo=UTC)
    first_month, last_month = month_name(language, start), month_name(language, last)
    return _(language, "{first}–{last} {year}", first=first_month, last=last_month, year=start.year)


def season_name(language: str, season: Season | SeasonEnd | Trophy) -> str:
    """A season's name in ``language``, from its dates (a season, a saved end, a trophy).

    >>> season_name("en", season_of(datetime(2026, 11, 28, tzinfo=UTC)))
    '2026 Q4'
    >>> season_name("de", season_of(datetime(2026, 3, 2, tzinfo=UTC), 1))
    'März 2026'
    """
    if isinstance(season, Season):
        start, end = season.start, season.end
    else:
        start, end = season.starts_at, season.ends_at
    months = (end.year - start.year) * 12 + end.month - start.month
    if months not in MONTH_CHOICES:  # a row written by hand: its saved English name
        return season.label
    return _named(language, start, months, (start.month - 1) // months)


# -- boards ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeasonRow:
    """One person's line on a season's board."""

    rank: int
    user_id: int
    name: str
    gain: int  # the rating gained in the season (negative: lost)
    points: int
    games: int
    wins: int


def rank_rows(history: Sequence[RatingHistory], names: dict[int, str], by: SeasonBy = "rating") -> list[SeasonRow]:
    """People ranked by what they did in the rows given (one season's): equal figures share a rank."""
    figures: dict[int, list[int]] = {}
    for line in history:
        if line.user_id is None:
            continue  # computers are on the all-time board, not in seasons
        gain, points, games, wins = figures.setdefault(line.user_id, [0, 0, 0, 0])
        figures[line.user_id] = [
            gain + line.shown_after - line.shown_before,
            points + levels.lifetime_points([line.points]),
            games + 1,
            wins + (1 if line.place == 1 else 0),
        ]

    def main(user: int) -> int:
        return figures[user][0 if by == "rating" else 1]

    ordered = sorted(figures, key=lambda u: (-main(u), -figures[u][2], names.get(u, ""), u))
    rows: list[SeasonRow] = []
    for index, user in enumerate(ordered):
        tied = index > 0 and main(ordered[index - 1]) == main(user)
        rank = rows[-1].rank if tied else index + 1
        gain, points, games, wins = figures[user]
        rows.append(SeasonRow(rank, user, names.get(user, f"Player {user}"), gain, points, games, wins))
    return rows


async def season_board(
    session: AsyncSession, guild_id: int, game_key: str, season: Season, by: SeasonBy = "rating"
) -> list[SeasonRow]:
    """The board of one season of one game on one server."""
    history = (
        await session.exec(
            select(RatingHistory).where(
                RatingHistory.guild_id == guild_id,
                RatingHistory.game_key == game_key,
                col(RatingHistory.finished_at) >= season.start,
                col(RatingHistory.finished_at) < season.end,
            )
        )
    ).all()
    return rank_rows(history, await _names(session, guild_id, game_key), by)


async def _names(session: AsyncSession, guild_id: int, game_key: str) -> dict[int, str]:
    rows = await session.exec(
        select(PlayerRating.user_id, PlayerRating.name).where(
            PlayerRating.guild_id == guild_id, PlayerRating.game_key == game_key
        )
    )
    return {user_id: name for user_id, name in rows.all() if user_id is not None}


# -- settings -------------------------------------------------------------------------------------
async def months_of(session: AsyncSession, guild_id: int) -> int:
    row = await session.get(SeasonSettings, guild_id)
    return row.months if row is not None else DEFAULT_MONTHS


async def set_months(session: AsyncSession, guild_id: int, months: int) -> None:
    if months not in MONTH_CHOICES:
        raise ValueError(f"A season is {', '.join(map(str, MONTH_CHOICES))} months long.")
    row = await session.get(SeasonSettings, guild_id)
    if row is None:
        session.add(SeasonSettings(guild_id=guild_id, months=months))
    else:
        row.months, row.updated_at = months, utcnow()
        session.add(row)
    await session.commit()


# -- ends, the hall of fame and trophies ----------------------------------------------------------
@dataclass(frozen=True)
class Trophy:
    """A podium place in a past season (its English name, and its dates to name it in any language)."""

    game_key: str
    label: str
    place: int
    starts_at: datetime
    ends_at: datetime


async def hall_of_fame(session: AsyncSession, guild_id: int, game_key: str | None = None) -> list[SeasonEnd]:
    """Past seasons of a server (of one game, or all), newest first."""
    query = select(SeasonEnd).where(SeasonEnd.guild_id == guild_id)
    if game_key is not None:
        query = query.where(SeasonEnd.game_key == game_key)
    return list((await session.exec(query.order_by(col(SeasonEnd.starts_at).desc(), col(SeasonEnd.game_key)))).all())


async def trophies(session: AsyncSession, guild_id: int, user_id: int) -> list[Trophy]:
    """A person's podium places in past seasons on this server, newest first."""
    won: list[Trophy] = []
    for end in await hall_of_fame(session, guild_id):
        for entry in end.podium:
            if entry["user_id"] == user_id:
                won.append(Trophy(end.game_key, end.label, entry["place"], end.starts_at, end.ends_at))
    return won


class SeasonKeeper:
    """Closes the seasons that ended, each once, and hands them to ``announce``."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        serves: Callable[[int], bool] = lambda guild_id: True,
    ) -> None:
        self.sessions = sessions
        self.clock = clock
        self.serves = serves

    async def close_ended(self) -> list[SeasonEnd]:
        """Write the end of every season that ended and was played in (the last one per server and game);
        returns the ends not yet announced (the caller announces them, then calls :meth:`announced`)."""
        now = self.clock()
        async with self.sessions() as session:
            settings = {row.guild_id: row.months for row in (await session.exec(select(SeasonSettings))).all()}
            lengths = set(settings.values()) | {DEFAULT_MONTHS}
            for months in lengths:
                ended = previous_season(season_of(now, months), months)
                played = await session.exec(
                    select(RatingHistory.guild_id, RatingHistory.game_key)
                    .where(
                        col(RatingHistory.finished_at) >= ended.start,
                        col(RatingHistory.finished_at) < ended.end,
                        col(RatingHistory.user_id).is_not(None),
                    )
                    .distinct()
                )
                for guild_id, game_key in played.all():
                    if settings.get(guild_id, DEFAULT_MONTHS) != months or not self.serves(guild_id):
                        continue
                    await self._close(guild_id, game_key, ended)
            pending = await session.exec(select(SeasonEnd).where(SeasonEnd.announced == False))  # noqa: E712
            return [end for end in pending.all() if self.serves(end.guild_id)]

    async def _close(self, guild_id: int, game_key: str, season: Season) -> None:
        async with self.sessions() as session:
            exists = await session.exec(
                select(SeasonEnd.id).where(
                    SeasonEnd.guild_id == guild_id, SeasonEnd.game_key == game_key, SeasonEnd.starts_at == season.start
                )
            )
            if exists.first() is not None:
                return
            rows = await season_board(session, guild_id, game_key, season)
        podium = [
            {"user_id": r.user_id, "name": r.name, "place": r.rank, "gain": r.gain, "points": r.points}
            for r in rows
            if r.rank <= PODIUM
        ]
        try:
            async with self.sessions() as session:
                session.add(
                    SeasonEnd(
                        guild_id=guild_id,
                        game_key=game_key,
                        starts_at=season.start,
                        ends_at=season.end,
                        label=season.label,
                        podium_json=json.dumps(podium),
                    )
                )
                await session.commit()
        except IntegrityError:
            log.info("The end of %s %s on %s was written by another process", game_key, season.label, guild_id)

    async def announced(self, end: SeasonEnd) -> None:
        async with self.sessions() as session:
            await session.exec(update(SeasonEnd).where(col(SeasonEnd.id) == end.id).values(announced=True))
            await session.commit()

    async def channel_for(self, guild_id: int, game_key: str) -> int | None:
        """Where a season's end is announced: the channel of the game's latest table on the server."""
        async with self.sessions() as session:
            found = await session.exec(
                select(GameTable.parent_channel_id)
                .where(GameTable.guild_id == guild_id, GameTable.game_key == game_key)
                .order_by(col(GameTable.id).desc())
                .limit(1)
            )
            return found.first()
