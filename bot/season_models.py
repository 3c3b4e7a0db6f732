"""The season tables (SQLModel); migration 0010 creates them. bot/seasons.py uses them."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from bot.columns import BigId, UTCDateTime, utcnow

#: Months in a season unless a server chooses otherwise.
DEFAULT_MONTHS = 3


class SeasonSettings(SQLModel, table=True):
    """A server's season length (absent: :data:`DEFAULT_MONTHS`). Migration 0010."""

    __tablename__ = "season_settings"

    guild_id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    months: int = DEFAULT_MONTHS
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class SeasonEnd(SQLModel, table=True):
    """One ended season of one game on one server, with its podium. Written once (the unique key)."""

    __tablename__ = "season_ends"
    __table_args__ = (UniqueConstraint("guild_id", "game_key", "starts_at", name="uq_season_ends"),)

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    guild_id: int = Field(sa_type=BigInteger)
    game_key: str
    starts_at: datetime = Field(sa_type=UTCDateTime)
    ends_at: datetime = Field(sa_type=UTCDateTime)
    label: str
    #: The podium, best first: [{"user_id", "name", "place", "gain", "points"}] (equal gains share a place).
    podium_json: str = Field(default="[]", sa_type=Text)
    announced: bool = False
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)

    @property
    def podium(self) -> list[dict[str, Any]]:
        podium: list[dict[str, Any]] = json.loads(self.podium_json)
        return podium
