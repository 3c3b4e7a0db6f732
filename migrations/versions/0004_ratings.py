"""Ratings and levels: each player's current rating per server and game, and one history row per
player per finished table. Both are derived from ``results``; bot.rating_store.rebuild fills them
for the games finished before this migration (the bot runs it once at start when ``ratings`` is
empty and ``results`` is not).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# SQLite only autoincrements an "INTEGER PRIMARY KEY" (which is 64-bit there anyway).
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("game_key", sa.String(), nullable=False),
        sa.Column("player", sa.String(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("computer", sa.Boolean(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("points", sa.Text(), nullable=False),  # exact big integers as decimal text
        sa.Column("best", sa.Text(), nullable=True),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "game_key", "player"),
    )
    op.create_index("ix_ratings_guild_game_user", "ratings", ["guild_id", "game_key", "user_id"])
    op.create_table(
        "rating_history",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("table_id", sa.BigInteger(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_key", sa.String(), nullable=False),
        sa.Column("player", sa.String(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("points", sa.Text(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("shown_before", sa.Integer(), nullable=False),
        sa.Column("shown_after", sa.Integer(), nullable=False),
        sa.Column("finished_at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_rating_history_guild_game_when", "rating_history", ["guild_id", "game_key", "finished_at"])
    op.create_index("ix_rating_history_guild_user", "rating_history", ["guild_id", "user_id"])


def downgrade() -> None:
    op.drop_table("rating_history")
    op.drop_table("ratings")
