"""The tables of ratings and levels (SQLModel); migration 0003 creates them.

``ratings`` holds each player's current standing per server and game; ``rating_history``
one row per player per finished table, written in the transaction that saves the results:
the chart of a profile, the last results, and the leaderboards of a week or a month read
it. Both are derived data: :func:`bot.rating_store.rebuild` recomputes them from the
``results`` table, so a fix in bot/ratings.py can be applied to history.

A player is a key: ``user:<discord id>`` for people, ``computer:<game>:<strength>`` for
the computer (see bot/ratings.py). Points are exact ints of any size (:class:`BigScore`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Float, Index
from sqlmodel import Field, SQLModel

from bot.models import BigId, BigScore, UTCDateTime, utcnow


class PlayerRating(SQLModel, table=True):
    """One player's current rating, level points and record in one game on one server."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_guild_game_user", "guild_id", "game_key", "user_id"),)

    guild_id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    game_key: str = Field(primary_key=True)
    player: str = Field(primary_key=True)  # user:<id> or computer:<game>:<strength>
    user_id: int | None = Field(default=None, sa_type=BigInteger)  # None for computers
    name: str  # the name in their latest game
    computer: bool = False
    mu: float = Field(sa_type=Float)
    sigma: float = Field(sa_type=Float)
    games: int = 0
    wins: int = 0
    #: Lifetime points for levels: every game's score, negative ones as 0 (bot/levels.py).
    points: int = Field(default=0, sa_type=BigScore)
    best: int | None = Field(default=None, sa_type=BigScore)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class RatingHistory(SQLModel, table=True):
    """One player's line of one finished table: their place and points, their rating after it."""

    __tablename__ = "rating_history"
    __table_args__ = (
        Index("ix_rating_history_guild_game_when", "guild_id", "game_key", "finished_at"),
        Index("ix_rating_history_guild_user", "guild_id", "user_id"),
    )

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    table_id: int = Field(sa_type=BigInteger, foreign_key="game_tables.id")
    guild_id: int = Field(sa_type=BigInteger)
    game_key: str
    player: str
    user_id: int | None = Field(default=None, sa_type=BigInteger)
    seat: int
    players: int  # how many sat at the table
    place: int
    points: int = Field(sa_type=BigScore)  # this game's score, exact
    #: The rating after this game (equal to before when the game did not change it).
    mu: float = Field(sa_type=Float)
    sigma: float = Field(sa_type=Float)
    #: The shown rating before and after, so a result line can say "+23".
    shown_before: int
    shown_after: int
    #: The player's rated games and lifetime points (bot/levels.py) through this game, so that a
    #: game's announcement (provisional or not, the level before and after) reads this table's
    #: rows only, not the player's whole history (migration 0007).
    games: int
    lifetime_points: int = Field(sa_type=BigScore)
    finished_at: datetime = Field(sa_type=UTCDateTime)
