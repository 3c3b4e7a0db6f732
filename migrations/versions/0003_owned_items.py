"""Owned items with their own identity (Gin-jon-tan's collections), each owner's chosen items and
draft, and the log of items moved by games.

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
        sa.Column("game_key", sa.String(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),  # NULL: the house
        sa.Column("kind", sa.Text(), nullable=False),
        sa.Column("origin", sa.String(), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("acquired_at", WHEN, nullable=False),
        sa.Column("acquired_table_id", sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_owned_items_owner", "owned_items", ["guild_id", "game_key", "user_id"])
    op.create_table(
        "item_owners",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("game_key", sa.String(), nullable=False),
        sa.Column("chosen_json", sa.Text(), nullable=True),
        sa.Column("draft_json", sa.Text(), nullable=True),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "user_id", "game_key"),
    )
    op.create_table(
        "item_transfers",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("table_id", sa.BigInteger(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_key", sa.String(), nullable=False),
        sa.Column("item", sa.Text(), nullable=False),
        sa.Column("owned_item_id", sa.BigInteger(), nullable=True),
        sa.Column("kind", sa.Text(), nullable=True),
        sa.Column("from_user_id", sa.BigInteger(), nullable=True),
        sa.Column("to_user_id", sa.BigInteger(), nullable=True),
        sa.Column("moved", sa.Boolean(), nullable=False),
        sa.Column("at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"]),
        sa.ForeignKeyConstraint(["owned_item_id"], ["owned_items.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "position", name="uq_item_transfers_table_position"),
    )
    op.create_index("ix_item_transfers_guild_game", "item_transfers", ["guild_id", "game_key"])


def downgrade() -> None:
    op.drop_index("ix_item_transfers_guild_game", table_name="item_transfers")
    op.drop_table("item_transfers")
    op.drop_table("item_owners")
    op.drop_index("ix_owned_items_owner", table_name="owned_items")
    op.drop_table("owned_items")
