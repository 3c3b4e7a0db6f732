"""The state version the table message last showed: at start, every table whose message is
behind its saved state (a restart between a save and the edit) is drawn again.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("message_version", sa.Integer(), nullable=True))
    # Tables saved before: their messages are taken as up to date (no redraw of every old table).
    op.execute("UPDATE game_tables SET message_version = version")


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("message_version")
