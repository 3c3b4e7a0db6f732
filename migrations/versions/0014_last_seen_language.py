"""A person's language as Parlour last saw it (their Discord language): their direct messages are
written in it.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("player_prefs") as batch:
        batch.add_column(sa.Column("language", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("player_prefs") as batch:
        batch.drop_column("language")
