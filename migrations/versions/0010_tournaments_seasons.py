"""Tournaments grow a start time, check-in, late entry and a scheduled event; entrants a check-in.

Revision ID: 0010
Revises: 0007
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("starts_at", WHEN, nullable=True))
        batch.add_column(sa.Column("checkin_minutes", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("checkin_open", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("late_entry_until", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("event_id", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("tournament_entrants") as batch:
        batch.add_column(sa.Column("checked_in", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tournament_entrants") as batch:
        batch.drop_column("checked_in")
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("event_id")
        batch.drop_column("late_entry_until")
        batch.drop_column("checkin_open")
        batch.drop_column("checkin_minutes")
        batch.drop_column("starts_at")
