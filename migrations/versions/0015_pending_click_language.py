"""A deferred click keeps its clicker's language: a restart tells them what became of it in that
language.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("pending_clicks") as batch:
        batch.add_column(sa.Column("language", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("pending_clicks") as batch:
        batch.drop_column("language")
