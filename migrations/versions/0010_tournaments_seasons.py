"""Tournaments grow a start time, check-in, late entry and a scheduled event; entrants a check-in.
Tournament templates: a server's saved settings under a name.
Seasons: a server's season length, and one row per ended season of a game (its podium), written once.

Revision ID: 0010
Revises: 0007
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WHEN = sa.DateTime(timezone=True)
# SQLite only autoincrements an "INTEGER PRIMARY KEY" (which is 64-bit there anyway).
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("starts_at", WHEN, nullable=True))
        batch.add_column(sa.Column("checkin_minutes", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("checkin_open", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("late_entry_until", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("event_id", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("tournament_entrants") as batch:
        batch.add_column(sa.Column("checked_in", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "season_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("months", sa.Integer(), nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("guild_id"),
    )
    op.create_table(
        "season_ends",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_key", sa.String(), nullable=False),
        sa.Column("starts_at", WHEN, nullable=False),
        sa.Column("ends_at", WHEN, nullable=False),
        sa.Column("label", sa.String(), nullable=False),
        sa.Column("podium_json", sa.Text(), nullable=False),
        sa.Column("announced", sa.Boolean(), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("guild_id", "game_key", "starts_at", name="uq_season_ends"),
    )
    op.create_table(
        "tournament_templates",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("settings_json", sa.Text(), nullable=False),
        sa.Column("saved_by", sa.BigInteger(), nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("guild_id", "name", name="uq_tournament_templates_name"),
    )


def downgrade() -> None:
    op.drop_table("tournament_templates")
    op.drop_table("season_ends")
    op.drop_table("season_settings")
    with op.batch_alter_table("tournament_entrants") as batch:
        batch.drop_column("checked_in")
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("event_id")
        batch.drop_column("late_entry_until")
        batch.drop_column("checkin_open")
        batch.drop_column("checkin_minutes")
        batch.drop_column("starts_at")
