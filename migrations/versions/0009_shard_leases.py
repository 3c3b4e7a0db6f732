"""Shard leases: each bot process claims its gateway shards here, renewing the claim by a
heartbeat, so two processes never serve one shard; and the bot's state (the SHARD_COUNT and the
DEV_GUILD_ID it last ran with), so a changed SHARD_COUNT is caught and a test server's old
commands are cleared.

Revision ID: 0009
Revises: 0007
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "shard_leases",
        sa.Column("shard_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("holder", sa.String(), nullable=False),
        sa.Column("shard_count", sa.Integer(), nullable=False),
        sa.Column("heartbeat_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("shard_id"),
    )
    op.create_table(
        "bot_state",
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("value", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )


def downgrade() -> None:
    op.drop_table("bot_state")
    op.drop_table("shard_leases")
