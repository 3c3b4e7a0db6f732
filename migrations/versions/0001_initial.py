"""The first tables: guild settings, game tables, their action log, results.

Revision ID: 0001
Revises:
Create Date: 2025-11-21
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# SQLite only autoincrements an "INTEGER PRIMARY KEY" (which is 64-bit there anyway).
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("idle_minutes", sa.Integer(), nullable=False),
        sa.Column("use_threads", sa.Boolean(), nullable=False),
        sa.Column("computer_pause_ms", sa.Integer(), nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("guild_id"),
    )
    op.create_table(
        "game_tables",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("parent_channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("message_posted_at", WHEN, nullable=True),
        sa.Column("game_key", sa.String(), nullable=False),
        sa.Column("host_id", sa.BigInteger(), nullable=False),
        sa.Column("options_json", sa.Text(), nullable=False),
        sa.Column("seats_json", sa.Text(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("state_json", sa.Text(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.Column("last_action_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_game_tables_status", "game_tables", ["status"])
    op.create_index("ix_game_tables_guild_channel", "game_tables", ["guild_id", "channel_id"])
    op.create_table(
        "table_actions",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("table_id", sa.BigInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("move", sa.Text(), nullable=False),
        sa.Column("actor", sa.String(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "version", name="uq_table_actions_table_version"),
    )
    op.create_table(
        "results",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("table_id", sa.BigInteger(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_key", sa.String(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("computer", sa.Boolean(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("points", sa.Text(), nullable=False),  # exact big integers as decimal text
        sa.Column("finished_at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_results_guild_game", "results", ["guild_id", "game_key"])
    op.create_index("ix_results_guild_user", "results", ["guild_id", "user_id"])


def downgrade() -> None:
    op.drop_table("results")
    op.drop_table("table_actions")
    op.drop_table("game_tables")
    op.drop_table("guild_settings")
