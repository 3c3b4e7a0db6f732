"""Owned items per person and game (Gin-jon-tan's collections) and the log of items moved by games.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "owned_items",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("game_key", sa.String(), nullable=False),
        sa.Column("item", sa.Text(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("guild_id", "user_id", "game_key", "item", name="uq_owned_items_owner_item"),
    )
    op.create_table(
        "item_transfers",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("table_id", sa.BigInteger(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_key", sa.String(), nullable=False),
        sa.Column("item", sa.Text(), nullable=False),
        sa.Column("from_user_id", sa.BigInteger(), nullable=True),
        sa.Column("to_user_id", sa.BigInteger(), nullable=True),
        sa.Column("moved", sa.Boolean(), nullable=False),
        sa.Column("at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "position", name="uq_item_transfers_table_position"),
    )


def downgrade() -> None:
    op.drop_table("item_transfers")
    op.drop_table("owned_items")
