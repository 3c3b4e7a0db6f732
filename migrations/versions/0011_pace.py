"""Turn-based play: a table's pace and clocks, people's turn notices and absences, server and
tournament paces.

Revision ID: 0011
Revises: 0007
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "table_clocks",
        sa.Column("table_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("pace", sa.String(), nullable=False),
        sa.Column("on_timeout", sa.String(), nullable=False),
        sa.Column("on_away", sa.String(), nullable=False),
        sa.Column("tournament_id", sa.BigInteger(), nullable=True),
        sa.Column("nights", sa.Boolean(), nullable=False),
        sa.Column("seats_json", sa.Text(), nullable=False),
        sa.Column("due_at", WHEN, nullable=True),
        sa.Column("moved_at", WHEN, nullable=False),
        sa.Column("stamp", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("table_id"),
    )
    op.create_index("ix_table_clocks_due", "table_clocks", ["due_at"])
    op.create_table(
        "player_prefs",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("notify", sa.String(), nullable=False),
        sa.Column("time_zone", sa.String(), nullable=False),
        sa.Column("quiet_start", sa.Integer(), nullable=True),
        sa.Column("quiet_end", sa.Integer(), nullable=True),
        sa.Column("dm_closed_told", sa.Boolean(), nullable=False),
        sa.Column("away_until", WHEN, nullable=True),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("user_id"),
    )
    op.create_table(
        "guild_paces",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("pace", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id"),
    )
    op.create_table(
        "tournament_paces",
        sa.Column("tournament_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("pace", sa.String(), nullable=False),
        sa.Column("on_timeout", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("tournament_id"),
    )


def downgrade() -> None:
    op.drop_table("tournament_paces")
    op.drop_table("guild_paces")
    op.drop_table("player_prefs")
    op.drop_index("ix_table_clocks_due", table_name="table_clocks")
    op.drop_table("table_clocks")
